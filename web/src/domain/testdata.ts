// Reads the shared vectors of testdata/ (also run by crates/domain/tests/vectors.rs).
// For tests only: it reads files.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export interface Vector {
  name: string;
  input: unknown;
  expected: unknown;
}

/** Every case of a folder of testdata/; a file holds one case or a list of them. */
export function vectors(folder: string): Vector[] {
  const dir = join(__dirname, "../../../testdata", folder);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .flatMap((file) => {
      const value: unknown = JSON.parse(readFileSync(join(dir, file), "utf8"));
      // A file holds one case or a list of them; another file (the action table) is data.
      if (!Array.isArray(value) && !(value as Partial<Vector>).name) return [];
      const list = (Array.isArray(value) ? value : [value]) as Vector[];
      return list.map((c) => ({ ...c, name: `${file.replace(/\.json$/, "")}: ${c.name}` }));
    });
}
