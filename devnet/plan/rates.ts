// The rate maths of the local chain's plan: yearly rates as the per-second figures the contracts
// hold, Aave's reserve configuration word, and the rate a MetaMorpho vault earns from its markets.
import type { DevnetToken } from "./tokens";

export const WAD = 10n ** 18n;
export const RAY = 10n ** 27n;
const SECONDS_PER_YEAR = 31_536_000n;

/** A yearly rate given in basis points, as a per-second WAD rate (rounded down, as on chain). */
export const perSecondWad = (bps: bigint) => (bps * WAD) / 10_000n / SECONDS_PER_YEAR;

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

/** An idle market holding `shareBps` of a vault's assets; `lltv` tells markets of the same loan token apart. */
export const idleAllocation = (shareBps: bigint, lltv = 0n): MorphoAllocation => ({
  collateral: null,
  lltv,
  borrowRateBps: 0n,
  utilizationBps: 0n,
  marketFee: 0n,
  shareBps,
});

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
