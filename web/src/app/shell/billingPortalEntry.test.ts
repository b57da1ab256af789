import { describe, expect, it } from "vitest";
import type { User } from "../../auth/session";
import { visibleNavigation } from "../navigation";

const ADMIN: User = { id: "u1", orgId: "o1", name: "Ada", email: "a@example.com", permissions: ["*.*"] };
const settingsItems = (manualBilling: boolean | undefined) =>
  visibleNavigation(ADMIN, { id: "o1", manualBilling })
    .find((group) => group.path === "/settings")
    ?.items.map((item) => item.title);

describe("the Billing Portal entry", () => {
  it("shows only when manualBilling is false", () => {
    expect(settingsItems(false)).toContain("Billing Portal");
    expect(settingsItems(true)).not.toContain("Billing Portal");
    expect(settingsItems(undefined)).not.toContain("Billing Portal");
  });
});
