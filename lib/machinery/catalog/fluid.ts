/**
 * Fluid Lending fTokens. Fluid publishes no address package: every address is from
 * github.com/Instadapp/fluid-contracts-public at commit a9949b48ba1247d4f478cd0acb40896b5c8bf3f8 —
 * deployments/deployments.md (Liquidity, LendingResolver, LiquidityResolver: the same address on every
 * chain Fluid is on) and deployments/<network>/fToken_<symbol>.json ("address"; the constructor's third
 * argument is the underlying, which the Aave address book also lists and is read from there).
 * fWETH on mainnet, Base and Arbitrum is an fTokenNativeUnderlying (its ABI has NATIVE_TOKEN_ADDRESS):
 * it takes WETH but lends native ETH; Polygon's fWETH is a plain fToken.
 */
import { aaveUnderlying } from "./aave";
import type { Hex } from "viem";
import { chainName } from "@/lib/facts/chains";
import type { AssetCategory } from "@/lib/facts/asset-categories";
import type { CatalogInstrument, CatalogProtocol } from "./catalog-types";

export const FLUID_LIQUIDITY: Hex = "0x52Aa899454998Be5b000Ad077a46Bbe360F4e497";
/** The current LendingResolver (deployments.md), on all four chains. */
export const FLUID_LENDING_RESOLVER: Hex = "0x48D32f49aFeAEC7AE66ad7B9264f446fc11a1569";
export const FLUID_LIQUIDITY_RESOLVER: Hex = "0xca13A15de31235A37134B4717021C35A3CF25C60";

/** Chains with a Fluid deployment (deployments/<network>/ in the repository). */
export const fluidChainIds = [1, 8453, 42161, 137] as const;

interface FToken {
  chainId: number;
  fToken: Hex;
  symbol: string;
  token: { key: string; symbol: string; category: AssetCategory };
  typicalTvlUsd: number;
  typicalApyPercent: number;
}

const t = (key: string, category: AssetCategory, symbol = key) => ({ key, symbol, category });

export const fTokens: readonly FToken[] = [
  { chainId: 1, fToken: "0x9Fb7b4477576Fe5B32be4C1843aFB1e55F251B33", symbol: "fUSDC", token: t("USDC", "USD"), typicalTvlUsd: 90_000_000, typicalApyPercent: 4.8 },
  { chainId: 1, fToken: "0x5C20B550819128074FD538Edf79791733ccEdd18", symbol: "fUSDT", token: t("USDT", "USD"), typicalTvlUsd: 80_000_000, typicalApyPercent: 5.2 },
  { chainId: 1, fToken: "0x90551c1795392094FE6D29B758EcCD233cFAa260", symbol: "fWETH", token: t("WETH", "ETH"), typicalTvlUsd: 120_000_000, typicalApyPercent: 2.3 },
  { chainId: 8453, fToken: "0xf42f5795D9ac7e9D757dB633D693cD548Cfd9169", symbol: "fUSDC", token: t("USDC", "USD"), typicalTvlUsd: 40_000_000, typicalApyPercent: 5.4 },
  { chainId: 8453, fToken: "0x9272D6153133175175Bc276512B2336BE3931CE9", symbol: "fWETH", token: t("WETH", "ETH"), typicalTvlUsd: 20_000_000, typicalApyPercent: 2 },
  { chainId: 8453, fToken: "0x1943FA26360f038230442525Cf1B9125b5DCB401", symbol: "fEURC", token: t("EURC", "EUR"), typicalTvlUsd: 8_000_000, typicalApyPercent: 3.4 },
  { chainId: 42161, fToken: "0x1A996cb54bb95462040408C06122D45D6Cdb6096", symbol: "fUSDC", token: t("USDCn", "USD", "USDC"), typicalTvlUsd: 50_000_000, typicalApyPercent: 5 },
  { chainId: 42161, fToken: "0x4A03F37e7d3fC243e3f99341d36f4b829BEe5E03", symbol: "fUSDT", token: t("USDT", "USD"), typicalTvlUsd: 35_000_000, typicalApyPercent: 5.6 },
  { chainId: 42161, fToken: "0x45Df0656F8aDf017590009d2f1898eeca4F0a205", symbol: "fWETH", token: t("WETH", "ETH"), typicalTvlUsd: 25_000_000, typicalApyPercent: 2.2 },
  { chainId: 137, fToken: "0x571d456b578fDC34E26E6D636736ED7c0CDB9d89", symbol: "fUSDC", token: t("USDCn", "USD", "USDC"), typicalTvlUsd: 15_000_000, typicalApyPercent: 4.4 },
  { chainId: 137, fToken: "0x6f5e34eFf43D9ab7c977512509C53840B5EfBA85", symbol: "fUSDT", token: t("USDT0", "USD"), typicalTvlUsd: 12_000_000, typicalApyPercent: 4.9 },
  { chainId: 137, fToken: "0xD3154535E4D0e179583ad694859E4e876EB12d24", symbol: "fWETH", token: t("WETH", "ETH"), typicalTvlUsd: 6_000_000, typicalApyPercent: 1.8 },
];

export const fluidInstruments: CatalogInstrument[] = fTokens.map((f) => {
  const token = aaveUnderlying(f.chainId, f.token.key);
  return {
    chainId: f.chainId,
    protocol: "fluid",
    version: 1,
    protocolAddress: FLUID_LIQUIDITY,
    marketAddress: f.fToken,
    adapterAddress: f.fToken,
    tokenAddress: token.address,
    tokenSymbol: f.token.symbol,
    tokenDecimals: token.decimals,
    yieldTokenAddress: f.fToken,
    yieldTokenSymbol: f.symbol,
    assetCategory: f.token.category,
    description: `Fluid ${f.symbol} lending fToken on ${chainName(f.chainId)}`,
    typicalTvlUsd: f.typicalTvlUsd,
    typicalApyPercent: f.typicalApyPercent,
  };
});

export const fluidProtocols: CatalogProtocol[] = fluidChainIds.map((chainId) => ({
  name: "fluid",
  version: 1,
  chainId,
  protocolAddress: FLUID_LIQUIDITY,
}));
