/**
 * The device's store belongs to one organisation at a time. When someone of another
 * organisation signs in on this device, the previous organisation's records are cleared
 * before anything is read or written (they could not be uploaded by this user anyway, and
 * must not show). Every store call waits for that check.
 */
import type { KeyValueStore } from "../offline/store";

export const OWNER_KEY = "session:orgId";

export function ownStore(store: KeyValueStore, orgId: string): KeyValueStore {
  const ready = (async () => {
    const owner = await store.get<string>(OWNER_KEY);
    if (owner !== orgId) {
      if (owner !== undefined) await store.clear();
      await store.set(OWNER_KEY, orgId);
    }
  })();
  const after =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await ready;
      return call(...args);
    };
  return {
    get: after((key: string) => store.get(key)),
    getMany: after((keys: readonly string[]) => store.getMany(keys)),
    keys: after(() => store.keys()),
    set: after((key: string, value: unknown) => store.set(key, value)),
    setMany: after((entries: Iterable<readonly [string, unknown]>) => store.setMany(entries)),
    clear: after(() => store.clear()),
    readList: after((keys: readonly string[]) => store.readList(keys)),
    update: after((work) => store.update(work)),
    destroy: after(() => store.destroy()),
    close: () => store.close(),
  } as KeyValueStore;
}
