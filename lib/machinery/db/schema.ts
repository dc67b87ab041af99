import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { environments } from "@/lib/facts/chains";
import type { RewardStream } from "@/lib/machinery/rewards/judge-rewards";
import type { QuoteModel } from "@/lib/machinery/chain/adapters/quote-model";
import { assetCategories } from "@/lib/facts/asset-categories";
import { protocolNames } from "@/lib/facts/protocols";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

export const protocols = pgTable(
  "protocols",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name", { enum: protocolNames }).notNull(),
    version: integer("version").notNull(),
    displayName: text("display_name").notNull(),
    chainId: integer("chain_id").notNull(),
    environment: text("environment", { enum: environments }).notNull(),
    protocolAddress: text("protocol_address").notNull(),
    icon: text("icon").notNull(),
    docsUrl: text("docs_url").notNull(),
    deprecated: boolean("deprecated").notNull().default(false),
    deprecationReason: text("deprecation_reason"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("protocols_name_version_chain_key").on(t.name, t.version, t.chainId),
    index("protocols_environment_chain_idx").on(t.environment, t.chainId),
  ],
);

export const instruments = pgTable(
  "instruments",
  {
    // 0x-prefixed lower-case bytes32: keccak256(abi.encode(chainId, protocolAddress, marketId)).
    instrumentId: text("instrument_id").primaryKey(),
    protocolId: uuid("protocol_id")
      .notNull()
      .references(() => protocols.id),
    protocol: text("protocol", { enum: protocolNames }).notNull(),
    chainId: integer("chain_id").notNull(),
    environment: text("environment", { enum: environments }).notNull(),
    protocolAddress: text("protocol_address").notNull(),
    marketId: text("market_id").notNull(),
    adapterAddress: text("adapter_address").notNull(),
    tokenAddress: text("token_address").notNull(),
    tokenSymbol: text("token_symbol").notNull(),
    tokenDecimals: integer("token_decimals").notNull(),
    yieldTokenAddress: text("yield_token_address").notNull(),
    yieldTokenSymbol: text("yield_token_symbol").notNull(),
    description: text("description").notNull(),
    currentApy: doublePrecision("current_apy").notNull().default(0),
    tvl: doublePrecision("tvl").notNull().default(0),
    // Reward streams running at the last sync (lib/machinery/rewards), their APRs' sum, and whether every
    // source was read and every token priced; apy_total follows from the two APYs.
    rewards: jsonb("rewards").$type<RewardStream[]>().notNull().default([]),
    apyReward: doublePrecision("apy_reward").notNull().default(0),
    apyTotal: doublePrecision("apy_total")
      .notNull()
      .generatedAlwaysAs(sql`current_apy + apy_reward`),
    rewardsComplete: boolean("rewards_complete").notNull().default(false),
    // USD per whole underlying token at the last sync (null until one read it): positions' values.
    priceUsd: doublePrecision("price_usd"),
    // The part of tvl held inside other listed vaults, which count it in their own tvl (a Vault V2's
    // deposits in listed MetaMorpho vaults through its MorphoVaultV1Adapters): sums of TVL subtract it.
    tvlInListedVaults: doublePrecision("tvl_in_listed_vaults").notNull().default(0),
    // Exit liquidity at the last sync (docs/data.md, Exit liquidity): the USD suppliers could withdraw
    // now, and 1 − that over what they supplied (0..1); null while unknown (never read, or unreadable).
    availableLiquidityUsd: doublePrecision("available_liquidity_usd"),
    utilization: doublePrecision("utilization"),
    // What a deposit's quote needs (issue 28), read at as_of_block: the market's rate-model parameters,
    // totals and caps (lib/machinery/chain/adapters/quote-model.ts); null on sample data or when the last
    // sync could not read them.
    quoteModel: jsonb("quote_model").$type<QuoteModel>(),
    // Yield over time (lib/domain/instruments/yield-windows.ts): the mean apy of the day snapshots of the last 7
    // and 30 days, and currentApy minus the oldest of the 7-day ones; null without such snapshots. Exact
    // for the window dataset_meta "yield-window" names, which every list request moves to its own UTC day.
    apy7d: doublePrecision("apy_7d"),
    apy30d: doublePrecision("apy_30d"),
    apyChange7d: doublePrecision("apy_change_7d"),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // The block the current values were read at, and its timestamp (null until a sync read them):
    // anyone can recompute them with eth_call at that block.
    asOfBlock: bigint("as_of_block", { mode: "number" }),
    asOfTime: timestamp("as_of_time", { withTimezone: true, mode: "date" }),
    isActive: boolean("is_active").notNull().default(true),
    isStablecoin: boolean("is_stablecoin").notNull(),
    assetCategory: text("asset_category", { enum: assetCategories }).notNull(),
    ...timestamps,
  },
  (t) => [
    // Every sort (tvl, apy, createdAt) within an environment, with the id tie-breaker, is an index walk.
    index("instruments_env_tvl_idx").on(t.environment, t.tvl, t.instrumentId),
    index("instruments_env_apy_idx").on(t.environment, t.currentApy, t.instrumentId),
    index("instruments_env_apy_total_idx").on(t.environment, t.apyTotal, t.instrumentId),
    index("instruments_env_created_idx").on(t.environment, t.createdAt, t.instrumentId),
    // The yield sorts put nulls last in both directions: one index per direction, each an exact walk.
    index("instruments_env_apy7d_desc_idx").on(t.environment, t.apy7d.desc().nullsLast(), t.instrumentId),
    index("instruments_env_apy7d_asc_idx").on(t.environment, t.apy7d.asc().nullsLast(), t.instrumentId),
    index("instruments_env_apy30d_desc_idx").on(t.environment, t.apy30d.desc().nullsLast(), t.instrumentId),
    index("instruments_env_apy30d_asc_idx").on(t.environment, t.apy30d.asc().nullsLast(), t.instrumentId),
    index("instruments_env_apy_change7d_desc_idx").on(t.environment, t.apyChange7d.desc().nullsLast(), t.instrumentId),
    index("instruments_env_apy_change7d_asc_idx").on(t.environment, t.apyChange7d.asc().nullsLast(), t.instrumentId),
    // The instruments holding yield figures, which a new day's window may have to set back to null.
    index("instruments_yield_idx").on(t.instrumentId).where(sql`${t.apy30d} is not null`),
    index("instruments_chain_tvl_idx").on(t.chainId, t.tvl, t.instrumentId),
    index("instruments_chain_apy_idx").on(t.chainId, t.currentApy, t.instrumentId),
    index("instruments_protocol_idx").on(t.environment, t.protocol, t.tvl),
    index("instruments_category_idx").on(t.environment, t.assetCategory, t.tvl),
    index("instruments_symbol_idx").on(sql`lower(${t.tokenSymbol})`),
  ],
);

