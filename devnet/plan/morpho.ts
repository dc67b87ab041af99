// Morpho on the local chain, made of Morpho's own contracts (vendor/morpho-blue, morpho-blue-irm,
// morpho-blue-oracles, metamorpho-v1.1, vault-v2): Morpho Blue with its AdaptiveCurveIrm, Chainlink-style
// oracles from Morpho's oracle factory, the Morpho Blue markets below, two MetaMorpho v1.1 vaults made
// by the real factory, and a Vault V2 with a MorphoVaultV1Adapter and a market adapter. No rate is set
// anywhere: each market's borrow rate is the AdaptiveCurveIrm's answer to the utilization that real
// borrows make, and a vault earns what its markets pay, net of Morpho's market fee and its own fee.
//
// Where the parameters come from:
// - Markets: the real ones listed in npm @morpho-org/morpho-test 4.0.3 (lib/esm/fixtures/markets.js,
//   fixtures of Morpho's SDK for tests on forks of Ethereum and Base), each named next to it; every
//   LLTV below is one of those markets' and so one Morpho's owner has enabled (0 for idle markets,
//   which Morpho Blue also has on Ethereum and Base).
// - Oracles: MorphoChainlinkOracleV2 (morpho-blue-oracles v2.0.0), as those markets' oracles are, over
//   the local chain's Chainlink-style USD feeds (protocols/tokens.ts, `<token>UsdFeed`).
// - The IRM: the AdaptiveCurveIrm's own constants (target utilization 90 %, an initial rate at target
//   of 4 % a year, curve steepness 4, adjustment speed 50 a year), the same in every market.
import { stringToHex, type Hex } from "viem";
import { WAD } from "./rates";
import type { DevnetToken } from "./tokens";

type Token = DevnetToken["contract"];

/** The contracts the Morpho deployment records besides the vaults and adapters below: their manifest names. */
export const morphoContracts = {
  /** Morpho Blue, at MORPHO_BLUE_ADDRESS (plan/addresses.ts), as on Ethereum and Base. */
  morphoBlue: "morphoBlue",
  /** The AdaptiveCurveIrm every market but the idle ones uses. */
  irm: "morphoIrm",
  oracleFactory: "morphoChainlinkOracleV2Factory",
  metaMorphoFactory: "metaMorphoV1_1Factory",
  vaultV2Factory: "vaultV2Factory",
  vaultV1AdapterFactory: "morphoVaultV1AdapterFactory",
  marketAdapterFactory: "morphoMarketV1AdapterV2Factory",
} as const;

/** A MorphoChainlinkOracleV2 pricing `base` (collateral) in `quote` (loan token) from their USD feeds. */
export interface MorphoOraclePlan {
  /** Manifest name. */
  contract: string;
  base: Token;
  quote: Token;
}

export const morphoOracles = [
  { contract: "morphoOracleWethUsdc", base: "weth", quote: "usdc" },
  { contract: "morphoOracleWbtcUsdc", base: "wbtc", quote: "usdc" },
  { contract: "morphoOracleWbtcWeth", base: "wbtc", quote: "weth" },
  { contract: "morphoOracleUsdcWeth", base: "usdc", quote: "weth" },
] as const satisfies readonly MorphoOraclePlan[];
export type MorphoOracle = (typeof morphoOracles)[number]["contract"];

/** A Morpho Blue market, and how much of what its suppliers lend the borrowers take. */
export interface MorphoBlueMarketPlan {
  key: string;
  loan: Token;
  /** null: an idle market (no collateral, oracle or IRM, LLTV 0): it pays nothing and is never borrowed. */
  collateral: Token | null;
  /** Manifest name of its oracle (morphoOracles, or another deployment's). */
  oracle: string | null;
  /** WAD. */
  lltv: bigint;
  /** Morpho's fee on the market's interest (WAD), set by Morpho Blue's owner. */
  fee: bigint;
  /** What the borrowers borrow, in basis points of the market's supply. */
  utilizationBps: bigint;
  /** The borrowers' loan-to-value, in basis points of the LLTV: how far from liquidation they stay. */
  borrowerLtvOfLltvBps: bigint;
  /** The real market it is made like. */
  source: string;
}

const FIXTURES = "@morpho-org/morpho-test 4.0.3 fixtures/markets.js";
const pct = (percent: string) => (BigInt(Math.round(Number(percent) * 10)) * WAD) / 1000n;

