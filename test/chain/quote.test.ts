import { eq } from "drizzle-orm";
import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleSender } from "@/devnet/deploy/context";
import { aaveMarketOf, aavePoolOf, type AaveMarket } from "@/devnet/plan/aave";
import { compoundMarketOf, type CompoundMarketPlan } from "@/devnet/plan/compound";
import { devnetMarketOf } from "@/devnet/plan/markets";
import { devnetTokenOf } from "@/devnet/plan/tokens";
import { aaveActions } from "@/devnet/protocols/aave";
import * as compound from "@/devnet/protocols/compound/actions";
import * as fluid from "@/devnet/protocols/fluid/actions";
import * as morpho from "@/devnet/protocols/morpho/actions";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { quoteDeposit } from "@/lib/domain/instruments/quote-deposit";
import type { MetaMorphoQuoteModel } from "@/lib/machinery/chain/adapters/quote-model";
import { createChainClient } from "@/lib/machinery/chain/client";
import { instruments } from "@/lib/machinery/db/schema";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { chainLab, type ChainLab } from "../support/chain-lab";
import { startTestDevnet, type TestDevnet } from "../support/devnet";
import { openTestDatabase } from "../support/test-database";

// Quotes (issue 28) against real deposits on the protocols' own contracts: the chain is synced, the
// quote worked out from what the sync stored, then the amount deposited one second after the synced
// block (the quote's models work out interest and the IRM's adaptation to that time), and the chain
// synced again at the deposit's block: its currentApy, read the way every sync reads it, is what the
// quote said, to 1e-6 relative. Each case runs on its own database and takes the chain back.

let devnet: TestDevnet;
let lab: ChainLab;

beforeAll(async () => {
  devnet = await startTestDevnet();
  lab = chainLab(devnet);
});
afterAll(async () => {
  await devnet?.stop();
});

const client = () => createChainClient(LOCAL_CHAIN_ID, devnet.url, { retries: 0 });
const unitsOf = (contract: string, whole: bigint) =>
  whole * 10n ** BigInt(devnetTokenOf(devnetMarketOf(contract).underlying).decimals);

/** The instrument of a market of the plan, by its yield token's manifest name. */
async function rowOf(db: Awaited<ReturnType<typeof openTestDatabase>>, contract: string) {
  const address = devnet.ctx.address(contract as never).toLowerCase();
  const rows = await db.db.select().from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID));
  const row = rows.find((r) => r.yieldTokenAddress.toLowerCase() === address);
  if (!row) throw new Error(`no instrument for ${contract}`);
  return row;
}

async function syncOn(db: Awaited<ReturnType<typeof openTestDatabase>>) {
  const result = await syncChain({ db: db.db, client: client(), chainId: LOCAL_CHAIN_ID });
  expect(result.error).toBeNull();
}

const relativeGap = (quoted: number, actual: number) =>
  Math.abs(quoted - actual) / Math.max(Math.abs(actual), 1e-12);

interface Case {
  contract: string;
  amount: bigint;
  /** What the deposit needs before the sync (funds, approvals): it leaves the market as it is. */
  prepare(actor: RoleSender): Promise<void>;
  deposit(actor: RoleSender): Promise<unknown>;
}

/** Sync, quote, deposit one second after the synced block, sync again: the quote and what the chain then says. */
async function quoteAgainstDeposit({ contract, amount, prepare, deposit }: Case) {
  return devnet.within(async () => {
    const db = await openTestDatabase();
    try {
      const actor = await lab.actor(`quote ${contract} ${amount}`);
      await prepare(actor);
      await syncOn(db);
      const before = await rowOf(db, contract);
      expect(before.quoteModel).not.toBeNull();
      const at = Math.round(before.asOfTime!.getTime() / 1000) + 1;
      const quote = quoteDeposit({
        model: before.quoteModel!,
        amount,
        now: at,
        currentApy: before.currentApy,
      });
      await devnet.rpc("evm_setNextBlockTimestamp", [at]);
      await deposit(actor);
      await syncOn(db);
      const after = await rowOf(db, contract);
      expect(after.asOfBlock).toBe(before.asOfBlock! + 1);
      return { before, quote, after };
    } finally {
      await db.close();
    }
  });
}

