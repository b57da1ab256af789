/**
 * The equipment form's rules (§3, §5): what the form edits, how it becomes a record, which
 * fields a save changed (for the data-change history record), and the barcode check.
 */
import { fromLocalInput, toLocalInput } from "../../../domain/dates";
import type { Catalogue, Equipment, EquipmentType, Model, NamedField } from "../../../domain/records";
import { byName } from "../../../domain/names";

export function modelOf(modelId: string | null | undefined, catalogue: Catalogue): { model?: Model; equipmentType?: EquipmentType } {
  const model = modelId ? catalogue.models.get(modelId) : undefined;
  const equipmentType = model?.equipmentTypeId ? catalogue.equipmentTypes.get(model.equipmentTypeId) : undefined;
  return { model, equipmentType };
}

/** The custom equipment fields of a type, by name. */
export function customFieldsOf(equipmentTypeId: string | undefined, catalogue: Catalogue): NamedField[] {
  if (!equipmentTypeId) return [];
  return catalogue.equipmentFields
    .filter((f) => f.equipmentTypeId === equipmentTypeId)
    .sort(byName);
}

/** What the form edits; dates as the date input holds them (YYYY-MM-DD in the site's zone). */
export interface Draft {
  name: string;
  manufactureDate: string;
  modelId: string;
  serialNumber: string;
  barcode: string;
  note: string;
  serviceMonth: string;
  fieldData: Record<string, string>;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The date input's value for a stored manufacture date, read in the site's zone. */
export function dateInputOf(stored: string | null | undefined, timeZone: string): string {
  if (!stored) return "";
  if (DATE_ONLY.test(stored)) return stored;
  return toLocalInput(stored, timeZone).slice(0, 10);
}

export function draftOf(equipment: Equipment | undefined, timeZone: string, barcode = ""): Draft {
  return {
    name: equipment?.name ?? "",
    manufactureDate: dateInputOf(equipment?.manufactureDate, timeZone),
    modelId: equipment?.modelId ?? "",
    serialNumber: equipment?.serialNumber ?? "",
    barcode: equipment?.barcode ?? barcode,
    note: equipment?.note ?? "",
    serviceMonth: equipment?.serviceMonth ?? "",
    fieldData: { ...(equipment?.fieldData ?? {}) },
  };
}

/**
 * The record a save writes: the draft over `base` (the stored item, or the new item's ids).
 * An unchanged date keeps its stored text; a new one is the start of that day at the site.
 */
export function recordOf<T extends Partial<Equipment>>(draft: Draft, base: T, timeZone: string): T & Omit<Equipment, "id" | "locationId" | "lastUpdated"> {
  const unchangedDate = dateInputOf(base.manufactureDate, timeZone) === draft.manufactureDate;
  const fieldData = Object.fromEntries(Object.entries(draft.fieldData).filter(([, value]) => value !== ""));
  return {
    ...base,
    name: draft.name.trim(),
    manufactureDate: unchangedDate ? base.manufactureDate : (fromLocalInput(`${draft.manufactureDate}T00:00`, timeZone) ?? null),
    modelId: draft.modelId || null,
    serialNumber: draft.serialNumber.trim(),
    barcode: draft.barcode.trim(),
    note: draft.note,
    serviceMonth: draft.serviceMonth || null,
    fieldData,
  };
}

const CORE_FIELDS = ["name", "manufactureDate", "modelId", "serialNumber", "barcode", "note", "serviceMonth"] as const;

export interface FieldChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** The record paths that changed: `name`, …, `fieldData.{fieldId}`. */
  paths: string[];
}

const blank = (value: unknown) => value === undefined || value === null || value === "";

/** Which fields a save changes; empty, null and absent count as the same. */
export function changesOf(before: Equipment, after: Partial<Equipment>): FieldChanges {
  const changes: FieldChanges = { before: {}, after: {}, paths: [] };
  const note = (path: string, old: unknown, next: unknown) => {
    if (old === next || (blank(old) && blank(next))) return;
    changes.before[path] = old ?? null;
    changes.after[path] = next ?? null;
    changes.paths.push(path);
  };
  for (const field of CORE_FIELDS) note(field, before[field], after[field]);
  const ids = new Set([...Object.keys(before.fieldData ?? {}), ...Object.keys(after.fieldData ?? {})]);
  for (const id of ids) note(`fieldData.${id}`, before.fieldData?.[id], after.fieldData?.[id]);
  return changes;
}

/** Whether another item of the organisation (not deleted) already has `barcode`. */
export function barcodeTaken(barcode: string, ownId: string | undefined, others: readonly Equipment[]): boolean {
  const wanted = barcode.trim();
  if (wanted === "") return false;
  return others.some((item) => item.id !== ownId && !item.deleted && (item.barcode ?? "").trim() === wanted);
}
