// The state the local chain's markets start in, as the owner's calls that set it: oracle prices,
// reserves, supplies and borrows, the demo wallet's positions, vaults' Morpho Blue markets and a
// Vault V2's adapters. The builders per kind of market take addresses, so that the chain benchmark
// sets up its further markets (scripts/bench-chain) the same way.
import type { Abi, Hex } from "viem";
import * as artifacts from "../generated/contracts";
import { devnetDemoWallet, devnetDeployer, devnetWhale } from "../plan/accounts";
import { NATIVE_TOKEN_ADDRESS, devnetAddresses, type DevnetContract } from "../plan/addresses";
import { devnetAavePoolOf, devnetAavePools, devnetMarkets, devnetUnits, type DevnetMarket } from "../plan/markets";
import { WAD, aaveConfiguration, type MorphoAllocation } from "../plan/rates";
import { DEVNET_DEMO_USDC, devnetTokenOf, devnetTokens, units } from "../plan/tokens";
import { metaMorphoSetup, morphoMarketsSetup } from "./morpho-markets";
import { rewardSetupCalls } from "./reward-setup";
import type { ContractCall } from "./sender";

/** Gives the whale `supply` and the demo wallet `demo` (nothing when 0) through `functionName(holder, amount)`. */
export function holdings(address: Hex, abi: Abi, functionName: string, supply: bigint, demo: bigint): ContractCall[] {
  const holding = (holder: Hex, amount: bigint) => ({ address, abi, functionName, args: [holder, amount] });
  return [holding(devnetWhale, supply), ...(demo > 0n ? [holding(devnetDemoWallet.address, demo)] : [])];
}

/** `amount` of a devnet token (its owner is the deployer) minted to `to`. */
const mint = (token: Hex, to: Hex, amount: bigint): ContractCall => ({ address: token, abi: artifacts.mockERC20Artifact.abi, functionName: "mint", args: [to, amount] });

/**
 * An Aave reserve: registered in its pool at its rate (a ray APR), then supplied; the aToken holds
 * the underlying not borrowed (`utilizationBps` of the supply is).
 */
export function aaveReserveSetup(r: {
  pool: Hex;
  asset: Hex;
  aToken: Hex;
  decimals: number;
  liquidityRate: bigint;
  supply: bigint;
  demo: bigint;
  utilizationBps: bigint;
}): ContractCall[] {
  const init = [r.asset, r.aToken, aaveConfiguration({ decimals: r.decimals }), r.liquidityRate];
  const supplied = r.supply + r.demo;
  return [
    { address: r.pool, abi: artifacts.mockAavePoolArtifact.abi, functionName: "initReserve", args: init },
    ...holdings(r.aToken, artifacts.mockATokenArtifact.abi, "mint", r.supply, r.demo),
    mint(r.asset, r.aToken, supplied - (supplied * r.utilizationBps) / 10_000n),
  ];
}

/** A Comet of `baseToken`: supplied, borrowed at `utilization` (WAD) of its supply, holding the rest. */
export function cometSetup(c: { comet: Hex; baseToken: Hex; supply: bigint; demo: bigint; utilization: bigint }): ContractCall[] {
  const abi = artifacts.mockCometArtifact.abi;
  const supplied = c.supply + c.demo;
  const borrowed = (supplied * c.utilization) / WAD;
  return [
    ...holdings(c.comet, abi, "setSupply", c.supply, c.demo),
    { address: c.comet, abi, functionName: "setTotalBorrow", args: [borrowed] },
    mint(c.baseToken, c.comet, supplied - borrowed),
  ];
}

/** An fToken listed by Fluid's LendingResolver, where discovery finds it. */
export const fTokenListing = (fToken: Hex): ContractCall => ({
  address: devnetAddresses.fluidLendingResolver,
  abi: artifacts.mockFluidLendingResolverArtifact.abi,
  functionName: "addFToken",
  args: [fToken],
});

/** The Liquidity layer's supply rate of `token` (1e2 precision), which Fluid's rate reads answer. */
export const fluidSupplyRate = (token: Hex, rate: bigint): ContractCall => ({
  address: devnetAddresses.fluidLiquidityResolver,
  abi: artifacts.mockFluidLiquidityResolverArtifact.abi,
  functionName: "setSupplyRate",
  args: [token, rate],
});

/** Deposits that Vault V2s of the plan make into `vault` through their MorphoVaultV1Adapters. */
function vaultV2AllocationsInto(vault: DevnetContract): { adapter: DevnetContract; assets: bigint }[] {
  return devnetMarkets.flatMap((m) =>
    m.rate.kind === "vault" && m.rate.vaultV2
      ? m.rate.vaultV2.adapters
          .filter((x) => x.kind === "vaultV1" && x.target === vault)
          .map((x) => ({ adapter: x.contract, assets: units(x.assets, devnetTokenOf(m.underlying).decimals) }))
      : [],
  );
}

const fluidResolver = { address: devnetAddresses.fluidLiquidityResolver, abi: artifacts.mockFluidLiquidityResolverArtifact.abi } as const;

/** An fToken supplying `lentToken` at the Liquidity layer (its supply there is its assets). */
export const fluidSupplier = (fToken: Hex, lentToken: Hex): ContractCall => ({ ...fluidResolver, functionName: "setSupplier", args: [fToken, lentToken] });

