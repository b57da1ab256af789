/**
 * One record from the offline store, re-read when its kind changes. Unlike `useRecords` it
 * tells "not read yet" from "not there", so a screen can say an item failed to load.
 */
import { useEffect, useState } from "react";
import type { SyncKind } from "../../../offline/kinds";
import { useSyncEngine } from "../../../offline/SyncProvider";

export type StoredRecord<T> = { loaded: false } | { loaded: true; record: T | undefined };

export function useStoredRecord<T>(kind: SyncKind, id: string, locationId?: string): StoredRecord<T> {
  const engine = useSyncEngine();
  const source = `${kind}:${locationId ?? "*"}:${id}`;
  const [read, setRead] = useState<{ source: string; record: T | undefined } | null>(null);

  useEffect(() => {
    let latest = 0;
    let mounted = true;
    const reread = () => {
      const ticket = ++latest;
      engine.get<T>(kind, id, locationId).then(
        (record) => {
          if (mounted && ticket === latest) setRead({ source, record });
        },
        (error: unknown) => {
          console.error(`Could not read ${source}`, error);
          if (mounted && ticket === latest) setRead({ source, record: undefined });
        },
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

  return read?.source === source ? { loaded: true, record: read.record } : { loaded: false };
}
