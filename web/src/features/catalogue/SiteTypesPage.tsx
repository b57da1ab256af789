/**
 * /site-types, /site-types/new and /site-types/{id} (§2) under the SITE_TYPES feature: the
 * organisation's site types and a site type's form (name required, §5). Settings (§6):
 * SETTINGS_READ to view, SETTINGS_WRITE to change.
 */
import { NamedRecordList, NamedRecordPage, type NamedRecordScreens } from "./NamedRecordPages";

const SITE_TYPES: NamedRecordScreens = {
  kind: "siteTypes",
  path: "/site-types",
  feature: "SITE_TYPES",
  writePermission: "SETTINGS_WRITE",
  words: { title: "siteTypes", none: "siteTypeNone", add: "siteTypeAdd", information: "siteTypeInformation" },
};

export function SiteTypesPage() {
  return <NamedRecordList screens={SITE_TYPES} />;
}

export function SiteTypePage({ adding = false }: { adding?: boolean }) {
  return <NamedRecordPage screens={SITE_TYPES} adding={adding} />;
}
