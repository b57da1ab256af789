/** Strings of custom fields of sites, models and equipment. */
export const customFields = {
  customFieldSiteFields: "Site Fields",
  customFieldAddSiteField: "Add Site Field",
  customFieldAddModelField: "Add Model Field",
  customFieldAddEquipmentField: "Add Equipment Field",
  customFieldSiteFieldInformation: "Site Field Information",
  customFieldModelFieldInformation: "Model Field Information",
  customFieldEquipmentFieldInformation: "Equipment Field Information",
  customFieldIncludeInReports: "Include In Reports",
  customFieldNone: "No fields yet.",
  customFieldNeedsType: "Add an equipment type first: an equipment field belongs to one.",
};
