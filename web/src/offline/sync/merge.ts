/**
 * Merging downloaded pages into the local store (§4 Sync): a server copy replaces the local
 * one by {@link serverCopyWins}; `globalAlerts` is always the whole current list. The
 * records, the cursor and the clock offset are written in one transaction, so a failure
 * leaves the store as it was and the same pages come down again.
 *
 * After the server was restored (a new epoch), versions are numbers of another history: the
 * whole download is merged with `resync`, which compares stamps and never takes an equal
 * version to mean the same write.
 */
import { SYNC_KINDS, type SyncKind, isLocationScoped, recordKind } from "../kinds";
import { CHANGE_NUMBER_KEY, CLOCK_OFFSET_KEY, CURSOR_KEY, SERVER_EPOCH_KEY, listKey, whereKey } from "../keys";
import { serverCopyWins } from "../records";
import type { SyncRecord } from "../../domain/syncRecord";
import { type KeyValueStore, type StoreReader, type StoreTransaction, listInParts } from "../store";
import type { DownloadAnswer, ListsAnswer } from "./api";
import { type RecordChanges, RecordLists, prefixOf, refOf } from "./lists";
import { Pacing } from "./pacing";

const ALERTS_KEY = listKey("globalAlerts");

/**
 * A first download stores a site's list in parts of about this many characters (a page's group
 * for the site, or several small ones), each under 256,000 bytes once Chromium has compressed it
 * (store.ts listInParts): 128 KB of records is 300 of 430 B.
 */
export const LIST_PART_CHARS = 128 * 1024;

/**
 * Merges `pages` (oldest first) and saves the last one's cursor and the clock offset learned
 * from it; answers the kinds that changed.
 */
export async function mergePages(
  tx: StoreTransaction,
  pages: readonly DownloadAnswer[],
  clockOffset?: number,
  { resync = false }: { resync?: boolean } = {},
): Promise<RecordChanges> {
  const last = pages.at(-1);
  if (!last) return { kinds: new Set(), records: [] };
  const lists = new RecordLists(tx);
  await placePages(lists, pages, resync);
  await tx.setAll(lists.entries());
  return finish(tx, lists.changes(), last, clockOffset);
}

/**
 * A download's pages merged as they come down, ahead of the transaction that saves them: the
 * lists a page touches are read (in read-only transactions) and its records placed while the
 * next page is on its way, so the save only writes. Should any tab change records in between
 * (the change number moved), the save merges the pages again over what is stored by then, as
 * {@link mergePages} does: a change waiting to upload still wins.
 */
export class PageMerge {
  private readonly pages: DownloadAnswer[] = [];
  private readonly lists: RecordLists;
  /** How many records the pages added so far hold. */
  records = 0;

  constructor(
    store: StoreReader,
    private readonly resync: boolean,
  ) {
    // Reads only: placed records reach the store in save()'s transaction.
    this.lists = new RecordLists({ get: (key) => store.get(key), getMany: (keys) => store.getMany(keys), keys: () => store.keys() });
  }

  /** Places a page's records after those of the pages added before it. */
  async add(answer: DownloadAnswer | ListsAnswer): Promise<void> {
    const page = "groups" in answer ? asDownloadAnswer(answer) : answer;
    this.pages.push(page);
    for (const kind of SYNC_KINDS) if (kind !== "globalAlerts") this.records += page[kind]?.length ?? 0;
    await placePages(this.lists, [page], this.resync, new Pacing());
  }

  /** Saves the placed records, the last page's cursor and the clock offset in one transaction. */
  save(store: KeyValueStore, clockOffset?: number): Promise<RecordChanges> {
    return store.update(async (tx) => {
      const last = this.pages.at(-1);
      if (!last) return { kinds: new Set(), records: [] };
      const number = (await tx.get<number>(CHANGE_NUMBER_KEY)) ?? 0;
      if (number !== this.lists.firstChangeNumber) return mergePages(tx, this.pages, clockOffset, { resync: this.resync });
      await tx.setAll(this.lists.entries());
      return finish(tx, this.lists.changes(), last, clockOffset);
    });
  }
}

