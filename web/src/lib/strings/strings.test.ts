import { describe, expect, test } from "vitest";
import { setLanguage, t } from "./index";

// Each area file is one object; the catalogue spreads them, so a key written in two areas would
// silently keep only the later wording.
const areas = import.meta.glob<Record<string, Record<string, string>>>(["./*.ts", "!./index.ts", "!./*.test.ts"], {
  eager: true,
});

describe("the string catalogue", () => {
  test("no key is worded in two areas", () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const [file, exports] of Object.entries(areas)) {
      for (const strings of Object.values(exports)) {
        for (const key of Object.keys(strings)) {
          const first = owner.get(key);
          if (first) twice.push(`${key} in ${first} and ${file}`);
          owner.set(key, file);
        }
      }
    }
    expect(Object.keys(areas).length).toBeGreaterThan(10);
    expect(twice).toEqual([]);
  });

  test("fills placeholders and falls back to English for a key French lacks", () => {
    setLanguage("fr-CA");
    expect(t("sites")).toBe("Sites");
    expect(t("addSite")).toBe("Add Site");
    setLanguage("en");
    expect(t("uploadImage", { label: "Logo" })).toBe("Upload Logo");
    expect(t("uploadImage")).toBe("Upload {label}");
  });
});
