import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/machinery/db/client";
import { openTestDatabase } from "@/test/support/test-database";
import { startSyncScheduler } from "./scheduler";

// The server clears the answers cached from a chain after the scheduler says it synced that chain
// (instrumentation.ts): it must say so of every chain it tried, a sync that failed half-way included,
// since that one may have written some of the chain's data before it failed.

describe("the sync scheduler", () => {
  let database: Database;
  const saved = { ...process.env };
  beforeAll(async () => {
    // One chain with an RPC, on a port nothing listens on: its sync fails at its first request.
    process.env.RPC_URL_31337 = "http://127.0.0.1:9";
    process.env.RPC_RETRIES = "0";
    process.env.DEVNET_MANIFEST = "/nonexistent/devnet.json";
    database = await openTestDatabase();
  });
  afterAll(async () => {
    process.env = saved;
    await database?.close();
  });

  it("reports the chains it synced, a failed sync's chain included", async () => {
    let stop: (() => Promise<void>) | undefined;
    const reported = await new Promise<number[]>((resolve) => {
      stop = startSyncScheduler({
        db: database.db,
        config: { syncIntervalSeconds: 10 },
        onDataChanged: resolve,
      });
    });
    await stop?.();
    expect(reported).toEqual([31337]);
  });
});
