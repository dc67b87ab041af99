// The planned state of Morpho on the local chain, made by real flows only (plan/morpho.ts): the
// supplier's and the demo wallet's ERC-4626 deposits, which reach Morpho Blue through the MetaMorpho
// vaults' supply queues; the Vault V2 allocator's allocations to its adapters; the MetaMorpho
// allocator's reallocation to the planned shares of each vault; and per market a borrower who posts
// collateral and borrows the planned utilization of the market's supply. Rates are then what the
// AdaptiveCurveIrm answers to that utilization.
import { maxUint256, type Hex } from "viem";
import type { DeployContext } from "../../deploy/context";
import { devnetDemoWallet } from "../../plan/accounts";
import { MORPHO_BLUE_ADDRESS } from "../../plan/addresses";
import {
  isMetaMorphoPlan,
  morphoBlueMarkets,
  morphoMarkets,
  morphoRoles,
  type MetaMorphoVaultPlan,
  type MorphoBlueMarketKey,
  type MorphoBlueMarketPlan,
  type VaultV2Plan,
} from "../../plan/morpho";
import { devnetTokenOf } from "../../plan/tokens";
import { devnetFeedPlans, fundToken } from "../tokens";
import * as act from "./actions";
import { Batches, morphoMarketParams, wholeUnits } from "./deploy";

const vaultsV2 = morphoMarkets.filter((v): v is VaultV2Plan => v.version === 2);
const metaMorphoVaults = morphoMarkets.filter(isMetaMorphoPlan);

/** Underlying units the plan's Vault V2s allocate into the MetaMorpho vault `contract`. */
const fromVaultsV2 = (contract: string) =>
  vaultsV2.flatMap((v) => v.vaultV2.adapters.filter((a) => a.kind === "vaultV1" && a.target === contract).map((a) => wholeUnits(v.underlying, a.assets)));

/** A MetaMorpho vault's planned assets: the supplier's and the demo wallet's deposits and the Vault V2s'. */
export const plannedVaultAssets = (v: MetaMorphoVaultPlan) =>
  wholeUnits(v.underlying, v.supply) + wholeUnits(v.underlying, v.demoBalance) + fromVaultsV2(v.contract).reduce((sum, x) => sum + x, 0n);

/** What the plan supplies to a Morpho Blue market: its share of each vault that lends there, and market adapters' allocations. */
export function plannedMarketSupply(key: MorphoBlueMarketKey): bigint {
  let supply = 0n;
  for (const v of metaMorphoVaults)
    for (const m of v.metaMorpho.markets) if (m.market === key) supply += (plannedVaultAssets(v) * m.shareBps) / 10_000n;
  for (const v of vaultsV2)
    for (const a of v.vaultV2.adapters) if (a.kind === "market" && a.market === key) supply += wholeUnits(v.underlying, a.assets);
  return supply;
}

const feedAnswer = (token: string) => devnetFeedPlans.find((f) => f.name === `${token}UsdFeed`)!.answer;

/**
 * The market's oracle price as MorphoChainlinkOracleV2 computes it from the two USD feeds (8 decimals
 * each): SCALE_FACTOR × base answer / quote answer, SCALE_FACTOR = 10^(36 + quote decimals − base decimals).
 */
export function oraclePrice(m: MorphoBlueMarketPlan): bigint {
  const base = m.collateral!;
  const scale = 10n ** BigInt(36 + devnetTokenOf(m.loan).decimals - devnetTokenOf(base).decimals);
  return (scale * feedAnswer(base)) / feedAnswer(m.loan);
}

/** Collateral that lets `borrowed` stand at the plan's loan-to-value (a share of the LLTV). */
export function collateralFor(m: MorphoBlueMarketPlan, borrowed: bigint): bigint {
  // maxBorrow = collateral × price / 1e36 × lltv / 1e18 (Morpho._isHealthy).
  return (borrowed * 10n ** 54n * 10_000n) / (oraclePrice(m) * m.lltv * m.borrowerLtvOfLltvBps) + 1n;
}

export const borrowerRole = (key: MorphoBlueMarketKey) => `${morphoRoles.borrower} ${key}`;

