import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: ["lib/**/*.test.ts"], environment: "node", testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        extends: true,
        test: {
          name: "api",
          include: ["test/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/api/global-setup.ts"],
          setupFiles: ["test/support/validate-exchanges.setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