export const morphoBlueMarkets = [
  {
    key: "usdcWeth86",
    loan: "usdc",
    collateral: "weth",
    oracle: "morphoOracleWethUsdc",
    lltv: pct("86"),
    fee: 0n,
    utilizationBps: 9_000n,
    borrowerLtvOfLltvBps: 7_000n,
    source: `${FIXTURES} Base usdc_eth: USDC lent against WETH, AdaptiveCurveIrm, LLTV 86 %, oracle 0xFEa2D58cEfCb9fcb597723c6bAE66fFE4193aFE4`,
  },
  {
    key: "usdcWbtc86",
    loan: "usdc",
    collateral: "wbtc",
    oracle: "morphoOracleWbtcUsdc",
    lltv: pct("86"),
    fee: 0n,
    utilizationBps: 8_800n,
    borrowerLtvOfLltvBps: 7_000n,
    source: `${FIXTURES} Ethereum usdc_wbtc: USDC lent against WBTC, AdaptiveCurveIrm, LLTV 86 %, oracle 0xDddd770BADd886dF3864029e4B377B5F6a2B6b83`,
  },
  {
    key: "usdcIdle",
    loan: "usdc",
    collateral: null,
    oracle: null,
    lltv: 0n,
    fee: 0n,
    utilizationBps: 0n,
    borrowerLtvOfLltvBps: 0n,
    source:
      "an idle market (collateral, oracle and IRM zero, LLTV 0), as MetaMorpho vaults on Ethereum and Base keep for liquidity",
  },
  {
    key: "wethWbtc915",
    loan: "weth",
    collateral: "wbtc",
    oracle: "morphoOracleWbtcWeth",
    lltv: pct("91.5"),
    fee: 0n,
    utilizationBps: 8_500n,
    borrowerLtvOfLltvBps: 7_000n,
    source: `${FIXTURES} Ethereum eth_wbtc: WETH lent against WBTC, AdaptiveCurveIrm, LLTV 91.5 %, oracle 0xc29B3Bc033640baE31ca53F8a0Eb892AdF68e663`,
  },
  {
    key: "wethUsdc86",
    loan: "weth",
    collateral: "usdc",
    oracle: "morphoOracleUsdcWeth",
    lltv: pct("86"),
    // Morpho's fee switch on, as Morpho Blue's owner may set on any market (at most 25 %).
    fee: WAD / 10n,
    utilizationBps: 8_000n,
    borrowerLtvOfLltvBps: 7_000n,
    source: `WETH lent against USDC: the reverse of ${FIXTURES} Base usdc_eth, at its LLTV of 86 %`,
  },
  {
    key: "usdcWbtc915",
    loan: "usdc",
    collateral: "wbtc",
    oracle: "morphoOracleWbtcUsdc",
    lltv: pct("91.5"),
    fee: 0n,
    // Almost fully borrowed: its rate climbs while it stays above the 90 % target.
    utilizationBps: 9_500n,
    borrowerLtvOfLltvBps: 7_000n,
    source: `${FIXTURES} Ethereum usdc_wbtc at the LLTV of eth_wbtc (91.5 %): a market of the Vault V2's own, apart from the MetaMorpho vaults'`,
  },
] as const satisfies readonly MorphoBlueMarketPlan[];
export type MorphoBlueMarketKey = (typeof morphoBlueMarkets)[number]["key"];
export const morphoBlueMarketOf = (key: MorphoBlueMarketKey): MorphoBlueMarketPlan =>
  morphoBlueMarkets.find((m) => m.key === key)!;

/** A market in a MetaMorpho vault's queues: its supply cap (whole tokens) and the share of the vault's assets its allocator keeps there. */
export interface MetaMorphoMarketPlan {
  market: MorphoBlueMarketKey;
  cap: string;
  shareBps: bigint;
}

/** What every Morpho vault of the plan has, as plan/markets.ts's DevnetMarket minus its rate. */
interface MorphoVaultBase {
  protocol: "morpho";
  contract: string;
  underlying: Token;
  yieldTokenName: string;
  yieldTokenSymbol: string;
  /** Listed in the static catalog; unlisted vaults are found by the sync's discovery. */
  inCatalog: boolean;
  /** Underlying units (whole tokens) the supplier deposits: what everyone but the demo wallet and Vault V2s holds. */
  supply: string;
  /** Underlying units the demo wallet deposits; "0" for none. */
  demoBalance: string;
  /** CREATE2 salt the factory creates it with. */
  salt: Hex;
}

/** A MetaMorpho v1.1 vault from MetaMorphoV1_1Factory. */
export interface MetaMorphoVaultPlan extends MorphoVaultBase {
  version: 1;
  metaMorpho: {
    /** Performance fee, WAD. */
    fee: bigint;
    /** The timelock the owner sets once the vault is configured (created with 0, which v1.1 allows). */
    timelock: bigint;
    /** Its markets in supply-queue order (the order caps are accepted in is its withdraw queue). */
    markets: readonly MetaMorphoMarketPlan[];
  };
}

