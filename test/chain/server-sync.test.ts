import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { openMigratedDatabase } from "@/lib/api/services";
import { chainLab } from "../support/chain-lab";
import { deadRpcUrl, startTestDevnet, type TestDevnet } from "../support/devnet";
import { call, serversOfFile, waitFor, type RunningServer } from "../support/server";
import { aaveApyExpected, expectRelative } from "./formulas";

// The sync inside the running server: with a local chain running (`npm run devnet`
// writes its manifest), `npm start` syncs chain 31337 by itself; with SYNC_INTERVAL_SECONDS every
// chain with an RPC URL is synced, and a chain whose RPC is down is reported in /health.

interface HealthChain {
  chainId: number;
  rpcConfigured: boolean;
  lastSuccessAt: string | null;
  lastError: string | null;
}
interface Health {
  mode: string;
  chains: HealthChain[];
}

let devnet: TestDevnet;
let testKey: string;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(() => devnet?.stop());
const servers = serversOfFile("sync");
const start = (name: string, env: Record<string, string>) => servers.start(name, { DATA_DIR: path.join(servers.workDir, name), DATABASE_URL: "", ...env });

const health = async (server: RunningServer) => (await call(server, "/health")).body as Health;

/** Polls `probe` until it gives a value. */
const until = <T>(probe: () => Promise<T | undefined>) => waitFor(probe, (value) => value !== undefined, 40_000, 250) as Promise<T>;

describe("the server's own sync", () => {
  it("with a local chain running and no configuration, syncs chain 31337 and reports mode live", async () => {
    const manifest = path.join(servers.workDir, "devnet.json");
    await writeFile(manifest, JSON.stringify({ rpcUrl: devnet.url, chainId: LOCAL_CHAIN_ID, pid: process.pid, startedAt: new Date().toISOString() }));
    const dataDir = path.join(servers.workDir, "zero-config");
    process.env.DATA_DIR = dataDir;
    const database = await openMigratedDatabase(""); // "": the embedded database even where DATABASE_URL is set
    testKey = (await createApiKey({ db: database.db, account: "0x0000000000000000000000000000000000000000", name: "sync test", type: "test", rateLimit: null, now: new Date() })).key;
    await database.close();
    delete process.env.DATA_DIR;
    const server = await start("zero-config", { DEVNET_MANIFEST: manifest, SYNC_INTERVAL_SECONDS: "" });

    const local = await until(async () => {
      const h = await health(server);
      const chain = h.chains.find((c) => c.chainId === LOCAL_CHAIN_ID);
      return chain?.lastSuccessAt ? { h, chain } : undefined;
    });
    expect(local.h.mode).toBe("live");
    expect(local.chain.rpcConfigured).toBe(true);
    expect(local.chain.lastError).toBeNull();
    // Chains without an RPC URL are simply not synced.
    expect(local.h.chains.find((c) => c.chainId === 1)).toMatchObject({ rpcConfigured: false, lastSuccessAt: null, lastError: null });

    const res = await fetch(`${server.baseUrl}/api/v1/instruments?chainId=${LOCAL_CHAIN_ID}&limit=100`, { headers: { "x-api-key": testKey } });
    const list = (await res.json()) as {
      data: { instrumentId: string; tokenSymbol: string; yieldTokenSymbol: string; currentApy: number; asOfBlock: number; lastSyncedAt: string; protocol: { name: string } }[];
    };
    expect(res.status).toBe(200);
    // Discovery found the markets the catalog does not list; every instrument was synced just now.
    expect(list.data.map((i) => i.yieldTokenSymbol)).toEqual(expect.arrayContaining(["aLocWBTC", "fEURC"]));
    for (const item of list.data) expect(Date.now() - Date.parse(item.lastSyncedAt)).toBeLessThan(60_000);
    const aUsdc = list.data.find((i) => i.yieldTokenSymbol === "aLocUSDC")!;
    // The reserve's supply rate at the block the server's sync read, compounded.
    expectRelative(aUsdc.currentApy, aaveApyExpected((await chainLab(devnet).aaveReserveAt("aUsdc", BigInt(aUsdc.asOfBlock))).currentLiquidityRate));

    // The history endpoint shows the real snapshot, not the generated demo year.
    const history = await fetch(`${server.baseUrl}/api/v1/instruments/${list.data[0]!.instrumentId}/history`, { headers: { "x-api-key": testKey } });
    const points = ((await history.json()) as { data: unknown[] }).data;
    expect(points).toHaveLength(1);
  });

  it("with SYNC_INTERVAL_SECONDS, a chain whose RPC is down is reported in /health while the others sync", async () => {
    const server = await start("interval", { RPC_URL_31337: devnet.url, RPC_URL_84532: await deadRpcUrl(), RPC_RETRIES: "0", SYNC_INTERVAL_SECONDS: "10" });
    const h = await until(async () => {
      const h = await health(server);
      const local = h.chains.find((c) => c.chainId === LOCAL_CHAIN_ID);
      const down = h.chains.find((c) => c.chainId === 84532);
      return local?.lastSuccessAt && down?.lastError ? h : undefined;
    });
    expect(h.mode).toBe("live");
    expect(h.chains.find((c) => c.chainId === 84532)).toMatchObject({ rpcConfigured: true, lastSuccessAt: null });
    expect(h.chains.find((c) => c.chainId === LOCAL_CHAIN_ID)?.lastError).toBeNull();
  });
});
