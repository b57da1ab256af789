import { describe, expect, it } from "vitest";
import { localLocks } from "./locks";

describe("localLocks", () => {
  it("grants a lock to one holder at a time, in request order", async () => {
    const locks = localLocks();
    const order: string[] = [];
    const hold = (name: string) =>
      locks.request("sync", {}, async () => {
        order.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(`${name} out`);
      });
    await Promise.all([hold("a"), hold("b")]);
    expect(order).toEqual(["a in", "a out", "b in", "b out"]);
  });

  it("answers null at once with ifAvailable when the lock is held", async () => {
    const locks = localLocks();
    let seen: object | null | undefined;
    await locks.request("sync", {}, async () => {
      await locks.request("sync", { ifAvailable: true }, async (lock) => {
        seen = lock;
      });
    });
    expect(seen).toBeNull();
    expect(await locks.request("sync", { ifAvailable: true }, async (lock) => lock !== null)).toBe(true);
  });

  it("gives up waiting when the signal aborts", async () => {
    const locks = localLocks();
    let release = () => {};
    const held = locks.request("lead", {}, () => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const waiting = locks.request("lead", { signal: controller.signal }, async () => "granted");
    controller.abort();
    await expect(waiting).rejects.toThrow();
    release();
    await held;
    expect(await locks.request("lead", {}, async () => "free")).toBe("free");
  });
});
