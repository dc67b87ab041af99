import { z } from "zod";
import {
  assetCategorySchema,
  chainIdParam,
  hex32,
  hexAddress,
  instrumentIdSchema,
  isoDateTime,
  protocolNameSchema,
  queryBoolean,
  queryInt,
  queryNumber,
} from "./common";
import { MAX_QUOTE_USD, listQuoteSchema } from "./quotes";

export const protocolInfoSchema = z
  .object({
    id: z.uuid(),
    name: protocolNameSchema,
    version: z.number().int(),
    displayName: z.string(),
    icon: z.string().meta({ description: "URL of the protocol icon" }),
    docsUrl: z.string(),
    deprecated: z.boolean(),
  })
  .meta({ id: "ProtocolInfo" });

export const rewardSourceSchema = z
  .enum(["aave-rewards-controller", "comet-rewards", "fluid-rewards-model", "merkl"])
  .meta({
    description:
      "where the stream was read: Aave's incentives controller, Compound's CometRewards with the Comet's tracking speed, Fluid's rewards rate model, or Merkl's public API",
  });

export const rewardStreamSchema = z
  .object({
    tokenAddress: hexAddress.meta({ description: "the token paid" }),
    tokenSymbol: z.string(),
    apr: z.number().nullable().meta({
      description:
        "simple yearly rate in percent: the USD value of a year of the stream at the current emission and price, over the USD value supplied, times 100; null when the token has no price (rewardsComplete is then false)",
    }),
    priceUsd: z
      .number()
      .nullable()
      .meta({
        description:
          "the token's USD price used: the protocol's oracle, else the chain's price feed, else Merkl's",
      }),
    source: rewardSourceSchema,
    endsAt: isoDateTime.nullable().meta({ description: "when the stream ends; null when it sets no end" }),
  })
  .meta({ id: "RewardStream" });
export type RewardStream = z.infer<typeof rewardStreamSchema>;

export const instrumentSchema = z
  .object({
    instrumentId: hex32.meta({
      description: "keccak256(abi.encode(uint256 chainId, address protocolAddress, bytes32 marketId))",
    }),
    protocol: protocolNameSchema,
    protocolInfo: protocolInfoSchema,
    chainId: z.number().int(),
    protocolAddress: hexAddress,
    marketId: hex32.meta({
      description: "underlying token (Aave, Compound) or vault address (ERC-4626), left-padded to 32 bytes",
    }),
    adapterAddress: hexAddress.meta({ description: "contract the service reads the market from" }),
    tokenAddress: hexAddress,
    tokenSymbol: z.string(),
    yieldTokenAddress: hexAddress,
    yieldTokenSymbol: z.string(),
    description: z.string(),
    symbol: z.string(),
    currentApy: z.number().meta({ description: "supply APY in percent (4.85 means 4.85 %)" }),
    tvl: z.number().meta({ description: "total value locked in US dollars" }),
    rewards: z.array(rewardStreamSchema).meta({
      description:
        "the reward streams running at asOfBlock's time (started, not ended, emitting), one per reward token whichever sources report it, largest APR first",
    }),
    apyReward: z.number().meta({ description: "the sum of the rewards' apr in percent; 0 when none run" }),
    apyTotal: z.number().meta({ description: "currentApy + apyReward, in percent" }),
    rewardsComplete: z.boolean().meta({
      description:
        "false when a reward source of the instrument could not be read at the last sync (or none has read it yet) or a reward token has no price: apyReward then counts only what is known",
    }),
    availableLiquidityUsd: z.number().min(0).nullable().meta({
      description:
        "exit liquidity: the US dollars suppliers could withdraw right now, read at asOfBlock (Aave: the underlying the aToken holds; Compound: the base token the Comet holds; a Morpho vault: what its markets would let it withdraw; Fluid: what the fToken can withdraw from Fluid's Liquidity layer), never more than tvl; null when it is unknown (sample data, or not readable at the last sync)",
    }),
    utilization: z.number().min(0).max(1).nullable().meta({
      description:
        "1 − availableLiquidityUsd / tvl, as a fraction (0.85 means 85 % of the supply cannot be withdrawn now); null when availableLiquidityUsd is null or nothing is supplied",
    }),
    apy7d: z.number().nullable().meta({
      description:
        "mean apy (percent) of the instrument's day snapshots of the last 7 days: exactly the points of history?interval=day&from=<now − 7 days>; null when there is none. Sample history while the instrument's chain is on sample data",
    }),
    apy30d: z.number().nullable().meta({
      description:
        "mean apy (percent) of the instrument's day snapshots of the last 30 days: exactly the points of history?interval=day&from=<now − 30 days>; null when there is none",
    }),
    apyChange7d: z.number().nullable().meta({
      description:
        "currentApy minus the apy of the oldest of the apy7d points, in percentage points; null when there is none",
    }),
    lastSyncedAt: isoDateTime,
    asOfBlock: z.number().int().nullable().meta({
      description:
        "the block currentApy and tvl were read at (every value of a chain's sync is read at one block: eth_call at this block gives them again); null while the instrument shows sample data",
    }),
    asOfTime: isoDateTime
      .nullable()
      .meta({ description: "that block's timestamp; null while the instrument shows sample data" }),
    isActive: z.boolean(),
    isStablecoin: z.boolean(),
    assetCategory: assetCategorySchema,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    quote: listQuoteSchema.optional().meta({
      description:
        "only in lists asked with depositAmountUsd: what depositing that many US dollars would earn (GET /instruments/{instrumentId}/quote)",
    }),
  })
  .meta({ id: "Instrument" });
