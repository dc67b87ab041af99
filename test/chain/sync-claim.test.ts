import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/machinery/db/client";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { claimChains } from "@/lib/machinery/sync/claim";
import { startSyncScheduler } from "@/lib/machinery/sync/scheduler";
import { openTestDatabase } from "../support/test-database";
import { startTestDevnet, type TestDevnet } from "../support/devnet";

// Server instances sharing one database (PostgreSQL in CI) each run the sync scheduler; claims make
// one of them sync a chain per interval instead of all of them.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const BASE = 8453;
const ARBITRUM = 42161;
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 8, 0, seconds));

describe("claimChains", () => {
  it("gives each chain to exactly one of many instances claiming at once", async () => {
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimChains(database.db, [BASE, ARBITRUM], 60, at(0))));
    const winners = claims.flatMap((c) => c.claimed);
    expect(winners.sort()).toEqual([BASE, ARBITRUM].sort());
    // Every instance that took nothing knows when to look again.
    for (const claim of claims) if (claim.claimed.length < 2) expect(claim.nextDueAt).toEqual(at(60));
  });

  it("holds a chain for one spacing after its claim, then gives it out again", async () => {
    expect(await claimChains(database.db, [BASE], 60, at(30))).toEqual({ claimed: [], nextDueAt: at(60) });
    expect(await claimChains(database.db, [BASE], 60, at(59))).toEqual({ claimed: [], nextDueAt: at(60) });
    expect(await claimChains(database.db, [BASE], 60, at(60))).toEqual({ claimed: [BASE], nextDueAt: null });
  });

  it("takes the chains that are due and reports the earliest of those held elsewhere", async () => {
    // BASE was taken at 60 and ARBITRUM at 0; chain 10 was never taken.
    expect(await claimChains(database.db, [BASE, ARBITRUM, 10], 60, at(90))).toEqual({ claimed: [10, ARBITRUM], nextDueAt: at(120) });
  });
});

describe("two schedulers on one database", () => {
  let devnet: TestDevnet;
  beforeAll(async () => {
    devnet = await startTestDevnet();
  });
  afterAll(async () => {
    await devnet?.stop();
  });

  it("sync the chain once per interval between them, not once each", async () => {
    const intervalSeconds = 1;
    vi.stubEnv("RPC_URL_31337", devnet.url);
    const syncs: number[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((line: unknown) => {
      const entry = JSON.parse(String(line)) as { msg?: string; chainId?: number; updated?: number };
      if (entry.msg === "sync" && entry.chainId === LOCAL_CHAIN_ID && (entry.updated ?? 0) > 0) syncs.push(Date.now());
    });
    const deps = { db: database.db, config: { syncIntervalSeconds: intervalSeconds } };
    const started = Date.now();
    const stops = [startSyncScheduler(deps), startSyncScheduler(deps)];
    try {
      await new Promise((r) => setTimeout(r, 5_500));
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      log.mockRestore();
      vi.unstubAllEnvs();
    }
    const elapsedSeconds = (Date.now() - started) / 1000;
    // Claims are at least one interval apart, so at most one sync per interval plus the first one.
    // Two independent schedulers would make about twice as many.
    expect(syncs.length).toBeGreaterThanOrEqual(2);
    expect(syncs.length).toBeLessThanOrEqual(Math.floor(elapsedSeconds / intervalSeconds) + 1);
  });
});
