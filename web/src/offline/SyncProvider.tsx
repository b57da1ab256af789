/**
 * The sync engine for React: the provider runs it while mounted, and screens read through
 * hooks that re-read the store whenever records of their kind change, here or in another tab.
 */
import { type ReactNode, createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { ImageUploader } from "./images/uploader";
import type { SyncKind } from "./kinds";
import type { SyncRecord } from "../domain/syncRecord";
import type { SyncEngine } from "./sync/engine";
import type { SyncStatus } from "./sync/status";

const EngineContext = createContext<SyncEngine | null>(null);
const ImagesContext = createContext<ImageUploader | null>(null);

/**
 * Starts `engine` on mount and stops it on unmount; make a new engine per signed-in organisation.
 * The `images` uploader runs beside it: whenever the browser comes online, an image is kept, or
 * a sync run has succeeded (the server answers), never holding up the records' own sync.
 */
export function SyncProvider({ engine, images, children }: { engine: SyncEngine; images?: ImageUploader; children: ReactNode }) {
  useEffect(() => {
    engine.start();
    return () => engine.stop();
  }, [engine]);
  useEffect(() => {
    if (!images) return undefined;
    images.start();
    const stop = engine.subscribe((status) => {
      if (status.online && status.state === "upToDate") images.kick();
    });
    return () => {
      stop();
      images.stop();
    };
  }, [engine, images]);
  return (
    <EngineContext.Provider value={engine}>
      <ImagesContext.Provider value={images ?? null}>{children}</ImagesContext.Provider>
    </EngineContext.Provider>
  );
}

/** The uploader of waiting images, when this session runs one. */
export function useImageUploader(): ImageUploader | null {
  return useContext(ImagesContext);
}

export function useSyncEngine(): SyncEngine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error("useSyncEngine outside SyncProvider");
  return engine;
}

/**
 * The sync status, or with `part` one part of it (a value, or an object the status keeps until
 * it changes): the screen renders again only when that part changes. The store hook renders at
 * once and whole, so a screen that shows only the state does not render for a clock offset.
 */
export function useSyncStatus(): SyncStatus;
export function useSyncStatus<T>(part: (status: SyncStatus) => T): T;
export function useSyncStatus<T>(part?: (status: SyncStatus) => T): T | SyncStatus {
  const engine = useSyncEngine();
  return useSyncExternalStore(engine.subscribe, () => (part ? part(engine.status()) : engine.status()));
}

const NONE: never[] = [];

/**
 * The kind's records that are not deleted (one site's with `locationId`), re-read when that
 * kind changes; undefined until the first read has finished, so a screen can tell "not on
 * this device" from "not read yet". The same array until the records change. With `wait`,
 * nothing is read yet (a screen reads what it paints first before what can follow).
 */
export function useLoadedRecords<T = SyncRecord>(kind: SyncKind, locationId?: string, wait = false): T[] | undefined {
  const engine = useSyncEngine();
  const source = `${kind}:${locationId ?? "*"}`;
  const [read, setRead] = useState<{ source: string; records: T[] } | null>(null);
  // The read starts while rendering, not after the paint that runs effects: the engine keeps
  // the answer, which the effect below then takes.
  useMemo(() => wait || void engine.list(kind, locationId).catch(() => undefined), [engine, kind, locationId, wait]);

  useEffect(() => {
    if (wait) return undefined;
    let latest = 0;
    let mounted = true;
    const reread = () => {
      // Only the latest read counts: an earlier one may finish after it.
      const ticket = ++latest;
      engine.list<T>(kind, locationId).then(
        (records) => {
          if (mounted && ticket === latest) setRead({ source, records });
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
  }, [engine, kind, locationId, source, wait]);

  // Until this screen's own read answers, a list already read for another screen will do.
  return read?.source === source ? read.records : engine.cached<T>(kind, locationId);
}

/** As `useLoadedRecords`, but empty until the first read. */
export function useRecords<T = SyncRecord>(kind: SyncKind, locationId?: string, wait = false): T[] {
  return useLoadedRecords<T>(kind, locationId, wait) ?? NONE;
}
