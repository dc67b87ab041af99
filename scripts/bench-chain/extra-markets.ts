// The benchmark chain's further markets, from the devnet's deployer after the standard devnet: a
// quarter of BENCH_CHAIN_INSTRUMENTS per protocol, set up as the devnet sets up its own
// (devnet/deploy/market-setup.ts). Aave reserves get an underlying each (a reserve is keyed by its
// asset); Comets, vaults and fTokens lend a devnet token.
import { encodeDeployData, encodeFunctionData, getAddress, type Hex } from "viem";
import * as artifacts from "@/devnet/generated/contracts";
import { aaveReserveSetup, cometSetup, fTokenListing, fluidLiquidityBalance, fluidSupplier, fluidSupplyRate, holdings } from "@/devnet/deploy/market-setup";
import { metaMorphoSetup } from "@/devnet/deploy/morpho-markets";
import type { Artifact, ContractCall } from "@/devnet/deploy/sender";
import { MORPHO_BLUE_ADDRESS, NATIVE_TOKEN_ADDRESS, devnetAddresses } from "@/devnet/plan/addresses";
import { devnetMarkets } from "@/devnet/plan/markets";
import { RAY, WAD, metaMorphoPerSecond, perSecondWad, type MorphoAllocation } from "@/devnet/plan/rates";
import { devnetTokenOf, type DevnetToken } from "@/devnet/plan/tokens";
import type { ProtocolName } from "@/lib/facts/protocols";
import { sendAll, type PlannedTx } from "./send-all";
import { PROTOCOLS, TOTAL } from "./settings";

export interface ExtraMarket {
  protocol: ProtocolName;
  index: number;
  token: DevnetToken;
  /** Aave: a new underlying per reserve (a reserve is keyed by its asset); others: a devnet token. */
  underlying: Hex;
  /** aToken, Comet or vault. */
  contract: Hex;
  symbol: string;
  supply: bigint;
  /** Underlying units the demo wallet holds in it; 0 for none. */
  demo: bigint;
  utilization: bigint;
}

/** The devnet's four tokens in turn, for markets and vaults of the benchmark. */
export const tokenCycle = (["usdc", "weth", "eurc", "wbtc"] as const).map(devnetTokenOf);
/** The benchmark's MetaMorpho vaults' fee, WAD. */
export const BENCH_VAULT_FEE = 10n ** 17n;

/** Each benchmark MetaMorpho vault supplies to two Morpho Blue markets of its own and an idle one. */
function benchAllocations(m: ExtraMarket): MorphoAllocation[] {
  const collaterals = tokenCycle.filter((t) => t.contract !== m.token.contract).map((t) => t.contract);
  const lltv = (percent: bigint) => percent * 10n ** 16n + BigInt(m.index); // a market id per vault
  const market = (collateral: DevnetToken["contract"], percent: bigint, borrowRateBps: number, marketFee: bigint, shareBps: bigint) =>
    ({ collateral, lltv: lltv(percent), borrowRateBps: BigInt(borrowRateBps), utilizationBps: 8_500n, marketFee, shareBps }) as const;
  return [
    market(collaterals[m.index % 3]!, 86n, 400 + (m.index % 300), 0n, 7_000n),
    market(collaterals[(m.index + 1) % 3]!, 77n, 500 + (m.index % 200), 5n * 10n ** 16n, 2_000n),
    { collateral: null, lltv: BigInt(m.index), borrowRateBps: 0n, utilizationBps: 0n, marketFee: 0n, shareBps: 1_000n },
  ];
}

/** The markets to add, their contracts' addresses still unknown ("0x"). */
function planExtraMarkets(): ExtraMarket[] {
  const symbolPrefix = { aave: "aBench", compound: "cBench", morpho: "mmBench", fluid: "f" } as const;
  return PROTOCOLS.flatMap((protocol) => {
    const extra = TOTAL / 4 - devnetMarkets.filter((m) => m.protocol === protocol).length;
    return Array.from({ length: extra }, (_, index): ExtraMarket => {
      // Comets price their base with the devnet's USDC or constant-ETH feed: USDC and WETH only.
      const token = protocol === "compound" ? tokenCycle[index % 2]! : tokenCycle[index % 4]!;
      const unit = 10n ** BigInt(token.decimals);
      return {
        protocol,
        index,
        token,
        underlying: devnetAddresses[token.contract],
        contract: "0x",
        symbol: `${symbolPrefix[protocol]}${token.symbol}-${index}`,
        supply: BigInt(10_000 + 37 * index) * unit,
        demo: index % 2 === 0 ? (BigInt(index + 1) * unit) / 100n : 0n,
        utilization: (BigInt(50 + (index % 46)) * WAD) / 100n,
      };
    });
  });
}

const deploy = (artifact: Artifact, args: readonly unknown[]): PlannedTx => ({
  data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: args as unknown[] }),
  gas: 4_000_000n,
});
const write = ({ address, abi, functionName, args }: ContractCall): PlannedTx => ({
  to: address,
  data: encodeFunctionData({ abi, functionName, args: args as unknown[] }),
  gas: 500_000n,
});

/**
 * An fToken over WETH lends native ETH, as every Fluid fWETH does (fTokenNativeUnderlying) and as the
 * devnet's fWETH does: the Liquidity layer knows ETH's supply rate and balance under
 * NATIVE_TOKEN_ADDRESS only, so a bench fToken lending WETH itself would have no supply rate, and
 * the sync rightly no APY for it (docs/data.md, Fluid).
 */
