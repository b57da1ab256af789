/** This feature's rows of the route table (§2); app/routes.tsx puts them behind the auth guard. Screens load
 * on first use (their code is precached for offline use), keeping the first download small. */
import type { RouteObject } from "react-router";

const EQUIPMENT = "/sites/:locationId/equipment/:equipmentId";

export const serviceRoutes: RouteObject[] = [
  { path: `${EQUIPMENT}/performed-service/:serviceTypeId`, lazy: () => import("./PerformedServicePage").then((m) => ({ element: <m.PerformedServicePage /> })) },
  { path: `${EQUIPMENT}/answer-questions/:serviceTypeId/:historyId`, lazy: () => import("./checklist/ChecklistPage").then((m) => ({ element: <m.ChecklistPage /> })) },
  { path: `${EQUIPMENT}/history/new`, lazy: () => import("./history/HistoryRecordPage").then((m) => ({ element: <m.HistoryRecordPage /> })) },
  { path: `${EQUIPMENT}/history/:historyId`, lazy: () => import("./history/HistoryRecordPage").then((m) => ({ element: <m.HistoryRecordPage /> })) },
  { path: `${EQUIPMENT}/deficiency/new`, lazy: () => import("./deficiencies/DeficiencyPage").then((m) => ({ element: <m.DeficiencyPage /> })) },
  { path: `${EQUIPMENT}/deficiency/:deficiencyId`, lazy: () => import("./deficiencies/DeficiencyPage").then((m) => ({ element: <m.DeficiencyPage /> })) },
];
