/**
 * Starter catalogues an owner adds in one click (fire extinguishers, emergency and exit
 * lighting, fire alarm panels): ordinary equipment types, models, service types with time
 * conditions, and checklist questions, written through the same record writes as the
 * catalogue screens, so they are edited like any other afterwards. Adding one again adds only
 * what is missing, matched by name. The intervals follow NFPA 10, NFPA 101 and NFPA 72
 * (docs/settings/catalogue.md); the owner checks them against their jurisdiction.
 */
import type { Condition, EquipmentType, Model, Question, ServiceType } from "./records";

/** Frequency types (§4), as the due engine reads them. */
const MONTH = 6;
const YEAR = 7;

interface ServicePlan {
  name: string;
  /** The service's own frequency, or a time condition when `condition` is set. */
  every: { type: number; count: number };
  condition?: boolean;
  inspection?: boolean;
  questions: { question: string; failed: string }[];
}

interface TypePlan {
  name: string;
  models: string[];
  services: ServicePlan[];
}

export interface StarterCatalogue {
  key: "extinguishers" | "lighting" | "alarms";
  /** What the catalogue is called on the buttons that add it. */
  name: string;
  types: TypePlan[];
}

const monthlyInspection = (questions: ServicePlan["questions"]): ServicePlan => ({
  name: "Monthly Inspection",
  every: { type: MONTH, count: 1 },
  inspection: true,
  questions,
});

const extinguisherInspection = monthlyInspection([
  { question: "In its place, visible and unobstructed?", failed: "Extinguisher missing or obstructed" },
  { question: "Pressure gauge in the operable range?", failed: "Pressure gauge out of range" },
  { question: "Safety pin and tamper seal intact?", failed: "Safety pin or tamper seal missing" },
]);
const annualMaintenance: ServicePlan = {
  name: "Annual Maintenance",
  every: { type: YEAR, count: 1 },
  questions: [{ question: "Annual maintenance passed?", failed: "Failed annual maintenance" }],
};
const sixYearMaintenance: ServicePlan = {
  name: "6-Year Maintenance",
  every: { type: YEAR, count: 6 },
  condition: true,
  questions: [{ question: "Emptied, examined and recharged?", failed: "Failed 6-year maintenance" }],
};
const hydrostaticTest = (years: number): ServicePlan => ({
  name: `${years}-Year Hydrostatic Test`,
  every: { type: YEAR, count: years },
  condition: true,
  questions: [{ question: "Cylinder passed the hydrostatic test?", failed: "Failed hydrostatic test" }],
});

const lightingTests: ServicePlan[] = [
  monthlyInspection([{ question: "Stayed lit for the 30-second test?", failed: "Failed 30-second test" }]),
  {
    name: "Annual 90-Minute Test",
    every: { type: YEAR, count: 1 },
    questions: [{ question: "Stayed lit for the full 90 minutes?", failed: "Failed 90-minute test" }],
  },
];

export const STARTER_CATALOGUES: readonly StarterCatalogue[] = [
  {
    key: "extinguishers",
    name: "Portable Fire Extinguishers",
    types: [
      {
        name: "Extinguisher - Dry Chemical (Stored Pressure)",
        models: ["5 lb ABC", "10 lb ABC", "20 lb ABC"],
        services: [extinguisherInspection, annualMaintenance, sixYearMaintenance, hydrostaticTest(12)],
      },
      {
        name: "Extinguisher - Clean Agent",
        models: ["5 lb Clean Agent", "11 lb Clean Agent"],
        services: [extinguisherInspection, annualMaintenance, sixYearMaintenance, hydrostaticTest(12)],
      },
      {
        name: "Extinguisher - Carbon Dioxide",
        models: ["5 lb CO2", "10 lb CO2"],
        services: [extinguisherInspection, annualMaintenance, hydrostaticTest(5)],
      },
      {
        name: "Extinguisher - Water / Wet Chemical",
        models: ["2.5 gal Water", "6 L Wet Chemical"],
        services: [extinguisherInspection, annualMaintenance, hydrostaticTest(5)],
      },
    ],
  },
  {
    key: "lighting",
    name: "Emergency and Exit Lighting",
    types: [
      { name: "Emergency Light", models: ["Battery Unit"], services: lightingTests },
      { name: "Exit Sign", models: ["LED Exit Sign", "Combination Exit / Emergency"], services: lightingTests },
    ],
  },
  {
    key: "alarms",
    name: "Fire Alarm Panel",
    types: [
      {
        name: "Fire Alarm Panel",
        models: ["Fire Alarm Control Panel"],
        services: [
          {
            name: "Annual Inspection",
            every: { type: YEAR, count: 1 },
            inspection: true,
            questions: [
              { question: "Panel normal, no troubles or supervisory signals?", failed: "Panel in trouble" },
              { question: "Batteries passed the load test?", failed: "Panel batteries failed" },
              { question: "Alarm signals reached the monitoring station?", failed: "Signals not received by monitoring" },
            ],
          },
        ],
      },
    ],
  },
];

