/**
 * The local chain (31337) that `npm run devnet`, the chain tests and the offline demo run on.
 *
 * A fresh Anvil chain and one deployer account make every contract address deterministic: the
 * deployer's n-th creation lands at getContractAddress(deployer, n). `deployDevnet` creates the
 * contracts in exactly the order of `devnetContracts`, and a unit test checks the addresses below
 * against that rule, so the catalog can list chain 31337's markets like any other chain's.
 */
import type { Hex } from "viem";
import type { FeedDenomination } from "@/lib/machinery/catalog/catalog-data";
import type { AssetCategory } from "@/lib/facts/asset-categories";
import type { ProtocolName } from "@/lib/facts/protocols";


/** Anvil's default account 9: deploys and owns the mocks. */
export const devnetDeployer = {
  address: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
  privateKey: "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
} as const;

/** Anvil's default account 1: funded with USDC and a position in every protocol. */
export const devnetDemoWallet = {
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  privateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
} as const;

/** Holds the rest of each market's supply, so TVL is far larger than the demo wallet's share. */
export const devnetWhale = "0x000000000000000000000000000000000000dEaD" as const;

/**
 * The Morpho Blue singleton and Fluid's Liquidity contract at their real addresses. The devnet
 * places a Morpho Blue mock at MORPHO_BLUE_ADDRESS; Fluid's Liquidity is an identifier only.
 */
export const MORPHO_BLUE_ADDRESS = "0xBBBBBbbBBb9cC5e90e3b3Af64bdAF62C37EEFFCb" as const;
export const FLUID_LIQUIDITY_ADDRESS = "0x52Aa899454998Be5b000Ad077a46Bbe360F4e497" as const;

export const devnetAddresses = {
  usdc: "0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35",
  weth: "0xA15BB66138824a1c7167f5E85b957d04Dd34E468",
  eurc: "0xb19b36b1456E65E3A6D514D3F715f204BD59f431",
  wbtc: "0x8ce361602B935680E8DeC218b820ff5056BeB7af",
  aaveOracle: "0xe1Aa25618fA0c7A1CFDab5d6B456af611873b629",
  aavePool: "0xe1DA8919f262Ee86f9BE05059C9280142CF23f48",
  aUsdc: "0x0C8E79F3534B00D9a3D4a856B665Bf4eBC22f2ba",
  aWeth: "0xeD1DB453C3156Ff3155a97AD217b3087D5Dc5f6E",
  aEurc: "0xf7Cd8fa9b94DB2Aa972023b379c7f72c65E4De9D",
  aWbtc: "0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84",
  usdcPriceFeed: "0x82Dc47734901ee7d4f4232f398752cB9Dd5dACcC",
  wethConstantPriceFeed: "0x196dBCBb54b8ec4958c959D8949EBFE87aC2Aaaf",
  cometUsdc: "0x82C6D3ed4cD33d8EC1E51d0B5Cc1d822Eaa0c3dC",
  cometWeth: "0x05B4CB126885fb10464fdD12666FEb25E2563B76",
  morphoUsdcVault: "0x2a264F26859166C5BF3868A54593eE716AeBC848",
  morphoWethVault: "0xd04fF4A75Edd737A73E92b2F2274Cb887d96E110",
  fluidLendingResolver: "0xc6B8FBF96CF7bbE45576417EC2163AcecFA88ECC",
  fUsdc: "0x29a79095352a718B3D7Fe84E1F14E9F34A35598e",
  fWeth: "0x6379ebD504941f50D5BfDE9348B37593bd29C835",
  fEurc: "0x5B3120d0dA5FDcBA7aef87A9c3c64829C1c0D76B",
  multicall3Template: "0x33b1B5Aa9Aa4Da83a332F0bC5cAC6A903FDE5d92",
  /** Its code is copied to MORPHO_BLUE_ADDRESS, where the vaults' MORPHO() points. */
  morphoBlueTemplate: "0x19A1c09fE3399C4Daaa2C98b936a8E460fC5Eaa4",
  morphoIrm: "0x49B8E3b089d4ebf9F37B1dA9B839Ec013C2cD8c9",
  fluidLiquidityResolver: "0x067c804bb006836469379D4A2A69a81803bd1F45",
  // Added for issue 10, after everything above so that no earlier address moves.
  /** A WBTC/BTC feed: the WBTC Comet's prices are in BTC, as cWBTCv3's on Ethereum. */
  wbtcBtcPriceFeed: "0x45009DD3aBBE29Db54fc5D893CeAa98a624882DF",
  cometWbtc: "0xf56AA3aCedDf88Ab12E494d0B96DA3C09a5d264e",
  /** A Vault V2 that allocates into morphoUsdcVault through a MorphoVaultV1Adapter. */
  morphoUsdcVaultV2: "0xdBD296711eC8eF9Aacb623ee3F1C0922dce0D7b2",
  morphoVaultV1Adapter: "0xDFD787c807DEA8d7e53311b779BC0c6a4704D286",
  morphoMarketAdapter: "0x6d014319E0F36651997697C98Da594c7Cf235fa4",
  /** A second Aave v3 pool with its own oracle (as Ethereum's Prime market), found by discovery. */
  aavePrimePool: "0x5621d0B4D8043524Ac5837918D6a95b1050eF228",
  aavePrimeOracle: "0x2c4b93b614DdbfAF0807e8F4Ca982e9f9c2e2Aa4",
  aPrimeUsdc: "0x04fc820176617A99AE134904935Bc854b2e51628",
  aPrimeWeth: "0xF1078fD568Ad76E49E6F88D1fF485402a086976b",
} as const satisfies Record<string, Hex>;
export type DevnetContract = keyof typeof devnetAddresses;

