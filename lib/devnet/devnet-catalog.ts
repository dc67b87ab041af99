/** Chain 31337's catalog entries, derived from the local chain's plan (lib/devnet/plan.ts). */
import {
  DEVNET_CHAIN_ID,
  FLUID_LIQUIDITY_ADDRESS,
  MORPHO_BLUE_ADDRESS,
  devnetAavePoolOf,
  devnetAddresses,
  devnetMarkets,
  devnetTokenOf,
  type DevnetMarket,
} from "@/lib/devnet/plan";
import type { CatalogInstrument, CatalogProtocol, Hex } from "@/lib/catalog/catalog-data";

const docs = { aave: "https://aave.com/docs", compound: "https://docs.compound.finance/", morpho: "https://docs.morpho.org/", fluid: "https://docs.fluid.instadapp.io/" };
const names = { aave: "Aave V3", compound: "Compound V3", morpho: "Morpho", fluid: "Fluid V1" };

function protocolAddressOf(market: DevnetMarket): Hex {
  switch (market.protocol) {
    case "aave":
      return devnetAddresses[devnetAavePoolOf(market)];
    case "compound":
      return devnetAddresses[market.contract];
    case "morpho":
      return MORPHO_BLUE_ADDRESS;
    case "fluid":
      return FLUID_LIQUIDITY_ADDRESS;
  }
}

export const devnetCatalogProtocols: CatalogProtocol[] = [
  { name: "aave", version: 3, protocolAddress: devnetAddresses.aavePool },
  { name: "compound", version: 3, protocolAddress: devnetAddresses.cometUsdc },
  { name: "morpho", version: 1, protocolAddress: MORPHO_BLUE_ADDRESS },
  { name: "morpho", version: 2, protocolAddress: MORPHO_BLUE_ADDRESS },
  { name: "fluid", version: 1, protocolAddress: FLUID_LIQUIDITY_ADDRESS },
].map((p) => ({
  ...(p as Pick<CatalogProtocol, "name" | "version" | "protocolAddress">),
  chainId: DEVNET_CHAIN_ID,
  deprecated: false,
  deprecationReason: null,
  docsUrl: docs[p.name as keyof typeof docs],
}));

export const devnetCatalogInstruments: CatalogInstrument[] = devnetMarkets
  .filter((m) => m.inCatalog)
  .map((m) => {
    const token = devnetTokenOf(m.underlying);
    const erc4626 = m.rate.kind === "vault";
    const kind =
      m.protocol === "aave"
        ? "reserve"
        : m.protocol === "compound"
          ? "market"
          : m.protocol === "morpho"
            ? (m.version === 2 ? "Vault V2" : "MetaMorpho vault")
            : "vault";
    return {
      chainId: DEVNET_CHAIN_ID,
      protocol: m.protocol,
      version: m.version,
      protocolAddress: protocolAddressOf(m),
      marketAddress: erc4626 ? devnetAddresses[m.contract] : devnetAddresses[m.underlying],
      adapterAddress: m.protocol === "aave" ? devnetAddresses[devnetAavePoolOf(m)] : devnetAddresses[m.contract],
      tokenAddress: devnetAddresses[m.underlying],
      tokenSymbol: token.symbol,
      tokenDecimals: token.decimals,
      yieldTokenAddress: devnetAddresses[m.contract],
      yieldTokenSymbol: m.yieldTokenSymbol,
      assetCategory: token.assetCategory,
      description: `${names[m.protocol]} ${token.symbol} ${kind} on the local chain`,
      typicalTvlUsd: 10_000_000,
      typicalApyPercent: 4,
    };
  });
