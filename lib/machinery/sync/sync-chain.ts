/**
 * One chain's sync, in steps that each do one thing: discover new markets; read every instrument
 * through its protocol's adapter; check the readings; work out the share-price APYs (backfilling a
 * past sample where there is none); then, in one transaction, write currentApy, tvl, isActive,
 * lastSyncedAt, the hour and day snapshots and the samples, and the chain's sync state. A market
 * that cannot be read keeps its last values and its old lastSyncedAt; a failing adapter never stops
 * the others.
 */
import type { PublicClient } from "viem";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { shortError } from "@/lib/machinery/chain/multicall";
import type { Db } from "@/lib/machinery/db/client";
import { recordChainError, recordSyncState, unreadMarketsError } from "./chain-sync-state";
import { checkReadings } from "./check-readings";
import { discoverMarkets } from "./discovery";
import { loadChainMarkets, readMarkets } from "./read-markets";
import { sharePriceApys } from "./share-price-apys";
import { discoverVaults } from "./vault-discovery";
import { writeReadings } from "./write-readings";

export interface ChainSyncResult {
  chainId: number;
  ok: boolean;
  discovered: number;
  updated: number;
  failed: { instrumentId: string; error: string }[];
  error: string | null;
  durationMs: number;
}

export async function syncChain({
  db,
  client,
  chainId,
  now = () => new Date(),
  deployment = deploymentOf(chainId),
}: {
  db: Db;
  client: PublicClient;
  chainId: number;
  now?: () => Date;
  /** The chain's contracts besides its markets (lib/machinery/chain/deployments.ts); tests pass their own. */
  deployment?: ChainDeployment;
}): Promise<ChainSyncResult> {
  const started = Date.now();
  const result: ChainSyncResult = { chainId, ok: false, discovered: 0, updated: 0, failed: [], error: null, durationMs: 0 };
  const errors: string[] = [];
  try {
    const discovery = await discoverChainMarkets({ db, client, chainId, deployment, now });
    result.discovered = discovery.added;
    errors.push(...discovery.errors);

    const markets = await loadChainMarkets({ db, chainId });
    const read = await readMarkets({ client, chainId, deployment, markets });
    errors.push(...read.errors);
    const syncedAt = now();
    const { good, failed } = checkReadings(read.readings);
    result.failed = failed;
    const { apys, pastSamples } = await sharePriceApys({ db, client, good, markets, syncedAt });
    if (failed.length > 0) errors.push(unreadMarketsError(failed, markets));

    result.updated = await db.transaction(async (tx) => {
      const updated = await writeReadings(tx, { good, markets, sharePriceApys: apys, pastSamples, syncedAt });
      await recordSyncState(tx, { chainId, syncedAt, succeeded: updated > 0, errors });
      return updated;
    });
    result.ok = result.updated > 0 || markets.length === 0;
  } catch (err) {
    const message = shortError(err);
    result.error = message;
    await recordChainError(db, chainId, message, now()).catch(() => undefined);
  }
  if (!result.error && errors.length > 0) result.error = errors.join("; ");
  result.durationMs = Date.now() - started;
  return result;
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
    errors.push(`discovery: ${shortError(err)}`);
    return { added: 0, errors: [] };
  });
  errors.push(...markets.errors);
  const vaults = await discoverVaults({ db, client, chainId, now: now() });
  errors.push(...vaults.errors);
  return { added: markets.added + vaults.added, errors };
}
