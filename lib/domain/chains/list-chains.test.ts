import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listInstruments } from "@/lib/domain/instruments/list-instruments";
import { chainsOf, environments } from "@/lib/facts/chains";
import type { Database } from "@/lib/machinery/db/client";
import { chainSyncState } from "@/lib/machinery/db/schema";
import { openTestDatabase } from "@/test/support/test-database";
import { listChains } from "./list-chains";

// The domain function of GET /chains, the README's worked example, on a database seeded as on first start.

describe("listChains", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it("lists each environment's chains in order, each with as many instruments as the instrument list shows on it", async () => {
    for (const environment of environments) {
      const chains = await listChains({ db: database.db, environment });
      expect(chains.map((c) => c.chainId)).toEqual(chainsOf(environment).map((c) => c.id));
      for (const chain of chains) {
        const list = await listInstruments({
          db: database.db,
          environment,
          query: { chainId: [chain.chainId] },
          origin: "http://localhost:3000",
          now: new Date(),
        });
        expect(chain.instruments, chain.name).toBe(list.pagination.total);
      }
    }
    // The seeded catalog has markets on Ethereum.
    expect((await listChains({ db: database.db, environment: "live" }))[0]!.instruments).toBeGreaterThan(0);
  });

  it("says when a sync last published a chain's figures, and null for a chain still on sample data", async () => {
    const syncedAt = new Date("2026-11-20T10:00:00.000Z");
    await database.db.insert(chainSyncState).values({ chainId: 8453, lastSuccessAt: syncedAt });
    // Tried and never read: its figures are still the sample data.
    await database.db
      .insert(chainSyncState)
      .values({ chainId: 1, lastErrorAt: syncedAt, lastError: "the RPC did not answer" });
    const live = await listChains({ db: database.db, environment: "live" });
    expect(Object.fromEntries(live.map((c) => [c.name, c.lastSyncedAt]))).toEqual({
      Ethereum: null,
      Base: syncedAt.toISOString(),
      Arbitrum: null,
      Optimism: null,
      Polygon: null,
    });
  });
});
