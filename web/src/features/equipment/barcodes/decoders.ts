/**
 * Chooses how camera frames are decoded: the browser's own BarcodeDetector where it reads
 * the formats we need (Chrome on Android, Safari 17+), ZXing otherwise. ZXing is imported
 * only then, so the app's first load does not carry it.
 */
import { SCAN_FORMATS, type ScanFormat } from "./formats";

/** Reads the barcode in the current video frame, if there is one. */
export interface FrameDecoder {
  decode(video: HTMLVideoElement): Promise<string | null>;
}

/** The part of the Barcode Detection API we use (not in TypeScript's DOM types yet). */
interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeFormats(Detector: NativeDetectorClass): Promise<ScanFormat[]> {
  try {
    const supported = new Set(await Detector.getSupportedFormats());
    return SCAN_FORMATS.filter((format) => supported.has(format));
  } catch {
    return [];
  }
}

export async function createFrameDecoder(scope: { BarcodeDetector?: unknown } = globalThis as { BarcodeDetector?: unknown }): Promise<FrameDecoder> {
  const Detector = scope.BarcodeDetector as NativeDetectorClass | undefined;
  // Some builds ship the API with no formats at all (desktop Chrome on Linux): ZXing then.
  const formats = Detector ? await nativeFormats(Detector) : [];
  if (Detector && formats.length > 0) {
    const detector = new Detector({ formats });
    return {
      async decode(video) {
        const [first] = await detector.detect(video);
        return first?.rawValue ?? null;
      },
    };
  }
  const { zxingFrameDecoder } = await import("./zxingDecoder");
  return zxingFrameDecoder(SCAN_FORMATS);
}
