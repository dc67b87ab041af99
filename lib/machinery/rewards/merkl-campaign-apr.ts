import "server-only";
import type { MerklCampaign, MerklOpportunity } from "./merkl-format";

// Merkl gives an APR per opportunity (a pool, a vault, a lending market), and an opportunity may run
// several campaigns at once, each paying one reward token. Yieldgrid lists a stream per token, so the
// APR is taken per campaign. Merkl documents an opportunity's APR as the sum of its campaigns' APRs,
// and a campaign's APR as its daily rewards (USD) × 365 over its eligible TVL
// (github.com/AngleProtocol/merkl-docs, merkl-mechanisms/technical-overview.md, "Main Metrics").

/** Whether the campaign pays at `atTime` (unix seconds): from its start, until its end. */
export const isRunningAt = (campaign: MerklCampaign, atTime: number): boolean =>
  campaign.startTimestamp <= atTime && atTime < campaign.endTimestamp;

/**
 * Each campaign's APR in percent, keyed by the campaign's `id`, from Merkl's own figures, in order:
 * 1. the campaign's own `apr`;
 * 2. its entry in the opportunity's `aprRecord.breakdowns` (type CAMPAIGN, `identifier` its campaignId);
 * 3. what is left of the opportunity's `apr` once the running campaigns priced by 1 or 2 are taken
 *    out, shared among the running campaigns left in proportion to their `dailyRewards` (they share
 *    the opportunity's TVL, so their APRs stand as their daily rewards); a lone one takes it all.
 * Null when none of these gives a figure: a campaign that does not run at `atTime` has no share in
 * the opportunity's APR, and campaigns without daily rewards cannot be told apart.
 */
export function campaignAprs(opportunity: MerklOpportunity, atTime: number): Map<string, number | null> {
  const aprs = new Map<string, number | null>();
  const breakdowns = new Map<string, number>();
  for (const breakdown of opportunity.aprRecord?.breakdowns ?? [])
    if (breakdown.type === "CAMPAIGN") breakdowns.set(breakdown.identifier.toLowerCase(), breakdown.value);

  const unpriced: MerklCampaign[] = [];
  let pricedRunning = 0;
  for (const campaign of opportunity.campaigns) {
    const own = campaign.apr ?? breakdowns.get(campaign.campaignId.toLowerCase()) ?? null;
    aprs.set(campaign.id, own);
    if (!isRunningAt(campaign, atTime)) continue;
    if (own === null) unpriced.push(campaign);
    else pricedRunning += own;
  }
  if (unpriced.length === 0) return aprs;

  const left = opportunity.apr - pricedRunning;
  // Rounding in Merkl's sum may leave a hair below zero; more than that, and the figures disagree.
  const remainder = left >= -1e-9 * Math.max(1, opportunity.apr) ? Math.max(0, left) : null;
  if (remainder === null) return aprs;
  const [only] = unpriced;
  if (only !== undefined && unpriced.length === 1) {
    aprs.set(only.id, remainder);
    return aprs;
  }
  const daily = unpriced.map((campaign) => campaign.dailyRewards);
  const total = daily.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  if (daily.some((value) => value === undefined) || total <= 0) return aprs;
  for (const campaign of unpriced) aprs.set(campaign.id, (remainder * (campaign.dailyRewards ?? 0)) / total);
  return aprs;
}
