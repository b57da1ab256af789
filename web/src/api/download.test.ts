import { describe, expect, it } from "vitest";
import { dispositionName } from "./download";

describe("dispositionName", () => {
  it("reads filename* first, then the plain filename", () => {
    expect(dispositionName(`attachment; filename="Inspection Report - Caf_ - 2026-11-30.pdf"; filename*=UTF-8''Inspection%20Report%20-%20Caf%C3%A9%20-%202026-11-30.pdf`)).toBe(
      "Inspection Report - Café - 2026-11-30.pdf",
    );
    expect(dispositionName(`attachment; filename="Location Report - All Sites - 2026-11-22.csv"`)).toBe("Location Report - All Sites - 2026-11-22.csv");
    expect(dispositionName("attachment; filename=plain.pdf")).toBe("plain.pdf");
    expect(dispositionName("attachment")).toBeUndefined();
    expect(dispositionName(null)).toBeUndefined();
  });
});
