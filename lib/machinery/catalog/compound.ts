/**
 * Compound III (Comet) markets. Compound publishes no address package: every Comet, base token and
 * price feed below is from github.com/compound-finance/comet at commit
 * d5a30b0aaeff7755f1431e87f818990902237b03, deployments/<network>/<market>/roots.json ("comet") and
 * configuration.json ("baseTokenAddress", "baseTokenPriceFeed"); base tokens that Aave also lists are
 * read from the Aave address book instead (a unit test checks they agree with configuration.json).
 *
 * Each base price feed's unit is known: the stablecoin Comets' feeds are Chainlink
 * X/USD feeds, cWBTCv3's (0xfdFD9C85…FBB23) is Chainlink's WBTC/BTC (the Aave address book's
 * ChainlinkEthereum.WBTC__BTC), and the WETH Comets have no feed in configuration.json: their
 * deploy.ts deploys a ConstantPriceFeed (contracts/pricefeeds/ConstantPriceFeed.sol, description
 * "Constant price feed", 1e8 = one base token), which the sync recognises on chain.
 */
import { aaveUnderlying } from "./aave";
import type { Hex } from "viem";
import { chainName } from "@/lib/facts/chains";
import type { AssetCategory } from "@/lib/facts/asset-categories";
import type { CatalogInstrument, CatalogProtocol, FeedDenomination } from "./catalog-types";

interface Comet {
  chainId: number;
  /** roots.json "comet". */
  comet: Hex;
  base: { address: Hex; decimals: number };
  symbol: string;
  yieldTokenSymbol: string;
  assetCategory: AssetCategory;
  /** configuration.json "baseTokenPriceFeed" and its unit; "constant" for a ConstantPriceFeed. */
  feed: { address: Hex; denomination: FeedDenomination } | "constant";
  /** How the description names the market, when not by its symbol. */
  label?: string;
  typicalTvlUsd: number;
  typicalApyPercent: number;
}

/** Sepolia's Comets use tokens Aave's Sepolia market does not list: configuration.json's baseTokenAddress. */
const sepoliaCircleUsdc = { address: "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238", decimals: 6 } as const;
const sepoliaCometWeth = { address: "0x2D5ee574e710219a521449679A4A7f2B43f046ad", decimals: 18 } as const;

const usd = (address: Hex) => ({ address, denomination: "USD" as const });

