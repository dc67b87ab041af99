import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Outside Next, the server-only marker has nothing to guard: an empty module.
      "server-only": path.resolve(import.meta.dirname, "test/support/empty-module.ts"),
    },
  },
  test: {
    // No test reaches the internet: chains without an RPC URL stay unread, as PUBLIC_RPC=false makes them.
    env: { PUBLIC_RPC: "false" },
    projects: [
      { extends: true, test: { name: "unit", include: ["lib/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts", "devnet/**/*.test.ts", "scripts/**/*.test.ts"], environment: "node", testTimeout: 30_000, hookTimeout: 60_000 } },
      // Chain reads against a local Anvil chain (devnet); every file starts its own chain and databases,
      // so two run at once (much of a file's time is spent waiting on its chain and server), after the
      // other projects (a group of its own: vitest runs a group's files with one maxWorkers).
      {
        extends: true,
        test: {
          name: "chain",
          include: ["test/chain/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
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
      // Servers meeting a database that is down, missing, restarted or held by another process; each
      // file starts its own servers (and a throwaway PostgreSQL cluster), never the shared one on 5432.
      {
        extends: true,
        test: {
          name: "faults",
          include: ["test/faults/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/faults/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
