import { describe, expect, it } from "vitest";
import { MAX_AHEAD_MS, stampOnReceipt } from "./lww";
import { vectors } from "./testdata";

interface ReceiptCase {
  sent: string;
  serverNow: string;
}

describe("the stamp a write is kept under (testdata/lww/receipt.json)", () => {
  const cases = vectors("lww").filter((c) => c.name.startsWith("receipt:"));

  it("has the shared cases", () => expect(cases.length).toBeGreaterThan(0));

  it.each(cases)("$name", ({ input, expected }) => {
    const { sent, serverNow } = input as ReceiptCase;
    expect(stampOnReceipt(sent, serverNow)).toEqual(expected);
  });

  it("allows five minutes ahead", () => expect(MAX_AHEAD_MS).toBe(5 * 60 * 1000));
});
