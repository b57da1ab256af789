// Record ids (spec §3): 32 lower-case hex characters, generated on the device so that a
// record made offline has its final id at once. The server checks the shape.

/** A new random record id. */
export function newId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The composite id of a performed service or a location override (§3). */
export function compositeId(ownerId: string, serviceTypeId: string): string {
  return `${ownerId}-${serviceTypeId}`;
}
