/**
 * What the rest of Yieldgrid knows about the local chain (31337), from its plan and its deployment's
 * manifest: the protocol records and instruments seeded beside the real catalog, the contracts the
 * sync reads besides the markets (Aave pools and oracles, price feeds and their units, Fluid's
 * resolvers, CometRewards), and Morpho's vault factories, in the same shapes as every other chain's.
 * lib/ never imports devnet/: `npm run generate` writes this as lib/machinery/catalog/local-chain.ts,
 * and a unit test checks the committed file is current.
 */
import type { Hex } from "viem";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { protocolVersionFacts } from "@/lib/facts/protocol-versions";
import { protocolFacts } from "@/lib/facts/protocols";
import { compoundPriceFeeds } from "./protocols/compound";
import { aavePools } from "./plan/aave";
import { compoundContracts } from "./plan/compound";
import { discoveryAddresses } from "./plan/discovery-vaults";
import { fluidContracts } from "./plan/fluid";
import { morphoContracts } from "./plan/morpho";
import { devnetAddresses, type DevnetContract } from "./plan/addresses";
import { devnetAavePoolOf, devnetMarkets, type DevnetMarket } from "./plan/markets";
import { devnetTokenOf } from "./plan/tokens";

const at = (name: string): Hex => {
  const address = devnetAddresses[name as DevnetContract];
  if (!address) throw new Error(`the local chain's manifest has no ${name}: run npm run generate`);
  return address;
};

// Descriptions name the version ("Aave V3 USDC reserve"), except Morpho's, whose kind of vault does.
const nameOf = (m: DevnetMarket) =>
  m.protocol === "morpho" ? protocolFacts.morpho.label : protocolVersionFacts(m.protocol, m.version).label;

function protocolAddressOf(market: DevnetMarket): Hex {
  switch (market.protocol) {
    case "aave":
      return at(devnetAavePoolOf(market).pool);
    case "compound":
      return at(market.contract);
    case "morpho":
      return at(morphoContracts.morphoBlue);
    case "fluid":
      return at(fluidContracts.liquidity);
  }
}

const kindOf = (m: DevnetMarket) =>
  m.protocol === "aave"
    ? "reserve"
    : m.protocol === "compound"
      ? "market"
      : m.protocol === "morpho"
        ? m.version === 2
          ? "Vault V2"
          : "MetaMorpho vault"
        : "vault";

export const localChainCatalog = {
  protocols: (
    [
      { name: "aave", version: 3, protocolAddress: at(aavePools[0].contracts.pool) },
      { name: "compound", version: 3, protocolAddress: at("cometUsdc") },
      { name: "morpho", version: 1, protocolAddress: at(morphoContracts.morphoBlue) },
      { name: "morpho", version: 2, protocolAddress: at(morphoContracts.morphoBlue) },
      { name: "fluid", version: 1, protocolAddress: at(fluidContracts.liquidity) },
    ] as const
  ).map((p) => ({ ...p, chainId: LOCAL_CHAIN_ID })),

  instruments: devnetMarkets
    .filter((m) => m.inCatalog)
    .map((m) => {
      const token = devnetTokenOf(m.underlying);
      const erc4626 = m.kind === "vault";
      return {
        chainId: LOCAL_CHAIN_ID,
        protocol: m.protocol,
        version: m.version,
        protocolAddress: protocolAddressOf(m),
        marketAddress: erc4626 ? at(m.contract) : at(m.underlying),
        adapterAddress: m.protocol === "aave" ? at(devnetAavePoolOf(m).pool) : at(m.contract),
        tokenAddress: at(m.underlying),
        tokenSymbol: token.symbol,
        tokenDecimals: token.decimals,
        yieldTokenAddress: at(m.contract),
        yieldTokenSymbol: m.yieldTokenSymbol,
        assetCategory: token.assetCategory,
        description: `${nameOf(m)} ${token.symbol} ${kindOf(m)} on the local chain`,
        typicalTvlUsd: 10_000_000,
        typicalApyPercent: 4,
      };
    }),

  deployment: {
    aavePools: aavePools.map(({ name, contracts }) => ({ name, pool: at(contracts.pool), oracle: at(contracts.oracle) })),
    aaveOracle: at(aavePools[0].contracts.oracle),
    // The local chain's Aave oracles price WETH at ETH/USD and WBTC at BTC/USD (protocols/tokens.ts).
    usdReferences: { ETH: at("weth"), BTC: at("wbtc") },
    priceFeeds: compoundPriceFeeds({ address: at }),
    fluidLendingResolver: at(fluidContracts.lendingResolver),
    fluidLiquidityResolver: at(fluidContracts.liquidityResolver),
    cometRewards: at(compoundContracts.rewards),
  },

  // Morpho's factories on the local chain, read from block 0 (plan/morpho.ts, plan/discovery-vaults.ts).
  vaultFactories: [
    { address: discoveryAddresses.metaMorphoFactoryV1_0, kind: "metamorpho", release: "MetaMorpho v1.0" },
    { address: at(morphoContracts.metaMorphoFactory), kind: "metamorpho", release: "MetaMorpho v1.1" },
    { address: at(morphoContracts.vaultV2Factory), kind: "vault-v2", release: "Vault V2" },
  ],
};

/** The text of lib/machinery/catalog/local-chain.ts. */
export function localChainCatalogModule(): string {
  const { protocols, instruments, deployment, vaultFactories } = localChainCatalog;
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    "// Generated by `npm run generate` from devnet/local-chain-catalog.ts (the local chain's plan and manifest). Do not edit.",
    "// The local chain's contracts land at these addresses because its deployers' nonces fix them.",
    'import type { CatalogInstrument, CatalogProtocol, ChainDeployment, VaultFactory } from "./catalog-data";',
    "",
    `export const localChainProtocols: CatalogProtocol[] = ${json(protocols)};`,
    "",
    `export const localChainInstruments: CatalogInstrument[] = ${json(instruments)};`,
    "",
    `export const localChainDeployment: ChainDeployment = ${json(deployment)};`,
    "",
    `export const localChainVaultFactories: Omit<VaultFactory, "fromBlock">[] = ${json(vaultFactories)};`,
    "",
  ].join("\n");
}

/** The text of lib/facts/local-chain.ts: the local chain's facts the chain list needs (its USDC). */
export function localChainFactsModule(): string {
  return [
    "// Generated by `npm run generate` from devnet/local-chain-catalog.ts (the local chain's manifest). Do not edit.",
    "",
    "/** The local chain's USDC (Aave's TestnetERC20, 6 decimals): the token the positions page counts. */",
    `export const LOCAL_CHAIN_USDC = ${JSON.stringify(at("usdc"))} as const;`,
    "",
  ].join("\n");
}
