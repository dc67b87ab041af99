import "server-only";
import { z } from "zod";

// Merkl's public API, v4, as Merkl documents and types it (nothing here is guessed):
// - `GET /v4/opportunities`: its query (`chainId`, `status`, `action`, `campaigns`, `page`, `items`) and
//   its answer, a JSON array of opportunities (or null), each with its `campaigns` when `campaigns=true`:
//   the @merkl/api npm package, 1.19.27, dist/src/modules/v4/opportunity/opportunity.controller.d.ts
//   (the API's own Elysia route types), and Merkl's guide "Integrate Merkl API"
//   (github.com/AngleProtocol/merkl-docs, integrate-merkl/app.md).
// - `apr` is in percent ("`"apr": 50.41` is 50.41% APR"): integrate-merkl/app.md.
// - A campaign's APR is its daily rewards (USD) × 365 over its eligible TVL, and an opportunity's APR
//   is the sum of its campaigns' APRs: merkl-docs, merkl-mechanisms/technical-overview.md, "Main Metrics".
// - `startTimestamp` / `endTimestamp` are unix seconds (Merkl's app multiplies them by 1000 into
//   milliseconds: github.com/AngleProtocol/merkl-app-core, src/modules/campaigns/hooks/useCampaignMetadata.tsx);
//   the API types them `string | number | bigint`, so JSON carries a number or a decimal string.
// - `page` counts from 0 (merkl-app-core, src/modules/opportunity/opportunity.service.ts, turns its
//   1-based page into `page - 1`); `status` and `action` are comma-separated lists (same file, and
//   src/modules/opportunity/hooks/useOpportunityFilters.tsx); `items` is 1 to 100 per page (the API's
//   reference, api.merkl.xyz/docs, opportunities endpoint).
// - An `aprRecord.breakdowns` entry of type CAMPAIGN carries one campaign's APR, its `identifier` the
//   campaign's on-chain id (merkl-app-core, src/components/element/apr/AprSection.tsx shows it as "Campaign 0x…").
// Only the fields Yieldgrid uses are checked; the others pass unread.

/** Opportunities per page: the most `items` Merkl serves. */
export const MERKL_PAGE_SIZE = 100;

/** Supply-side actions: earning by holding or lending the token, never borrowing or pooling it. */
export const MERKL_SUPPLY_ACTIONS = ["LEND", "HOLD"] as const;

/** Opportunities running now or about to: ended ones (PAST) have nothing left to pay. */
export const MERKL_STATUSES = ["LIVE", "SOON"] as const;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address");
const nonNegative = z.number().nonnegative();
/** Unix seconds, as a JSON number or a decimal string. */
const unixSeconds = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^\d+$/, "decimal digits").transform(Number),
]);

/** What every opportunity of a page must carry to be matched to a yield token. */
export const merklOpportunityHeaderSchema = z.object({
  id: z.string(),
  chainId: z.number().int(),
  identifier: z.string(),
  explorerAddress: z.string().optional(),
  action: z.string(),
});

/** One page of `GET /v4/opportunities`: an array of opportunities, some of them null. */
export const merklOpportunityPageSchema = z.array(merklOpportunityHeaderSchema.loose().nullable());

export const merklRewardTokenSchema = z.object({
  address,
  symbol: z.string(),
  decimals: z.number().int().min(0).max(255),
  price: z.number().nullable().optional(),
  /** "TOKEN", "POINT" or "PRETGE": only tokens are reward streams. */
  type: z.string(),
  isTest: z.boolean(),
});

export const merklCampaignSchema = z.object({
  /** Merkl's database id: unique across chains. */
  id: z.string(),
  /** The on-chain campaign id (0x…): the `identifier` of its APR breakdown. */
  campaignId: z.string(),
  startTimestamp: unixSeconds,
  endTimestamp: unixSeconds,
  apr: nonNegative.optional(),
  /** USD a day. */
  dailyRewards: nonNegative.optional(),
  rewardToken: merklRewardTokenSchema,
});

/** An opportunity on one of the yield tokens asked for, read in full. */
export const merklOpportunitySchema = merklOpportunityHeaderSchema.extend({
  status: z.string(),
  apr: nonNegative,
  aprRecord: z
    .object({
      breakdowns: z.array(z.object({ identifier: z.string(), type: z.string(), value: z.number() })),
    })
    .optional(),
  campaigns: z.array(merklCampaignSchema),
});

export type MerklOpportunity = z.infer<typeof merklOpportunitySchema>;
export type MerklCampaign = z.infer<typeof merklCampaignSchema>;
