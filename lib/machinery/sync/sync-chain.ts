import "server-only";
/**
 * One chain's sync, all or nothing: it reads the chain's head (with the node's chain id, checked; a
 * head older than the published block is refused) and pins every read to that block; discovers new
 * markets; reads every instrument through its protocol's adapter; checks the readings, works out the
 * share-price APYs, refuses impossible values; then, in one transaction, writes the values with their
 * block, the snapshots, the samples and the chain's sync state. An RPC that fails in any way (an
 * error, a timeout, a malformed answer, another chain, a lagging head) or a sync that outlasts its
 * deadline publishes nothing: the chain keeps its last values, and its state says why. A market whose
 * own contract call reverts keeps its last values while the others are published.
 */
import type { PublicClient } from "viem";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { pinnedToBlock, readChainHead, type ChainHead } from "@/lib/machinery/chain/chain-head";
import { rpcEndpointStatusOf } from "@/lib/machinery/chain/client";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { describeRpcError } from "@/lib/machinery/chain/rpc-errors";
import { syncDeadlineMs } from "@/lib/machinery/config";
import type { Db } from "@/lib/machinery/db/client";
import { publishedBlockOf, recordChainError, recordSyncState, unreadMarketsError } from "./chain-sync-state";
import { checkReadings, refuseImpossible } from "./check-readings";
import { discoverMarkets } from "./discovery";
import { instrumentValuesOf } from "./instrument-values";
import { loadChainMarkets, readMarkets } from "./read-markets";
import { sharePriceApys } from "./share-price-apys";
import { readChainRewardSources, rewardsOfInstruments } from "./sync-rewards";
import { discoverVaults } from "./vault-discovery";
import { writeReadings } from "./write-readings";

export interface ChainSyncResult {
  chainId: number;
  ok: boolean;
  discovered: number;
  updated: number;
  failed: { instrumentId: string; error: string }[];
  /** Readings refused as impossible (kept out of the published values). */
  rejected: number;
  /** The block the values were read at; null when the sync failed before it had one. */
  block: number | null;
  error: string | null;
  durationMs: number;
}

export async function syncChain({
  db,
  client,
  chainId,
  now = () => new Date(),
  deployment = deploymentOf(chainId),
  deadlineMs = syncDeadlineMs(),
}: {
  db: Db;
  client: PublicClient;
  chainId: number;
  now?: () => Date;
  /** The chain's contracts besides its markets (lib/machinery/chain/deployments.ts); tests pass their own. */
  deployment?: ChainDeployment;
  /** The sync gives up (publishing nothing) after this long. */
  deadlineMs?: number;
}): Promise<ChainSyncResult> {
  const started = Date.now();
  const result: ChainSyncResult = { chainId, ok: false, discovered: 0, updated: 0, failed: [], rejected: 0, block: null, error: null, durationMs: 0 };
  const deadline = new Deadline(deadlineMs);
  try {
    const errors = await deadline.race(publishChain({ db, client, chainId, now, deployment, result, deadline }));
    if (errors.length > 0) result.error = errors.join("; ");
  } catch (err) {
    result.ok = false;
    result.error = describeRpcError(err);
    await recordChainError(db, chainId, result.error, now(), rpcEndpointStatusOf(client)).catch(() => undefined);
  } finally {
    deadline.clear();
  }
  result.durationMs = Date.now() - started;
  return result;
}

/** Reads the chain at one block and publishes what may be; returns the errors that did not stop it. */
async function publishChain({
  db,
  client,
  chainId,
  now,
  deployment,
  result,
  deadline,
}: {
  db: Db;
  client: PublicClient;
  chainId: number;
  now: () => Date;
  deployment: ChainDeployment;
  result: ChainSyncResult;
  deadline: Deadline;
}): Promise<string[]> {
  const head = await readChainHead(client, chainId, await publishedBlockOf(db, chainId));
  result.block = Number(head.number);
  const pinned = pinnedToBlock(client, head.number);
  const discovery = await discoverChainMarkets({ db, client: pinned, chainId, deployment, now });
  result.discovered = discovery.added;
  const errors = [...discovery.errors];

  const markets = await loadChainMarkets({ db, chainId });
  const [read, rewardSources] = await Promise.all([
    readMarkets({ client: pinned, chainId, deployment, markets }),
    readChainRewardSources({ client: pinned, chainId, deployment, markets, head }),
  ]);
  errors.push(...read.errors);
  const syncedAt = now();
  const { good, failed } = checkReadings(read.readings);
  result.failed = failed;
  const { apys, pastSamples } = await sharePriceApys({ db, client: pinned, good, markets, syncedAt });
  if (failed.length > 0) errors.push(unreadMarketsError(failed, markets));
  const { accepted, rejected } = refuseImpossible(instrumentValuesOf({ good, markets, sharePriceApys: apys }), Number(head.number));
  result.rejected = rejected.length;
  if (rejected.length > 0) errors.push(rejectedError(rejected.length, head));
  const rewards = rewardsOfInstruments({ values: accepted, markets, sources: rewardSources, head });
  for (const v of accepted) v.rewards = rewards.get(v.id);

  deadline.check();
  result.updated = await db.transaction(async (tx) => {
    const updated = await writeReadings(tx, { values: accepted, good, markets, pastSamples, head, syncedAt });
    await recordSyncState(tx, { chainId, syncedAt, head, succeeded: updated > 0, errors, rejected, rpcEndpoints: rpcEndpointStatusOf(client) });
    return updated;
  });
  result.ok = result.updated > 0 || markets.length === 0;
  return errors;
}

const rejectedError = (count: number, head: ChainHead) =>
  `${count} reading(s) at block ${head.number} refused as impossible (see rejectedReadings)`;

/** A sync's time limit: racing it ends the wait, and `check` keeps a late sync from publishing. */
class Deadline {
  private timer: NodeJS.Timeout | undefined;
  private expired = false;
  constructor(private readonly ms: number) {}

  race<T>(work: Promise<T>): Promise<T> {
    const limit = new Promise<never>((_, reject) => {
      this.timer = setTimeout(() => {
        this.expired = true;
        reject(new Error(`the sync did not finish within ${Math.round(this.ms / 1000)} s`));
      }, this.ms);
    });
    // The work goes on in the background after the deadline, but `check` keeps it from writing.
    work.catch(() => undefined);
    return Promise.race([work, limit]);
  }

  check() {
    if (this.expired) throw new Error(`the sync did not finish within ${Math.round(this.ms / 1000)} s`);
  }

  clear() {
    clearTimeout(this.timer);
  }
}

/**
 * Markets the catalog does not list yet (Aave reserves, Fluid fTokens, Morpho vaults), added as
 * instruments for this sync to read. Their failures come back as errors; they never stop the sync.
 */
async function discoverChainMarkets({
  db,
  client,
  chainId,
  deployment,
  now,
}: {
  db: Db;
  client: PublicClient;
  chainId: number;
  deployment: ChainDeployment;
  now: () => Date;
}): Promise<{ added: number; errors: string[] }> {
  const errors: string[] = [];
  const markets = await discoverMarkets({ db, client, chainId, deployment, now: now() }).catch((err: unknown) => {
    errors.push(`discovery: ${describeRpcError(err)}`);
    return { added: 0, errors: [] };
  });
  errors.push(...markets.errors);
  const vaults = await discoverVaults({ db, client, chainId, now: now() });
  errors.push(...vaults.errors);
  return { added: markets.added + vaults.added, errors };
}
