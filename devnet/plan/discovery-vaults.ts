/**
 * Morpho vaults on the local chain (31337) for the sync's vault discovery, created over many blocks
 * through Morpho's own factories: the MetaMorpho v1.1 factory and the VaultV2Factory of the Morpho
 * deployment (plan/morpho.ts, the factories the catalog's Morpho vaults come from, as on Ethereum and
 * Base), and a MetaMorpho v1.0 factory (vendor/metamorpho v1.0.0) of the discovery deployment's own.
 * Among them a dust vault below the listing floor and one whose asset Yieldgrid does not cover. A stray
 * factory (devnet/solidity/StrayMetaMorphoFactory.sol, not Morpho's) creates a real MetaMorpho v1.1 vault
 * and emits the same event: its vault must never be listed.
 *
 * The vaults lend on the chain's one Morpho Blue: the MetaMorpho vaults in markets of the Morpho
 * deployment and in the markets below, which the discovery deployment creates (with oracles of its
 * own) and whose borrowers borrow, so that every listed vault earns what Morpho's contracts compute.
 */
import { getContractAddress, stringToHex, type Hex } from "viem";
import { devnetRoleAccount, discoveryDeployer } from "./accounts";
import {
  morphoBlueMarkets,
  morphoContracts,
  morphoRoles,
  type MorphoBlueMarketPlan,
  type MorphoOraclePlan,
} from "./morpho";
import { WAD } from "./rates";
import type { DevnetToken } from "./tokens";

/** What the discovery deployment adds besides its vaults: manifest names. */
export const discoveryContracts = {
  metaMorphoFactoryV1_0: "metaMorphoFactoryV1_0",
  strayFactory: "strayMetaMorphoFactory",
  /** A token no instrument of the chain has as its underlying (Aave's TestnetERC20). */
  uncoveredToken: "uncoveredToken",
} as const;

export type DiscoveryFactoryKey =
  "metaMorphoFactoryV1_0" | "metaMorphoFactoryV1_1" | "vaultV2Factory" | "strayFactory";

/** Manifest name of each factory a discovery vault is created through. */
export const discoveryFactoryContracts: Record<DiscoveryFactoryKey, string> = {
  metaMorphoFactoryV1_0: discoveryContracts.metaMorphoFactoryV1_0,
  metaMorphoFactoryV1_1: morphoContracts.metaMorphoFactory,
  vaultV2Factory: morphoContracts.vaultV2Factory,
  strayFactory: discoveryContracts.strayFactory,
};

const created = (from: Hex, nonce: number) => getContractAddress({ from, nonce: BigInt(nonce) });
const morphoDeployer = devnetRoleAccount(morphoRoles.deployer).address;

/**
 * The factories and token on a fresh chain, where their creators' nonces fix them: the Morpho
 * deployer's third and fourth creations (devnet/protocols/morpho/deploy.ts createSingletons) and the
 * discovery deployer's first three (devnet/deploy/discovery.ts, which checks them).
 */
export const discoveryAddresses = {
  metaMorphoFactoryV1_0: created(discoveryDeployer.address, 0),
  metaMorphoFactoryV1_1: created(morphoDeployer, 2),
  vaultV2Factory: created(morphoDeployer, 3),
  /** Emits CreateMetaMorpho too, but is none of Morpho's factories. */
  strayFactory: created(discoveryDeployer.address, 1),
  /** A token no instrument of the chain has as its underlying. */
  uncoveredToken: created(discoveryDeployer.address, 2),
} as const satisfies Record<string, Hex>;

/** The manifest name a discovery vault is recorded under. */
export const discoveryVaultContract = (key: string) => `discoveryVault:${key}`;

/** Oracles of the discovery markets, over the chain's USD feeds (as plan/morpho.ts morphoOracles). */
export const discoveryOracles = [
  { contract: "morphoOracleWethEurc", base: "weth", quote: "eurc" },
  { contract: "morphoOracleWethWbtc", base: "weth", quote: "wbtc" },
] as const satisfies readonly MorphoOraclePlan[];

const FIXTURES = "@morpho-org/morpho-test 4.0.3 fixtures/markets.js";

/** Morpho Blue markets the discovery deployment creates (their LLTVs enabled by Morpho's owner). */
export const discoveryMarkets: readonly MorphoBlueMarketPlan[] = [
  {
    key: "eurcWeth86",
    loan: "eurc",
    collateral: "weth",
    oracle: "morphoOracleWethEurc",
    lltv: (86n * WAD) / 100n,
    fee: 0n,
    utilizationBps: 7_500n,
    borrowerLtvOfLltvBps: 7_000n,
    source: `EURC lent against WETH at the LLTV of ${FIXTURES} Base usdc_eth (86 %)`,
  },
  {
    key: "eurcIdle",
    loan: "eurc",
    collateral: null,
    oracle: null,
    lltv: 0n,
    fee: 0n,
    utilizationBps: 0n,
    borrowerLtvOfLltvBps: 0n,
    source: "an idle EURC market",
  },
  {
    key: "wbtcWeth77",
    loan: "wbtc",
    collateral: "weth",
    oracle: "morphoOracleWethWbtc",
    lltv: (77n * WAD) / 100n,
    fee: 0n,
    utilizationBps: 8_000n,
    borrowerLtvOfLltvBps: 7_000n,
    source: "WBTC lent against WETH at 77 %, an LLTV Morpho's owner enabled on Ethereum",
  },
];