/**
 * Reads what the pages' records need and places each server copy that wins over the stored one;
 * with `pacing`, in slices (never inside a transaction: pausing would commit it).
 */
async function placePages(lists: RecordLists, pages: readonly DownloadAnswer[], resync: boolean, pacing?: Pacing): Promise<void> {
  const incoming: [SyncKind, SyncRecord][] = [];
  for (const page of pages) {
    for (const kind of SYNC_KINDS) {
      if (kind === "globalAlerts") continue;
      for (const record of page[kind] ?? []) incoming.push([kind, record]);
    }
  }
  await lists.load(incoming.map(([kind, record]) => refOf(kind, record)), pacing);
  for (let i = 0; i < incoming.length; i++) {
    const [kind, server] = incoming[i] as [SyncKind, SyncRecord];
    const local = lists.find(kind, server.id);
    if (serverCopyWins(resync && local ? { ...local, version: undefined } : local, server)) lists.place(kind, server);
    if (pacing?.due(i)) await pacing.pause();
  }
}

/** The rest of a merge's writes, after the lists': alerts, cursor, epoch and clock offset. */
async function finish(
  tx: StoreTransaction,
  changes: RecordChanges,
  last: Pick<DownloadAnswer, "globalAlerts" | "cursor" | "serverEpoch">,
  clockOffset: number | undefined,
): Promise<RecordChanges> {
  const kinds = new Set(changes.kinds);
  const alerts = await tx.get(ALERTS_KEY);
  if (last.globalAlerts && JSON.stringify(last.globalAlerts) !== JSON.stringify(alerts)) {
    tx.set(ALERTS_KEY, last.globalAlerts);
    // The whole list is replaced, not its records placed: readers read it again.
    kinds.add("globalAlerts");
  }
  tx.set(CURSOR_KEY, last.cursor);
  if (last.serverEpoch !== undefined) tx.set(SERVER_EPOCH_KEY, last.serverEpoch);
  if (clockOffset !== undefined) tx.set(CLOCK_OFFSET_KEY, clockOffset);
  return { ...changes, kinds };
}

/** A lists answer as the object answer it stands for: its records parsed, by kind. */
export function asDownloadAnswer({ groups, ...head }: ListsAnswer): DownloadAnswer {
  const page: DownloadAnswer = { ...head };
  for (const { kind: name, records } of groups) {
    const kind = recordKind(name);
    if (!kind) continue;
    const list = (page[kind] ??= []);
    for (const record of JSON.parse(records) as SyncRecord[]) list.push(record);
  }
  // Oldest first across the groups, as the object answer lists them: a record met again later wins.
  for (const kind of SYNC_KINDS) page[kind]?.sort((a, b) => Number(a.version ?? 0) - Number(b.version ?? 0));
  return page;
}

/**
 * A first download onto a store that holds no records: the server's lists answers kept as text
 * and saved as they came, each list the groups of its key joined, with the site index built from
 * the ids, rather than 100,000 records parsed, placed and copied (docs/web.md "First download").
 * Merged record by record instead ({@link mergePages}, over the pages parsed) when it cannot
 * be saved so: a record came down twice (changed, or moved site, between two pages), a group
 * names no site for a location-scoped kind, or a tab placed records since the download began.
 */
export class TextMerge {
  private readonly pages: ListsAnswer[] = [];
  /** Per list key, its groups' records, in order. */
  private readonly groups = new Map<string, string[]>();
  /** The site index's shards (id → site) by kind and by the two characters of the ids they hold. */
  private readonly shardsByPrefix = new Map<SyncKind, Map<number, { key: string; where: Record<string, string> }>>();
  /** The ids seen so far of each kind no site scopes: a scoped kind's are in its shards. */
  private readonly seen = new Map<SyncKind, Set<string>>();
  private readonly kinds = new Set<SyncKind>();
  /** Set when the text cannot be saved as it came (see the class's comment). */
  private oneByOne = false;
  records = 0;