const RAY = 10n ** 27n;
const WAD = 10n ** 18n;
const SECONDS_PER_YEAR = 31_536_000n;
/** A yearly rate given in basis points, as a per-second WAD rate (rounded down, as on chain). */
export const perSecondWad = (bps: bigint) => (bps * WAD) / 10_000n / SECONDS_PER_YEAR;

export interface DevnetToken {
  contract: "usdc" | "weth" | "eurc" | "wbtc";
  name: string;
  symbol: string;
  decimals: number;
  /** AaveOracle price, 8 decimals. */
  priceUsd8: bigint;
  assetCategory: AssetCategory;
}

export const devnetTokens: readonly DevnetToken[] = [
  {
    contract: "usdc",
    name: "USD Coin",
    symbol: "USDC",
    decimals: 6,
    priceUsd8: 100_000_000n,
    assetCategory: "USD",
  },
  {
    contract: "weth",
    name: "Wrapped Ether",
    symbol: "WETH",
    decimals: 18,
    priceUsd8: 341_255_000_000n,
    assetCategory: "ETH",
  },
  {
    contract: "eurc",
    name: "EURC",
    symbol: "EURC",
    decimals: 6,
    priceUsd8: 108_000_000n,
    assetCategory: "EUR",
  },
  {
    // Priced at BTC/USD, as Aave prices WBTC on Arbitrum: the local chain's BTC reference (deployments.ts).
    contract: "wbtc",
    name: "Wrapped BTC",
    symbol: "WBTC",
    decimals: 8,
    priceUsd8: 9_725_000_000_000n,
    assetCategory: "BTC",
  },
];

/** Native ETH as Fluid's Liquidity layer (and Morpho's SDK) name it: the token fWETH lends out. */
export const NATIVE_TOKEN_ADDRESS = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE" as const;

/** Comet price feeds (8 decimals), each with what its answer is denominated in. */
export const devnetPriceFeeds = [
  { contract: "usdcPriceFeed", answer: 100_000_000n, description: "USDC / USD", denomination: "USD" },
  // Comet's WETH markets price their base with a ConstantPriceFeed (1 WETH = 1e8): in ETH.
  { contract: "wethConstantPriceFeed", answer: 100_000_000n, description: "Constant price feed", denomination: "ETH" },
  // As Chainlink's WBTC/BTC feed that cWBTCv3 reads on Ethereum: 1 WBTC = 0.9998 BTC.
  { contract: "wbtcBtcPriceFeed", answer: 99_980_000n, description: "WBTC / BTC", denomination: "BTC" },
] as const satisfies readonly { contract: DevnetContract; answer: bigint; description: string; denomination: FeedDenomination }[];
export type DevnetPriceFeed = (typeof devnetPriceFeeds)[number];
const token = (contract: DevnetToken["contract"]) => devnetTokens.find((t) => t.contract === contract)!;
/** A decimal amount ("1.5") in smallest units. */
export const units = (amount: string, decimals: number) => {
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(whole + fraction.padEnd(decimals, "0"));
};

