import { describe, expect, it } from "vitest";
import { vectors } from "../testdata";
import { evaluateJson } from "./index";

const cases = vectors("due");

describe("due vectors", () => {
  it("has at least 80 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
  });

  it.each(cases)("$name", ({ input, expected }) => {
    let actual: unknown;
    try {
      actual = JSON.parse(evaluateJson(JSON.stringify(input)));
    } catch (error) {
      actual = { error: error instanceof Error ? error.message : String(error) };
    }
    expect(actual).toEqual(expected);
  });

  it("explains every service of a vector when asked", () => {
    const first = cases.find((c) => c.name.includes("service months"));
    const result = JSON.parse(evaluateJson(JSON.stringify(first?.input), true)) as { services: { explain?: string[] }[] };
    expect(result.services.length).toBeGreaterThan(0);
    for (const service of result.services) expect(service.explain?.length).toBeGreaterThan(0);
  });
});
