/**
 * IndexedDB's requests and transactions as promises, and opening a database with its object
 * stores: what the record store (store.ts) and the image queue (images/queue.ts) share. Each
 * keeps its own database, name and version.
 */

/** The request's result, or its error. */
export function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Resolves when the transaction commits; rejects when it fails or aborts. */
export function completion(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error("transaction aborted"));
    tx.onerror = () => reject(tx.error ?? new Error("transaction failed"));
  });
}

/** Opens database `name` at `version`; `upgrade` creates the object stores it lacks. */
export function openDatabase(factory: IDBFactory, name: string, version: number, upgrade: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  const request = factory.open(name, version);
  request.onupgradeneeded = () => upgrade(request.result);
  return settled(request);
}