/** Makes the planned state (see the top of this file); returns the number of transactions sent. */
export async function populateMorpho(ctx: DeployContext): Promise<{ transactions: number }> {
  const supplier = await ctx.sender(morphoRoles.supplier);
  const allocator = await ctx.sender(morphoRoles.allocator);
  const demo = await ctx.senderOf(devnetDemoWallet);
  const borrowed = morphoBlueMarkets.filter((m) => m.collateral !== null && m.utilizationBps > 0n);
  const borrowers = await Promise.all(borrowed.map((m) => ctx.sender(borrowerRole(m.key))));
  const b = new Batches();
  let minted = 0;
  const fund = async (token: Parameters<typeof devnetTokenOf>[0], to: Hex, amount: bigint) => {
    if (amount === 0n) return;
    await fundToken(ctx, token, to, amount);
    minted++;
  };

  // 1. Tokens, and the approvals the deposits and the collateral take.
  for (const v of morphoMarkets) {
    await fund(v.underlying, supplier.address, wholeUnits(v.underlying, v.supply));
    await fund(v.underlying, demo.address, wholeUnits(v.underlying, v.demoBalance));
    await b.call(supplier, act.approveCall(ctx.address(v.underlying), ctx.address(v.contract)));
    if (v.demoBalance !== "0") await b.call(demo, act.approveCall(ctx.address(v.underlying), ctx.address(v.contract)));
  }
  const loans = borrowed.map((m, i) => {
    const assets = (plannedMarketSupply(m.key) * m.utilizationBps) / 10_000n;
    return { market: m, borrower: borrowers[i]!, assets, collateral: collateralFor(m, assets), params: morphoMarketParams(ctx, m.key) };
  });
  for (const l of loans) {
    await fund(l.market.collateral!, l.borrower.address, l.collateral);
    await b.call(l.borrower, act.approveCall(l.params.collateralToken, MORPHO_BLUE_ADDRESS));
  }

  await b.mined();

  // 2. Deposits, the supplier's first, and the borrowers' collateral. (A batch may touch a vault twice
  //    where the later transaction costs no more gas for the earlier one: a deposit that follows
  //    another one into the same vault finds its markets' storage written already.)
  for (const v of morphoMarkets) await b.call(supplier, act.depositCall(ctx.address(v.contract), wholeUnits(v.underlying, v.supply), supplier.address));
  for (const v of morphoMarkets)
    if (v.demoBalance !== "0") await b.call(demo, act.depositCall(ctx.address(v.contract), wholeUnits(v.underlying, v.demoBalance), demo.address));
  for (const l of loans) await b.call(l.borrower, act.supplyCollateralCall(l.params, l.collateral, l.borrower.address));
  await b.mined();

  // 3. The Vault V2s' allocations, one at a time (each accrues the vault's interest over every adapter
  //    it holds, which costs more once an adapter holds something): into a MetaMorpho vault (through
  //    its supply queue), and to a market.
  for (const v of vaultsV2)
    for (const a of v.vaultV2.adapters) {
      const data = a.kind === "market" ? act.marketAdapterData(morphoMarketParams(ctx, a.market!)) : "0x";
      await b.call(allocator, act.allocateCall(ctx.address(v.contract), ctx.address(a.contract), data, wholeUnits(v.underlying, a.assets)));
      await b.mined();
    }

  // 4. Each MetaMorpho vault's allocator moves its assets to the planned shares. Deposits filled the
  //    supply queue in order up to each cap, so the markets to take from come first; the last market
  //    takes all that is left.
  for (const v of metaMorphoVaults) {
    const total = plannedVaultAssets(v);
    const allocations = v.metaMorpho.markets.map(({ market, shareBps }, i, all) => ({
      marketParams: morphoMarketParams(ctx, market),
      assets: i === all.length - 1 ? maxUint256 : (total * shareBps) / 10_000n,
    }));
    await b.call(allocator, act.reallocateCall(ctx.address(v.contract), allocations));
  }
  await b.mined();

  // 5. The borrows.
  for (const l of loans) await b.call(l.borrower, act.borrowCall(l.params, l.assets, l.borrower.address, l.borrower.address));
  await b.mined();
  return { transactions: minted + b.sent };
}

