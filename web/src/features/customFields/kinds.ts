/** The three kinds of custom field (§2 /custom-fields): site (location), model and equipment fields. */
import type { StringKey } from "../../lib/strings";
import type { UploadKind } from "../../offline/kinds";

export type FieldKind = "location" | "model" | "equipment";

export interface FieldKindInfo {
  kind: UploadKind;
  title: StringKey;
  add: StringKey;
  information: StringKey;
}

export const FIELD_KINDS: Record<FieldKind, FieldKindInfo> = {
  location: { kind: "locationFields", title: "customFieldSiteFields", add: "customFieldAddSiteField", information: "customFieldSiteFieldInformation" },
  model: { kind: "modelFields", title: "equipmentModelFields", add: "customFieldAddModelField", information: "customFieldModelFieldInformation" },
  equipment: { kind: "equipmentFields", title: "equipmentFields", add: "customFieldAddEquipmentField", information: "customFieldEquipmentFieldInformation" },
};

export const isFieldKind = (text: string | undefined): text is FieldKind => text === "location" || text === "model" || text === "equipment";
