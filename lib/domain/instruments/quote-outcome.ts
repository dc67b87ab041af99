import "server-only";
/** What a deposit would do to one market, as each protocol's quote model works it out (no I/O). */
export interface DepositOutcome {
  /** The base supply APY right after the deposit, percent, by the conventions of currentApy. */
  apyAfter: number;
  /** 1 − available / supplied after the deposit, as the instrument's utilization; null when unknown. */
  utilizationAfter: number | null;
  /** Underlying units the protocol would accept now; null when nothing limits a deposit. */
  maxDepositRaw: bigint | null;
  /** Yield-token units the deposit would mint (ERC-4626 shares) or credit (aToken, Comet balance). */
  sharesOut: bigint;
  /** MetaMorpho: the markets the deposit goes to, in supply-queue order. */
  allocation?: { marketId: string; assets: bigint }[];
  /** False where the protocol's rate model is not worked out (a Vault V2's adapters): apyAfter is then the current APY. */
  modelled: boolean;
}

/** 1 − available / supplied after `amount` more of both; null when the available liquidity is unknown. */
export function utilizationAfterDeposit(
  model: { available: string | null; supplied: string },
  amount: bigint,
): number | null {
  if (model.available === null) return null;
  const supplied = BigInt(model.supplied) + amount;
  if (supplied === 0n) return null;
  const available = BigInt(model.available) + amount;
  const capped = available < supplied ? available : supplied;
  return 1 - Number((capped * 10n ** 18n) / supplied) / 1e18;
}

/** ERC-4626 shares for `amount` at the sampled share price (assets per 10^30 shares), rounded down as previewDeposit. */
export function sharesAtSharePrice(amount: bigint, assetsPerProbe: string): bigint {
  const assets = BigInt(assetsPerProbe);
  return assets === 0n ? 0n : (amount * 10n ** 30n) / assets;
}
