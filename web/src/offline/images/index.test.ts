// @vitest-environment jsdom
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { claimImages, imageQueue, keepImage, replaceImageQueue } from "./index";
import { openImageQueue } from "./queue";

afterEach(() => {
  replaceImageQueue(null);
  localStorage.clear();
});

describe("the device's image queue", () => {
  it("belongs to one organisation: another's sign-in deletes the previous one's images first", async () => {
    replaceImageQueue(openImageQueue({ indexedDB: new IDBFactory(), channel: null }));
    await claimImages("org-a");
    await keepImage({ fileName: `photos/${"1".repeat(32)}.jpg`, folder: "photos", blob: new Blob(["x"]) });
    await claimImages("org-a");
    expect(await imageQueue().waitingCount()).toBe(1);
    await claimImages("org-b");
    expect(await imageQueue().waitingCount()).toBe(0);
  });
});