function aaveCase(contract: AaveMarket["contract"], whole: bigint): Case {
  const m = aaveMarketOf(contract);
  const pool = () => devnet.ctx.address(aavePoolOf(m.pool).contracts.pool);
  const asset = () => devnet.ctx.address(m.underlying);
  const amount = unitsOf(contract, whole);
  return {
    contract,
    amount,
    prepare: async (actor) => {
      await lab.fund(m.underlying, actor.address, amount);
      await aaveActions.approve(actor, asset(), pool());
    },
    deposit: (actor) => aaveActions.supply(actor, pool(), asset(), amount),
  };
}

function cometCase(contract: CompoundMarketPlan["contract"], whole: bigint): Case {
  const m = compoundMarketOf(contract);
  const amount = unitsOf(contract, whole);
  const comet = () => devnet.ctx.address(contract);
  return {
    contract,
    amount,
    prepare: async (actor) => {
      await lab.fund(m.underlying, actor.address, amount);
      await actor.call(compound.approveCall(devnet.ctx.address(m.underlying), comet(), amount));
    },
    deposit: (actor) => actor.call(compound.supplyCall(comet(), devnet.ctx.address(m.underlying), amount)),
  };
}

function vaultCase(contract: string, amount: bigint, native = false): Case {
  const underlying = devnetMarketOf(contract).underlying;
  const vault = () => devnet.ctx.address(contract as never) as Hex;
  return {
    contract,
    amount,
    prepare: async (actor) => {
      if (native) return;
      await lab.fund(underlying, actor.address, amount);
      await actor.call(morpho.approveCall(devnet.ctx.address(underlying), vault()));
    },
    deposit: (actor) =>
      native
        ? fluid.depositNative(actor, vault(), amount)
        : actor.call(morpho.depositCall(vault(), amount, actor.address)),
  };
}

describe("a quote's apyAfter is the APY the chain gives right after the deposit", () => {
  const cases: [string, () => Case][] = [
    ["Aave v3 USDC (Core)", () => aaveCase("aUsdc", 2_000_000n)],
    ["Aave v3 WETH (Prime)", () => aaveCase("aPrimeWeth", 500n)],
    ["Compound v3 USDC", () => cometCase("cometUsdc", 2_000_000n)],
    ["Compound v3 WETH", () => cometCase("cometWeth", 300n)],
    ["MetaMorpho v1.1 USDC", () => vaultCase("morphoUsdcVault", unitsOf("morphoUsdcVault", 1_000_000n))],
    ["MetaMorpho WETH", () => vaultCase("morphoWethVault", unitsOf("morphoWethVault", 200n))],
    ["Fluid fUSDC", () => vaultCase("fUsdc", unitsOf("fUsdc", 3_000_000n))],
    ["Fluid fWETH (native ETH)", () => vaultCase("fWeth", unitsOf("fWeth", 50n), true)],
  ];
  it.each(cases)("%s", async (_, make) => {
    const { before, quote, after } = await quoteAgainstDeposit(make());
    expect(quote.modelled).toBe(true);
    expect(relativeGap(quote.apyAfter, after.currentApy)).toBeLessThanOrEqual(1e-6);
    // A deposit this large moves the rate: the quote is not the APY before.
    expect(Math.abs(quote.apyAfter - before.currentApy)).toBeGreaterThan(1e-6);
  });

  it("a MetaMorpho deposit that overflows its first market's cap goes on down the supply queue", async () => {
    const db = await openTestDatabase();
    await syncOn(db);
    const model = (await rowOf(db, "morphoUsdcVault")).quoteModel as MetaMorphoQuoteModel;
    await db.close();
    const first = model.markets.find((m) => m.id === model.supplyQueue[0])!;
    const supplied =
      (BigInt(first.supplyShares) * (BigInt(first.totalSupplyAssets) + 1n)) /
      (BigInt(first.totalSupplyShares) + 1_000_000n);
    const amount = BigInt(first.cap) - supplied + unitsOf("morphoUsdcVault", 250_000n);
    const { quote, after } = await quoteAgainstDeposit(vaultCase("morphoUsdcVault", amount));
    expect(quote.allocation!.length).toBeGreaterThan(1);
    expect(quote.allocation![0]!.marketId).toBe(model.supplyQueue[0]);
    expect(quote.allocation!.reduce((s, a) => s + a.assets, 0n)).toBe(amount);
    expect(relativeGap(quote.apyAfter, after.currentApy)).toBeLessThanOrEqual(1e-6);
  });
});