  /**
   * `changeNumber`: the store's, read before the first page was asked for (0: it never held a
   * record); `partChars`: a list's groups are stored in parts of at least this many characters.
   */
  constructor(
    private readonly changeNumber: number,
    private readonly partChars = LIST_PART_CHARS,
  ) {}

  async add(page: DownloadAnswer | ListsAnswer): Promise<void> {
    if (!("groups" in page)) throw new Error("a download kept as text was sent an object answer");
    this.pages.push(page);
    // A page's groups put in the site index a few at a time: a page of 20,000 ids took 10–35 ms.
    const pacing = new Pacing();
    for (const { kind: name, locationId, ids, records } of page.groups) {
      if (pacing.spent()) await pacing.pause();
      const kind = recordKind(name);
      if (!kind) continue;
      const scoped = isLocationScoped(kind);
      if (scoped && !locationId) this.oneByOne = true;
      if (scoped) this.index(kind, ids, locationId);
      else this.see(kind, ids);
      const key = listKey(kind, locationId);
      const groups = this.groups.get(key);
      if (groups) groups.push(records);
      else this.groups.set(key, [records]);
      this.kinds.add(kind);
      this.records += ids.length;
    }
  }

  /** Puts a site's ids in the site index; an id already there came down twice. */
  private index(kind: SyncKind, ids: readonly string[], locationId: string): void {
    let shards = this.shardsByPrefix.get(kind);
    if (!shards) this.shardsByPrefix.set(kind, (shards = new Map()));
    for (const id of ids) {
      // A shard's key made once per two-character prefix, not once per id.
      const prefix = prefixOf(id);
      let shard = shards.get(prefix);
      if (!shard) shards.set(prefix, (shard = { key: whereKey(kind, id), where: {} }));
      if (Object.hasOwn(shard.where, id)) this.oneByOne = true;
      shard.where[id] = locationId;
    }
  }

  private see(kind: SyncKind, ids: readonly string[]): void {
    let seen = this.seen.get(kind);
    if (!seen) this.seen.set(kind, (seen = new Set()));
    for (const id of ids) {
      if (seen.has(id)) this.oneByOne = true;
      seen.add(id);
    }
  }

  /** Saves the lists, the index, the last page's cursor and the clock offset in one transaction. */
  save(store: KeyValueStore, clockOffset?: number): Promise<RecordChanges> {
    return store.update(async (tx) => {
      const last = this.pages.at(-1);
      if (!last) return { kinds: new Set(), records: [] };
      const number = (await tx.get<number>(CHANGE_NUMBER_KEY)) ?? 0;
      if (number !== this.changeNumber || this.oneByOne) {
        return mergePages(tx, this.pages.map(asDownloadAnswer), clockOffset);
      }
      const entries: [string, unknown][] = [];
      for (const [key, groups] of this.groups) for (const entry of listInParts(key, inParts(groups, this.partChars))) entries.push(entry);
      for (const shards of this.shardsByPrefix.values()) for (const { key, where } of shards.values()) entries.push([key, where]);
      const placed = entries.length > 0;
      if (placed) entries.push([CHANGE_NUMBER_KEY, number + 1]);
      await tx.setAll(entries);
      // No records to patch lists with: every kept list of these kinds is read again.
      return finish(tx, { kinds: this.kinds, records: [], number: placed ? number + 1 : undefined }, last, clockOffset);
    });
  }
}

/** The groups' texts joined into parts of at least `size` characters, the last perhaps shorter. */
export function inParts(groups: readonly string[], size: number): string[] {
  const parts: string[] = [];
  let from = 0;
  let length = 0;
  for (let i = 0; i < groups.length; i++) {
    length += (groups[i] as string).length;
    if (length < size && i < groups.length - 1) continue;
    parts.push(joined(groups.slice(from, i + 1)));
    from = i + 1;
    length = 0;
  }
  return parts;
}

/** JSON arrays' texts as the text of one array of all their items. */
function joined(arrays: readonly string[]): string {
  if (arrays.length === 1) return arrays[0] as string;
  const items = arrays.map((array) => array.slice(1, -1)).filter((inner) => inner.trim() !== "");
  return `[${items.join(",")}]`;
}
