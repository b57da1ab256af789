/**
 * The camera decoder for browsers without a native BarcodeDetector (Firefox, Safari before
 * 17, desktop Chrome on Linux): ZXing's TypeScript port, pure JavaScript, so it is bundled
 * and precached like the rest of the app and works offline. Loaded on first use only.
 */
import { BarcodeFormat, BinaryBitmap, ChecksumException, DecodeHintType, FormatException, HybridBinarizer, MultiFormatReader, NotFoundException, RGBLuminanceSource } from "@zxing/library";
import type { ScanFormat } from "./formats";

const ZXING_FORMATS: Record<ScanFormat, BarcodeFormat> = {
  code_128: BarcodeFormat.CODE_128,
  code_39: BarcodeFormat.CODE_39,
  ean_13: BarcodeFormat.EAN_13,
  ean_8: BarcodeFormat.EAN_8,
  upc_a: BarcodeFormat.UPC_A,
  upc_e: BarcodeFormat.UPC_E,
  itf: BarcodeFormat.ITF,
  codabar: BarcodeFormat.CODABAR,
  qr_code: BarcodeFormat.QR_CODE,
};

/** Frames are scaled down to this many pixels on their long side: enough for a tag's barcode at arm's length, fast enough to decode several times a second. */
const MAX_FRAME_SIDE = 1280;

export function zxingReader(formats: readonly ScanFormat[]): MultiFormatReader {
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, formats.map((format) => ZXING_FORMATS[format])],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  reader.setHints(hints);
  return reader;
}

/** The grey level of each RGBA pixel (ZXing's green-weighted average). */
export function luminanceOf(rgba: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(width * height);
  for (let pixel = 0, offset = 0; pixel < grey.length; pixel += 1, offset += 4) {
    grey[pixel] = ((rgba[offset] ?? 0) + 2 * (rgba[offset + 1] ?? 0) + (rgba[offset + 2] ?? 0)) >> 2;
  }
  return grey;
}

/** The text of the first barcode in a grey image, or null when it holds none that reads. */
export function decodeLuminance(reader: MultiFormatReader, grey: Uint8ClampedArray, width: number, height: number): string | null {
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height)));
    return reader.decodeWithState(bitmap).getText();
  } catch (error) {
    if (error instanceof NotFoundException || error instanceof ChecksumException || error instanceof FormatException) return null;
    throw error;
  } finally {
    reader.reset();
  }
}

/** A frame decoder (see `decoders.ts`, which holds the interface) over ZXing. */
export function zxingFrameDecoder(formats: readonly ScanFormat[]) {
  const reader = zxingReader(formats);
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return {
    async decode(video: HTMLVideoElement): Promise<string | null> {
      const { videoWidth, videoHeight } = video;
      if (!context || videoWidth === 0 || videoHeight === 0) return null;
      const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(videoWidth, videoHeight));
      const width = Math.round(videoWidth * scale);
      const height = Math.round(videoHeight * scale);
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const { data } = context.getImageData(0, 0, width, height);
      return decodeLuminance(reader, luminanceOf(data, width, height), width, height);
    },
  };
}
