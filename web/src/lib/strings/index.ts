/**
 * Every English string the app shows, one file per area of the app merged into one catalogue
 * (spec wording kept exactly, typos included), and the minimal French set of §1, which has only
 * a word for Sites. Screens read strings through `t(key)`; a key missing in French falls back to
 * English.
 */
import { analytics } from "./analytics";
import { catalogue } from "./catalogue";
import { customFields } from "./customFields";
import { customers } from "./customers";
import { dashboard } from "./dashboard";
import { equipment } from "./equipment";
import { errors } from "./errors";
import { files } from "./files";
import { floorPlans } from "./floorPlans";
import { imports } from "./imports";
import { overrides } from "./overrides";
import { reports } from "./reports";
import { scanning } from "./scanning";
import { schedule } from "./schedule";
import { services } from "./services";
import { settings } from "./settings";
import { setup } from "./setup";
import { shell } from "./shell";
import { signIn } from "./signIn";
import { sites } from "./sites";
import { subscription } from "./subscription";
import { sync } from "./sync";
import { ui } from "./ui";
import { users } from "./users";
import { visits } from "./visits";

const en = {
  ...shell,
  ...signIn,
  ...errors,
  ...sync,
  ...settings,
  ...files,
  ...users,
  ...floorPlans,
  ...ui,
  ...sites,
  ...customers,
  ...equipment,
  ...services,
  ...scanning,
  ...catalogue,
  ...customFields,
  ...overrides,
  ...schedule,
  ...reports,
  ...dashboard,
  ...subscription,
  ...imports,
  ...setup,
  ...analytics,
  ...visits,
};

export type StringKey = keyof typeof en;

const fr: Partial<Record<StringKey, string>> = {
  sites: "Sites",
};

const catalogues = { en, fr } as const;
export type Language = keyof typeof catalogues;

let language: Language = "en";

/** Chooses the catalogue from the browser's language; English unless it is French. */
export function setLanguage(next: string): void {
  language = next.toLowerCase().startsWith("fr") ? "fr" : "en";
}

/** The string for `key`, with `{name}` placeholders filled from `values`. */
export function t(key: StringKey, values: Record<string, string | number> = {}): string {
  const text = catalogues[language][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
