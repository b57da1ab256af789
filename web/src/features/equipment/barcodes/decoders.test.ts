// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { createFrameDecoder } from "./decoders";

function detectorWith(formats: string[]) {
  const detect = vi.fn().mockResolvedValue([{ rawValue: "NATIVE" }]);
  const Detector = class {
    static getSupportedFormats = async () => formats;
    detect = detect;
  };
  return { Detector, detect };
}

describe("choosing the frame decoder", () => {
  it("uses the browser's BarcodeDetector when it reads our formats", async () => {
    const { Detector, detect } = detectorWith(["ean_13", "qr_code"]);
    const decoder = await createFrameDecoder({ BarcodeDetector: Detector });
    expect(await decoder.decode(document.createElement("video"))).toBe("NATIVE");
    expect(detect).toHaveBeenCalled();
  });

  it("falls back to ZXing when the browser's detector reads none of them, or there is none", async () => {
    const { Detector, detect } = detectorWith([]);
    const fallback = await createFrameDecoder({ BarcodeDetector: Detector });
    // A video with no frame yet reads nothing, and the native detector is not asked.
    expect(await fallback.decode(document.createElement("video"))).toBeNull();
    expect(detect).not.toHaveBeenCalled();
    const without = await createFrameDecoder({});
    expect(await without.decode(document.createElement("video"))).toBeNull();
  });
});
