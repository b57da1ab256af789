/**
 * One record from the offline store, re-read when records of its kind change. Unlike
 * `useRecords` it tells "not read yet" from "not there", so a screen can say an item failed
 * to load. A read that fails counts as "not there". Without an id there is nothing to read:
 * the answer is "not there" at once.
 */
import { useEffect, useState } from "react";
import { type SyncKind, isLocationScoped } from "./kinds";
import { useSyncEngine } from "./SyncProvider";

export type StoredRecord<T> = { loaded: false; record?: undefined } | { loaded: true; record: T | undefined };

export function useStoredRecord<T>(kind: SyncKind, id: string | undefined, locationId?: string): StoredRecord<T> {
  const engine = useSyncEngine();
  const source = `${kind}:${locationId ?? "*"}:${id ?? ""}`;
  const [read, setRead] = useState<{ source: string; record: T | undefined } | null>(null);

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

  if (!id) return { loaded: true, record: undefined };
  if (read?.source === source) return { loaded: true, record: read.record };
  // Until the read answers, a whole list already read for another screen will do.
  const list = isLocationScoped(kind) && locationId === undefined ? undefined : engine.cached<T & { id: string }>(kind, locationId);
  return list ? { loaded: true, record: list.find((record) => record.id === id) } : { loaded: false };
}
