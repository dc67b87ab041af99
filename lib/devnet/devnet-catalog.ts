/** Chain 31337's catalog entries, derived from the local chain's plan (lib/devnet/plan.ts). */
import type { Hex } from "viem";
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
import type { CatalogInstrument, CatalogProtocol } from "@/lib/catalog/catalog-data";
import { protocolVersionFacts } from "@/lib/domain/protocol-versions";
import { protocolFacts } from "@/lib/domain/protocols";

// Descriptions name the version ("Aave V3 USDC reserve"), except Morpho's, whose kind of vault does.
const nameOf = (m: DevnetMarket) =>
  m.protocol === "morpho" ? protocolFacts.morpho.label : protocolVersionFacts(m.protocol, m.version).label;

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

export const devnetCatalogProtocols: CatalogProtocol[] = (
  [
    { name: "aave", version: 3, protocolAddress: devnetAddresses.aavePool },
    { name: "compound", version: 3, protocolAddress: devnetAddresses.cometUsdc },
    { name: "morpho", version: 1, protocolAddress: MORPHO_BLUE_ADDRESS },
    { name: "morpho", version: 2, protocolAddress: MORPHO_BLUE_ADDRESS },
    { name: "fluid", version: 1, protocolAddress: FLUID_LIQUIDITY_ADDRESS },
  ] as const
).map((p) => ({ ...p, chainId: DEVNET_CHAIN_ID }));

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
      description: `${nameOf(m)} ${token.symbol} ${kind} on the local chain`,
      typicalTvlUsd: 10_000_000,
      typicalApyPercent: 4,
    };
  });
