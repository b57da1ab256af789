// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderThemed, setViewportWidth } from "../../../test/render";
import { BarcodeScannerDialog } from "./BarcodeScannerDialog";

function setCamera(mediaDevices: Partial<MediaDevices> | undefined) {
  Object.defineProperty(navigator, "mediaDevices", { value: mediaDevices, configurable: true });
}

function fakeStream() {
  const track = { stop: vi.fn() };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

describe("BarcodeScannerDialog", { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    setCamera(undefined);
  });

  it("takes a typed barcode on Enter, as a handheld scanner sends it, and clears the field", async () => {
    setCamera(undefined);
    const onScan = vi.fn();
    renderThemed(<BarcodeScannerDialog open onClose={() => {}} onScan={onScan} />);
    const field = screen.getByRole("textbox", { name: "Barcode" });
    await userEvent.type(field, "{Enter}");
    expect(onScan).not.toHaveBeenCalled();
    await userEvent.type(field, "  FT-000123 {Enter}");
    expect(onScan).toHaveBeenCalledExactlyOnceWith("FT-000123", "typed");
    expect((field as HTMLInputElement).value).toBe("");
    await userEvent.type(field, "FT-2");
    await userEvent.click(screen.getByRole("button", { name: "Use Barcode" }));
    expect(onScan).toHaveBeenLastCalledWith("FT-2", "typed");
  });

  it("says so when the camera is denied, and leaves the typed field ready", async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException("Permission denied", "NotAllowedError"));
    setCamera({ getUserMedia });
    setViewportWidth(375);
    renderThemed(<BarcodeScannerDialog open onClose={() => {}} onScan={() => {}} />);
    expect(await screen.findByText(/Camera access was denied/)).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: "environment" } }) }));
    expect(getComputedStyle(screen.getByLabelText("Camera view").parentElement!).display).toBe("none");
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Barcode" })));
  });

  it("says so when there is no camera", async () => {
    setCamera({ getUserMedia: vi.fn().mockRejectedValue(new DOMException("none", "NotFoundError")) });
    renderThemed(<BarcodeScannerDialog open onClose={() => {}} onScan={() => {}} />);
    expect(await screen.findByText(/No camera was found on this device/)).toBeTruthy();
  });

  it("reads the camera with the browser's detector, reports a held barcode once, and stops the camera on close", async () => {
    const { stream, track } = fakeStream();
    setCamera({ getUserMedia: vi.fn().mockResolvedValue(stream) });
    vi.spyOn(HTMLMediaElement.prototype, "readyState", "get").mockReturnValue(4);
    const detect = vi.fn().mockResolvedValue([{ rawValue: "FT-777" }]);
    const formats: string[][] = [];
    vi.stubGlobal(
      "BarcodeDetector",
      class {
        static getSupportedFormats = async () => ["qr_code", "code_128", "aztec"];
        constructor(options: { formats: string[] }) {
          formats.push(options.formats);
        }
        detect = detect;
      },
    );
    const onScan = vi.fn();
    const { rerender } = renderThemed(<BarcodeScannerDialog open onClose={() => {}} onScan={onScan} />);
    await waitFor(() => expect(onScan).toHaveBeenCalledWith("FT-777", "camera"));
    await waitFor(() => expect(detect.mock.calls.length).toBeGreaterThan(2));
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(formats).toEqual([["code_128", "qr_code"]]);
    expect(track.stop).not.toHaveBeenCalled();

    rerender(<BarcodeScannerDialog open={false} onClose={() => {}} onScan={onScan} />);
    expect(track.stop).toHaveBeenCalled();
    const calls = detect.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(detect.mock.calls.length).toBe(calls);
  });

  it("shows the error its owner gives, and a title and hint", () => {
    setCamera(undefined);
    renderThemed(<BarcodeScannerDialog open onClose={() => {}} onScan={() => {}} title="Replace Barcode" hint="Scan the new one" error="Equipment already has this barcode" />);
    expect(screen.getByRole("dialog", { name: "Replace Barcode" })).toBeTruthy();
    expect(screen.getByText("Scan the new one")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Equipment already has this barcode");
  });
});
