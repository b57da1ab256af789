// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { imageQueue } from "../offline/images";
import { ORG, closeHarnesses, renderScreen } from "../test/renderScreen";
import { PhotoField } from "./PhotoField";
import { freshImageQueueEachTest } from "../test/imageQueue";

vi.mock("./photos", async (original) => ({
  ...(await original<typeof import("./photos")>()),
  preparePhoto: vi.fn(async (file: File) => {
    if (file.type === "text/plain") throw new Error("not an image");
    return { blob: new Blob([`big ${file.name}`], { type: "image/jpeg" }), thumbnail: new Blob([`small ${file.name}`], { type: "image/jpeg" }) };
  }),
}));

// Each test renders a signed-in screen over fake-indexeddb: slow on a busy machine.
vi.setConfig({ testTimeout: 15_000 });

const SIGN = `POST /api/organizations/${ORG}/signed-urls`;
const seen: string[][] = [];

function Record({ initial = [] as string[], max }: { initial?: string[]; max?: number }) {
  const [photos, setPhotos] = useState(initial);
  return (
    <>
      <PhotoField
        label="Photos"
        photos={photos}
        max={max}
        onChange={(next) => {
          seen.push(next);
          setPhotos(next);
        }}
      />
      <output aria-label="names">{photos.join(",")}</output>
    </>
  );
}

function jpeg(name: string): File {
  return new File(["x"], name, { type: "image/jpeg" });
}

async function show(element: React.ReactElement, http = {}) {
  await renderScreen({ path: "/", routes: [{ path: "/", element }], http });
}

function storageLeft(free: number, quota = 64 * 1024 * 1024 * 1024) {
  Object.defineProperty(navigator, "storage", {
    configurable: true,
    value: { estimate: async () => ({ quota, usage: quota - free }), persist: async () => true },
  });
}

freshImageQueueEachTest();

beforeEach(() => {
  seen.length = 0;
  storageLeft(10 * 1024 * 1024 * 1024);
});

afterEach(() => {
  cleanup();
  closeHarnesses();
  vi.unstubAllGlobals();
});

describe("PhotoField", () => {
  it("keeps each chosen photo on the device and names it on the record at once", async () => {
    await show(<Record />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.getAttribute("capture")).toBe("environment");
    expect(input.multiple).toBe(true);
    await userEvent.upload(input, [jpeg("a.jpg"), jpeg("b.jpg"), jpeg("c.jpg")]);

    await waitFor(() => expect(screen.getAllByRole("img")).toHaveLength(3));
    expect(screen.getByRole("img", { name: "Photo 3" })).toBeTruthy();
    const names = seen.at(-1)!;
    expect(names).toHaveLength(3);
    for (const name of names) expect(name).toMatch(/^photos\/[0-9a-f]{32}\.jpg$/);
    expect(await imageQueue().waitingCount()).toBe(3);
    // jsdom's Blobs do not survive fake-indexeddb's cloning; the queue's own tests check the bytes.
    expect((await imageQueue().entries()).map((entry) => entry.fileName)).toEqual(names);
  });

  it("holds at most the limit, and says so", async () => {
    await show(<Record max={3} initial={[]} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, [jpeg("a.jpg"), jpeg("b.jpg"), jpeg("c.jpg"), jpeg("d.jpg"), jpeg("e.jpg")]);
    await screen.findByText("A record holds at most 3 photos: 2 not added.");
    expect(seen.at(-1)).toHaveLength(3);
    expect(screen.getByText("A record holds at most 3 photos.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Add Photos" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("removes a photo by its number", async () => {
    await show(<Record />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, [jpeg("a.jpg"), jpeg("b.jpg")]);
    await waitFor(() => expect(screen.getAllByRole("img")).toHaveLength(2));
    const [first, second] = seen.at(-1)!;
    await userEvent.click(screen.getByRole("button", { name: "Remove photo 1" }));
    await waitFor(() => expect(screen.getByLabelText("names").textContent).toBe(second));
    expect(first).not.toBe(second);
  });

  it("says a file it cannot read is not an image, and keeps the others", async () => {
    await show(<Record />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, [jpeg("a.jpg"), new File(["x"], "notes.txt", { type: "text/plain" })], { applyAccept: false });
    await screen.findByText("This file is not an image this device can read.");
    expect(seen.at(-1)).toHaveLength(1);
  });

  it("does not open the camera when the device is short of storage", async () => {
    storageLeft(20 * 1024 * 1024);
    await show(<Record />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const click = vi.spyOn(input, "click");
    await userEvent.click(screen.getByRole("button", { name: "Add Photos" }));
    await screen.findByText("This device is running out of storage: free some space before taking photos");
    expect(click).not.toHaveBeenCalled();
  });

  it("opens the camera when enough is free", async () => {
    await show(<Record />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const click = vi.spyOn(input, "click");
    await userEvent.click(screen.getByRole("button", { name: "Add Photos" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
  });

  it("says a photo another device took has not been uploaded yet", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(null, { status: 404 })));
    await show(<Record initial={["photos/0123456789abcdef0123456789abcdef.jpg"]} />, {
      [SIGN]: { status: 200, body: { url: "https://files.example/x", fileName: "photos/0123456789abcdef0123456789abcdef.jpg" } },
    });
    await screen.findByText("Photo not yet uploaded");
  });
});
