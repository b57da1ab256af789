import { describe, expect, it } from "vitest";
import { csvHeaders, matchingHeader } from "./csvHeader";

describe("csvHeaders", () => {
  it("reads the first line's columns, quoted ones with commas and doubled quotes", () => {
    expect(csvHeaders('Name,"Address, street","The ""tag""",Barcode\r\nA,B,C,D\n')).toEqual(["Name", "Address, street", 'The "tag"', "Barcode"]);
  });

  it("drops a byte order mark, empty names and repeats", () => {
    expect(csvHeaders("\uFEFFName,,Name,City")).toEqual(["Name", "City"]);
  });

  it("answers no columns for an empty file", () => {
    expect(csvHeaders("")).toEqual([]);
    expect(csvHeaders("\n1,2")).toEqual([]);
  });
});

describe("matchingHeader", () => {
  const headers = ["SITE NAME", "postal code", "Barcode Number"];

  it("matches the label or the key, ignoring case and spaces", () => {
    expect(matchingHeader({ name: "name", label: "Site Name" }, headers)).toBe("SITE NAME");
    expect(matchingHeader({ name: "postalCode", label: "Postal / ZIP" }, headers)).toBe("postal code");
  });

  it("answers nothing when no header is the field", () => {
    expect(matchingHeader({ name: "barcode", label: "Barcode" }, headers)).toBe("");
  });
});