export const instrumentSnapshots = pgTable(
  "instrument_snapshots",
  {
    instrumentId: text("instrument_id")
      .notNull()
      .references(() => instruments.instrumentId, { onDelete: "cascade" }),
    interval: text("interval", { enum: ["hour", "day"] }).notNull(),
    // Start of the hour or day the snapshot stands for; a later sync in the same bucket overwrites it.
    bucketStart: timestamp("bucket_start", { withTimezone: true, mode: "date" }).notNull(),
    apy: doublePrecision("apy").notNull(),
    // The rewards' APR at the snapshot (null before rewards were recorded, and in demo history).
    apyReward: doublePrecision("apy_reward"),
    tvl: doublePrecision("tvl").notNull(),
    // The block the snapshot's values were read at (null for generated demo history).
    blockNumber: bigint("block_number", { mode: "number" }),
    isDemo: boolean("is_demo").notNull().default(false),
    // Read by the history backfill at its bucket's closing block (lib/machinery/sync/history), not by a
    // live sync: a live sync's point replaces it, it never replaces a live sync's.
    backfilled: boolean("backfilled").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.instrumentId, t.interval, t.bucketStart] }),
    // The day snapshots of a window across all instruments (recomputing the yield columns each UTC day).
    index("instrument_snapshots_day_idx").on(t.bucketStart, t.instrumentId).where(sql`${t.interval} = 'day'`),
  ],
);

