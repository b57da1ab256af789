/**
 * A kind's records like `useRecords`, but undefined until the first read has finished, so a
 * screen can tell "not on this device" from "not read yet" and never flashes a wrong answer.
 */
import { useEffect, useState } from "react";
import type { SyncKind } from "../../offline/kinds";
import { useSyncEngine } from "../../offline/SyncProvider";

export function useLoadedRecords<T>(kind: SyncKind): T[] | undefined {
  const engine = useSyncEngine();
  const [read, setRead] = useState<{ kind: SyncKind; records: T[] } | null>(null);
  useEffect(() => {
    let latest = 0;
    let mounted = true;
    const reread = () => {
      const ticket = ++latest;
      engine.list<T>(kind).then(
        (records) => mounted && ticket === latest && setRead({ kind, records }),
        (error: unknown) => console.error(`Could not read ${kind}`, error),
      );
    };
    reread();
    const stop = engine.onRecordsChanged((kinds) => kinds.has(kind) && reread());
    return () => {
      mounted = false;
      stop();
    };
  }, [engine, kind]);
  return read?.kind === kind ? read.records : undefined;
}
