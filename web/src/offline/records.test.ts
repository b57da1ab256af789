import { describe, expect, it } from "vitest";
import { vectors } from "../domain/testdata";
import { serverCopyWins } from "./records";
import type { SyncRecord } from "../domain/syncRecord";

const copy = (lastUpdated: string, fields: Partial<SyncRecord> = {}): SyncRecord => ({ id: "a", lastUpdated, ...fields });

describe("which copy a download keeps", () => {
  it("takes a record it does not have", () => {
    expect(serverCopyWins(undefined, copy("2026-11-22T10:00:00.000Z"))).toBe(true);
  });

  it("takes a newer server copy and leaves an older one", () => {
    const local = copy("2026-11-22T10:00:00.000Z", { version: 1 });
    expect(serverCopyWins(local, copy("2026-11-22T10:00:00.001Z", { version: 2 }))).toBe(true);
    expect(serverCopyWins(local, copy("2026-11-22T09:59:59.999Z", { version: 2 }))).toBe(false);
  });

  it("compares instants, not text", () => {
    expect(serverCopyWins(copy("2026-11-22T11:00:00+01:00"), copy("2026-11-22T10:00:00.001Z"))).toBe(true);
  });

  it("with equal stamps, takes the copy the server stored later", () => {
    const local = copy("2026-11-22T10:00:00.000Z", { version: 1 });
    expect(serverCopyWins(local, copy("2026-11-22T10:00:00.000Z", { version: 2 }))).toBe(true);
    expect(serverCopyWins(local, copy("2026-11-22T10:00:00.000Z", { version: 1 }))).toBe(false);
  });

  it("keeps a local change waiting to upload, even against a newer copy", () => {
    const local = copy("2026-11-22T10:00:00.000Z", { hasBeenChangedLocally: true });
    expect(serverCopyWins(local, copy("2026-11-22T11:00:00.000Z", { version: 9 }))).toBe(false);
  });

  it("takes a tombstone over anything, but not the same tombstone again", () => {
    const tombstone = copy("2026-11-22T09:00:00.000Z", { deleted: true, version: 3 });
    expect(serverCopyWins(copy("2026-11-22T10:00:00.000Z", { hasBeenChangedLocally: true }), tombstone)).toBe(true);
    expect(serverCopyWins(copy("2026-11-22T10:00:00.000Z", { version: 2 }), tombstone)).toBe(true);
    expect(serverCopyWins({ ...tombstone }, tombstone)).toBe(false);
  });
});

interface Copy {
  lastUpdated: string;
  deleted?: boolean;
  version?: number;
  pending?: boolean;
  data: Record<string, unknown>;
}

/** A copy of the shared vectors as the local store keeps it. */
function stored(copy: Copy): SyncRecord {
  const record: SyncRecord = { ...copy.data, id: "a", lastUpdated: copy.lastUpdated };
  if (copy.deleted) record.deleted = true;
  if (copy.version !== undefined) record.version = copy.version;
  if (copy.pending) record.hasBeenChangedLocally = true;
  return record;
}

describe("which copy a download keeps (testdata/lww/copies.json)", () => {
  const cases = vectors("lww").filter((c) => c.name.startsWith("copies:") && (c.expected as { client?: boolean }).client !== undefined);

  it("has the shared cases", () => expect(cases.length).toBeGreaterThan(0));

  it.each(cases)("$name", ({ input, expected }) => {
    const { held, arriving } = input as { held?: Copy; arriving: Copy };
    expect(serverCopyWins(held && stored(held), stored(arriving))).toBe((expected as { client: boolean }).client);
  });
});
