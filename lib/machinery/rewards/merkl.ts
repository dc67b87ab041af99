import "server-only";
import type { z } from "zod";
import { campaignAprs } from "./merkl-campaign-apr";
import {
  MERKL_PAGE_SIZE,
  MERKL_STATUSES,
  MERKL_SUPPLY_ACTIONS,
  merklOpportunityPageSchema,
  merklOpportunitySchema,
  type MerklCampaign,
} from "./merkl-format";
import type { RewardReading } from "./reward-reading";

// Merkl campaigns on the instruments' yield tokens, read from Merkl's public API (the format and its
// sources: merkl-format.ts). One request per chain per sync, a few more only if the chain has more
// than a page of opportunities, all within one deadline. Anything short of a whole, well-formed
// answer is a MerklReadError: the instruments' rewards are then unknown, never 0.

/** At most this many pages per chain (MERKL_PAGE_SIZE opportunities each); more is refused, not cut. */
export const MERKL_MAX_PAGES = 10;

/** Merkl could not be read for a chain, or answered something other than its documented format. */
export class MerklReadError extends Error {
  constructor(
    readonly chainId: number,
    readonly reason: string,
  ) {
    super(`Merkl rewards for chain ${chainId} could not be read: ${reason}`);
    this.name = "MerklReadError";
  }
}

