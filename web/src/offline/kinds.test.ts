import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SYNC_KINDS, isLocationScoped, isUploadKind } from "./kinds";

// The Rust list is the source of truth; read it rather than copy it.
const rust = readFileSync(new URL("../../../crates/domain/src/sync_kind.rs", import.meta.url), "utf8");

function body(of: string): string {
  const start = rust.indexOf(of);
  return rust.slice(start, rust.indexOf("\n    }\n", start));
}

describe("sync kinds", () => {
  it("are the server's, in its order", () => {
    const keys = [...body("pub fn key(self)").matchAll(/=> "(\w+)"/g)].map((m) => m[1]);
    expect(SYNC_KINDS).toEqual(keys);
  });

  it("are location-scoped where the server says", () => {
    const variant = (kind: string) => kind[0]?.toUpperCase() + kind.slice(1);
    const scoped = new Set([...body("pub fn location_scoped(self)").matchAll(/SyncKind::(\w+)/g)].map((m) => m[1]));
    for (const kind of SYNC_KINDS) expect(isLocationScoped(kind), kind).toBe(scoped.has(variant(kind)));
  });

  it("can all be uploaded but global alerts", () => {
    expect(SYNC_KINDS.filter((kind) => !isUploadKind(kind))).toEqual(["globalAlerts"]);
  });
});
