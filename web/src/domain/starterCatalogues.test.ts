import { describe, expect, it } from "vitest";
import { dueLists, evaluate } from "./due";
import type { EquipmentType, Model, Question, ServiceType } from "./records";
import { type ExistingCatalogue, STARTER_CATALOGUES, type StarterWrite, hasStarterCatalogue, starterCatalogueWrites } from "./starterCatalogues";

const ORG = "0000000000000000000000000000000a";
const NOW = Date.parse("2026-11-22T15:00:00Z");
const extinguishers = STARTER_CATALOGUES.find((c) => c.key === "extinguishers")!;

function counter() {
  let n = 0;
  return () => (++n).toString(16).padStart(32, "0");
}

const nothing: ExistingCatalogue = { equipmentTypes: [], models: [], serviceTypes: [], questions: [] };

function existingOf(writes: StarterWrite[]): ExistingCatalogue {
  const of = <T>(kind: StarterWrite["kind"]) => writes.filter((w) => w.kind === kind).map((w) => w.record as T);
  return { equipmentTypes: of<EquipmentType>("equipmentTypes"), models: of<Model>("models"), serviceTypes: of<ServiceType>("serviceTypes"), questions: of<Question>("questions") };
}

describe("starter catalogues", () => {
  it("make a new item of a starter model due for its monthly inspection, by the one due engine", () => {
    // The equipment form requires the manufactured date; a never-performed service counts from it.
    const catalogue = existingOf(starterCatalogueWrites(extinguishers, ORG, nothing, counter()));
    const model = catalogue.models.find((m) => m.name === "5 lb ABC")!;
    const type = catalogue.equipmentTypes.find((t) => t.id === model.equipmentTypeId)!;
    const result = evaluate(
      {
        site: { id: "site", timeZone: "America/Toronto" },
        equipment: { id: "item", manufactureDate: "2024-03-01" },
        equipmentType: type,
        serviceTypes: catalogue.serviceTypes.filter((s) => s.equipmentTypeId === type.id) as never,
      },
      NOW,
    );
    const monthly = catalogue.serviceTypes.find((s) => s.equipmentTypeId === type.id && s.name === "Monthly Inspection")!;
    expect(result.services.find((s) => s.serviceTypeId === monthly.id)?.due).toBe(true);
    expect(dueLists(result, NOW).inspection).toBe(true);
    const sixYear = catalogue.serviceTypes.find((s) => s.equipmentTypeId === type.id && s.name === "6-Year Maintenance")!;
    expect(result.services.find((s) => s.serviceTypeId === sixYear.id)).toMatchObject({ nextDate: expect.stringMatching(/^2030-03-01/), due: false });
  });

  it("write the 6-year maintenance and 12-year hydrostatic test as time conditions for stored-pressure dry chemical only", () => {
    const catalogue = existingOf(starterCatalogueWrites(extinguishers, ORG, nothing, counter()));
    const conditionsOf = (typeName: string) => {
      const type = catalogue.equipmentTypes.find((t) => t.name === typeName)!;
      return catalogue.serviceTypes
        .filter((s) => s.equipmentTypeId === type.id && (s.conditions ?? []).length > 0)
        .map((s) => {
          const [condition] = s.conditions ?? [];
          return [s.name, condition?.type, condition?.timeFrequencyType, condition?.timeFrequency];
        });
    };
    expect(conditionsOf("Extinguisher - Dry Chemical (Stored Pressure)")).toEqual([
      ["6-Year Maintenance", "time", 7, 6],
      ["12-Year Hydrostatic Test", "time", 7, 12],
    ]);
    expect(conditionsOf("Extinguisher - Carbon Dioxide")).toEqual([["5-Year Hydrostatic Test", "time", 7, 5]]);
  });

  it("give every checklist question a Yes and a No that opens a deficiency, and every service a Due When", () => {
    for (const starter of STARTER_CATALOGUES) {
      const writes = starterCatalogueWrites(starter, ORG, nothing, counter());
      for (const { record } of writes.filter((w) => w.kind === "questions")) {
        expect((record as Question).options?.map((o) => [o.description, o.deficiencyToAdd !== null])).toEqual([
          ["Yes", false],
          ["No", true],
        ]);
      }
      expect(writes.filter((w) => w.kind === "serviceTypes").every((w) => (w.record as ServiceType).dueWhen === "any")).toBe(true);
    }
  });

  it("adds nothing the second time, and only what is missing by name", () => {
    const first = starterCatalogueWrites(extinguishers, ORG, nothing, counter());
    const existing = existingOf(first);
    expect(hasStarterCatalogue(extinguishers, existing)).toBe(true);
    expect(starterCatalogueWrites(extinguishers, ORG, existing, counter())).toEqual([]);

    const renamedModel = { ...existing, models: existing.models.filter((m) => m.name !== "10 lb ABC") };
    const again = starterCatalogueWrites(extinguishers, ORG, renamedModel, counter());
    expect(again.map((w) => [w.kind, (w.record as Model).name])).toEqual([["models", "10 lb ABC"]]);
  });

  it("matches a type the owner already has whatever its case, and adds the rest under it", () => {
    const own: EquipmentType = { id: "f".repeat(32), orgId: ORG, lastUpdated: "", name: "fire alarm panel" };
    const alarms = STARTER_CATALOGUES.find((c) => c.key === "alarms")!;
    const writes = starterCatalogueWrites(alarms, ORG, { ...nothing, equipmentTypes: [own] }, counter());
    expect(writes.some((w) => w.kind === "equipmentTypes")).toBe(false);
    expect(writes.filter((w) => w.kind === "models").every((w) => (w.record as Model).equipmentTypeId === own.id)).toBe(true);
  });
});