/** A market of either plan by its key. */
export const discoveryMarketOf = (key: string): MorphoBlueMarketPlan => {
  const market = [...morphoBlueMarkets, ...discoveryMarkets].find((m) => m.key === key);
  if (!market) throw new Error(`no Morpho Blue market ${key} in the plans`);
  return market;
};

export interface DiscoveryVaultPlan {
  key: string;
  factory: DiscoveryFactoryKey;
  underlying: DevnetToken["contract"] | "uncovered";
  name: string;
  symbol: string;
  /** Underlying units (whole tokens) the discovery supplier deposits. */
  supply: string;
  /**
   * A MetaMorpho vault: its fee and its markets in supply-queue order, each with its cap (whole tokens),
   * which the deposits fill in order. A Vault V2: the adapter it allocates all its deposits to (none:
   * they stay idle), a MorphoVaultV1Adapter into a planned vault or a market adapter into a market.
   */
  rate:
    | { metaMorpho: { fee: bigint; markets: readonly { market: string; cap: string }[] } }
    | { vaultV2: { adapter?: { kind: "vaultV1"; target: string } | { kind: "market"; market: string } } };
}

/** The CREATE2 salt a planned vault is created with. */
export const discoverySalt = (v: DiscoveryVaultPlan): Hex => stringToHex(v.key, { size: 32 });

const IDLE_CAP = "1000000000000";

export const discoveryVaults: readonly DiscoveryVaultPlan[] = [
  {
    key: "coreUsdc",
    factory: "metaMorphoFactoryV1_0",
    underlying: "usdc",
    name: "Local Discovered USDC",
    symbol: "dmUSDC",
    supply: "4000000",
    rate: {
      metaMorpho: {
        fee: (5n * WAD) / 100n,
        markets: [
          { market: "usdcWeth86", cap: "3200000" },
          { market: "usdcIdle", cap: IDLE_CAP },
        ],
      },
    },
  },
  {
    key: "primeWeth",
    factory: "metaMorphoFactoryV1_1",
    underlying: "weth",
    name: "Local Prime WETH",
    symbol: "dpWETH",
    supply: "900",
    rate: { metaMorpho: { fee: WAD / 10n, markets: [{ market: "wethWbtc915", cap: "100000" }] } },
  },
  {
    key: "v2Usdc",
    factory: "vaultV2Factory",
    underlying: "usdc",
    name: "Local Vault V2 USDC",
    symbol: "v2USDC",
    supply: "2500000",
    rate: { vaultV2: { adapter: { kind: "vaultV1", target: "coreUsdc" } } },
  },
  {
    key: "dust",
    factory: "metaMorphoFactoryV1_1",
    underlying: "usdc",
    name: "Local Dust USDC",
    symbol: "dustUSDC",
    supply: "50",
    rate: { metaMorpho: { fee: 0n, markets: [{ market: "usdcIdle", cap: IDLE_CAP }] } },
  },
  {
    key: "v2Wbtc",
    factory: "vaultV2Factory",
    underlying: "wbtc",
    name: "Local Vault V2 WBTC",
    symbol: "v2WBTC",
    supply: "30",
    rate: { vaultV2: { adapter: { kind: "market", market: "wbtcWeth77" } } },
  },
  {
    key: "uncovered",
    factory: "vaultV2Factory",
    underlying: "uncovered",
    name: "Local Vault V2 LNK",
    symbol: "v2LNK",
    supply: "5000000",
    rate: { vaultV2: {} },
  },
  {
    key: "stray",
    factory: "strayFactory",
    underlying: "usdc",
    name: "Local Stray USDC",
    symbol: "strayUSDC",
    supply: "9000000",
    rate: { metaMorpho: { fee: 0n, markets: [{ market: "usdcIdle", cap: IDLE_CAP }] } },
  },
  {
    key: "fadingEurc",
    factory: "metaMorphoFactoryV1_1",
    underlying: "eurc",
    name: "Local Fading EURC",
    symbol: "fadeEURC",
    supply: "150000",
    // Mostly idle, so that nine tenths of it can be withdrawn (the listing-floor test does).
    rate: {
      metaMorpho: {
        fee: (5n * WAD) / 100n,
        markets: [
          { market: "eurcWeth86", cap: "15000" },
          { market: "eurcIdle", cap: IDLE_CAP },
        ],
      },
    },
  },
];

/** The uncovered token's decimals, name and symbol. */
export const uncoveredToken = { name: "Local Uncovered Token", symbol: "LNK", decimals: 18 } as const;
