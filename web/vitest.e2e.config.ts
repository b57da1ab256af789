import { defineConfig } from "vitest/config";

// Browser tests (e2e/*.e2e.ts): one real server and Chromium per file, files one at a time.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