export const comets: readonly Comet[] = [
  // mainnet/usdc, mainnet/usdt, mainnet/weth, mainnet/wbtc
  { chainId: 1, comet: "0xc3d688B66703497DAA19211EEdff47f25384cdc3", base: aaveUnderlying(1, "USDC"), symbol: "USDC", yieldTokenSymbol: "cUSDCv3", assetCategory: "USD", feed: usd("0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6"), typicalTvlUsd: 400_000_000, typicalApyPercent: 3.6 },
  { chainId: 1, comet: "0x3Afdc9BCA9213A35503b077a6072F3D0d5AB0840", base: aaveUnderlying(1, "USDT"), symbol: "USDT", yieldTokenSymbol: "cUSDTv3", assetCategory: "USD", feed: usd("0x3E7d1eAB13ad0104d2750B8863b489D65364e32D"), typicalTvlUsd: 300_000_000, typicalApyPercent: 3.9 },
  { chainId: 1, comet: "0xA17581A9E3356d9A858b789D68B4d866e593aE94", base: aaveUnderlying(1, "WETH"), symbol: "WETH", yieldTokenSymbol: "cWETHv3", assetCategory: "ETH", feed: "constant", typicalTvlUsd: 500_000_000, typicalApyPercent: 2 },
  { chainId: 1, comet: "0xe85Dc543813B8c2CFEaAc371517b925a166a9293", base: aaveUnderlying(1, "WBTC"), symbol: "WBTC", yieldTokenSymbol: "cWBTCv3", assetCategory: "BTC", feed: { address: "0xfdFD9C85aD200c506Cf9e21F1FD8dd01932FBB23", denomination: "BTC" }, typicalTvlUsd: 40_000_000, typicalApyPercent: 0.2 },
  // base/usdc, base/weth, base/usdbc
  { chainId: 8453, comet: "0xb125E6687d4313864e53df431d5425969c15Eb2F", base: aaveUnderlying(8453, "USDC"), symbol: "USDC", yieldTokenSymbol: "cUSDCv3", assetCategory: "USD", feed: usd("0x7e860098F58bBFC8648a4311b374B1D669a2bc6B"), typicalTvlUsd: 40_000_000, typicalApyPercent: 4.3 },
  { chainId: 8453, comet: "0x46e6b214b524310239732D51387075E0e70970bf", base: aaveUnderlying(8453, "WETH"), symbol: "WETH", yieldTokenSymbol: "cWETHv3", assetCategory: "ETH", feed: "constant", typicalTvlUsd: 25_000_000, typicalApyPercent: 1.9 },
  { chainId: 8453, comet: "0x9c4ec768c28520B50860ea7a15bd7213a9fF58bf", base: aaveUnderlying(8453, "USDbC"), symbol: "USDbC", yieldTokenSymbol: "cUSDbCv3", assetCategory: "USD", feed: usd("0x7e860098F58bBFC8648a4311b374B1D669a2bc6B"), typicalTvlUsd: 2_000_000, typicalApyPercent: 2.1 },
  // arbitrum/usdc, arbitrum/usdt, arbitrum/weth, arbitrum/usdc.e
  { chainId: 42161, comet: "0x9c4ec768c28520B50860ea7a15bd7213a9fF58bf", base: aaveUnderlying(42161, "USDCn"), symbol: "USDC", yieldTokenSymbol: "cUSDCv3", assetCategory: "USD", feed: usd("0x50834F3163758fcC1Df9973b6e91f0F0F0434aD3"), typicalTvlUsd: 60_000_000, typicalApyPercent: 3.9 },
  { chainId: 42161, comet: "0xd98Be00b5D27fc98112BdE293e487f8D4cA57d07", base: aaveUnderlying(42161, "USDT"), symbol: "USDT", yieldTokenSymbol: "cUSDTv3", assetCategory: "USD", feed: usd("0x3f3f5dF88dC9F13eac63DF89EC16ef6e7E25DdE7"), typicalTvlUsd: 25_000_000, typicalApyPercent: 4 },
  { chainId: 42161, comet: "0x6f7D514bbD4aFf3BcD1140B7344b32f063dEe486", base: aaveUnderlying(42161, "WETH"), symbol: "WETH", yieldTokenSymbol: "cWETHv3", assetCategory: "ETH", feed: "constant", typicalTvlUsd: 20_000_000, typicalApyPercent: 1.8 },
  { chainId: 42161, comet: "0xA5EDBDD9646f8dFF606d7448e414884C7d905dCA", base: aaveUnderlying(42161, "USDC"), symbol: "USDC.e", yieldTokenSymbol: "cUSDCv3", assetCategory: "USD", feed: usd("0x50834F3163758fcC1Df9973b6e91f0F0F0434aD3"), label: "bridged USDC.e", typicalTvlUsd: 3_000_000, typicalApyPercent: 2.4 },
  // optimism/usdc, optimism/usdt, optimism/weth
  { chainId: 10, comet: "0x2e44e174f7D53F0212823acC11C01A11d58c5bCB", base: aaveUnderlying(10, "USDCn"), symbol: "USDC", yieldTokenSymbol: "cUSDCv3", assetCategory: "USD", feed: usd("0x16a9FA2FDa030272Ce99B29CF780dFA30361E0f3"), typicalTvlUsd: 15_000_000, typicalApyPercent: 4 },
  { chainId: 10, comet: "0x995E394b8B2437aC8Ce61Ee0bC610D617962B214", base: aaveUnderlying(10, "USDT"), symbol: "USDT", yieldTokenSymbol: "cUSDTv3", assetCategory: "USD", feed: usd("0xECef79E109e997bCA29c1c0897ec9d7b03647F5E"), typicalTvlUsd: 10_000_000, typicalApyPercent: 4.3 },
  { chainId: 10, comet: "0xE36A30D249f7761327fd973001A32010b521b6Fd", base: aaveUnderlying(10, "WETH"), symbol: "WETH", yieldTokenSymbol: "cWETHv3", assetCategory: "ETH", feed: "constant", typicalTvlUsd: 8_000_000, typicalApyPercent: 1.7 },
  // polygon/usdc (bridged USDC.e), polygon/usdt
  { chainId: 137, comet: "0xF25212E676D1F7F89Cd72fFEe66158f541246445", base: aaveUnderlying(137, "USDC"), symbol: "USDC.e", yieldTokenSymbol: "cUSDCv3", assetCategory: "USD", feed: usd("0xfE4A8cc5b5B2366C1B58Bea3858e81843581b2F7"), label: "bridged USDC.e", typicalTvlUsd: 20_000_000, typicalApyPercent: 4.5 },
  { chainId: 137, comet: "0xaeB318360f27748Acb200CE616E389A6C9409a07", base: aaveUnderlying(137, "USDT0"), symbol: "USDT0", yieldTokenSymbol: "cUSDTv3", assetCategory: "USD", feed: usd("0x0A6513e40db6EB1b165753AD52E80663aeA50545"), typicalTvlUsd: 8_000_000, typicalApyPercent: 4.7 },
  // sepolia/usdc, sepolia/weth
  { chainId: 11155111, comet: "0xAec1F48e02Cfb822Be958B68C7957156EB3F0b6e", base: sepoliaCircleUsdc, symbol: "USDC", yieldTokenSymbol: "cUSDCv3", assetCategory: "USD", feed: usd("0xA2F78ab2355fe2f984D808B5CeE7FD0A93D5270E"), label: "USDC (Circle test USDC)", typicalTvlUsd: 120_000, typicalApyPercent: 3.9 },
  { chainId: 11155111, comet: "0x2943ac1216979aD8dB76D9147F64E61adc126e96", base: sepoliaCometWeth, symbol: "WETH", yieldTokenSymbol: "cWETHv3", assetCategory: "ETH", feed: "constant", typicalTvlUsd: 400_000, typicalApyPercent: 1.6 },
];