// ERC-4626 share-price samples (assets per SHARE_PRICE_PROBE shares at a block's timestamp): the
// sync annualises the growth between the newest sample and one about a day older (docs/data.md, Morpho recipe B).
export const sharePriceSamples = pgTable(
  "share_price_samples",
  {
    instrumentId: text("instrument_id")
      .notNull()
      .references(() => instruments.instrumentId, { onDelete: "cascade" }),
    sampledAt: timestamp("sampled_at", { withTimezone: true, mode: "date" }).notNull(),
    sharePrice: numeric("share_price", { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.instrumentId, t.sampledAt] })],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    account: text("account").notNull(),
    name: text("name").notNull(),
    type: text("type", { enum: environments }).notNull(),
    prefix: text("prefix").notNull(),
    // SHA-256 of the full key, hex. The key itself is never stored.
    hash: text("hash").notNull(),
    rateLimit: integer("rate_limit"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    // After a roll: the secret it replaced (hash and prefix), accepted until previous_expires_at.
    previousHash: text("previous_hash"),
    previousPrefix: text("previous_prefix"),
    previousExpiresAt: timestamp("previous_expires_at", { withTimezone: true, mode: "date" }),
    rolledAt: timestamp("rolled_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("api_keys_hash_key").on(t.hash),
    uniqueIndex("api_keys_previous_hash_key").on(t.previousHash),
    index("api_keys_account_idx").on(t.account, t.createdAt),
  ],
);

export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    bucket: text("bucket").notNull(),
    // Unix seconds of the window's start.
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

export const siweNonces = pgTable("siwe_nonces", {
  nonce: text("nonce").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
});

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the session token held in the cookie.
    tokenHash: text("token_hash").primaryKey(),
    account: text("account").notNull(),
    chainId: integer("chain_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("sessions_account_idx").on(t.account)],
);

export const chainSyncState = pgTable("chain_sync_state", {
  chainId: integer("chain_id").primaryKey(),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true, mode: "date" }),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true, mode: "date" }),
  lastError: text("last_error"),
  // The block the chain's published values were read at: a head older than it is refused.
  lastBlock: bigint("last_block", { mode: "number" }),
  lastBlockAt: timestamp("last_block_at", { withTimezone: true, mode: "date" }),
  // Syncs that failed since the last one that succeeded.
  failedSyncs: integer("failed_syncs").notNull().default(0),
  // The last sync's readings refused as impossible (never published), with their block.
  rejectedReadings: jsonb("rejected_readings").$type<{ instrumentId: string; block: number; reason: string }[]>(),
  // The chain's RPCs as the last sync left them: name (scheme and host only), source, rank, last error.
  rpcEndpoints: jsonb("rpc_endpoints").$type<
    { name: string; source: "configured" | "devnet" | "public"; rank: number; lastError: string | null; lastErrorAt: string | null }[]
  >(),
  // When an instance last took this chain's scheduled sync: instances sharing a database skip a
  // chain another one took within the interval (see lib/machinery/sync/claim.ts).
  syncClaimedAt: timestamp("sync_claimed_at", { withTimezone: true, mode: "date" }),
});

