/**
 * Morpho's vault factories on the local chain (31337), for the sync's vault discovery: MetaMorpho
 * factories v1.0 and v1.1, a Vault V2 factory, and vaults they create over many blocks, among them
 * a dust vault below the listing floor and one whose asset Yieldgrid does not cover. A stray factory
 * that emits the same event is not one of Morpho's, so its vault must never be listed.
 *
 * Deployed by an account of its own (accounts.ts discoveryDeployer), so that the main devnet's
 * addresses (addresses.ts) never move: its n-th creation lands at getContractAddress(deployer, n).
 */
import type { Hex } from "viem";
import { WAD, idleAllocation, metaMorphoPerSecond, perSecondWad, type MorphoAllocation } from "./rates";
import type { DevnetToken } from "./tokens";

/** The deployer's creations, in nonce order. */
export const discoveryAddresses = {
  /** The Morpho Blue the discovered MetaMorpho vaults supply to (a MockMorphoBlue of this account). */
  morphoBlue: "0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A",
  morphoIrm: "0x98eDDadCfde04dC22a0e62119617e74a6Bc77313",
  metaMorphoFactoryV1_0: "0x2B574555158337Cd46d47c2Ca57E4698A1f04e70",
  metaMorphoFactoryV1_1: "0xcA8b49076D1A8039599e24979abf819af784c27a",
  vaultV2Factory: "0xc039b3B46814D8388e5205D37Dd0D154D806F1f4",
  /** Emits CreateMetaMorpho too, but is none of the chain's known factories. */
  strayFactory: "0x2B15063A6F8a11d18404C801F295b1d19dCC8574",
  /** A token no instrument of the chain has as its underlying. */
  uncoveredToken: "0xDd8cb59289bF7e324a37F74f8abB16D9F133cb2e",
} as const satisfies Record<string, Hex>;

export type DiscoveryFactoryKey = "metaMorphoFactoryV1_0" | "metaMorphoFactoryV1_1" | "vaultV2Factory" | "strayFactory";

export interface DiscoveryVaultPlan {
  key: string;
  factory: DiscoveryFactoryKey;
  underlying: DevnetToken["contract"] | "uncovered";
  name: string;
  symbol: string;
  /** Underlying units deposited. */
  supply: string;
  /** MetaMorpho vaults: fee and Morpho Blue markets (recipe A). Vault V2: yearly rate in basis points. */
  rate: { metaMorpho: { fee: bigint; allocations: MorphoAllocation[] } } | { bps: bigint };
  decimalsOffset: number;
}

const market = (collateral: DevnetToken["contract"], borrowRateBps: bigint, utilizationBps: bigint, shareBps: bigint, lltvPercent = 86n): MorphoAllocation => ({
  collateral,
  // The lltv also sets the market id apart from the main devnet's markets with the same tokens.
  lltv: lltvPercent * 10n ** 16n + 1n,
  borrowRateBps,
  utilizationBps,
  marketFee: 0n,
  shareBps,
});
const idle = (shareBps: bigint) => idleAllocation(shareBps, 1n);

export const discoveryVaults: readonly DiscoveryVaultPlan[] = [
  {
    key: "coreUsdc",
    factory: "metaMorphoFactoryV1_0",
    underlying: "usdc",
    name: "Local Discovered USDC",
    symbol: "dmUSDC",
    supply: "4000000",
    rate: { metaMorpho: { fee: (5n * WAD) / 100n, allocations: [market("weth", 700n, 9_000n, 8_000n), idle(2_000n)] } },
    decimalsOffset: 12,
  },
  {
    key: "primeWeth",
    factory: "metaMorphoFactoryV1_1",
    underlying: "weth",
    name: "Local Prime WETH",
    symbol: "dpWETH",
    supply: "900",
    rate: { metaMorpho: { fee: WAD / 10n, allocations: [market("wbtc", 300n, 8_000n, 10_000n, 77n)] } },
    decimalsOffset: 0,
  },
  {
    key: "v2Usdc",
    factory: "vaultV2Factory",
    underlying: "usdc",
    name: "Local Vault V2 USDC",
    symbol: "v2USDC",
    supply: "2500000",
    rate: { bps: 520n },
    decimalsOffset: 12,
  },
  {
    key: "dust",
    factory: "metaMorphoFactoryV1_1",
    underlying: "usdc",
    name: "Local Dust USDC",
    symbol: "dustUSDC",
    supply: "50",
    rate: { metaMorpho: { fee: 0n, allocations: [idle(10_000n)] } },
    decimalsOffset: 12,
  },
  {
    key: "v2Wbtc",
    factory: "vaultV2Factory",
    underlying: "wbtc",
    name: "Local Vault V2 WBTC",
    symbol: "v2WBTC",
    supply: "30",
    rate: { bps: 90n },
    decimalsOffset: 10,
  },
  {
    key: "uncovered",
    factory: "vaultV2Factory",
    underlying: "uncovered",
    name: "Local Vault V2 LNK",
    symbol: "v2LNK",
    supply: "5000000",
    rate: { bps: 300n },
    decimalsOffset: 0,
  },
  {
    key: "stray",
    factory: "strayFactory",
    underlying: "usdc",
    name: "Local Stray USDC",
    symbol: "strayUSDC",
    supply: "9000000",
    rate: { metaMorpho: { fee: 0n, allocations: [idle(10_000n)] } },
    decimalsOffset: 12,
  },
  {
    key: "fadingEurc",
    factory: "metaMorphoFactoryV1_1",
    underlying: "eurc",
    name: "Local Fading EURC",
    symbol: "fadeEURC",
    supply: "150000",
    rate: { metaMorpho: { fee: (5n * WAD) / 100n, allocations: [market("weth", 400n, 7_500n, 10_000n)] } },
    decimalsOffset: 12,
  },
];

/** Per-second WAD growth of a planned vault's assets: its recipe-A rate, or its yearly rate. */
export const discoveryPerSecond = (vault: DiscoveryVaultPlan) =>
  "bps" in vault.rate ? perSecondWad(vault.rate.bps) : metaMorphoPerSecond(vault.rate.metaMorpho.fee, vault.rate.metaMorpho.allocations);
