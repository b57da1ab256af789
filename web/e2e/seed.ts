/**
 * The organisation the screen-by-screen browser tests (forms, accessibility) walk through.
 */
import { type Account, newId, patchOrganization, uploadAll } from "./api";
import type { Server } from "./harness";

export interface Seeded {
  site: string;
  customer: string;
  item: string;
  type: string;
  model: string;
  service: string;
  question: string;
  history: string;
  deficiency: string;
  floorPlan: string;
  /** An item with an open deficiency, not on the plan. */
  other: string;
  override: string;
  siteType: string;
  category: string;
  fields: { location: string; model: string; equipment: string };
}

/**
 * One record of every kind a screen or form shows, with every optional feature on: a site with
 * its customer, a floor plan and an override; two items (one placed on the plan, one with an
 * open deficiency), a history record, a checklist question, a scheduled visit today, the three
 * kinds of custom field, a site type and a service month category.
 */
export async function seedEverything(server: Server, owner: Account): Promise<Seeded> {
  const org = owner.orgId;
  const stamp = new Date().toISOString();
  const made = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString();
  const s: Seeded = {
    site: newId(),
    customer: newId(),
    item: newId(),
    type: newId(),
    model: newId(),
    service: newId(),
    question: newId(),
    history: newId(),
    deficiency: newId(),
    floorPlan: newId(),
    other: newId(),
    override: "",
    siteType: newId(),
    category: newId(),
    fields: { location: newId(), model: newId(), equipment: newId() },
  };
  s.override = `${s.site}-${s.service}`;
  await patchOrganization(server, owner, {
    enabledFeatures: ["SERVICE_MONTHS", "BILLING", "WHITE_LABEL", "LOCATION_OVERRIDES", "SITE_TYPES"],
    showBilling: true,
  });
  const named = (id: string, name: string, more: Record<string, unknown> = {}) => ({ id, orgId: org, name, lastUpdated: stamp, ...more });
  await uploadAll(server, owner, {
    customers: [named(s.customer, "Harbour Holdings", { accountNumber: "A-100" })],
    locations: [
      named(s.site, "Warehouse", {
        status: "active",
        country: "CA",
        province: "ON",
        city: "Toronto",
        address: "1 Dock St",
        timeZone: "America/Toronto",
        customerId: s.customer,
        contact: "Pat Lee",
        phone: "416-555-0100",
      }),
    ],
    equipmentTypes: [named(s.type, "Extinguisher")],
    models: [named(s.model, "B500", { equipmentTypeId: s.type, sku: "EXT-B500" })],
    serviceTypes: [named(s.service, "Annual Inspection", { equipmentTypeId: s.type, dueWhen: "all", frequencyType: 7, frequency: 1, inspection: true, conditions: [] })],
    questions: [
      {
        id: s.question,
        orgId: org,
        serviceTypeId: s.service,
        question: "Pin in place?",
        options: [
          { id: newId(), description: "Yes", questionId: s.question, orgId: org },
          { id: newId(), description: "No", deficiencyToAdd: "Pin missing", questionId: s.question, orgId: org },
        ],
        lastUpdated: stamp,
      },
    ],
    floorPlans: [{ id: s.floorPlan, orgId: org, locationId: s.site, name: "Ground floor", lastUpdated: stamp }],
    equipment: [
      { id: s.item, orgId: org, locationId: s.site, name: "Lobby", modelId: s.model, barcode: "FT-100", manufactureDate: made, floorId: s.floorPlan, floorPlanLocation: "40x60", lastUpdated: stamp },
      { id: s.other, orgId: org, locationId: s.site, name: "Kitchen", modelId: s.model, barcode: "FT-101", manufactureDate: made, lastUpdated: stamp },
    ],
    history: [
      { id: s.history, orgId: org, locationId: s.site, happenedAtLocationId: s.site, equipmentId: s.item, type: 7, date: stamp, description: "Bracket tightened", userId: owner.userId, lastUpdated: stamp },
    ],
    deficiencies: [
      { id: s.deficiency, orgId: org, locationId: s.site, happenedAtLocationId: s.site, equipmentId: s.other, serviceTypeId: s.service, description: "Pin missing", dateOpened: stamp, dateClosed: "", lastUpdated: stamp },
    ],
    schedule: [{ id: newId(), orgId: org, locationId: s.site, userId: owner.userId, date: stamp.slice(0, 10), startTime: "09:00", endTime: "17:00", lastUpdated: stamp }],
    locationOverrides: [
      { id: s.override, orgId: org, locationId: s.site, serviceTypeId: s.service, equipmentTypeId: s.type, overrideFrequency: 2, disabledForLocation: false, lastUpdated: stamp },
    ],
    siteTypes: [named(s.siteType, "Arena")],
    serviceMonthCategories: [named(s.category, "Extinguishers")],
    locationFields: [named(s.fields.location, "Gate code")],
    modelFields: [named(s.fields.model, "Colour", { includeInReports: true })],
    equipmentFields: [named(s.fields.equipment, "Pressure", { equipmentTypeId: s.type })],
  });
  return s;
}