// The history backfill of each chain (lib/machinery/sync/history): which instance holds it (a lease,
// as syncClaimedAt), and how its last run ended: its error, why it stopped (a node without the past
// state), the readings it refused as impossible with their blocks, and what it spent in all.
export const chainHistoryState = pgTable("chain_history_state", {
  chainId: integer("chain_id").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }),
  lastRunAt: timestamp("last_run_at", { withTimezone: true, mode: "date" }),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true, mode: "date" }),
  lastError: text("last_error"),
  // Why the backfill stopped short of the oldest bucket (null: it did not), when, the closing block
  // the node would not serve and that bucket's end: buckets ending by then wait for the retry pause.
  stoppedReason: text("stopped_reason"),
  stoppedAt: timestamp("stopped_at", { withTimezone: true, mode: "date" }),
  stoppedBlock: bigint("stopped_block", { mode: "number" }),
  stoppedBefore: timestamp("stopped_before", { withTimezone: true, mode: "date" }),
  rejectedReadings: jsonb("rejected_readings").$type<{ instrumentId: string; block: number; reason: string }[]>().notNull().default([]),
  rpcCalls: bigint("rpc_calls", { mode: "number" }).notNull().default(0),
  bucketsRead: integer("buckets_read").notNull().default(0),
});

// Every bucket the history backfill has read, per chain: it is not read again (a restart resumes with
// the next missing one); its closing block, and how many instruments got a point.
export const historyBuckets = pgTable(
  "history_buckets",
  {
    chainId: integer("chain_id").notNull(),
    interval: text("interval", { enum: ["hour", "day"] }).notNull(),
    bucketStart: timestamp("bucket_start", { withTimezone: true, mode: "date" }).notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    blockTime: timestamp("block_time", { withTimezone: true, mode: "date" }).notNull(),
    points: integer("points").notNull(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.interval, t.bucketStart] })],
);

// Small key/value facts about the data set: its mode (demo or live) and a version bumped on every write.
export const datasetMeta = pgTable("dataset_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

// Morpho vault discovery (lib/machinery/sync/vault-discovery.ts), per factory and chain: each sync
// first follows the head (reads the blocks from `next_block` to the chain's head), then fills the
// factory's past newest block first, from `backfill_next_block` down to `backfill_last_block`, so that a
// vault created today is found at once however long the factory's history. `block_range` is the
// eth_getLogs span that last worked.
export const vaultDiscoveryCursors = pgTable(
  "vault_discovery_cursors",
  {
    chainId: integer("chain_id").notNull(),
    factory: text("factory").notNull(),
    // Following the head: the first block not read yet. Null until a sync has seen the chain's head
    // (a cursor kept from before the backfill too): that sync starts it just after the head.
    nextBlock: bigint("next_block", { mode: "number" }),
    // Filling the past: the newest block not read yet below where the head-following started; the
    // backfill is done once it is below the last block (and is never read again).
    backfillNextBlock: bigint("backfill_next_block", { mode: "number" }),
    // The oldest block the backfill reads; null: the factory's deployment block. A cursor of the
    // earlier forward-only scan keeps its next block here, as everything before it was read.
    backfillLastBlock: bigint("backfill_last_block", { mode: "number" }),
    blockRange: integer("block_range").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.factory] })],
);

// Every vault the factories created, listed or not: one below the listing floor (or of an asset
// Yieldgrid does not cover) is looked at again each sync and listed once it qualifies.
export const discoveredVaults = pgTable(
  "discovered_vaults",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    factory: text("factory").notNull(),
    kind: text("kind", { enum: ["metamorpho", "vault-v2"] }).notNull(),
    asset: text("asset").notNull(),
    createdBlock: bigint("created_block", { mode: "number" }).notNull(),
    discoveredAt: timestamp("discovered_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // Its instrument: made by discovery, or the catalog's own listing of the same vault.
    instrumentId: text("instrument_id").references(() => instruments.instrumentId, { onDelete: "set null" }),
    listedBy: text("listed_by", { enum: ["discovery", "catalog"] }),
    tvlUsd: doublePrecision("tvl_usd"),
    checkedAt: timestamp("checked_at", { withTimezone: true, mode: "date" }),
    // Since when a vault discovery listed has been below DISCOVERY_MIN_TVL_USD; a day of it delists it.
    belowFloorSince: timestamp("below_floor_since", { withTimezone: true, mode: "date" }),
    delisted: boolean("delisted").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] }), index("discovered_vaults_instrument_idx").on(t.instrumentId)],
);
