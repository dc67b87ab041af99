// What every protocol's extra markets of the benchmark share (extra-markets.ts plans and deploys them).
import type { Hex } from "viem";
import { devnetTokenOf, type DevnetToken } from "@/devnet/plan/tokens";
import type { ProtocolName } from "@/lib/facts/protocols";

export interface ExtraMarket {
  protocol: ProtocolName;
  index: number;
  token: DevnetToken;
  /** Aave: a new token per reserve (a reserve is keyed by its asset); others: the devnet token lent. */
  underlying: Hex;
  /** aToken, Comet (its proxy), MetaMorpho vault or fToken. */
  contract: Hex;
  symbol: string;
  /** Underlying units the protocol's bench account supplies. */
  supply: bigint;
  /** Underlying units supplied on the demo wallet's behalf; 0 for none. */
  demo: bigint;
  /** The borrowed share of what is supplied, basis points (Fluid: the Liquidity layer's, shared per token). */
  utilizationBps: bigint;
}

/** The devnet's four tokens in turn, for markets and vaults of the benchmark. */
export const tokenCycle = (["usdc", "weth", "eurc", "wbtc"] as const).map(devnetTokenOf);
/** The benchmark's MetaMorpho vaults' performance fee, WAD. */
export const BENCH_VAULT_FEE = 10n ** 17n;

/** `usd` whole US dollars of `token` at the plan's price, in its smallest units. */
export const worthOf = (token: DevnetToken, usd: bigint) =>
  (usd * 100_000_000n * 10n ** BigInt(token.decimals)) / token.priceUsd8;