/** Aave reserve configuration: decimals in bits 48–55, active bit 56, frozen 57, paused 60. */
export const aaveConfiguration = ({
  decimals,
  frozen = false,
  paused = false,
}: {
  decimals: number;
  frozen?: boolean;
  paused?: boolean;
}) => (BigInt(decimals) << 48n) | (1n << 56n) | (frozen ? 1n << 57n : 0n) | (paused ? 1n << 60n : 0n);

/** A Morpho Blue market a MetaMorpho vault supplies to (docs/data.md, Morpho, recipe A). */
export interface MorphoAllocation {
  /** null: an idle market (no collateral, no interest rate model), as vaults keep for liquidity. */
  collateral: DevnetToken["contract"] | null;
  lltv: bigint;
  /** Yearly borrow rate in basis points; the IRM answers it per second. */
  borrowRateBps: bigint;
  /** Borrowed share of the market's supply, in basis points. */
  utilizationBps: bigint;
  /** The market's fee, WAD. */
  marketFee: bigint;
  /** Share of the vault's assets supplied to this market, in basis points. */
  shareBps: bigint;
}

/** Per-second WAD rate a MetaMorpho vault earns net of fees: the recipe-A rate its shares grow at. */
export function metaMorphoPerSecond(fee: bigint, allocations: readonly MorphoAllocation[]): bigint {
  const gross = allocations.reduce(
    (sum, a) =>
      sum +
      (perSecondWad(a.borrowRateBps) * a.utilizationBps * (WAD - a.marketFee) * a.shareBps) /
        (10_000n * WAD * 10_000n),
    0n,
  );
  return (gross * (WAD - fee)) / WAD;
}

const metaMorpho = (fee: bigint, allocations: MorphoAllocation[], decimalsOffset: number) =>
  ({
    kind: "vault",
    perSecond: metaMorphoPerSecond(fee, allocations),
    decimalsOffset,
    metaMorpho: { fee, allocations },
  }) as const;

/**
 * An fToken whose shares grow at the Liquidity layer's supply rate (basis points = Fluid's 1e2
 * precision). One over native ETH (fWETH on Ethereum, Base and Arbitrum) has WETH as its asset(),
 * but the Liquidity layer, and so its resolver, knows the rate under NATIVE_TOKEN_ADDRESS only.
 */
const fToken = (supplyRateBps: bigint, nativeUnderlying = false) =>
  ({
    kind: "vault",
    perSecond: perSecondWad(supplyRateBps),
    decimalsOffset: 0,
    fluidSupplyRate: supplyRateBps,
    nativeUnderlying,
  }) as const;

/** A Vault V2's adapters: one holding shares of a MetaMorpho vault, one lending on Morpho Blue. */
export interface VaultV2Adapter {
  kind: "vaultV1" | "market";
  contract: DevnetContract;
  /** vaultV1: the MetaMorpho vault it holds shares of. */
  target?: DevnetContract;
  /** Underlying units the Vault V2 has allocated to it. */
  assets: string;
}

export interface DevnetMarket {
  protocol: ProtocolName;
  version: number;
  /** Yield token / market contract of this market. */
  contract: DevnetContract;
  underlying: DevnetToken["contract"];
  yieldTokenName: string;
  yieldTokenSymbol: string;
  /** Listed in the static catalog; unlisted markets are found by the sync's discovery. */
  inCatalog: boolean;
  /**
   * Aave: ray APR. Comet: per-second supply-rate curve. Vaults: per-second WAD growth of their
   * assets, and what their rate reads answer: a MetaMorpho vault's fee and Morpho Blue markets, an
   * fToken's Liquidity-layer supply rate.
   */
  rate:
    | { kind: "aave"; liquidityRate: bigint; pool?: "aavePrimePool" }
    | {
        kind: "comet";
        kink: bigint;
        slopeLow: bigint;
        slopeHigh: bigint;
        base: bigint;
        utilization: bigint;
        feed: DevnetPriceFeed["contract"];
      }
    | {
        kind: "vault";
        perSecond: bigint;
        decimalsOffset: number;
        metaMorpho?: { fee: bigint; allocations: readonly MorphoAllocation[] };
        fluidSupplyRate?: bigint;
        nativeUnderlying?: boolean;
        /** A Vault V2: no rate of its own; its assets are its idle ones plus its adapters'. */
        vaultV2?: { adapters: readonly VaultV2Adapter[] };
      };
  /** Underlying units held by everyone else. */
  supply: string;
  /** Underlying units the demo wallet holds in it; "0" for none. */
  demoBalance: string;
}

