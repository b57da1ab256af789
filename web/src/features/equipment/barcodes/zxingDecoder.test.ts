// The ZXing fallback reads real barcode images: a QR code made by ZXing's writer, and 1D codes
// drawn here from their published bar patterns, with a quiet zone, scaled up as a camera sees them.
import { BarcodeFormat, QRCodeWriter } from "@zxing/library";
import { describe, expect, it } from "vitest";
import { SCAN_FORMATS } from "./formats";
import { decodeLuminance, luminanceOf, zxingReader } from "./zxingDecoder";

interface Grey {
  grey: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A 1D code from module widths (bar first), `scale` pixels a module, 10 modules of quiet zone each side. */
function oneD(widths: number[], scale = 3, height = 60): Grey {
  const modules: boolean[] = [];
  const quiet = Array<boolean>(10).fill(false);
  modules.push(...quiet);
  widths.forEach((w, i) => modules.push(...Array<boolean>(w).fill(i % 2 === 0)));
  modules.push(...quiet);
  const width = modules.length * scale;
  const grey = new Uint8ClampedArray(width * height).fill(255);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) if (modules[Math.floor(x / scale)]) grey[y * width + x] = 0;
  return { grey, width, height };
}

// Code 39 (ISO/IEC 16388): nine elements a character, bar first; 1 = wide (3 modules), 0 = narrow.
// Only the characters the test prints.
const CODE39: Record<string, string> = {
  "*": "010010100",
  "0": "000110100",
  "1": "100100001",
  "2": "001100001",
  "3": "101100000",
  "4": "000110001",
  F: "001011000",
  T: "000010110",
  "-": "010000101",
};

function code39(text: string): Grey {
  const widths: number[] = [];
  for (const char of `*${text}*`) {
    widths.push(...[...CODE39[char]!].map((bit) => (bit === "1" ? 3 : 1)));
    widths.push(1); // the gap between characters
  }
  widths.pop();
  return oneD(widths);
}

// UPC-A: left digits in odd parity, right digits the same widths starting with a bar.
const UPC_DIGITS = ["3211", "2221", "2122", "1411", "1132", "1231", "1114", "1312", "1213", "3112"];

function upcA(digits: string): Grey {
  const widths = [1, 1, 1];
  const digit = (d: string) => [...UPC_DIGITS[Number(d)]!].map(Number);
  for (const d of digits.slice(0, 6)) widths.push(...digit(d));
  widths.push(1, 1, 1, 1, 1);
  for (const d of digits.slice(6)) widths.push(...digit(d));
  widths.push(1, 1, 1);
  return oneD(widths);
}

function qr(text: string): Grey {
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 200, 200, new Map());
  const width = matrix.getWidth();
  const height = matrix.getHeight();
  const grey = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) grey[y * width + x] = matrix.get(x, y) ? 0 : 255;
  return { grey, width, height };
}

const read = ({ grey, width, height }: Grey) => decodeLuminance(zxingReader(SCAN_FORMATS), grey, width, height);

describe("the ZXing decoder", () => {
  it("reads a QR code", () => {
    expect(read(qr("FT-000123"))).toBe("FT-000123");
  });

  it("reads Code 39", () => {
    expect(read(code39("FT-1234"))).toBe("FT-1234");
  });

  it("reads UPC-A", () => {
    expect(read(upcA("036000291452"))).toBe("036000291452");
  });

  it("answers null for a frame without a barcode", () => {
    expect(read({ grey: new Uint8ClampedArray(320 * 240).fill(200), width: 320, height: 240 })).toBeNull();
  });

  it("turns RGBA pixels into grey levels", () => {
    const rgba = Uint8ClampedArray.from([255, 255, 255, 255, 0, 0, 0, 255, 100, 200, 100, 255]);
    expect([...luminanceOf(rgba, 3, 1)]).toEqual([255, 0, 150]);
  });
});
