/** This feature's rows of the route table (§2): equipment types, their models, service types and
 * checklist questions; site types and service month categories. Screens load on first use,
 * keeping the first download small. */
import type { RouteObject } from "react-router";

const TYPE = "/equipment-types/:equipmentTypeId";
const SERVICE = `${TYPE}/service-types/:serviceTypeId`;

export const catalogueRoutes: RouteObject[] = [
  { path: "/equipment-types", lazy: () => import("./EquipmentTypesPage").then((m) => ({ element: <m.EquipmentTypesPage /> })) },
  { path: "/equipment-types/new", lazy: () => import("./EquipmentTypePage").then((m) => ({ element: <m.EquipmentTypePage adding /> })) },
  { path: TYPE, lazy: () => import("./EquipmentTypePage").then((m) => ({ element: <m.EquipmentTypePage /> })) },
  { path: `${TYPE}/models`, lazy: () => import("./ModelsPage").then((m) => ({ element: <m.ModelsPage /> })) },
  { path: `${TYPE}/models/new`, lazy: () => import("./ModelsPage").then((m) => ({ element: <m.ModelPage adding /> })) },
  { path: `${TYPE}/models/:modelId`, lazy: () => import("./ModelsPage").then((m) => ({ element: <m.ModelPage /> })) },
  { path: `${TYPE}/service-types/new`, lazy: () => import("./ServiceTypePage").then((m) => ({ element: <m.ServiceTypePage adding /> })) },
  { path: SERVICE, lazy: () => import("./ServiceTypePage").then((m) => ({ element: <m.ServiceTypePage /> })) },
  { path: `${SERVICE}/questions/new`, lazy: () => import("./QuestionPage").then((m) => ({ element: <m.QuestionPage adding /> })) },
  { path: `${SERVICE}/questions/:questionId`, lazy: () => import("./QuestionPage").then((m) => ({ element: <m.QuestionPage /> })) },
  { path: "/site-types", lazy: () => import("./SiteTypesPage").then((m) => ({ element: <m.SiteTypesPage /> })) },
  { path: "/site-types/new", lazy: () => import("./SiteTypesPage").then((m) => ({ element: <m.SiteTypePage adding /> })) },
  { path: "/site-types/:id", lazy: () => import("./SiteTypesPage").then((m) => ({ element: <m.SiteTypePage /> })) },
  { path: "/service-month-categories", lazy: () => import("./ServiceMonthCategoriesPage").then((m) => ({ element: <m.ServiceMonthCategoriesPage /> })) },
  { path: "/service-month-categories/new", lazy: () => import("./ServiceMonthCategoriesPage").then((m) => ({ element: <m.ServiceMonthCategoryPage adding /> })) },
  { path: "/service-month-categories/:id", lazy: () => import("./ServiceMonthCategoriesPage").then((m) => ({ element: <m.ServiceMonthCategoryPage /> })) },
];
