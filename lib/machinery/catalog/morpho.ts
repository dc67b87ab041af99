/**
 * Morpho vaults. The Morpho Blue singleton of each chain is read from Morpho's own package
 * (npm @morpho-org/morpho-ts, getChainAddresses(chainId).morpho); an instrument's protocolAddress is
 * it for MetaMorpho (Vault V1, version 1) and Vault V2 (version 2) vaults alike.
 *
 * Vault addresses: github.com/morpho-org/morpho-blue-api-metadata at commit
 * 72f3f35acb08cd95401599691b1e451c65c89548 — V1 vaults in data/vaults-listing.json, V2 vaults in
 * data/vaults-v2-listing.json, and each V1 vault's V2 successor in data/vaults-v1-to-v2-migration.json
 * (Moonwell Flagship USDC's V2 on Base is in the V2 listing, under the same name, but not yet in the
 * migration file; Spark USDC on Base has no V2). Names are the listings' descriptions. Symbols come
 * from third-party code only (UNVERIFIED): the sync replaces them with the vault's own symbol().
 * Underlyings are read from the Aave address book (a V2 successor has its V1's asset: Vault V2's
 * MorphoVaultV1Adapter requires it).
 */
import { getChainAddresses } from "@morpho-org/morpho-ts";
import { aaveUnderlying } from "./aave";
import type { Hex } from "viem";
import { chainName } from "@/lib/facts/chains";
import type { AssetCategory } from "@/lib/facts/asset-categories";
import type { CatalogInstrument, CatalogProtocol } from "./catalog-types";

export const morphoBlueOf = (chainId: number): Hex => getChainAddresses(chainId).morpho as Hex;

interface Vault {
  chainId: number;
  vault: Hex;
  name: string;
  symbol: string;
  token: { key: string; symbol: string; category: AssetCategory };
  typicalTvlUsd: number;
  typicalApyPercent: number;
}
interface VaultV1 extends Vault {
  /** Its V2 successor, when Morpho has published one. */
  successor?: Omit<Vault, "chainId" | "token">;
}

const usdc = { key: "USDC", symbol: "USDC", category: "USD" } as const;
const usdt = { key: "USDT", symbol: "USDT", category: "USD" } as const;
const weth = { key: "WETH", symbol: "WETH", category: "ETH" } as const;

