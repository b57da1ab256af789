/**
 * The setup checklist's steps, in the order a new organisation takes them: the catalogue
 * (equipment types and service types), models, a first site, a spreadsheet of equipment, a
 * second user. Each is done by what the device's records show, so it reads offline too, and
 * shows only to users who may take it (§6).
 */
import { type Permission, grants } from "../../domain/permissions";
import type { StringKey } from "../../lib/strings";

export type StepKey = "catalogue" | "models" | "site" | "import" | "invite";

export interface SetupStep {
  key: StepKey;
  label: StringKey;
  done: boolean;
  /** The screen that does it. */
  to: string;
}

/** How many of each record the device holds (not deleted). */
export interface SetupCounts {
  equipmentTypes: number;
  serviceTypes: number;
  models: number;
  sites: number;
  /** Any equipment on any site: a spreadsheet imported, or items added by hand. */
  equipment: boolean;
  users: number;
}

const STEPS: { key: StepKey; label: StringKey; permission: Permission; to: string; done: (c: SetupCounts) => boolean }[] = [
  { key: "catalogue", label: "setupCatalogue", permission: "SETTINGS_WRITE", to: "/equipment-types", done: (c) => c.equipmentTypes > 0 && c.serviceTypes > 0 },
  { key: "models", label: "setupModels", permission: "SETTINGS_WRITE", to: "/equipment-types", done: (c) => c.models > 0 },
  { key: "site", label: "setupSite", permission: "LOCATION_WRITE", to: "/sites/new", done: (c) => c.sites > 0 },
  { key: "import", label: "setupImport", permission: "SETTINGS_WRITE", to: "/imports/csv", done: (c) => c.equipment },
  { key: "invite", label: "setupInvite", permission: "SETTINGS_WRITE", to: "/users/new", done: (c) => c.users > 1 },
];

export function setupSteps(permissions: readonly string[], counts: SetupCounts): SetupStep[] {
  return STEPS.filter((step) => grants(permissions, step.permission)).map(({ key, label, to, done }) => ({ key, label, to, done: done(counts) }));
}

export const dismissedKey = (orgId: string) => `fieldtag.setupChecklistDismissed.${orgId}`;