/** The Liquidity layer's balance of `token`, shared by every fToken lending it: what they can withdraw now. */
export const fluidLiquidityBalance = (token: Hex, balance: bigint): ContractCall => ({
  ...fluidResolver,
  functionName: "setLiquidityBalance",
  args: [token, balance],
});

/** A vault of the plan: listed and rated (fTokens), supplied, given its markets (MetaMorpho) or adapters (Vault V2). */
function vaultSetup(m: DevnetMarket & { rate: { kind: "vault" } }, supply: bigint, demo: bigint): ContractCall[] {
  const a = devnetAddresses;
  const { rate } = m;
  const vault = a[m.contract];
  const abi = rate.vaultV2 ? artifacts.mockVaultV2Artifact.abi : artifacts.mockERC4626VaultArtifact.abi;
  const calls: ContractCall[] = [];
  const lentToken = rate.nativeUnderlying ? NATIVE_TOKEN_ADDRESS : a[m.underlying];
  if (m.protocol === "fluid") calls.push(fTokenListing(vault));
  if (rate.fluidSupplyRate) calls.push(fluidSupplyRate(lentToken, rate.fluidSupplyRate));
  // The layer holds `1 − utilization` of what the fToken supplies.
  if (rate.fluidUtilizationBps !== undefined)
    calls.push(fluidSupplier(vault, lentToken), fluidLiquidityBalance(lentToken, supply + demo - ((supply + demo) * rate.fluidUtilizationBps) / 10_000n));
  // A Vault V2 takes its deposits' tokens from the deployer (their owner), which approves it first.
  if (rate.vaultV2)
    calls.push(mint(a[m.underlying], devnetDeployer.address, supply + demo), {
      address: a[m.underlying],
      abi: artifacts.mockERC20Artifact.abi,
      functionName: "approve",
      args: [vault, supply + demo],
    });
  calls.push(...holdings(vault, abi, "depositFor", supply, demo));
  // What Vault V2s hold in this vault through their adapters, deposited before its markets are set
  // up, so that its Morpho Blue positions cover all of its assets.
  const fromVaultsV2 = vaultV2AllocationsInto(m.contract);
  for (const { adapter, assets } of fromVaultsV2) calls.push({ address: vault, abi, functionName: "depositFor", args: [a[adapter], assets] });
  if (rate.metaMorpho) {
    const vaultAssets = supply + demo + fromVaultsV2.reduce((sum, x) => sum + x.assets, 0n);
    calls.push(...metaMorphoSetup({ vault, loanToken: a[m.underlying], allocations: rate.metaMorpho.allocations, vaultAssets }));
  }
  for (const adapter of rate.vaultV2?.adapters ?? []) {
    const assets = units(adapter.assets, devnetTokenOf(m.underlying).decimals);
    calls.push({ address: vault, abi, functionName: "addAdapter", args: [a[adapter.contract]] });
    if (adapter.kind === "market") calls.push(...marketAdapterSetup(a[adapter.contract], a[m.underlying], adapter.market!, assets));
    calls.push({ address: vault, abi, functionName: "moveToAdapter", args: [a[adapter.contract], assets] });
  }
  return calls;
}

/** A Vault V2's market adapter supplying `assets` to its Morpho Blue market, which it lists. */
function marketAdapterSetup(adapter: Hex, loanToken: Hex, market: MorphoAllocation, assets: bigint): ContractCall[] {
  const { calls, ids } = morphoMarketsSetup({ supplier: adapter, loanToken, allocations: [market], supplierAssets: assets });
  return [...calls, { address: adapter, abi: artifacts.mockMorphoMarketAdapterArtifact.abi, functionName: "setMarketIds", args: [ids] }];
}

function marketSetup(m: DevnetMarket): ContractCall[] {
  const a = devnetAddresses;
  const supply = devnetUnits(m, "supply");
  const demo = devnetUnits(m, "demoBalance");
  const { rate } = m;
  switch (rate.kind) {
    case "aave": {
      const { decimals } = devnetTokenOf(m.underlying);
      const reserve = { pool: a[devnetAavePoolOf(m)], asset: a[m.underlying], aToken: a[m.contract], decimals };
      return aaveReserveSetup({ ...reserve, liquidityRate: rate.liquidityRate, supply, demo, utilizationBps: rate.utilizationBps });
    }
    case "comet":
      return cometSetup({ comet: a[m.contract], baseToken: a[m.underlying], supply, demo, utilization: rate.utilization });
    case "vault":
      return vaultSetup({ ...m, rate }, supply, demo);
  }
}

/**
 * Every call after the creations, in order: oracle prices, the demo wallet's USDC, each market, then
 * the reward streams, which run from `now` (the chain's time, Unix seconds).
 */
export function devnetSetupCalls({ now }: { now: bigint }): ContractCall[] {
  const a = devnetAddresses;
  const prices = devnetAavePools.flatMap(({ oracle }) =>
    devnetTokens.map((t) => ({ address: a[oracle], abi: artifacts.mockAaveOracleArtifact.abi, functionName: "setAssetPrice", args: [a[t.contract], t.priceUsd8] })),
  );
  const demoUsdc = { address: a.usdc, abi: artifacts.mockERC20Artifact.abi, functionName: "mint", args: [devnetDemoWallet.address, DEVNET_DEMO_USDC] };
  return [...prices, demoUsdc, ...devnetMarkets.flatMap(marketSetup), ...rewardSetupCalls(now)];
}
