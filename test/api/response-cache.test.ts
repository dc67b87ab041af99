import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiEndpoints } from "@/lib/api/endpoints";
import { defineEndpoint } from "@/lib/api/http/endpoint";
import { getServices } from "@/lib/api/services";
import { writtenByChainSync } from "@/lib/machinery/cache/cache-sources";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { healthSchema } from "@/lib/schemas/health";
import { api, expectError, fixture } from "../support/api";
import { serveScratchRegistry } from "../support/scratch-registry";

// The response cache as the endpoints declare it (clearedBy): an answer is served from the cache until
// a writer of what it was computed from clears it, and a write of other data leaves it. The writes are
// made here in the database and cleared as the server does after a chain's sync (instrumentation.ts),
// on a scratch registry served in this process, whose database and cache the test can reach.

// Made up for this test: an endpoint that keeps its answers without saying what clears them.
const cachesWithoutDeclaring = defineEndpoint({
  method: "GET",
  path: "/undeclared-cache",
  operationId: "undeclaredCache",
  summary: "Caches its answer without clearedBy",
  tag: "Service",
  auth: "open",
  responses: { 200: healthSchema },
  errors: [],
  example: {},
  handler: ({ services, cached }) =>
    cached(async () => ({
      status: "ok" as const,
      mode: "demo" as const,
      database: services.database.kind,
      time: new Date().toISOString(),
      chains: [],
    })),
});

serveScratchRegistry([...apiEndpoints.filter((e) => e.path !== "/openapi.json"), cachesWithoutDeclaring]);

/** What a sync of `chainId` would leave behind, as the server clears it once that sync is over. */
async function syncWrote(chainId: number, write: () => Promise<unknown>) {
  await write();
  (await getServices()).responses.clear(writtenByChainSync([chainId]));
}
const db = async () => (await getServices()).db;

describe("a cached answer", () => {
  it("of an instrument list is served until a write of its chain's instruments clears it, and no other chain's does", async () => {
    const first = (await api("/instruments?chainId=1&limit=1")).body.data[0];
    const raise = async () =>
      (await db())
        .update(instruments)
        .set({ currentApy: sql`${instruments.currentApy} + 1` })
        .where(eq(instruments.instrumentId, first.instrumentId));
    // Written without clearing: the list still answers what it answered (which is why writers clear).
    await raise();
    expect((await api("/instruments?chainId=1&limit=1")).body.data[0].currentApy).toBe(first.currentApy);
    // A sync of Base, or of the local chain, writes nothing the list of Ethereum was computed from.
    await syncWrote(8453, async () => undefined);
    await syncWrote(31337, async () => undefined);
    expect((await api("/instruments?chainId=1&limit=1")).body.data[0].currentApy).toBe(first.currentApy);
    // A sync of Ethereum does.
    await syncWrote(1, async () => undefined);
    const after = (await api("/instruments?chainId=1&limit=1")).body.data[0];
    expect(after.instrumentId).toBe(first.instrumentId);
    expect(after.currentApy).toBeCloseTo(first.currentApy + 1, 9);
  });

  it("of one instrument, whose id does not say its chain, is cleared by a write of any chain of its environment, not of the other", async () => {
    const listed = (await api("/instruments/by-chain/8453?limit=1")).body.data[0];
    const path = `/instruments/${listed.instrumentId}`;
    const cachedApy = (await api(path)).body.currentApy;
    await syncWrote(31337, () =>
      db().then((d) =>
        d
          .update(instruments)
          .set({ currentApy: cachedApy + 2 })
          .where(eq(instruments.instrumentId, listed.instrumentId)),
      ),
    );
    expect((await api(path)).body.currentApy).toBe(cachedApy);
    expect((await api("/instruments/by-chain/8453?limit=1")).body.data[0].currentApy).toBe(listed.currentApy);
    await syncWrote(1, async () => undefined);
    expect((await api(path)).body.currentApy).toBe(cachedApy + 2);
    // The list of Base's instruments read Base only: Ethereum's sync left it.
    expect((await api("/instruments/by-chain/8453?limit=1")).body.data[0].currentApy).toBe(listed.currentApy);
  });

  it("of protocol versions is cleared by a write of its chain's protocols, not another chain's", async () => {
    const [aave] = (await api("/protocols/by-name/aave/chain/1")).body;
    const rename = (name: string) => async () =>
      (await db()).update(protocols).set({ displayName: name }).where(eq(protocols.id, aave.id));
    const before = (await api("/protocols?chainId=1")).body.find(
      (p: { id: string }) => p.id === aave.id,
    ).displayName;
    await syncWrote(8453, rename("Aave renamed"));
    expect((await api("/protocols/by-name/aave/chain/1")).body[0].displayName).toBe(before);
    expect(
      (await api("/protocols?chainId=1")).body.find((p: { id: string }) => p.id === aave.id).displayName,
    ).toBe(before);
    await syncWrote(1, async () => undefined);
    expect((await api("/protocols/by-name/aave/chain/1")).body[0].displayName).toBe("Aave renamed");
    expect(
      (await api("/protocols?chainId=1")).body.find((p: { id: string }) => p.id === aave.id).displayName,
    ).toBe("Aave renamed");
    await rename(before)();
  });

  it("is refused to an endpoint that does not declare what clears it: a 500, never an answer that would go stale", async () => {
    const res = await api("/undeclared-cache", { key: fixture().keys.A.live.key });
    expectError(res, 500, "INTERNAL_ERROR");
  });
});
