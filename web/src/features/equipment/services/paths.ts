/** The §2 routes of this feature, and the equipment page they return to. */

export const equipmentPath = (locationId: string, equipmentId: string) => `/sites/${locationId}/equipment/${equipmentId}`;

export const performedServicePath = (locationId: string, equipmentId: string, serviceTypeId: string) =>
  `${equipmentPath(locationId, equipmentId)}/performed-service/${serviceTypeId}`;

export const checklistPath = (locationId: string, equipmentId: string, serviceTypeId: string, historyId: string) =>
  `${equipmentPath(locationId, equipmentId)}/answer-questions/${serviceTypeId}/${historyId}`;

export const historyPath = (locationId: string, equipmentId: string, historyId = "new") =>
  `${equipmentPath(locationId, equipmentId)}/history/${historyId}`;

export const deficiencyPath = (locationId: string, equipmentId: string, deficiencyId = "new") =>
  `${equipmentPath(locationId, equipmentId)}/deficiency/${deficiencyId}`;
