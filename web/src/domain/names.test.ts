import { describe, expect, it } from "vitest";
import { byName, byNameThenId, compareNames } from "./names";

const sorted = (names: (string | undefined)[]) => names.map((name) => ({ name })).sort(byName).map((record) => record.name);

describe("names in reading order", () => {
  it("ignores case and accents", () => {
    expect(sorted(["banana", "Apple", "éclair", "Date", "cherry"])).toEqual(["Apple", "banana", "cherry", "Date", "éclair"]);
    expect(compareNames("Oak Street", "oak street")).toBe(0);
    expect(compareNames("Cafe", "Café")).toBe(0);
  });

  it("reads the numbers in a name by their value", () => {
    expect(sorted(["Site 10", "Site 2", "Site 1", "Building 100", "Building 20"])).toEqual(["Building 20", "Building 100", "Site 1", "Site 2", "Site 10"]);
  });

  it("goes by id where two names read the same", () => {
    const records = [
      { id: "b", name: "oak" },
      { id: "c", name: "Elm" },
      { id: "a", name: "Oak" },
    ];
    expect([...records].sort(byNameThenId).map((record) => record.id)).toEqual(["c", "a", "b"]);
    expect([...records].reverse().sort(byNameThenId).map((record) => record.id)).toEqual(["c", "a", "b"]);
  });

  it("puts a record without a name, or with a name that is not text, first", () => {
    expect(sorted(["Warehouse", undefined, "Arena"])).toEqual([undefined, "Arena", "Warehouse"]);
    expect([{ name: "Arena" }, { name: 42 }, { name: { first: "A" } }].sort(byName).map((record) => record.name)).toEqual([42, { first: "A" }, "Arena"]);
    expect(compareNames(undefined, null)).toBe(0);
  });
});
