// @ts-check
/**
 * Lint rules, and the walls of the house as rules (docs/architecture.md draws them):
 * - features never import each other; a feature reaches another only through the shared
 *   folders, and only app/ (the router and the pages it composes) knows every feature;
 * - nothing below app/ imports app/, and the shared folders import no feature;
 * - domain/ (the rules shared with the server) imports no other folder;
 * - only src/offline touches IndexedDB;
 * - only src/api calls `fetch`;
 * - no import cycles.
 */
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The folders below app/ that every feature may use: they import no feature and not app/. */
const shared = ["api", "auth", "domain", "files", "lib", "offline", "ui"];

const walls = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "Features never import each other: share through domain/, ui/, offline/, lib/ or api/, or compose in app/.",
  })),
  {
    target: [...shared.map((folder) => `./src/${folder}`), "./src/features", "./src/test"],
    from: "./src/app",
    message: "app/ is the roof: nothing below it imports it.",
  },
  {
    target: shared.map((folder) => `./src/${folder}`),
    from: "./src/features",
    message: "Shared folders import no feature.",
  },
  {
    // Its tests may check it against the rest (every sync kind has its actions).
    target: "./src/domain/**/!(*.test).ts",
    from: shared.filter((folder) => folder !== "domain").map((folder) => `./src/${folder}`),
    message: "domain/ holds the rules shared with the server: it imports no other folder.",
  },
];

const fetchOutsideApi = "Only src/api calls fetch: add a function there and call it.";
const indexedDbOutsideOffline = "Only src/offline touches IndexedDB: read and write through its hooks and the sync engine.";

export default defineConfig(
  { ignores: ["dist/", "dev-dist/", "node_modules/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: {
      // The rules of hooks. The plugin's React Compiler rules are left out: the app is not
      // built with the compiler, and what they ask (no ref written during render, no state set
      // in an effect) would change how screens behave.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // Focus moves into a dialog as it opens (the WAI-ARIA dialog pattern) and to the first
      // field of a new record, through the components' own prop; plain elements keep the rule.
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones: walls }],
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: fetchOutsideApi },
        { name: "indexedDB", message: indexedDbOutsideOffline },
      ],
      "no-restricted-properties": [
        "error",
        ...["globalThis", "window", "self"].flatMap((object) => [
          { object, property: "fetch", message: fetchOutsideApi },
          { object, property: "indexedDB", message: indexedDbOutsideOffline },
        ]),
      ],
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "idb", message: indexedDbOutsideOffline }, { name: "fake-indexeddb", message: indexedDbOutsideOffline }] },
      ],
      // A name starting with _ is left unused on purpose (a parameter a signature needs).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["src/api/**"],
    rules: {
      "no-restricted-globals": ["error", { name: "indexedDB", message: indexedDbOutsideOffline }],
      "no-restricted-properties": [
        "error",
        ...["globalThis", "window", "self"].map((object) => ({ object, property: "indexedDB", message: indexedDbOutsideOffline })),
      ],
    },
  },
  {
    files: ["src/offline/**"],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: fetchOutsideApi }],
      "no-restricted-properties": [
        "error",
        ...["globalThis", "window", "self"].map((object) => ({ object, property: "fetch", message: fetchOutsideApi })),
      ],
      "no-restricted-imports": "off",
    },
  },
  {
    // Tests stand in for the browser: they stub fetch and open a fresh fake IndexedDB per test.
    files: ["src/**/*.test.{ts,tsx}", "src/test/**"],
    rules: { "no-restricted-globals": "off", "no-restricted-properties": "off", "no-restricted-imports": "off" },
  },
  {
    // Browser tests and the build's own configuration run in Node.
    files: ["e2e/**", "*.config.{js,ts}"],
    languageOptions: { globals: { ...globals.node } },
    rules: { "no-restricted-globals": "off", "no-restricted-properties": "off" },
  },
);
