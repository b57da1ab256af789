import { describe, expect, it } from "vitest";
import type { User } from "../auth/session";
import type { Organization } from "../domain/organization";
import { truncateTitle, visibleNavigation } from "./navigation";

const user = (permissions: string[]): User => ({ id: "u", orgId: "o", name: "N", email: "n@a.ca", permissions });
const org = (fields: Partial<Organization> = {}): Organization => ({ id: "o", enabledFeatures: [], ...fields });
const titles = (groups: ReturnType<typeof visibleNavigation>) => groups.map((g) => [g.title, ...g.items.map((i) => i.title)]);

describe("navigation", () => {
  it("shows each group only with its read permission", () => {
    expect(visibleNavigation(user(["LOCATION_READ"]), org()).map((g) => g.title)).toEqual(["Sites"]);
    expect(visibleNavigation(user(["report.read", "schedule.read"]), org()).map((g) => g.title)).toEqual(["Dashboard", "Reports", "Schedule"]);
    expect(visibleNavigation(user(["*.*"]), org()).map((g) => g.title)).toEqual(["Dashboard", "Sites", "Reports", "Schedule", "Settings"]);
    expect(visibleNavigation(user([]), org())).toEqual([]);
  });

  it("shows Customers only with BILLING, showBilling and location-read", () => {
    const has = (u: User, o: Organization) => visibleNavigation(u, o).some((g) => g.path === "/customers");
    expect(has(user(["*.*"]), org({ enabledFeatures: ["BILLING"], showBilling: true }))).toBe(true);
    expect(has(user(["*.*"]), org({ enabledFeatures: ["BILLING"], showBilling: false }))).toBe(false);
    expect(has(user(["*.*"]), org({ enabledFeatures: [], showBilling: true }))).toBe(false);
    expect(has(user(["SETTINGS_READ"]), org({ enabledFeatures: ["BILLING"], showBilling: true }))).toBe(false);
  });

  it("shows the Billing Portal only when manualBilling is false, and feature items only with their feature", () => {
    const settings = (o: Organization) => titles(visibleNavigation(user(["*.*"]), o)).find((g) => g[0] === "Settings") ?? [];
    const always = ["Settings", "Profile", "Organization", "Preferences", "Users", "Equipment Types"];
    expect(settings(org({ manualBilling: true }))).toEqual([...always, "Custom Fields", "Imports"]);
    expect(settings(org({ manualBilling: false, enabledFeatures: ["SITE_TYPES"] }))).toEqual([...always, "Site Types", "Custom Fields", "Imports", "Billing Portal"]);
  });

  it("truncates titles to 15 characters with an ellipsis", () => {
    expect(truncateTitle("Service Month Categories")).toBe("Service Month C…");
    expect(truncateTitle("Equipment Types")).toBe("Equipment Types");
  });
});
