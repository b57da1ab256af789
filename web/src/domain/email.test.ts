import { describe, expect, it } from "vitest";
import { normalizeEmail } from "./email";

describe("normalizeEmail", () => {
  it("trims and accepts ordinary addresses", () => {
    expect(normalizeEmail("  ann.lee+site@fire-co.ca ")).toBe("ann.lee+site@fire-co.ca");
    expect(normalizeEmail("A@B.io")).toBe("A@B.io");
  });
  it("refuses what the server refuses", () => {
    for (const bad of ["", "ann", "ann@", "@acme.ca", "ann@acme", "ann@acme.c", "a..b@acme.ca", ".a@acme.ca", "ann@-acme.ca", "ann@acme.c0", "a b@acme.ca", "ann@@acme.ca"]) {
      expect(normalizeEmail(bad), bad).toBeUndefined();
    }
  });
});
