/** The names of §6's permissions on the user form: Mobile Access, View Location, View Equipment … */
import type { StringKey } from "../../lib/strings";
import type { Permission } from "../../domain/permissions";

export const PERMISSION_LABELS: Record<Permission, StringKey> = {
  WEB_LOGIN: "permissionWEB_LOGIN",
  MOBILE_LOGIN: "permissionMOBILE_LOGIN",
  EQUIPMENT_READ: "permissionEQUIPMENT_READ",
  EQUIPMENT_WRITE: "equipmentEdit",
  SERVICE_READ: "permissionSERVICE_READ",
  SERVICE_WRITE: "permissionSERVICE_WRITE",
  LOCATION_READ: "permissionLOCATION_READ",
  LOCATION_WRITE: "permissionLOCATION_WRITE",
  HISTORY_READ: "permissionHISTORY_READ",
  HISTORY_WRITE: "permissionHISTORY_WRITE",
  DEFICIENCY_READ: "permissionDEFICIENCY_READ",
  DEFICIENCY_WRITE: "permissionDEFICIENCY_WRITE",
  REPORT_READ: "permissionREPORT_READ",
  SCHEDULE_READ: "permissionSCHEDULE_READ",
  SCHEDULE_WRITE: "permissionSCHEDULE_WRITE",
  SETTINGS_READ: "permissionSETTINGS_READ",
  SETTINGS_WRITE: "permissionSETTINGS_WRITE",
};
