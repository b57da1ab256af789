/**
 * What the app may report of its use (spec §9 analytics, docs/analytics.md): a category and a
 * short fixed action name, never free text or a record's contents. Twin of the server's list
 * in crates/domain/src/analytics.rs, which refuses anything else.
 */
export const ANALYTICS_ACTIONS = {
  NAVIGATION: ["sites", "site", "equipment", "customers", "dashboard", "schedule", "reports", "settings", "catalogue", "users", "imports", "subscription", "welcome", "other"],
  EDIT: ["site", "customer", "user", "organization", "profile", "equipment_type", "service_type", "model", "question", "custom_field", "floor_plan", "override", "named_record"],
  SCHEDULE: ["add_visit", "change_visit", "delete_visit"],
  REPORTS: ["run_pdf", "run_csv"],
  SERVICE: ["perform", "undo", "answer_checklist"],
  EQUIPMENT: ["add", "change", "delete", "move"],
  SUBSCRIPTION: ["checkout", "billing_portal"],
} as const;

export type AnalyticsCategory = keyof typeof ANALYTICS_ACTIONS;
export type AnalyticsAction<C extends AnalyticsCategory> = (typeof ANALYTICS_ACTIONS)[C][number];

export const ANALYTICS_CATEGORIES = Object.keys(ANALYTICS_ACTIONS) as AnalyticsCategory[];

/** One event as queued on the device and sent; the server adds the organisation and the user. */
export interface AnalyticsEvent {
  /** Made on the device, so a batch sent twice is counted once. */
  id: string;
  category: AnalyticsCategory;
  action: string;
  /** ISO 8601. */
  occurredAt: string;
}

/** The screen a path shows, as a NAVIGATION action: never the path itself, which holds ids. */
export function screenOf(pathname: string): AnalyticsAction<"NAVIGATION"> {
  const [first = "", second, third] = pathname.split("/").filter(Boolean);
  if (first === "sites") {
    if (second === undefined || second === "new") return "sites";
    return third?.startsWith("equipment") ? "equipment" : "site";
  }
  const screens: Record<string, AnalyticsAction<"NAVIGATION">> = {
    customers: "customers",
    dashboard: "dashboard",
    schedule: "schedule",
    reports: "reports",
    settings: "settings",
    organization: "settings",
    preferences: "settings",
    profile: "settings",
    analytics: "settings",
    "custom-fields": "settings",
    "service-month-categories": "settings",
    "site-types": "settings",
    "equipment-types": "catalogue",
    users: "users",
    imports: "imports",
    "billing-portal": "subscription",
    subscription: "subscription",
    welcome: "welcome",
  };
  return screens[first] ?? "other";
}