export const devnetMarkets: readonly DevnetMarket[] = [
  {
    protocol: "aave",
    version: 3,
    contract: "aUsdc",
    underlying: "usdc",
    yieldTokenName: "Aave Local USDC",
    yieldTokenSymbol: "aLocUSDC",
    inCatalog: true,
    rate: { kind: "aave", liquidityRate: 4n * 10n ** 25n },
    supply: "250000000",
    demoBalance: "2500.123456",
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aWeth",
    underlying: "weth",
    yieldTokenName: "Aave Local WETH",
    yieldTokenSymbol: "aLocWETH",
    inCatalog: true,
    rate: { kind: "aave", liquidityRate: (185n * RAY) / 10_000n },
    supply: "120000",
    demoBalance: "1.5",
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aEurc",
    underlying: "eurc",
    yieldTokenName: "Aave Local EURC",
    yieldTokenSymbol: "aLocEURC",
    inCatalog: true,
    rate: { kind: "aave", liquidityRate: (290n * RAY) / 10_000n },
    supply: "30000000",
    demoBalance: "0",
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aWbtc",
    underlying: "wbtc",
    yieldTokenName: "Aave Local WBTC",
    yieldTokenSymbol: "aLocWBTC",
    inCatalog: false,
    rate: { kind: "aave", liquidityRate: (12n * RAY) / 10_000n },
    supply: "2000",
    demoBalance: "0",
  },
  {
    protocol: "compound",
    version: 3,
    contract: "cometUsdc",
    underlying: "usdc",
    yieldTokenName: "Compound USDC",
    yieldTokenSymbol: "cUSDCv3",
    inCatalog: true,
    rate: {
      kind: "comet",
      kink: (9n * WAD) / 10n,
      slopeLow: perSecondWad(450n),
      slopeHigh: perSecondWad(30_000n),
      base: 0n,
      utilization: (8n * WAD) / 10n,
      feed: "usdcPriceFeed",
    },
    supply: "180000000",
    demoBalance: "1200.5",
  },
  {
    protocol: "compound",
    version: 3,
    contract: "cometWeth",
    underlying: "weth",
    yieldTokenName: "Compound WETH",
    yieldTokenSymbol: "cWETHv3",
    inCatalog: true,
    rate: {
      kind: "comet",
      kink: (9n * WAD) / 10n,
      slopeLow: perSecondWad(300n),
      slopeHigh: perSecondWad(20_000n),
      base: 0n,
      utilization: (6n * WAD) / 10n,
      feed: "wethConstantPriceFeed",
    },
    supply: "45000",
    demoBalance: "0.75",
  },
  {
    protocol: "morpho",
    version: 1,
    contract: "morphoUsdcVault",
    underlying: "usdc",
    yieldTokenName: "Local Steakhouse USDC",
    yieldTokenSymbol: "steakUSDC",
    inCatalog: true,
    rate: metaMorpho(
      5n * 10n ** 16n,
      [
        {
          collateral: "weth",
          lltv: 86n * 10n ** 16n,
          borrowRateBps: 650n,
          utilizationBps: 9_000n,
          marketFee: 0n,
          shareBps: 6_000n,
        },
        {
          collateral: "wbtc",
          lltv: 86n * 10n ** 16n,
          borrowRateBps: 720n,
          utilizationBps: 8_800n,
          marketFee: 0n,
          shareBps: 3_000n,
        },
        {
          collateral: null,
          lltv: 0n,
          borrowRateBps: 0n,
          utilizationBps: 0n,
          marketFee: 0n,
          shareBps: 1_000n,
        },
      ],
      12,
    ),
    supply: "85000000",
    demoBalance: "3000",
  },
  {
    protocol: "morpho",
    version: 1,
    contract: "morphoWethVault",
    underlying: "weth",
    yieldTokenName: "Local Gauntlet WETH",
    yieldTokenSymbol: "gtWETH",
    inCatalog: true,
    rate: metaMorpho(
      10n ** 17n,
      [
        {
          collateral: "wbtc",
          lltv: 77n * 10n ** 16n,
          borrowRateBps: 320n,
          utilizationBps: 8_500n,
          marketFee: 0n,
          shareBps: 7_000n,
        },
        {
          collateral: "usdc",
          lltv: 86n * 10n ** 16n,
          borrowRateBps: 280n,
          utilizationBps: 8_000n,
          marketFee: 10n ** 17n,
          shareBps: 3_000n,
        },
      ],
      0,
    ),
    supply: "22000",
    demoBalance: "0",
  },
  {
    protocol: "fluid",
    version: 1,
    contract: "fUsdc",
    underlying: "usdc",
    yieldTokenName: "Fluid USD Coin",
    yieldTokenSymbol: "fUSDC",
    inCatalog: true,
    rate: fToken(470n),
    supply: "60000000",
    demoBalance: "800",
  },
  {
    protocol: "fluid",
    version: 1,
    contract: "fWeth",
    underlying: "weth",
    yieldTokenName: "Fluid Wrapped Ether",
    yieldTokenSymbol: "fWETH",
    inCatalog: true,
    rate: fToken(220n, true),
    supply: "9000",
    demoBalance: "0",
  },
  {
    protocol: "fluid",
    version: 1,
    contract: "fEurc",
    underlying: "eurc",
    yieldTokenName: "Fluid EURC",
    yieldTokenSymbol: "fEURC",
    inCatalog: false,
    rate: fToken(310n),
    supply: "4000000",
    demoBalance: "150",
  },
  // Added for issue 10.
  {
    protocol: "compound",
    version: 3,
    contract: "cometWbtc",
    underlying: "wbtc",
    yieldTokenName: "Compound WBTC",
    yieldTokenSymbol: "cWBTCv3",
    inCatalog: true,
    rate: {
      kind: "comet",
      kink: (8n * WAD) / 10n,
      slopeLow: perSecondWad(150n),
      slopeHigh: perSecondWad(5_000n),
      base: 0n,
      utilization: (3n * WAD) / 10n,
      feed: "wbtcBtcPriceFeed",
    },
    supply: "1500",
    demoBalance: "0.05",
  },
  {
    protocol: "morpho",
    version: 2,
    contract: "morphoUsdcVaultV2",
    underlying: "usdc",
    yieldTokenName: "Local Steakhouse Prime USDC",
    yieldTokenSymbol: "steakPrimeUSDC",
    inCatalog: true,
    rate: {
      kind: "vault",
      perSecond: 0n,
      decimalsOffset: 12,
      vaultV2: {
        adapters: [
          { kind: "vaultV1", contract: "morphoVaultV1Adapter", target: "morphoUsdcVault", assets: "25000000" },
          { kind: "market", contract: "morphoMarketAdapter", assets: "10000000" },
        ],
      },
    },
    supply: "40000000",
    demoBalance: "500",
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aPrimeUsdc",
    underlying: "usdc",
    yieldTokenName: "Aave Local Prime USDC",
    yieldTokenSymbol: "aLocPrimeUSDC",
    inCatalog: false,
    rate: { kind: "aave", liquidityRate: (510n * RAY) / 10_000n, pool: "aavePrimePool" },
    supply: "40000000",
    demoBalance: "0",
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aPrimeWeth",
    underlying: "weth",
    yieldTokenName: "Aave Local Prime WETH",
    yieldTokenSymbol: "aLocPrimeWETH",
    inCatalog: false,
    rate: { kind: "aave", liquidityRate: (220n * RAY) / 10_000n, pool: "aavePrimePool" },
    supply: "20000",
    demoBalance: "0",
  },
];

/** The Aave pool a reserve of the plan belongs to. */
export const devnetAavePoolOf = (market: DevnetMarket): "aavePool" | "aavePrimePool" =>
  market.rate.kind === "aave" && market.rate.pool ? market.rate.pool : "aavePool";
/** The Aave pools of the local chain, the core one first, each with its own oracle. */
export const devnetAavePools = [
  { name: "Core", pool: "aavePool", oracle: "aaveOracle" },
  { name: "Prime", pool: "aavePrimePool", oracle: "aavePrimeOracle" },
] as const satisfies readonly { name: string; pool: DevnetContract; oracle: DevnetContract }[];

export const devnetUnits = (market: DevnetMarket, field: "supply" | "demoBalance") =>
  units(market[field], token(market.underlying).decimals);
export const devnetTokenOf = token;
/** The demo wallet's plain USDC balance. */
export const DEVNET_DEMO_USDC = units("10000", 6);