export const morphoVaults: readonly VaultV1[] = [
  {
    chainId: 1,
    vault: "0xBEEF01735c132Ada46AA9aA4c54623cAA92A64CB",
    name: "Steakhouse USDC",
    symbol: "steakUSDC",
    token: usdc,
    typicalTvlUsd: 1_200_000_000,
    typicalApyPercent: 5.1,
    successor: { vault: "0xbeef088055857739C12CD3765F20b7679Def0f51", name: "Steakhouse Prime Instant USDC", symbol: "steakUSDC", typicalTvlUsd: 400_000_000, typicalApyPercent: 5 },
  },
  {
    chainId: 1,
    vault: "0xdd0f28e19C1780eb6396170735D45153D261490d",
    name: "Gauntlet USDC Prime",
    symbol: "gtUSDC",
    token: usdc,
    typicalTvlUsd: 23_000_000,
    typicalApyPercent: 5.6,
    successor: { vault: "0x8c106EEDAd96553e64287A5A6839c3Cc78afA3D0", name: "Gauntlet USDC Prime", symbol: "gtUSDCp", typicalTvlUsd: 60_000_000, typicalApyPercent: 5.3 },
  },
  {
    chainId: 1,
    vault: "0xbEef047a543E45807105E51A8BBEFCc5950fcfBa",
    name: "Steakhouse USDT",
    symbol: "steakUSDT",
    token: usdt,
    typicalTvlUsd: 300_000_000,
    typicalApyPercent: 5.4,
    successor: { vault: "0xbeef003C68896c7D2c3c60d363e8d71a49Ab2bf9", name: "Steakhouse Prime Instant USDT", symbol: "steakUSDT", typicalTvlUsd: 120_000_000, typicalApyPercent: 5.2 },
  },
  {
    chainId: 1,
    vault: "0x8CB3649114051cA5119141a34C200D65dc0Faa73",
    name: "Gauntlet USDT Prime",
    symbol: "gtUSDT",
    token: usdt,
    typicalTvlUsd: 50_000_000,
    typicalApyPercent: 5.9,
    successor: { vault: "0xf3557AD5E984211ac8A0874A670344f2C3376471", name: "Gauntlet USDT Prime", symbol: "gtUSDTp", typicalTvlUsd: 30_000_000, typicalApyPercent: 5.7 },
  },
  {
    chainId: 1,
    vault: "0x2371e134e3455e0593363cBF89d3b6cf53740618",
    name: "Gauntlet WETH Prime",
    symbol: "gtWETH",
    token: weth,
    typicalTvlUsd: 150_000_000,
    typicalApyPercent: 2.4,
    successor: { vault: "0x43fCd85E8D9D003D515f886891B7C742AC9f92da", name: "Gauntlet WETH Prime", symbol: "gtWETHp", typicalTvlUsd: 60_000_000, typicalApyPercent: 2.3 },
  },
  {
    chainId: 1,
    vault: "0xBEEf050ecd6a16c4e7bfFbB52Ebba7846C4b8cD4",
    name: "Steakhouse ETH",
    symbol: "steakETH",
    token: weth,
    typicalTvlUsd: 200_000_000,
    typicalApyPercent: 2.2,
    successor: { vault: "0xbeef0046fcab1dE47E41fB75BB3dC4Dfc94108E3", name: "Steakhouse Prime Instant ETH", symbol: "steakETH", typicalTvlUsd: 80_000_000, typicalApyPercent: 2.1 },
  },
  {
    chainId: 8453,
    vault: "0xc1256Ae5FF1cf2719D4937adb3bbCCab2E00A2Ca",
    name: "Moonwell Flagship USDC",
    symbol: "mwUSDC",
    token: usdc,
    typicalTvlUsd: 150_000_000,
    typicalApyPercent: 6.2,
    successor: { vault: "0x48a90E85be5C56b0A669985A12ee7C449fC79965", name: "Moonwell Flagship USDC", symbol: "mwUSDC", typicalTvlUsd: 40_000_000, typicalApyPercent: 6 },
  },
  {
    chainId: 8453,
    vault: "0xbeeF010f9cb27031ad51e3333f9aF9C6B1228183",
    name: "Steakhouse USDC",
    symbol: "steakUSDC",
    token: usdc,
    typicalTvlUsd: 440_000_000,
    typicalApyPercent: 5.8,
    successor: { vault: "0xbeef0e0834849aCC03f0089F01f4F1Eeb06873C9", name: "Steakhouse Prime Instant USDC", symbol: "steakUSDC", typicalTvlUsd: 150_000_000, typicalApyPercent: 5.6 },
  },
  {
    chainId: 8453,
    vault: "0xeE8F4eC5672F09119b96Ab6fB59C27E1b7e44b61",
    name: "Gauntlet USDC Prime",
    symbol: "gtUSDCp",
    token: usdc,
    typicalTvlUsd: 90_000_000,
    typicalApyPercent: 6.6,
    successor: { vault: "0x050cE30b927Da55177A4914EC73480238BAD56f0", name: "Gauntlet USDC Prime", symbol: "gtUSDCp", typicalTvlUsd: 40_000_000, typicalApyPercent: 6.4 },
  },
  {
    chainId: 8453,
    vault: "0x7BfA7C4f149E7415b73bdeDfe609237e29CBF34A",
    name: "Spark USDC",
    symbol: "sparkUSDC",
    token: usdc,
    typicalTvlUsd: 300_000_000,
    typicalApyPercent: 4.6,
  },
];

function instrument(v: Vault, version: 1 | 2): CatalogInstrument {
  const token = aaveUnderlying(v.chainId, v.token.key);
  return {
    chainId: v.chainId,
    protocol: "morpho",
    version,
    protocolAddress: morphoBlueOf(v.chainId),
    marketAddress: v.vault,
    adapterAddress: v.vault,
    tokenAddress: token.address,
    tokenSymbol: v.token.symbol,
    tokenDecimals: token.decimals,
    yieldTokenAddress: v.vault,
    yieldTokenSymbol: v.symbol,
    assetCategory: v.token.category,
    description: `${v.name} ${version === 1 ? "MetaMorpho vault" : "Vault V2"} on ${chainName(v.chainId)}`,
    typicalTvlUsd: v.typicalTvlUsd,
    typicalApyPercent: v.typicalApyPercent,
  };
}

export const morphoInstruments: CatalogInstrument[] = morphoVaults.flatMap((v) => [
  instrument(v, 1),
  ...(v.successor ? [instrument({ ...v, ...v.successor }, 2)] : []),
]);

export const morphoProtocols: CatalogProtocol[] = [
  {
    // The Morpho-AaveV3 Optimizer: github.com/morpho-org/sdks, packages/migration-sdk-viem/src/config.ts
    // (MIGRATION_ADDRESSES[1].aaveV3Optimizer.morpho) at commit 0ba36b9ae84d9c8422dde9ce4b1e1757d933bfad.
    name: "morpho",
    version: 0,
    chainId: 1,
    protocolAddress: "0x33333aea097c193e66081E930c33020272b33333",
  },
  ...[1, 8453, 42161, 10, 137].flatMap((chainId) =>
    [1, 2].map((version) => ({
      name: "morpho" as const,
      version,
      chainId,
      protocolAddress: morphoBlueOf(chainId),
    })),
  ),
];