/** What the organisation already holds, for matching by name. */
export interface ExistingCatalogue {
  equipmentTypes: readonly EquipmentType[];
  models: readonly Model[];
  serviceTypes: readonly ServiceType[];
  questions: readonly Question[];
}

export type StarterWrite =
  | { kind: "equipmentTypes"; record: EquipmentType }
  | { kind: "models"; record: Model }
  | { kind: "serviceTypes"; record: ServiceType }
  | { kind: "questions"; record: Question };

const sameName = (a: string | null | undefined, b: string) => (a ?? "").trim().toLowerCase() === b.toLowerCase();

/** Whether every equipment type of the catalogue is in the organisation (by name). */
export function hasStarterCatalogue(catalogue: StarterCatalogue, existing: Pick<ExistingCatalogue, "equipmentTypes">): boolean {
  return catalogue.types.every((type) => existing.equipmentTypes.some((e) => e.deleted !== true && sameName(e.name, type.name)));
}

/**
 * The records that add `catalogue` to an organisation holding `existing`: a type, model,
 * service type or question already there by name (under the same parent) is kept as it is,
 * so adding twice writes nothing the second time.
 */
export function starterCatalogueWrites(catalogue: StarterCatalogue, orgId: string, existing: ExistingCatalogue, newId: () => string): StarterWrite[] {
  const writes: StarterWrite[] = [];
  const live = <T extends { deleted?: boolean | null }>(records: readonly T[]) => records.filter((r) => r.deleted !== true);
  for (const plan of catalogue.types) {
    const found = live(existing.equipmentTypes).find((type) => sameName(type.name, plan.name));
    const typeId = found?.id ?? newId();
    if (!found) writes.push({ kind: "equipmentTypes", record: { id: typeId, orgId, lastUpdated: "", name: plan.name, serviceMonthCategoryId: null } });
    for (const name of plan.models) {
      if (live(existing.models).some((m) => m.equipmentTypeId === typeId && sameName(m.name, name))) continue;
      writes.push({ kind: "models", record: { id: newId(), orgId, lastUpdated: "", name, equipmentTypeId: typeId, fieldData: {}, sku: null } });
    }
    for (const service of plan.services) {
      const stored = live(existing.serviceTypes).find((s) => s.equipmentTypeId === typeId && sameName(s.name, service.name));
      const serviceTypeId = stored?.id ?? newId();
      if (!stored) writes.push({ kind: "serviceTypes", record: serviceTypeOf(service, serviceTypeId, typeId, orgId, newId) });
      for (const { question, failed } of service.questions) {
        if (live(existing.questions).some((q) => q.serviceTypeId === serviceTypeId && sameName(q.question, question))) continue;
        const questionId = newId();
        const option = (description: string, deficiencyToAdd: string | null) => ({ id: newId(), description, deficiencyToAdd, questionId, orgId, deleted: false });
        writes.push({
          kind: "questions",
          record: {
            id: questionId,
            orgId,
            lastUpdated: "",
            question,
            serviceTypeId,
            allowComments: true,
            fieldToSet: null,
            options: [option("Yes", null), option("No", failed)],
          },
        });
      }
    }
  }
  return writes;
}

function serviceTypeOf(plan: ServicePlan, id: string, equipmentTypeId: string, orgId: string, newId: () => string): ServiceType {
  const conditions: Condition[] = plan.condition
    ? [{ id: newId(), type: "time", timeFrequencyType: plan.every.type, timeFrequency: plan.every.count, serviceTypeId: id, orgId, deleted: false }]
    : [];
  return {
    id,
    orgId,
    lastUpdated: "",
    name: plan.name,
    equipmentTypeId,
    dueWhen: "any",
    frequencyType: plan.condition ? MONTH : plan.every.type,
    frequency: plan.condition ? null : plan.every.count,
    unscheduled: false,
    inspection: plan.inspection === true,
    updateOnScan: false,
    sku: null,
    conditions,
  };
}
