/**
 * Reading a lists answer (docs/sync.md "Lists answer"): its first line is the page's head
 * (cursor, epoch, alerts, how many records follow), then each group is a line naming it and a
 * line with its records, which stay text. The records are not parsed, so an answer cut short
 * is told by its last line break and its count: stored, a cut list would fail every read.
 */
import type { ListsAnswer, ListsGroup, ListsHead } from "./api";
import { Pacing } from "./pacing";

const CUT_SHORT = "the lists answer was cut short";

/**
 * Takes an answer's text piece by piece, as it comes down, and places each line as soon as it
 * has ended: a page of megabytes is never joined whole nor split in one stretch of the page's
 * thread (that stretch, 15–20 ms a page, held up the keystrokes typed during a download).
 */
export class ListsAnswerReader {
  /** The pieces of the line not ended yet. */
  private unfinished: string[] = [];
  private head: ListsHead | undefined;
  /** The group whose records line comes next. */
  private named: Omit<ListsGroup, "records"> | undefined;
  private readonly groups: ListsGroup[] = [];
  private count = 0;

  /** `onHead` hears the head, parsed, as soon as its line has come. */
  constructor(private readonly onHead?: (head: ListsHead) => void) {}

  push(piece: string): void {
    let from = 0;
    for (let end = piece.indexOf("\n"); end !== -1; end = piece.indexOf("\n", from)) {
      const tail = piece.slice(from, end);
      const line = this.unfinished.length === 0 ? tail : this.unfinished.join("") + tail;
      this.unfinished = [];
      this.place(line);
      from = end + 1;
    }
    if (from < piece.length) this.unfinished.push(piece.slice(from));
  }

  /** The whole answer, once its text has all come; fails when it was cut short. */
  end(): ListsAnswer {
    if (this.unfinished.length > 0 || this.head === undefined || this.named !== undefined || this.count !== this.head.recordCount) throw new Error(CUT_SHORT);
    return { ...this.head, groups: this.groups };
  }

  private place(line: string): void {
    if (this.head === undefined) {
      this.head = objectOf(line, "head") as ListsHead;
      this.onHead?.(this.head);
    } else if (this.named === undefined) {
      this.named = objectOf(line, "group") as Omit<ListsGroup, "records">;
    } else {
      const { kind, locationId, ids } = this.named;
      if (!line.startsWith("[") || !line.endsWith("]")) throw new Error(`the lists answer's ${kind} records are not a list`);
      this.groups.push({ kind, locationId, ids, records: line });
      this.count += ids.length;
      this.named = undefined;
    }
  }
}

/** A line that must be a JSON object (the head, a group's name). */
function objectOf(line: string, what: string): object {
  const value: unknown = JSON.parse(line);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`the lists answer's ${what} is not an object`);
  return value;
}

/** Reads a lists answer whole from its text. */
export function parseListsAnswer(text: string): ListsAnswer {
  const reader = new ListsAnswerReader();
  reader.push(text);
  return reader.end();
}

/**
 * Reads a lists answer from the response's body as it comes down; `onHead` hears its head as
 * soon as that has come. Read in slices: the chunks already come down are handed over without
 * a turn of the page's loop, so the page gives way between them once a slice has run its time.
 */
export async function readListsAnswer(response: Response, onHead?: (head: ListsHead) => void, pacing = new Pacing()): Promise<ListsAnswer> {
  const reader = new ListsAnswerReader(onHead);
  if (!response.body) {
    reader.push(await response.text());
    return reader.end();
  }
  const body = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      if (pacing.spent()) await pacing.pause();
      const { done, value } = await body.read();
      if (done) break;
      reader.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    // A line refused partway: the rest of the answer is not wanted.
    body.cancel().catch(() => undefined);
    throw error;
  }
  reader.push(decoder.decode());
  return reader.end();
}