const lendsNativeEth = (m: ExtraMarket) => m.protocol === "fluid" && m.token.contract === "weth";

/** The creation of what needs no other new address: an Aave reserve's underlying, a Comet, a vault. */
function firstCreation(m: ExtraMarket): ["underlying" | "contract", PlannedTx] {
  const { token } = m;
  switch (m.protocol) {
    case "aave":
      return ["underlying", deploy(artifacts.mockERC20Artifact, [`Bench ${token.name} ${m.index}`, token.symbol, token.decimals])];
    case "compound": {
      const feed = token.contract === "weth" ? devnetAddresses.wethConstantPriceFeed : devnetAddresses.usdcPriceFeed;
      const curve = [(9n * WAD) / 10n, perSecondWad(BigInt(300 + m.index)), perSecondWad(20_000n), 0n];
      return ["contract", deploy(artifacts.mockCometArtifact, [m.underlying, feed, token.decimals, ...curve])];
    }
    case "morpho": {
      const rate = metaMorphoPerSecond(BENCH_VAULT_FEE, benchAllocations(m));
      const args = [`Bench ${m.symbol}`, m.symbol, m.underlying, token.decimals, token.contract === "usdc" ? 12 : 0, rate, MORPHO_BLUE_ADDRESS, BENCH_VAULT_FEE];
      return ["contract", deploy(artifacts.mockMetaMorphoVaultArtifact, args)];
    }
    case "fluid": {
      const args = [`Bench ${m.symbol}`, m.symbol, m.underlying, token.decimals, 0, perSecondWad(BigInt(150 + m.index)), devnetAddresses.fluidLiquidityResolver];
      if (lendsNativeEth(m)) return ["contract", deploy(artifacts.mockFTokenNativeUnderlyingArtifact, args)];
      return ["contract", deploy(artifacts.mockFTokenArtifact, [...args, m.underlying])];
    }
  }
}

/** A market's state once its contracts exist: prices, reserves, suppliers and borrows, vault markets. */
function configuration(m: ExtraMarket): ContractCall[] {
  const a = devnetAddresses;
  const { supply, demo } = m;
  switch (m.protocol) {
    case "aave": {
      const price = { address: a.aaveOracle, abi: artifacts.mockAaveOracleArtifact.abi, functionName: "setAssetPrice", args: [m.underlying, m.token.priceUsd8] };
      const liquidityRate = (BigInt(100 + 3 * m.index) * RAY) / 10_000n;
      const reserve = { pool: a.aavePool, asset: m.underlying, aToken: m.contract, decimals: m.token.decimals };
      return [price, ...aaveReserveSetup({ ...reserve, liquidityRate, supply, demo, utilizationBps: (m.utilization * 10_000n) / WAD })];
    }
    case "compound":
      return cometSetup({ comet: m.contract, baseToken: m.underlying, supply, demo, utilization: m.utilization });
    case "morpho":
    case "fluid": {
      const deposits = holdings(m.contract, artifacts.mockERC4626VaultArtifact.abi, "depositFor", supply, demo);
      // The bench's fTokens share the Liquidity layer's balance of what they lend with the devnet's (ETH's under NATIVE_TOKEN_ADDRESS).
      if (m.protocol === "fluid") return [fTokenListing(m.contract), fluidSupplier(m.contract, lendsNativeEth(m) ? NATIVE_TOKEN_ADDRESS : m.underlying), ...deposits];
      const markets = metaMorphoSetup({ vault: m.contract, loanToken: m.underlying, allocations: benchAllocations(m), vaultAssets: supply + demo });
      return [...deposits, ...markets];
    }
  }
}

/** Deploys the further markets: what needs no new address, then aTokens, then every market's state. */
export async function deployExtraMarkets(url: string): Promise<{ markets: ExtraMarket[]; transactions: number; ms: number }> {
  const started = performance.now();
  const markets = planExtraMarkets();
  const creations = markets.map((m) => [m, ...firstCreation(m)] as const);
  const created = await sendAll(url, creations.map(([, , tx]) => tx), "creating markets");
  creations.forEach(([m, field], i) => (m[field] = getAddress(created[i]!.contractAddress!)));

  // aTokens name their underlying.
  const aave = markets.filter((m) => m.protocol === "aave");
  const aTokens = aave.map((m) => deploy(artifacts.mockATokenArtifact, [`Bench Aave ${m.token.symbol} ${m.index}`, m.symbol, m.token.decimals, m.underlying]));
  const aTokenReceipts = await sendAll(url, aTokens, "creating aTokens");
  aave.forEach((m, i) => (m.contract = getAddress(aTokenReceipts[i]!.contractAddress!)));

  // The devnet's plan has no WBTC fToken: give the Liquidity layer a WBTC supply rate and balance too.
  const wbtcLiquidity = fluidLiquidityBalance(devnetAddresses.wbtc, 1_000n * 10n ** 8n);
  const config = [...markets.flatMap(configuration), fluidSupplyRate(devnetAddresses.wbtc, 150n), wbtcLiquidity].map(write);
  await sendAll(url, config, "configuring markets");
  return { markets, transactions: creations.length + aTokens.length + config.length, ms: performance.now() - started };
}
