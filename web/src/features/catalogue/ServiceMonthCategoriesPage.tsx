/**
 * /service-month-categories, /new and /{id} (§2) under the SERVICE_MONTHS feature: the
 * organisation's service month categories and a category's form (name required, §5). A
 * settings screen, so SETTINGS_READ to view; categories are added and changed with
 * LOCATION_WRITE (§6), the permission the server takes them with.
 */
import { NamedRecordList, NamedRecordPage, type NamedRecordScreens } from "./NamedRecordPages";

const CATEGORIES: NamedRecordScreens = {
  kind: "serviceMonthCategories",
  path: "/service-month-categories",
  feature: "SERVICE_MONTHS",
  writePermission: "LOCATION_WRITE",
  words: {
    title: "serviceMonthCategories",
    none: "serviceMonthNoCategories",
    add: "serviceMonthAddCategory",
    information: "serviceMonthCategoryInformation",
    readOnly: "serviceMonthNeedsLocationWrite",
  },
};

export function ServiceMonthCategoriesPage() {
  return <NamedRecordList screens={CATEGORIES} />;
}

export function ServiceMonthCategoryPage({ adding = false }: { adding?: boolean }) {
  return <NamedRecordPage screens={CATEGORIES} adding={adding} />;
}
