/**
 * Deficiencies (§4): open while dateClosed is empty. Opening one (a new deficiency, a reopened
 * one, or a checklist choice with deficiencyToAdd) writes a 'deficiency opened' history record
 * (11); closing one sets dateClosed and writes 'deficiency closed' (12). Both point at it.
 */
import { t } from "../../../../lib/strings";
import { type HistoryRecord, HistoryType, historyRecord } from "../../../../domain/history";
import { newId } from "../../../../domain/ids";
import type { Deficiency } from "../../../../domain/records";
import type { SyncEngine } from "../../../../offline/sync/engine";

/** A deficiency as a screen hands it to the store, which stamps lastUpdated. */
export type DeficiencyRecord = Partial<Deficiency> & Pick<Deficiency, "id" | "description" | "dateOpened" | "equipmentId" | "locationId">;

export interface Actor {
  orgId: string;
  userId: string | null;
}

export function isOpen(deficiency: Pick<Deficiency, "dateClosed">): boolean {
  return !deficiency.dateClosed;
}

/** Open ones first, then the newest opened first. */
export function sortDeficiencies<T extends Pick<Deficiency, "dateClosed" | "dateOpened">>(deficiencies: readonly T[]): T[] {
  return [...deficiencies].sort((a, b) => Number(isOpen(b)) - Number(isOpen(a)) || Date.parse(b.dateOpened) - Date.parse(a.dateOpened));
}

/** The history record of a deficiency being opened (11) or closed (12). */
export function deficiencyHistory(deficiency: DeficiencyRecord, opened: boolean, actor: Actor, now?: Date): HistoryRecord {
  return historyRecord(
    {
      orgId: actor.orgId,
      type: opened ? HistoryType.deficiencyOpened : HistoryType.deficiencyClosed,
      description: t(opened ? "deficiencyOpenedHistory" : "deficiencyClosedHistory", { description: deficiency.description }),
      equipmentId: deficiency.equipmentId,
      locationId: deficiency.locationId,
      userId: actor.userId,
      relevantId: deficiency.id,
    },
    now,
  );
}

export interface NewDeficiency {
  equipmentId: string;
  locationId: string;
  description: string;
  /** ISO; now when absent. */
  dateOpened?: string;
  serviceTypeId?: string | null;
  photos?: string[];
}

/** A new open deficiency and its 'deficiency opened' history record. */
export function openedDeficiency(input: NewDeficiency, actor: Actor, now: Date = new Date()): { deficiency: DeficiencyRecord; history: HistoryRecord } {
  const deficiency: DeficiencyRecord = {
    id: newId(),
    orgId: actor.orgId,
    description: input.description,
    dateOpened: input.dateOpened ?? now.toISOString(),
    dateClosed: "",
    equipmentId: input.equipmentId,
    serviceTypeId: input.serviceTypeId ?? "",
    locationId: input.locationId,
    happenedAtLocationId: input.locationId,
    ...(input.photos && input.photos.length > 0 ? { photos: input.photos } : {}),
  };
  return { deficiency, history: deficiencyHistory(deficiency, true, actor, now) };
}

/** Open Deficiency: saves a new deficiency and its 'deficiency opened' record. */
export async function addDeficiency(engine: Pick<SyncEngine, "put">, input: NewDeficiency, actor: Actor): Promise<void> {
  const opened = openedDeficiency(input, actor);
  await engine.put("deficiencies", opened.deficiency);
  await engine.put("history", opened.history);
}

export interface DeficiencyFields {
  description: string;
  dateOpened: string;
  serviceTypeId: string;
  /** The photos' file names; absent leaves them as they are. */
  photos?: string[];
}

/**
 * Saves an edit of `deficiency`; `closing` true closes it and false reopens it, each with its
 * history record, undefined leaves it open or closed.
 */
export async function saveDeficiency(
  engine: Pick<SyncEngine, "put">,
  deficiency: DeficiencyRecord,
  fields: DeficiencyFields,
  closing: boolean | undefined,
  actor: Actor,
): Promise<void> {
  const saved: DeficiencyRecord = { ...deficiency, ...fields };
  if (closing !== undefined) saved.dateClosed = closing ? new Date().toISOString() : "";
  await engine.put("deficiencies", saved);
  if (closing !== undefined) await engine.put("history", deficiencyHistory(saved, !closing, actor));
}
