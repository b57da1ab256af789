import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Unit and component tests. Files that need a DOM say so with `// @vitest-environment jsdom`;
// the domain twins run in plain Node.
export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify("test") },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});
