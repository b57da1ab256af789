/**
 * One record from the offline store, and whether the store has answered yet: a screen can
 * tell "still loading" from "not on this device" (for 'Current equipment failed to load').
 * Re-read when records of the kind change.
 */
import { useEffect, useState } from "react";
import type { SyncKind } from "../../../offline/kinds";
import { useSyncEngine } from "../../../offline/SyncProvider";

export function useStoredRecord<T>(kind: SyncKind, id: string | undefined, locationId?: string): { loaded: boolean; record: T | undefined } {
  const engine = useSyncEngine();
  const source = `${kind}:${locationId ?? "*"}:${id ?? ""}`;
  const [read, setRead] = useState<{ source: string; record: T | undefined }>({ source: "", record: undefined });

  useEffect(() => {
    if (!id) return undefined;
    let latest = 0;
    let mounted = true;
    const reread = () => {
      const ticket = ++latest;
      engine.get<T>(kind, id, locationId).then(
        (record) => {
          if (mounted && ticket === latest) setRead({ source, record });
        },
        (error: unknown) => console.error(`Could not read ${source}`, error),
      );
    };
    reread();
    const stop = engine.onRecordsChanged((kinds) => {
      if (kinds.has(kind)) reread();
    });
    return () => {
      mounted = false;
      stop();
    };
  }, [engine, kind, id, locationId, source]);

  const loaded = read.source === source;
  return { loaded, record: loaded ? read.record : undefined };
}
