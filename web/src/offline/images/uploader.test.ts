import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import type { EvidenceFilesApi, EvidenceFolder, PutOutcome } from "../../api/evidenceFiles";
import { ApiError } from "../../api/types";
import type { Timers } from "../sync/environment";
import { type ImageQueue, openImageQueue } from "./queue";
import { type ImageUploader, createImageUploader, retryDelay } from "./uploader";

const name = (n: number) => `photos/${n.toString(16).padStart(32, "0")}.jpg`;
const jpeg = (text: string) => new Blob([text], { type: "image/jpeg" });

class FakeServer implements EvidenceFilesApi {
  stored = new Map<string, string>();
  puts: string[] = [];
  running = 0;
  mostAtOnce = 0;
  offline = false;
  /** Answers the next PUTs with these statuses instead of storing. */
  putAnswers: number[] = [];
  signError: ApiError | null = null;
  /** PUTs wait for this before answering. */
  gate: Promise<void> = Promise.resolve();

  async writeUrl(_folder: EvidenceFolder, fileName: string) {
    if (this.offline) throw new ApiError("offline", "Device is offline");
    if (this.signError) throw this.signError;
    return `https://files.example/${fileName}`;
  }

  async put(url: string, blob: Blob): Promise<PutOutcome> {
    const fileName = url.replace("https://files.example/", "");
    this.puts.push(fileName);
    this.running++;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    try {
      await this.gate;
      if (this.offline) return null;
      const forced = this.putAnswers.shift();
      if (forced) return { status: forced, message: `refused ${forced}` };
      if (this.stored.has(fileName)) return { status: 409, message: "FileExists" };
      this.stored.set(fileName, await blob.text());
      return { status: 200, message: "" };
    } finally {
      this.running--;
    }
  }

  async readBack(_folder: EvidenceFolder, fileName: string) {
    const text = this.stored.get(fileName);
    return text === undefined ? undefined : jpeg(text);
  }
}

class FakeTimers implements Timers {
  due: { at: number; run: () => void; handle: number }[] = [];
  private next = 0;
  constructor(private clock: { now: number }) {}
  setTimeout = (run: () => void, ms: number) => {
    const handle = ++this.next;
    this.due.push({ at: this.clock.now + ms, run, handle });
    return handle;
  };
  clearTimeout = (handle: unknown) => {
    this.due = this.due.filter((timer) => timer.handle !== handle);
  };
  setInterval = () => 0;
  clearInterval = () => {};
  /** Moves the clock on by `ms`, running what falls due. */
  advance(ms: number) {
    this.clock.now += ms;
    const ready = this.due.filter((timer) => timer.at <= this.clock.now);
    this.due = this.due.filter((timer) => timer.at > this.clock.now);
    for (const timer of ready) timer.run();
  }
}

const opened: { queue: ImageQueue; uploader: ImageUploader }[] = [];

function setup({ factory = new IDBFactory(), online = true } = {}) {
  const clock = { now: 1_000_000 };
  const timers = new FakeTimers(clock);
  const server = new FakeServer();
  const network = { state: online, listeners: new Set<(online: boolean) => void>() };
  const queue = openImageQueue({ indexedDB: factory, channel: null });
  const uploader = createImageUploader({
    queue,
    api: server,
    timers,
    now: () => clock.now,
    random: () => 0.999,
    log: () => {},
    network: {
      online: () => network.state,
      subscribe: (listener) => {
        network.listeners.add(listener);
        return () => network.listeners.delete(listener);
      },
    },
  });
  opened.push({ queue, uploader });
  const setOnline = (state: boolean) => {
    network.state = state;
    for (const listener of network.listeners) listener(state);
  };
  const keep = async (n: number, at = clock.now + n) => queue.keep({ fileName: name(n), folder: "photos", blob: jpeg(`photo ${n}`), thumbnail: jpeg(`thumb ${n}`) }, at);
  return { clock, timers, server, queue, uploader, setOnline, keep, factory };
}

afterEach(() => {
  for (const { queue, uploader } of opened.splice(0)) {
    uploader.stop();
    queue.close();
  }
});

