import { describe, expect, it } from "vitest";
import { vectors } from "./testdata";
import { type Permission, grants, parsePermission, toggle } from "./permissions";
import { mayWrite } from "./actions";
import { matches } from "./search";

describe("search vectors", () => {
  it.each(vectors("search"))("$name", ({ input, expected }) => {
    const { query, fields } = input as { query: string; fields: (string | null)[] };
    expect(matches(query, fields)).toBe(expected);
  });
});

describe("permission vectors", () => {
  it.each(vectors("permissions"))("$name", ({ input, expected }) => {
    const c = input as {
      parse?: string;
      held?: string[];
      wanted?: Permission;
      toggle?: Permission;
      on?: boolean;
      userId?: string;
      kind?: string;
      record?: Record<string, unknown>;
      stored?: Record<string, unknown>;
    };
    const held = c.held ?? [];
    if (c.parse !== undefined) expect(parsePermission(c.parse) ?? null).toBe(expected);
    else if (c.wanted !== undefined) expect(grants(held, c.wanted)).toBe(expected);
    else if (c.kind !== undefined) expect(mayWrite(held, c.userId ?? "", c.kind, c.record ?? {}, c.stored)).toBe(expected);
    else expect(toggle(held, c.toggle as Permission, c.on === true)).toEqual(expected);
  });
});
