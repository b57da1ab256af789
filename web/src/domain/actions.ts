// The one permission table (spec §6): each user action with the permission it needs and every
// record it writes, read from testdata/permissions/actions.json, which the server builds in
// too (crates/domain/src/actions.rs). A user may write a record when they hold its kind's
// write permission, or when an action they may take writes such a record; so an action the
// app offers goes through whole for a user who may take it.

import table from "../../../testdata/permissions/actions.json";
import { type Permission, grants, parsePermission } from "./permissions";

/** A record an action writes, and how much of it. */
export interface ActionWrite {
  kind: string;
  /** History records of these types only. */
  types?: number[];
  /** Only a record that does not exist yet. */
  new?: boolean;
  /** Only these fields of an existing record change. */
  fields?: string[];
  /** Only the user's own record. */
  self?: boolean;
}

export interface Action {
  action: string;
  /** Null: every user may take it. */
  permission: Permission | null;
  writes: ActionWrite[];
}

export interface ActionTable {
  kinds: Record<string, { read: Permission | null; write: Permission | null }>;
  actions: Action[];
}

export const actionTable = table as ActionTable;

/** Every action the app takes; actions.test.ts holds it to the table. */
export const ACTIONS = [
  "performService",
  "undoService",
  "answerChecklist",
  "editServiceDates",
  "couldNotService",
  "openDeficiency",
  "editDeficiency",
  "addEquipment",
  "editEquipment",
  "deleteEquipment",
  "moveEquipment",
  "placeOnFloorPlan",
  "writeHistory",
  "editOwnProfile",
] as const;

export type ActionName = (typeof ACTIONS)[number];

type Fields = Record<string, unknown>;

/** Bookkeeping, not content: these may change with any write. */
const BOOKKEEPING = new Set(["lastUpdated", "version", "hasBeenChangedLocally"]);

export function readPermission(kind: string): Permission | null {
  return actionTable.kinds[kind]?.read ?? null;
}

export function writePermission(kind: string): Permission | null {
  return actionTable.kinds[kind]?.write ?? null;
}

function permitted(held: readonly string[], permission: string | null): boolean {
  if (permission === null) return true;
  const wanted = parsePermission(permission);
  return wanted !== undefined && grants(held, wanted);
}

/** Whether a user holding `held` may take `action`. */
export function mayTake(held: readonly string[], action: ActionName): boolean {
  const found = actionTable.actions.find((a) => a.action === action);
  return found !== undefined && permitted(held, found.permission);
}

/** JSON equality, as the server compares values: key order does not count. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const [ka, kb] = [Object.keys(a), Object.keys(b)];
  return ka.length === kb.length && ka.every((key) => key in b && sameValue((a as Fields)[key], (b as Fields)[key]));
}

/** The top-level fields whose values differ between two copies; a missing field is null. */
function changedFields(before: Fields, after: Fields): string[] {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...fields].filter((field) => !BOOKKEEPING.has(field) && !sameValue(before[field] ?? null, after[field] ?? null));
}

function covers(write: ActionWrite, kind: string, userId: string, record: Fields, stored: Fields | undefined): boolean {
  if (write.kind !== kind) return false;
  if (write.types && !write.types.includes(record.type as number)) return false;
  if (write.new && stored) return false;
  if (write.self && record.id !== userId) return false;
  if (!write.fields) return true;
  // Changing only some fields of a record that does not exist is creating it.
  if (!stored) return false;
  const allowed = write.fields;
  return changedFields(stored, record).every((field) => allowed.includes(field));
}

/**
 * Whether `userId`, holding `held`, may write `record` of `kind` over `stored` (undefined: a
 * new record): "allowed", or the server's reason.
 */
export function mayWrite(held: readonly string[], userId: string, kind: string, record: Fields, stored?: Fields): string {
  const permission = writePermission(kind);
  if (permission === null) return `${kind} cannot be uploaded`;
  if (grants(held, permission)) return "allowed";
  const covered = actionTable.actions
    .filter((action) => permitted(held, action.permission))
    .some((action) => action.writes.some((write) => covers(write, kind, userId, record, stored)));
  return covered ? "allowed" : `You need the ${permission} permission`;
}