export interface ReadMerklRewardsInput {
  chainId: number;
  /** The instruments' yield tokens (aToken, Comet, vault, fToken), in any case. */
  yieldTokens: readonly `0x${string}`[];
  /** Merkl's API base URL (`merklApiUrl()`); `/v4/opportunities` is asked under it. */
  apiUrl: string;
  /** Unix seconds of the block the chain was read at: which campaigns share an opportunity's APR. */
  atTime: number;
  /** The whole read's deadline in milliseconds, every page included. */
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/**
 * One reading per Merkl campaign paying a token to suppliers of one of `yieldTokens` on `chainId`:
 * opportunities to lend or hold the token (`action` LEND or HOLD) whose `identifier` or
 * `explorerAddress` is the yield token. An opportunity's `tokens` are not matched: they list what a
 * participant brings, so a pool or a market taking the yield token as a deposit lists it too, and its
 * rewards are not paid to every holder. Campaigns keep their start and end, running or not: the
 * caller judges them at its block. `aprPercent` is Merkl's, in percent, split per campaign (see
 * campaignAprs); null when Merkl gives no figure that can be attributed to the campaign.
 * Throws MerklReadError on any failure.
 */
export async function readMerklRewards(input: ReadMerklRewardsInput): Promise<{ readings: RewardReading[] }> {
  const wanted = new Set(input.yieldTokens.map((address) => address.toLowerCase()));
  if (wanted.size === 0) return { readings: [] };
  const pages = await fetchOpportunities(input);
  const readings: RewardReading[] = [];
  const seen = new Set<string>();
  for (const raw of pages) {
    if (raw === null || raw.chainId !== input.chainId || !isSupplyAction(raw.action)) continue;
    const yieldToken = [raw.identifier, raw.explorerAddress]
      .map((value) => value?.toLowerCase())
      .find((value) => value !== undefined && wanted.has(value));
    if (yieldToken === undefined) continue;
    const opportunity = parseOrThrow(input.chainId, merklOpportunitySchema, raw, `opportunity ${raw.id}`);
    const aprs = campaignAprs(opportunity, input.atTime);
    for (const campaign of opportunity.campaigns) {
      // A campaign belongs to one opportunity; a repeat across pages (the list moved) is read once.
      if (seen.has(campaign.id) || !paysAToken(campaign)) continue;
      seen.add(campaign.id);
      readings.push(readingOf(yieldToken as `0x${string}`, campaign, aprs.get(campaign.id) ?? null));
    }
  }
  return { readings };
}

const isSupplyAction = (action: string): boolean =>
  (MERKL_SUPPLY_ACTIONS as readonly string[]).includes(action);

/** Points, pre-TGE allocations and Merkl's test tokens are no reward stream. */
const paysAToken = (campaign: MerklCampaign): boolean =>
  campaign.rewardToken.type === "TOKEN" && !campaign.rewardToken.isTest;

function readingOf(
  yieldTokenAddress: `0x${string}`,
  campaign: MerklCampaign,
  aprPercent: number | null,
): RewardReading {
  const { rewardToken } = campaign;
  const price = rewardToken.price ?? null;
  return {
    source: "merkl",
    yieldTokenAddress,
    tokenAddress: rewardToken.address.toLowerCase() as `0x${string}`,
    tokenSymbol: rewardToken.symbol,
    tokenDecimals: rewardToken.decimals,
    tokensPerYear: null,
    aprPercent,
    protocolPriceUsd: null,
    // A price of 0 is no price: valuing the stream at 0 would show an unknown as nothing.
    sourcePriceUsd: price !== null && price > 0 ? price : null,
    startsAt: campaign.startTimestamp,
    endsAt: campaign.endTimestamp,
  };
}

type RawOpportunity = z.infer<typeof merklOpportunityPageSchema>[number];

/** Every page of the chain's live and coming supply-side opportunities, with their campaigns. */
async function fetchOpportunities(input: ReadMerklRewardsInput): Promise<RawOpportunity[]> {
  const signal = AbortSignal.timeout(input.timeoutMs);
  const all: RawOpportunity[] = [];
  for (let page = 0; page < MERKL_MAX_PAGES; page++) {
    const url = opportunitiesUrl(input.apiUrl, input.chainId, page);
    const body = await fetchJson(input, url, signal);
    const opportunities = parseOrThrow(input.chainId, merklOpportunityPageSchema, body, `page ${page}`);
    all.push(...opportunities);
    if (opportunities.length < MERKL_PAGE_SIZE) return all;
  }
  throw new MerklReadError(
    input.chainId,
    `more than ${MERKL_MAX_PAGES * MERKL_PAGE_SIZE} opportunities (${MERKL_MAX_PAGES} full pages); a partial list could leave campaigns out`,
  );
}

export function opportunitiesUrl(apiUrl: string, chainId: number, page: number): URL {
  const url = new URL("v4/opportunities", apiUrl.endsWith("/") ? apiUrl : `${apiUrl}/`);
  url.searchParams.set("chainId", String(chainId));
  url.searchParams.set("status", MERKL_STATUSES.join(","));
  url.searchParams.set("action", MERKL_SUPPLY_ACTIONS.join(","));
  url.searchParams.set("campaigns", "true");
  url.searchParams.set("items", String(MERKL_PAGE_SIZE));
  url.searchParams.set("page", String(page));
  return url;
}

async function fetchJson(input: ReadMerklRewardsInput, url: URL, signal: AbortSignal): Promise<unknown> {
  const fetchImpl = input.fetchImpl ?? fetch;
  const where = `${url.origin}${url.pathname}`;
  let text: string;
  try {
    const response = await fetchImpl(url, { signal, headers: { accept: "application/json" } });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new MerklReadError(
        input.chainId,
        `${where} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
      );
    }
    text = await response.text();
  } catch (error) {
    if (error instanceof MerklReadError) throw error;
    if (signal.aborted)
      throw new MerklReadError(input.chainId, `${where} did not answer within ${input.timeoutMs} ms`);
    throw new MerklReadError(input.chainId, `${where} could not be reached: ${describe(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new MerklReadError(
      input.chainId,
      `${where} answered something that is not JSON (${JSON.stringify(text.slice(0, 80))})`,
    );
  }
}

function parseOrThrow<T extends z.ZodType>(
  chainId: number,
  schema: T,
  value: unknown,
  what: string,
): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const at = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
  throw new MerklReadError(
    chainId,
    `${what} does not match Merkl's documented format${at}: ${issue?.message ?? "invalid"}`,
  );
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
