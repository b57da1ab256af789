/** This feature's rows of the route table (§2); app/routes.tsx puts them behind the auth guard. */
import type { RouteObject } from "react-router";
import { ChecklistPage } from "./checklist/ChecklistPage";
import { DeficiencyPage } from "./deficiencies/DeficiencyPage";
import { HistoryRecordPage } from "./history/HistoryRecordPage";
import { PerformedServicePage } from "./PerformedServicePage";

const EQUIPMENT = "/sites/:locationId/equipment/:equipmentId";

export const serviceRoutes: RouteObject[] = [
  { path: `${EQUIPMENT}/performed-service/:serviceTypeId`, element: <PerformedServicePage /> },
  { path: `${EQUIPMENT}/answer-questions/:serviceTypeId/:historyId`, element: <ChecklistPage /> },
  { path: `${EQUIPMENT}/history/new`, element: <HistoryRecordPage /> },
  { path: `${EQUIPMENT}/history/:historyId`, element: <HistoryRecordPage /> },
  { path: `${EQUIPMENT}/deficiency/new`, element: <DeficiencyPage /> },
  { path: `${EQUIPMENT}/deficiency/:deficiencyId`, element: <DeficiencyPage /> },
];
