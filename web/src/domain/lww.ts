// Last-writer-wins (spec §4), the server's side as the device needs it: the stamp a write is
// kept under. The twin of crates/domain/src/lww.rs; both run the vectors of testdata/lww/.
// Which copy a download keeps is `serverCopyWins` in ../offline/records.ts.

/** How far ahead of the server's clock a stamp may be and still be kept as sent. */
export const MAX_AHEAD_MS = 5 * 60 * 1000;

export interface ReceivedStamp {
  /** The stamp the server keeps. */
  stored: string;
  /** Whether that is the time of receipt rather than the stamp sent. */
  restamped: boolean;
}

/**
 * The stamp a write sent with `sent` is kept under when it reaches the server at `serverNow`:
 * as sent, unless it is more than {@link MAX_AHEAD_MS} ahead; then the time of receipt, so a
 * device whose clock runs ahead cannot stamp writes that outrank every later real edit.
 */
export function stampOnReceipt(sent: string, serverNow: string): ReceivedStamp {
  const [ahead, now] = [Date.parse(sent), Date.parse(serverNow)];
  if (ahead - now > MAX_AHEAD_MS) return { stored: new Date(now).toISOString(), restamped: true };
  return { stored: sent, restamped: false };
}
