import { describe, expect, it } from "vitest";
import type { User } from "../../auth/session";
import { afterSignIn, landingPath } from "./landing";

const user = (permissions: string[]): User => ({ id: "u1", orgId: "o1", name: "Ann", email: "ann@acme.ca", permissions });

describe("the landing after sign-in", () => {
  it("is the dashboard on a desktop for those who may read reports", () => {
    expect(landingPath(user(["*.*"]), "desktop")).toBe("/dashboard");
    expect(landingPath(user(["WEB_LOGIN", "REPORT_READ"]), "desktop")).toBe("/dashboard");
  });

  it("is the sites list on phones and tablets, and for those who may not read reports", () => {
    expect(landingPath(user(["*.*"]), "mobile")).toBe("/sites");
    expect(landingPath(user(["*.*"]), "tablet")).toBe("/sites");
    expect(landingPath(user(["WEB_LOGIN", "LOCATION_READ"]), "desktop")).toBe("/sites");
    expect(landingPath(null, "desktop")).toBe("/sites");
  });

  it("gives way to the page the guard was asked for, when it is one of this site's", () => {
    expect(afterSignIn("/settings", "/dashboard")).toBe("/settings");
    expect(afterSignIn(null, "/dashboard")).toBe("/dashboard");
    expect(afterSignIn("https://evil.example", "/dashboard")).toBe("/dashboard");
    expect(afterSignIn("//evil.example", "/dashboard")).toBe("/dashboard");
  });
});
