import { describe, expect, it } from "vitest";
import type { Network } from "./environment";
import type { Locks } from "./locks";
import { SyncRuns } from "./runs";
import type { SyncInfo, SyncState } from "./status";
import type { StatusBoard } from "./statusBoard";

/**
 * Sync runs over steps that only count, a lock always granted, and a board that keeps its
 * states. The first upload waits for `release`.
 */
function runs({ failDownload = false, restored = false, failUploadAfter = Infinity } = {}) {
  const done = { uploads: 0, downloads: 0, states: [] as SyncState[], logged: [] as unknown[], saved: [] as SyncInfo[] };
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const board = {
    reachable: true,
    setState: (state: SyncState) => done.states.push(state),
    saveInfo: async (patch: SyncInfo) => void done.saved.push(patch),
  } as unknown as StatusBoard;
  const locks: Locks = { request: (_name, _options, work) => work({}) };
  const network = { online: () => true } as Network;
  const sync = new SyncRuns({
    board,
    locks,
    network,
    log: (error) => done.logged.push(error),
    steps: {
      upload: async () => {
        if (done.uploads++ === 0) await gate;
        if (done.uploads > failUploadAfter) throw new Error("the server went away");
      },
      download: async () => {
        done.downloads++;
        if (failDownload) throw new Error("the server went away");
        return { restored, at: `download ${done.downloads}` };
      },
    },
    succeeded: () => undefined,
    failed: () => undefined,
  });
  /** Starts the first run, an upload held until `release`, so what is asked next queues after it. */
  const hold = async (): Promise<{ first: Promise<void> }> => {
    const first = sync.enqueue(true, false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { first };
  };
  return { sync, done, release, hold };
}

const behind = (answer: boolean) => async () => answer;

describe("sync runs: a download wanted only while still behind", () => {
  it("is skipped when the check says the runs before brought it down, the status untouched", async () => {
    const { sync, done } = runs();
    await sync.enqueue(false, true, false, behind(false));
    expect(done).toMatchObject({ uploads: 0, downloads: 0, states: [] });
  });

  it("is made when the check says the device is still behind", async () => {
    const { sync, done } = runs();
    await sync.enqueue(false, true, false, behind(true));
    expect(done).toMatchObject({ uploads: 0, downloads: 1, states: ["syncing", "upToDate"] });
  });

  it("is made when the check fails, and the failure is logged", async () => {
    const { sync, done } = runs();
    await sync.enqueue(false, true, false, () => Promise.reject(new Error("store closed")));
    expect(done.downloads).toBe(1);
    expect(done.logged).toHaveLength(1);
  });

  it("keeps its condition when an upload joins it: the upload runs, the download is skipped", async () => {
    const { sync, done, release, hold } = runs();
    const { first } = await hold();
    const joined = [sync.enqueue(false, true, false, behind(false)), sync.enqueue(true, false)];
    release();
    await Promise.all([first, ...joined]);
    expect(done).toMatchObject({ uploads: 2, downloads: 0 });
    expect(done.states.at(-1)).toBe("upToDate");
  });

  it("loses its condition when a download of its own joins it (Sync Now, the periodic sync)", async () => {
    for (const [conditionFirst, ifAvailable] of [[true, false], [false, true]] as const) {
      const { sync, done, release, hold } = runs();
      const { first } = await hold();
      const requests = [() => sync.enqueue(false, true, false, behind(false)), () => sync.enqueue(true, true, ifAvailable)];
      const joined = (conditionFirst ? requests : requests.reverse()).map((ask) => ask());
      release();
      await Promise.all([first, ...joined]);
      expect(done.downloads).toBe(1);
    }
  });

  it("asks only the latest condition of the notices joined, once", async () => {
    const { sync, done, release, hold } = runs();
    const asked: number[] = [];
    const { first } = await hold();
    const joined = [1, 2, 3].map((n) => sync.enqueue(false, true, false, async () => (asked.push(n), n === 3)));
    release();
    await Promise.all([first, ...joined]);
    expect(asked).toEqual([3]);
    expect(done.downloads).toBe(1);
  });
});

describe("sync runs: the sync info", () => {
  it("is saved once as a run ends, with when its download ended and how the run went", async () => {
    const { sync, done, release } = runs();
    release();
    await sync.enqueue(true, true);
    expect(done.saved).toEqual([{ lastSuccessfulDownloadDate: "download 1", lastTrySuccessStatus: "yes", failureReason: undefined }]);
  });

  it("keeps a download that succeeded when the upload after a restore fails", async () => {
    const { sync, done, release } = runs({ restored: true, failUploadAfter: 1 });
    release();
    await sync.enqueue(true, true);
    expect(done.uploads).toBe(2);
    expect(done.saved).toEqual([{ lastSuccessfulDownloadDate: "download 1", lastTrySuccessStatus: "no", failureReason: "the server went away" }]);
    expect(done.states.at(-1)).toBe("error");
  });

  it("says nothing of a download when the download failed", async () => {
    const { sync, done, release } = runs({ failDownload: true });
    release();
    await sync.enqueue(true, true);
    expect(done.saved).toEqual([{ lastTrySuccessStatus: "no", failureReason: "the server went away" }]);
  });
});