export type Instrument = z.infer<typeof instrumentSchema>;

export const paginationSchema = z
  .object({
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: "Pagination" });

export const instrumentPageSchema = z
  .object({ data: z.array(instrumentSchema), pagination: paginationSchema })
  .meta({ id: "InstrumentPage" });
export type InstrumentPage = z.infer<typeof instrumentPageSchema>;

export const sortFields = [
  "apy",
  "apyTotal",
  "tvl",
  "createdAt",
  "apy7d",
  "apy30d",
  "apyChange7d",
  "apyTotalAfter",
] as const;
export const sortFieldSchema = z.enum(sortFields);
export const sortOrderSchema = z.enum(["asc", "desc"]);
export type SortKey = { field: z.infer<typeof sortFieldSchema>; order: z.infer<typeof sortOrderSchema> };

/** field[:direction] keys, comma-separated, as the document states them (repeats are refused by the parse). */
const sortKeyPattern = `(${sortFields.join("|")})(:(asc|desc))?`;
const sortPattern = `^${sortKeyPattern}(,${sortKeyPattern})*$`;

const sortExpression = z
  .string()
  .max(100)
  .transform((value, ctx): SortKey[] => {
    const keys: SortKey[] = [];
    for (const part of value.split(",")) {
      const [field, order = "desc", extra] = part.split(":");
      const f = sortFieldSchema.safeParse(field);
      const o = sortOrderSchema.safeParse(order);
      if (!f.success || !o.success || extra !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `"${part}" is not field:direction with field ${sortFields.join(", ")} and direction asc or desc`,
        });
        return z.NEVER;
      }
      if (keys.some((k) => k.field === f.data)) {
        ctx.addIssue({ code: "custom", message: `${f.data} is sorted on twice` });
        return z.NEVER;
      }
      keys.push({ field: f.data, order: o.data });
    }
    return keys;
  })
  .meta({ override: { type: "string", maxLength: 100, pattern: sortPattern, example: "apy:desc,tvl:desc" } });

const chainIdList = z
  .string()
  .regex(/^\d{1,12}(,\d{1,12}){0,19}$/, "must be a chain id or a comma-separated list of chain ids")
  .transform((v) => [...new Set(v.split(",").map(Number))])
  .meta({ override: { type: "string", example: "1,8453" } });

const instrumentListFields = {
  protocol: protocolNameSchema.optional(),
  isActive: queryBoolean.optional(),
  isStablecoin: queryBoolean.optional(),
  assetCategory: assetCategorySchema.optional(),
  minApy: queryNumber
    .optional()
    .meta({ description: "only instruments with currentApy >= minApy (percent)" }),
  minApyTotal: queryNumber
    .optional()
    .meta({ description: "only instruments with apyTotal >= minApyTotal (percent)" }),
  minTvl: queryNumber.optional().meta({ description: "only instruments with tvl >= minTvl (USD)" }),
  minApy30d: queryNumber
    .optional()
    .meta({
      description:
        "only instruments with apy30d >= minApy30d (percent); leaves out those whose apy30d is null",
    }),
  search: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: "case-insensitive substring of the token or yield-token symbol" }),
  sortBy: sortFieldSchema.optional().meta({
    description:
      "default tvl; apy7d, apy30d and apyChange7d put instruments without a value (null) last in both directions; apyTotalAfter (only with depositAmountUsd) ranks by quote.apyTotalAfter, rows that do not fit (or whose quote is unknown) last",
  }),
  depositAmountUsd: queryNumber
    .pipe(z.number().gt(0).max(MAX_QUOTE_USD))
    .optional()
    .meta({
      description:
        "a deposit in US dollars: each row gets quote { apyAfter, apyTotalAfter, fits } for it, and sortBy=apyTotalAfter ranks by it",
    }),
  sortOrder: sortOrderSchema.optional().meta({ description: "default desc" }),
  sort: sortExpression
    .optional()
    .meta({ description: "field:direction[,field:direction], fields as sortBy; not together with sortBy" }),
  limit: queryInt({ min: 1, max: 100 }).optional().meta({ description: "page size, default 10" }),
  offset: queryInt({ min: 0 })
    .optional()
    .meta({ description: "items to skip, default 0; not together with page" }),
  page: queryInt({ min: 1, max: 1_000_000 })
    .optional()
    .meta({ description: "1-based page; offset = (page-1)*limit" }),
};

