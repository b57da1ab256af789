import { describe, expect, it } from "vitest";
import { type SetupCounts, setupSteps } from "./checklist";

const none: SetupCounts = { equipmentTypes: 0, serviceTypes: 0, models: 0, sites: 0, equipment: false, users: 1 };

describe("setup steps", () => {
  it("lists the five steps in order for an owner, none done in a new organisation", () => {
    expect(setupSteps(["*.*"], none).map((s) => [s.key, s.done, s.to])).toEqual([
      ["catalogue", false, "/equipment-types"],
      ["models", false, "/equipment-types"],
      ["site", false, "/sites/new"],
      ["import", false, "/imports/csv"],
      ["invite", false, "/users/new"],
    ]);
  });

  it("marks each step done by the records: types with services, a model, a site, equipment, a second user", () => {
    const typesOnly = setupSteps(["*.*"], { ...none, equipmentTypes: 1 });
    expect(typesOnly.find((s) => s.key === "catalogue")?.done).toBe(false);
    const all = setupSteps(["*.*"], { equipmentTypes: 2, serviceTypes: 3, models: 1, sites: 1, equipment: true, users: 2 });
    expect(all.every((s) => s.done)).toBe(true);
  });

  it("shows only the steps a user may take", () => {
    expect(setupSteps(["WEB_LOGIN", "LOCATION_WRITE"], none).map((s) => s.key)).toEqual(["site"]);
    expect(setupSteps(["MOBILE_LOGIN", "EQUIPMENT_WRITE"], none)).toEqual([]);
  });
});