/**
 * Each chain's CometRewards, which every Comet of the chain names in its roots.json ("rewards", same
 * commit): the contract that pays the rewards a Comet tracks (CometRewards.rewardConfig(comet)).
 */
export const cometRewardsByChain: Readonly<Record<number, Hex>> = {
  1: "0x1B0e765F6224C21223AeA2af16c1C46E38885a40", // mainnet/{usdc,usdt,weth,wbtc}
  8453: "0x123964802e6ABabBE1Bc9547D72Ef1B69B00A6b1", // base/{usdc,weth,usdbc}
  42161: "0x88730d254A2f7e6AC8388c3198aFd694bA9f7fae", // arbitrum/{usdc,usdt,weth,usdc.e}
  10: "0x443EA0340cb75a160F31A440722dec7b5bc3C2E9", // optimism/{usdc,usdt,weth}
  137: "0x45939657d1CA34A8FA39A924B71D28Fe8431e581", // polygon/{usdc,usdt}
  11155111: "0x8bF5b658bdF0388E8b482ED51B14aef58f90abfD", // sepolia/{usdc,weth}
};

/** The Compound v2 Comptroller: mainnet/usdc/roots.json "comptrollerV2" (same commit). */
const COMPTROLLER_V2: Hex = "0x3d9819210A31b4961b30EF54bE2aeD79B9c9Cd3B";

export const compoundInstruments: CatalogInstrument[] = comets.map((c) => ({
  chainId: c.chainId,
  protocol: "compound",
  version: 3,
  protocolAddress: c.comet,
  marketAddress: c.base.address,
  adapterAddress: c.comet,
  tokenAddress: c.base.address,
  tokenSymbol: c.symbol,
  tokenDecimals: c.base.decimals,
  yieldTokenAddress: c.comet,
  yieldTokenSymbol: c.yieldTokenSymbol,
  assetCategory: c.assetCategory,
  description: `Compound III ${c.label ?? c.symbol} market on ${chainName(c.chainId)}`,
  typicalTvlUsd: c.typicalTvlUsd,
  typicalApyPercent: c.typicalApyPercent,
}));

// A Compound v3 record carries the chain's USDC Comet (on Polygon the only USDC one, USDC.e).
const recordComet = (chainId: number) =>
  comets.find((c) => c.chainId === chainId && c.yieldTokenSymbol === "cUSDCv3")!.comet;

export const compoundProtocols: CatalogProtocol[] = [
  // One Compound v3 record on each chain with a Comet.
  ...[...new Set(comets.map((c) => c.chainId))].map((chainId) => ({
    name: "compound" as const,
    version: 3,
    chainId,
    protocolAddress: recordComet(chainId),
  })),
  {
    name: "compound",
    version: 2,
    chainId: 1,
    protocolAddress: COMPTROLLER_V2,
  },
];

/** Each chain's known Comet base price feeds (lower-case address) and what they are denominated in. */
export const cometFeedDenominations: Readonly<Record<number, Readonly<Record<string, FeedDenomination>>>> =
  comets.reduce<Record<number, Record<string, FeedDenomination>>>((acc, c) => {
    if (c.feed !== "constant") (acc[c.chainId] ??= {})[c.feed.address.toLowerCase()] = c.feed.denomination;
    return acc;
  }, {});