function checkExclusive(
  q: { sort?: unknown; sortBy?: unknown; sortOrder?: unknown; page?: unknown; offset?: unknown },
  ctx: z.RefinementCtx,
) {
  if (q.sort !== undefined && (q.sortBy !== undefined || q.sortOrder !== undefined))
    ctx.addIssue({
      code: "custom",
      path: ["sort"],
      message: "give either sort or sortBy/sortOrder, not both",
    });
  if (q.page !== undefined && q.offset !== undefined)
    ctx.addIssue({ code: "custom", path: ["page"], message: "give either page or offset, not both" });
}

export const listInstrumentsQuerySchema = z
  .strictObject({
    chainId: chainIdList.optional().meta({ description: "chain id, or several comma-separated" }),
    ...instrumentListFields,
  })
  .superRefine(checkExclusive);
export const listInstrumentsByChainQuerySchema = z
  .strictObject(instrumentListFields)
  .superRefine(checkExclusive);
export type ListInstrumentsQuery = z.infer<typeof listInstrumentsQuerySchema>;

export const instrumentParamsSchema = z.strictObject({ instrumentId: instrumentIdSchema });
export const instrumentsByChainParamsSchema = z.strictObject({ chainId: chainIdParam });

/**
 * How far back a history request reaches when it gives no `from`, per interval. Hour snapshots are
 * kept exactly as long (lib/machinery/sync/prune-history.ts); day snapshots for good.
 */
export const HISTORY_DEFAULT_RANGE_DAYS = { day: 365, hour: 7 } as const;
/** The longest range one history request may span. */
export const HISTORY_MAX_RANGE_DAYS = 366;

const historyRangeFields = {
  interval: z.enum(["hour", "day"]).optional().meta({ description: "default day" }),
  from: z.iso
    .datetime({ offset: true, local: false })
    .or(z.iso.date())
    .optional()
    .meta({ description: "ISO 8601; default 365 days (day) or 7 days (hour) before to" }),
  to: z.iso
    .datetime({ offset: true })
    .or(z.iso.date())
    .optional()
    .meta({ description: "ISO 8601; default now" }),
};
export const historyQuerySchema = z.strictObject(historyRangeFields);

/** As many instruments per batch as one list page holds. */
export const MAX_HISTORY_BATCH = 100;

const instrumentIdList = z
  .string()
  .transform((value, ctx): string[] => {
    const ids = value.split(",");
    if (ids.length > MAX_HISTORY_BATCH) {
      ctx.addIssue({ code: "custom", message: `at most ${MAX_HISTORY_BATCH} instrument ids` });
      return z.NEVER;
    }
    const seen = new Set<string>();
    for (const raw of ids) {
      const id = instrumentIdSchema.safeParse(raw);
      if (!id.success) {
        ctx.addIssue({
          code: "custom",
          message: `"${raw.slice(0, 70)}" is not 0x followed by 64 hex digits`,
        });
        return z.NEVER;
      }
      if (seen.has(id.data)) {
        ctx.addIssue({ code: "custom", message: `${id.data} is given twice` });
        return z.NEVER;
      }
      seen.add(id.data);
    }
    return [...seen];
  })
  .meta({ override: { type: "string", example: `0x${"ab".repeat(32)},0x${"cd".repeat(32)}` } });

export const historyBatchQuerySchema = z.strictObject({
  instrumentIds: instrumentIdList.meta({
    description: `comma-separated instrument ids, 1 to ${MAX_HISTORY_BATCH}, each once; answered in this order`,
  }),
  ...historyRangeFields,
});

export const historyPointSchema = z
  .object({
    timestamp: isoDateTime,
    apy: z.number(),
    apyReward: z
      .number()
      .nullable()
      .meta({ description: "the rewards' APR in percent at that point; null before rewards were recorded" }),
    tvl: z.number(),
    block: z
      .number()
      .int()
      .nullable()
      .meta({ description: "the block the point's values were read at; null for sample history" }),
  })
  .meta({ id: "HistoryPoint" });
export const historySchema = z
  .object({ data: z.array(historyPointSchema) })
  .meta({ id: "InstrumentHistory" });
export type HistoryPoint = z.infer<typeof historyPointSchema>;

export const instrumentHistorySeriesSchema = z
  .object({ instrumentId: hex32, data: z.array(historyPointSchema) })
  .meta({ id: "InstrumentHistorySeries" });
export const historyBatchSchema = z
  .object({ data: z.array(instrumentHistorySeriesSchema) })
  .meta({ id: "InstrumentHistories" });
export type HistoryBatch = z.infer<typeof historyBatchSchema>;