/** A Vault V2's adapter: one holding shares of a MetaMorpho vault, or one lending on Morpho Blue markets. */
export interface VaultV2AdapterPlan {
  kind: "vaultV1" | "market";
  /** Manifest name. */
  contract: string;
  /** vaultV1: the MetaMorpho vault it holds shares of. */
  target?: string;
  /** market: the Morpho Blue market it supplies to. */
  market?: MorphoBlueMarketKey;
  /** Underlying units (whole tokens) the allocator allocates to it. */
  assets: string;
  /** Absolute cap of each of its ids, whole tokens (relative caps are 100 %). */
  cap: string;
}

/** A Vault V2 from VaultV2Factory: no rate of its own, it earns what its adapters do. */
export interface VaultV2Plan extends MorphoVaultBase {
  version: 2;
  vaultV2: { adapters: readonly VaultV2AdapterPlan[] };
}

export type MorphoVaultPlan = MetaMorphoVaultPlan | VaultV2Plan;

const salt = (name: string): Hex => stringToHex(name, { size: 32 });

/** The Morpho vaults of today's plan/markets.ts devnetMarkets, with the same names, symbols and balances. */
export const morphoMarkets: readonly MorphoVaultPlan[] = [
  {
    protocol: "morpho",
    version: 1,
    contract: "morphoUsdcVault",
    underlying: "usdc",
    yieldTokenName: "Local Steakhouse USDC",
    yieldTokenSymbol: "steakUSDC",
    inCatalog: true,
    supply: "85000000",
    demoBalance: "3000",
    salt: salt("steakUSDC"),
    metaMorpho: {
      fee: (5n * WAD) / 100n,
      timelock: 86_400n,
      markets: [
        { market: "usdcWeth86", cap: "100000000", shareBps: 6_000n },
        { market: "usdcWbtc86", cap: "50000000", shareBps: 3_000n },
        { market: "usdcIdle", cap: "1000000000000", shareBps: 1_000n },
      ],
    },
  },
  {
    protocol: "morpho",
    version: 1,
    contract: "morphoWethVault",
    underlying: "weth",
    yieldTokenName: "Local Gauntlet WETH",
    yieldTokenSymbol: "gtWETH",
    inCatalog: true,
    supply: "22000",
    demoBalance: "0",
    salt: salt("gtWETH"),
    metaMorpho: {
      fee: WAD / 10n,
      timelock: 86_400n,
      markets: [
        { market: "wethWbtc915", cap: "20000", shareBps: 7_000n },
        { market: "wethUsdc86", cap: "10000", shareBps: 3_000n },
      ],
    },
  },
  {
    protocol: "morpho",
    version: 2,
    contract: "morphoUsdcVaultV2",
    underlying: "usdc",
    yieldTokenName: "Local Steakhouse Prime USDC",
    yieldTokenSymbol: "steakPrimeUSDC",
    inCatalog: true,
    supply: "40000000",
    demoBalance: "500",
    salt: salt("steakPrimeUSDC"),
    vaultV2: {
      adapters: [
        {
          kind: "vaultV1",
          contract: "morphoVaultV1Adapter",
          target: "morphoUsdcVault",
          assets: "25000000",
          cap: "50000000",
        },
        {
          kind: "market",
          contract: "morphoMarketAdapter",
          market: "usdcWbtc915",
          assets: "10000000",
          cap: "20000000",
        },
      ],
    },
  },
];

export const isMetaMorphoPlan = (v: MorphoVaultPlan): v is MetaMorphoVaultPlan => v.version === 1;

/** The local accounts Morpho's deployment acts from (deploy/context.ts senders), each with its role. */
export const morphoRoles = {
  deployer: "morpho deployer",
  /** Runs Morpho Blue's constructor at MORPHO_BLUE_ADDRESS (its one transaction). */
  morphoBluePlacer: "morpho blue placer",
  /** Morpho Blue's owner: enables the IRM and LLTVs, sets market fees. */
  morphoOwner: "morpho owner",
  /** Receives Morpho's market fees and the vaults' performance fees. */
  feeRecipient: "morpho fee recipient",
  vaultOwner: "morpho vault owner",
  curator: "morpho curator",
  allocator: "morpho allocator",
  supplier: "morpho supplier",
  /** One borrower per market: `${borrower} ${market key}`. */
  borrower: "morpho borrower",
} as const;
