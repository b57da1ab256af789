/**
 * The barcodes a camera scan reads: the common 1D codes on equipment tags and QR. The names
 * are the Barcode Detection API's; the ZXing decoder maps them to its own.
 */
export const SCAN_FORMATS = ["code_128", "code_39", "ean_13", "ean_8", "upc_a", "upc_e", "itf", "codabar", "qr_code"] as const;

export type ScanFormat = (typeof SCAN_FORMATS)[number];

/** Where a barcode came from: the camera, or typed (by hand or by a handheld scanner). */
export type ScanSource = "camera" | "typed";

/** A barcode as the app compares it: what was read, without surrounding blanks. */
export function normalizeBarcode(code: string): string {
  return code.trim();
}
