import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: ["lib/**/*.test.ts"], environment: "node", testTimeout: 30_000, hookTimeout: 60_000 } },
      // Chain reads against a local Anvil chain (lib/devnet); every file starts its own.
      { extends: true, test: { name: "chain", include: ["test/chain/**/*.test.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 120_000 } },
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
