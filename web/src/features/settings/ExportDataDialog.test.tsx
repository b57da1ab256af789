// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureDownloads, type Downloads } from "../../test/downloads";
import { ORG, closeHarnesses, renderScreen } from "../../test/renderScreen";
import { ExportDataDialog, progressText } from "./ExportDataDialog";

vi.setConfig({ testTimeout: 30_000 });

let downloads: Downloads;
beforeEach(() => {
  downloads = captureDownloads();
});
afterEach(() => {
  cleanup();
  closeHarnesses();
  vi.restoreAllMocks();
});

const EXPORT = `GET /api/organizations/${ORG}/export`;
const NAME = "Acme Fire - Export - 2026-11-26.json";

/** An export streamed in two parts, the second held back until `finish` is called. */
function heldStream() {
  let finish = () => {};
  const held = new Promise<void>((resolve) => (finish = resolve));
  const respond = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(`{"organization":${"x".repeat(70_000)}`));
          await held;
          controller.enqueue(new TextEncoder().encode("}"));
          controller.close();
        },
      }),
      { status: 200, headers: { "Content-Type": "application/json", "Content-Disposition": `attachment; filename="${NAME}"` } },
    );
  return { respond, finish: () => finish() };
}

async function open(http: Parameters<typeof renderScreen>[0]["http"]) {
  const onClose = vi.fn();
  await renderScreen({ path: "/export", routes: [{ path: "/export", element: <ExportDataDialog onClose={onClose} /> }], http });
  return onClose;
}

describe("Export Data", () => {
  it("shows the bytes received while the export streams, then saves it under the server's name", async () => {
    const stream = heldStream();
    const onClose = await open({ [EXPORT]: stream.respond });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Download" }));
    expect(await screen.findByText("70 KB received")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Export Data" })).toBeTruthy();
    expect(downloads.saved).toEqual([]);
    stream.finish();
    await waitFor(() => expect(downloads.saved).toEqual([NAME]));
    expect(onClose).toHaveBeenCalled();
  });

  it("says why when the server refuses, and offers Try Again", async () => {
    await open({ [EXPORT]: { status: 403, body: { code: "Forbidden", message: "You do not have permission to do this", contextId: "c9" } } });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Download" }));
    expect(await screen.findByText("The data could not be exported: You do not have permission to do this (c9)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
    expect(downloads.saved).toEqual([]);
  });

  it("gives a percentage when the size is known", () => {
    expect(progressText({ received: 2_500_000, total: 10_000_000 })).toBe("2.5 MB received (25%)");
    expect(progressText({ received: 512, total: null })).toBe("1 KB received");
  });
});