describe("the image uploader", () => {
  it("sends the oldest first, three at a time, and drops only the bytes once confirmed", async () => {
    const { server, queue, uploader, keep } = setup();
    for (const n of [5, 1, 4, 2, 3, 7, 6]) await keep(n);
    let open!: () => void;
    server.gate = new Promise((resolve) => (open = resolve));
    uploader.start();
    await until(() => server.puts.length === 3);
    expect(server.puts).toEqual([name(1), name(2), name(3)]);
    open();
    await uploader.idle();
    expect(server.puts).toEqual([1, 2, 3, 4, 5, 6, 7].map(name));
    expect(server.mostAtOnce).toBe(3);
    expect(await queue.waitingCount()).toBe(0);
    expect(await queue.read(name(1))).toBeUndefined();
    expect(await (await queue.thumbnail(name(1)))?.text()).toBe("thumb 1");
    expect(server.stored.get(name(1))).toBe("photo 1");
  });

  it("sends photos kept in the same millisecond in the order they were kept", async () => {
    const { server, uploader, keep } = setup();
    // Names that sort the other way round, so only the kept order can give 3, 2, 1.
    for (const n of [3, 2, 1]) await keep(n, 1_000);
    uploader.start();
    await uploader.idle();
    expect(server.puts).toEqual([3, 2, 1].map(name));
  });

  it("waits while offline, keeps everything, and starts when the network comes back", async () => {
    const { server, queue, uploader, keep, setOnline } = setup({ online: false });
    await keep(1);
    uploader.start();
    await uploader.idle();
    expect(server.puts).toEqual([]);
    setOnline(true);
    await until(() => server.stored.size === 1);
    await uploader.idle();
    expect(await queue.waitingCount()).toBe(0);
  });

  it("keeps an image whose PUT got no answer, and sends it on the next kick", async () => {
    const { server, queue, uploader, keep } = setup();
    await keep(1);
    server.offline = true;
    uploader.start();
    await uploader.idle();
    expect(await (await queue.read(name(1)))?.blob.text()).toBe("photo 1");
    expect((await queue.entry(name(1)))?.attempts).toBe(0);
    server.offline = false;
    uploader.kick();
    await uploader.idle();
    expect(server.stored.get(name(1))).toBe("photo 1");
  });

  it("backs off after a failure: 1 s, then 2 s, with jitter", async () => {
    const { server, queue, uploader, keep, timers } = setup();
    await keep(1);
    server.putAnswers = [503, 503];
    uploader.start();
    await uploader.idle();
    expect(server.puts).toHaveLength(1);
    expect((await queue.entry(name(1)))?.state).toBe("waiting");
    timers.advance(998);
    await uploader.idle();
    expect(server.puts).toHaveLength(1);
    timers.advance(2);
    await until(() => server.puts.length === 2);
    await uploader.idle();
    timers.advance(1_998);
    await uploader.idle();
    expect(server.puts).toHaveLength(2);
    timers.advance(1);
    await until(() => server.puts.length === 3);
    await until(async () => (await queue.waitingCount()) === 0);
  });

  it("grows the wait to five minutes at most, never less than half of it", () => {
    expect(retryDelay(1, () => 0)).toBe(500);
    expect(retryDelay(1, () => 0.999)).toBe(1000);
    expect(retryDelay(4, () => 0.5)).toBe(6000);
    expect(retryDelay(30, () => 0)).toBe(150_000);
  });

  it("takes a 409 as confirmed when the stored bytes are ours", async () => {
    const { server, queue, uploader, keep } = setup();
    await keep(1);
    server.stored.set(name(1), "photo 1");
    uploader.start();
    await uploader.idle();
    expect(await queue.waitingCount()).toBe(0);
    expect(await queue.read(name(1))).toBeUndefined();
  });

  it("keeps the image and says why when other bytes are stored under its name", async () => {
    const { server, queue, uploader, keep } = setup();
    await keep(1);
    server.stored.set(name(1), "someone else's");
    uploader.start();
    await uploader.idle();
    const entry = await queue.entry(name(1));
    expect(entry).toMatchObject({ state: "failed", problem: "The server already has a different image under this photo's name." });
    expect(await (await queue.read(name(1)))?.blob.text()).toBe("photo 1");
    expect(await queue.waitingCount()).toBe(1);
  });

  it("does not retry a refusal (403 on the link, 400 on the PUT), and keeps the image", async () => {
    const { server, queue, uploader, keep, timers } = setup();
    await keep(1);
    await keep(2);
    server.signError = new ApiError("api", "You need the DEFICIENCY_WRITE permission", 403);
    uploader.start();
    await until(async () => (await queue.entry(name(1)))?.state === "failed");
    await uploader.idle();
    expect((await queue.entry(name(1)))?.problem).toBe("You need the DEFICIENCY_WRITE permission");
    server.signError = null;
    server.putAnswers = [400];
    await queue.settle(name(2), { state: "waiting", attempts: 0, nextTryAt: 0 });
    await uploader.idle();
    expect(await queue.entry(name(2))).toMatchObject({ state: "failed", problem: "refused 400" });
    timers.advance(3_600_000);
    await uploader.idle();
    expect(server.puts).toEqual([name(2)]);
    expect(await queue.read(name(1))).toBeDefined();
  });

  it("gives a refused image one more try when the app starts again", async () => {
    const first = setup();
    await first.keep(1);
    first.server.signError = new ApiError("api", "You need the DEFICIENCY_WRITE permission", 403);
    first.uploader.start();
    await until(async () => (await first.queue.entry(name(1)))?.state === "failed");
    first.uploader.stop();
    first.queue.close();
    const again = setup({ factory: first.factory });
    again.uploader.start();
    await until(() => again.server.stored.size === 1);
    await again.uploader.idle();
    expect(await again.queue.waitingCount()).toBe(0);
  });

  it("keeps waiting images across a reopen of the database", async () => {
    const first = setup({ online: false });
    await first.keep(1);
    await first.keep(2);
    first.queue.close();
    const again = setup({ factory: first.factory });
    expect((await again.queue.entries()).map((entry) => entry.fileName)).toEqual([name(1), name(2)]);
    again.uploader.start();
    await until(() => again.server.stored.size === 2);
    await again.uploader.idle();
    expect(await again.queue.waitingCount()).toBe(0);
  });
});

async function until(done: () => boolean | Promise<boolean>, ms = 3_000) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
