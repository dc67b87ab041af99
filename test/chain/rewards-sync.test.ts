import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { localChainInstruments } from "@/lib/machinery/catalog/local-chain";
import { createChainClient } from "@/lib/machinery/chain/client";
import type { Database } from "@/lib/machinery/db/client";
import { instruments } from "@/lib/machinery/db/schema";
import { catalogRow } from "@/lib/machinery/db/seed";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { startTestDevnet, type TestDevnet } from "../support/devnet";
import { merklOpportunity, startMerklFixture, type MerklFixture } from "../support/merkl-fixture";
import { openTestDatabase } from "../support/test-database";

// Rewards through the sync: Merkl's campaigns (a local server speaking its format) on the local
// chain's instruments, judged at the block's time; a Merkl that fails leaves the base APY published
// and says the rewards are incomplete, never 0.

let devnet: TestDevnet;
let merkl: MerklFixture;
let database: Database;
const db = () => database.db;

const bySymbol = (symbol: string) => localChainInstruments.find((i) => i.yieldTokenSymbol === symbol)!;
const vault = bySymbol("steakUSDC");
const vaultId = catalogRow(vault).instrumentId;
const MORPHO = { address: "0x58D97B57BB95320F9a05dC918Aef65434969c2B2", symbol: "MORPHO", decimals: 18 } as const;

beforeAll(async () => {
  devnet = await startTestDevnet();
  merkl = await startMerklFixture();
  process.env.MERKL_API_URL = merkl.url;
  // A Merkl that never answers is given up on after the RPC timeout.
  process.env.RPC_TIMEOUT_MS = "2000";
  database = await openTestDatabase();
});
afterAll(async () => {
  delete process.env.MERKL_API_URL;
  delete process.env.RPC_TIMEOUT_MS;
  await database?.close();
  await merkl?.close();
  await devnet?.stop();
});
afterEach(() => merkl.fail(null));

const client = () => createChainClient(LOCAL_CHAIN_ID, devnet.url, { retries: 0, timeoutMs: 2_000 });
const sync = () => syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID, now: () => new Date() });
const rowOf = async (id: string) => (await db().select().from(instruments).where(eq(instruments.instrumentId, id)))[0]!;
const row = () => rowOf(vaultId);
const chainTime = async () => Number((await devnet.reader.getBlock({ blockTag: "latest" })).timestamp);

function campaign(startsAt: number, endsAt: number, apr: number, price = 1.5) {
  return merklOpportunity({
    chainId: LOCAL_CHAIN_ID,
    identifier: vault.yieldTokenAddress,
    type: "MORPHOVAULT",
    action: "LEND",
    status: "LIVE",
    campaigns: [{ rewardToken: { ...MORPHO, price }, startTimestamp: startsAt, endTimestamp: endsAt, apr }],
  });
}

describe("Merkl's campaigns through the sync", () => {
  it("publishes a running campaign with its APR, price and end, and apyTotal = currentApy + apyReward", async () => {
    const now = await chainTime();
    merkl.setOpportunities([campaign(now - 86_400, now + 30 * 86_400, 2.5)]);
    const result = await sync();
    expect(result.error).toBeNull();
    const r = await row();
    expect(r.rewards).toEqual([
      {
        tokenAddress: MORPHO.address.toLowerCase(),
        tokenSymbol: "MORPHO",
        apr: 2.5,
        priceUsd: 1.5,
        source: "merkl",
        endsAt: new Date((now + 30 * 86_400) * 1000).toISOString(),
      },
    ]);
    expect(r.apyReward).toBe(2.5);
    expect(r.apyTotal).toBeCloseTo(r.currentApy + 2.5, 10);
    expect(r.rewardsComplete).toBe(true);
  });

  it("drops a campaign once the chain's time passes its end", async () => {
    const now = await chainTime();
    merkl.setOpportunities([campaign(now - 86_400, now + 120, 2.5)]);
    await sync();
    expect((await row()).apyReward).toBe(2.5);
    await devnet.advance(600);
    await sync();
    const r = await row();
    expect([r.rewards, r.apyReward, r.rewardsComplete]).toEqual([[], 0, true]);
  });

  it.each(["http-500", "malformed-body", "never-answer"] as const)(
    "a Merkl that fails (%s) keeps the base APY published and says the rewards are incomplete",
    async (mode) => {
      const now = await chainTime();
      merkl.setOpportunities([campaign(now - 86_400, now + 30 * 86_400, 2.5)]);
      await sync();
      merkl.fail(mode);
      await devnet.advance(60);
      const result = await sync();
      expect(result.error).toBeNull();
      const r = await row();
      expect(r.asOfBlock).toBe(result.block);
      expect(r.currentApy).toBeGreaterThan(0);
      expect([r.rewards, r.apyReward, r.rewardsComplete]).toEqual([[], 0, false]);
      expect(r.apyTotal).toBe(r.currentApy);
    },
  );
});

describe("the protocols' own reward streams through the sync", () => {
  it("publishes the local chain's Aave, Compound and Fluid streams, each once, with a price and an APR", async () => {
    merkl.setOpportunities([]);
    const result = await sync();
    expect(result.error).toBeNull();
    const expected = { aLocUSDC: ["AAVE", "aave-rewards-controller"], cUSDCv3: ["COMP", "comet-rewards"], fUSDC: ["USDC", "fluid-rewards-model"] };
    for (const [symbol, [token, source]] of Object.entries(expected)) {
      const r = await rowOf(catalogRow(bySymbol(symbol)).instrumentId);
      expect(r.rewards, symbol).toEqual([expect.objectContaining({ tokenSymbol: token, source })]);
      const stream = r.rewards[0]!;
      expect(stream.priceUsd, symbol).toBeGreaterThan(0);
      expect(stream.apr, symbol).toBeGreaterThan(0);
      expect(r.apyReward, symbol).toBeCloseTo(stream.apr!, 10);
      expect(r.rewardsComplete, symbol).toBe(true);
    }
  });

  it("counts a stream reported on chain and by Merkl once, as the chain says", async () => {
    const aUsdc = bySymbol("aLocUSDC");
    const now = await chainTime();
    merkl.setOpportunities([
      merklOpportunity({
        chainId: LOCAL_CHAIN_ID,
        identifier: aUsdc.yieldTokenAddress,
        type: "AAVE_SUPPLY",
        action: "LEND",
        status: "LIVE",
        campaigns: [
          { rewardToken: { address: devnetAddresses.aaveToken, symbol: "AAVE", decimals: 18, price: 100 }, startTimestamp: now - 86_400, endTimestamp: now + 86_400, apr: 9 },
        ],
      }),
    ]);
    await sync();
    const r = await rowOf(catalogRow(aUsdc).instrumentId);
    expect(r.rewards.map((s) => s.source)).toEqual(["aave-rewards-controller"]);
    expect(r.apyReward).toBe(r.rewards[0]!.apr);
    expect(r.apyReward).not.toBeCloseTo(9, 1);
  });
});
