// npm run bench:storage [-- --postgres] [--days=365] [--instruments=1000] [--hourly-days=N]
//
// How big the database gets (as documented: hour snapshots for 7 days, day snapshots for good,
// share-price samples bounded): a simulated year of hourly syncs of 1,000 instruments through the real
// sync (lib/machinery/sync/run-sync.ts syncAllChains: chain reads, the write transaction, pruning) with a fake
// clock. The chain is a local Anvil devnet (devnet) whose clock is moved an hour per sync, so share
// prices and block timestamps advance as they would, and whose markets the devnet's market drivers
// keep on their utilization paths before each sync (steerMarkets), as a live chain's borrowers do. Its markets are listed many times over
// (instrument rows that differ only in their id) to reach the number of instruments; the rows, reads
// and writes per instrument are the real ones. On the embedded database the hourly maintenance the
// server runs (VACUUM and CHECKPOINT, lib/machinery/db/maintenance.ts) runs after each sync too. On
// PostgreSQL a VACUUM after each sync stands in for the autovacuum that the real hour between two
// syncs gives (the script compresses a year into minutes, faster than autovacuum wakes up).
//
// Every simulated hour is a sync unless --hourly-days=N: then the first days-N days have one sync each
// (at noon) and only the last N days are hourly. The rows at the end are the same either way (a day
// snapshot per instrument and day, hour snapshots of the last 7 days, samples of the last 8); what
// the shortcut leaves out is the churn of the earlier days, whose space VACUUM (embedded) or
// autovacuum (PostgreSQL) makes reusable anyway. A full hourly year takes hours on a small machine.
//
// Reports, every 30 simulated days and at the end, the rows per table and the size: the PGlite folder
// on disk, or pg_total_relation_size of each table and pg_database_size on PostgreSQL (database
// yieldgrid_storage on postgres://postgres@127.0.0.1:5432, or BENCH_DATABASE_URL, made afresh).
// Writes .bench/storage-<pglite|postgres>.json. A report, not a test.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { count, eq, ne, sql } from "drizzle-orm";
import pg from "pg";
import { keccak256, toHex } from "viem";
import { migrateDatabase, openDatabase, openPglite, type Database } from "@/lib/machinery/db/client";
import { chainSyncState, instrumentSnapshots, instruments, sharePriceSamples } from "@/lib/machinery/db/schema";
import { seedCatalog } from "@/lib/machinery/db/seed";
import { startAnvil } from "@/devnet/anvil";
import { rpc } from "@/devnet/json-rpc";
import { deployDevnet } from "@/devnet/deploy/deploy-devnet";
import { marketDrivers, stepOf, type Driver } from "@/devnet/past/market-drivers";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { maintainEmbedded } from "@/lib/machinery/db/maintenance";
import { syncAllChains } from "@/lib/machinery/sync/run-sync";

const root = path.resolve(import.meta.dirname, "..");
const benchDir = path.join(root, ".bench");
const HOUR_S = 3600;
const log = (message: string) => console.error(`[bench:storage] ${message}`);

const { values } = parseArgs({
  options: { postgres: { type: "boolean" }, days: { type: "string" }, instruments: { type: "string" }, "hourly-days": { type: "string" } },
  strict: true,
});
const days = Number(values.days ?? 365);
const total = Number(values.instruments ?? 1_000);
const hourlyDays = Math.min(days, Number(values["hourly-days"] ?? days));
const postgresUrl = values.postgres || process.env.BENCH_DATABASE_URL ? (process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/yieldgrid_storage") : null;
if (!Number.isInteger(days) || days < 1 || !Number.isInteger(total) || total < 20 || !Number.isInteger(hourlyDays) || hourlyDays < 0)
  throw new Error("--days ≥ 1, --instruments ≥ 20 and --hourly-days ≥ 0, integers");

function folderBytes(dir: string): number {
  let sum = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    sum += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return sum;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function freshDatabase(): Promise<{ database: Database; dataDir: string | null }> {
  if (postgresUrl) {
    const url = new URL(postgresUrl);
    const name = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    return { database: await openDatabase(postgresUrl), dataDir: null };
  }
  const dataDir = path.join(benchDir, "storage-pglite");
  rmSync(dataDir, { recursive: true, force: true });
  return { database: await openPglite(dataDir, { command: "npm run bench:storage" }), dataDir };
}

/** Rows and bytes per table, as the database itself counts them. */
async function tableSizes(database: Database) {
  const result = await database.db.execute(sql`
    select c.relname as name, pg_total_relation_size(c.oid)::bigint as bytes, c.reltuples::bigint as estimated_rows
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by 2 desc`);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as { name: string; bytes: string | number }[];
  const size = await database.db.execute(sql`select pg_database_size(current_database())::bigint as bytes`);
  const databaseBytes = Number((((size as { rows?: unknown[] }).rows ?? size) as { bytes: string }[])[0]!.bytes);
  return { tables: Object.fromEntries(rows.map((r) => [r.name, Number(r.bytes)])), databaseBytes };
}

async function rowCounts(database: Database) {
  const of = async (table: typeof instruments | typeof instrumentSnapshots | typeof sharePriceSamples) =>
    (await database.db.select({ n: count() }).from(table))[0]!.n;
  return { instruments: await of(instruments), snapshots: await of(instrumentSnapshots), sharePriceSamples: await of(sharePriceSamples) };
}

/** Only the simulated chain, its markets listed `total` times (rows that differ only in their id). */
async function listDevnetMarkets(database: Database) {
  await seedCatalog({ db: database.db, now: new Date() });
  // The catalog's other chains would keep their generated demo year otherwise.
  await database.db.delete(instruments).where(ne(instruments.chainId, LOCAL_CHAIN_ID));
  const originals = await database.db.select().from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID));
  const copies = [];
  for (let i = 0; copies.length + originals.length < total; i++) {
    const source = originals[i % originals.length]!;
    copies.push({ ...source, instrumentId: keccak256(toHex(`${source.instrumentId}:${i}`)) });
  }
  for (let i = 0; i < copies.length; i += 200) await database.db.insert(instruments).values(copies.slice(i, i + 200));
  return originals.length;
}

/** Rows and sizes now, as a checkpoint of the report. */
async function checkpoint(database: Database, dataDir: string | null, day: number) {
  return { day, ...(await rowCounts(database)), ...(await tableSizes(database)), ...(dataDir && { folderBytes: folderBytes(dataDir) }) };
}

/** A failed sync's error, with the first readings it refused as impossible (the devnet's markets repeat). */
async function syncFailure(database: Database, now: Date, result: unknown) {
  const [state] = await database.db.select({ rejected: chainSyncState.rejectedReadings }).from(chainSyncState).where(eq(chainSyncState.chainId, LOCAL_CHAIN_ID));
  const rejected = state?.rejected ?? [];
  const byInstrument = new Map((await database.db.select({ id: instruments.instrumentId, symbol: instruments.yieldTokenSymbol }).from(instruments)).map((r) => [r.id, r.symbol]));
  const reasons = [...new Set(rejected.map((r) => `${byInstrument.get(r.instrumentId)}: ${r.reason}`))].slice(0, 5);
  return new Error(`the sync at ${now.toISOString()} failed: ${JSON.stringify(result).slice(0, 500)}${reasons.length > 0 ? `; refused: ${reasons.join("; ")}` : ""}`);
}

/**
 * Borrowers who keep the devnet's markets as a live chain's are kept (devnet/past/market-drivers.ts,
 * which lays the devnet's year of past): each driven market's own account borrows, repays, lends or
 * withdraws towards its utilization path on `day`, in a block each just before the sync at `at`.
 * Without them nobody repays for a year: interest alone pushes utilization up, Morpho's
 * AdaptiveCurveIrm raises its rate for as long as utilization stays above target, and after about 90
 * simulated days the Vault V2 over those markets grew at 1,188 % a year, which the sync refuses as
 * impossible. Resolves with the steps sent and those the market refused (mined as failed, as on a
 * live chain).
 */
async function steerMarkets(drivers: Driver[], at: number, day: number) {
  let sent = 0;
  const refused: string[] = [];
  for (const [k, d] of drivers.entries()) {
    const call = await stepOf(d, day);
    if (!call) continue;
    await d.tx.client.test.setNextBlockTimestamp({ timestamp: BigInt(at - drivers.length + k) });
    await d.tx.mined(await d.tx.send(call)).catch((err: Error) => refused.push(`${d.name} on day ${day.toFixed(1)}: ${err.message}`));
    sent++;
  }
  return { sent, refused };
}

/**
 * The simulated days: a sync per hour (or per day at noon before the last `hourlyDays`, and at each
 * checkpoint), the markets steered first (steerMarkets), the node's clock moved to that hour, then the
 * maintenance the server would run.
 */
async function simulate(anvilUrl: string, drivers: Driver[], database: Database, dataDir: string | null) {
  const kind = database.kind;
  const latest = await rpc<{ timestamp: string }>(anvilUrl, "eth_getBlockByNumber", ["latest", false]);
  const start = (Math.floor(Number(latest.timestamp) / HOUR_S) + 1) * HOUR_S;
  const hours = days * 24;
  const dailyUntil = (days - hourlyDays) * 24;
  const checkpoints: Record<string, unknown>[] = [];
  const began = Date.now();
  const spent = { syncMs: 0, vacuumMs: 0, syncs: 0, steps: 0, refusedSteps: [] as string[] };
  for (let h = 0; h < hours; h++) {
    if (h < dailyUntil && h % 24 !== 12 && (h + 1) % (24 * 30) !== 0) continue;
    spent.syncs++;
    const at = start + h * HOUR_S;
    const steered = await steerMarkets(drivers, at, h / 24);
    spent.steps += steered.sent;
    spent.refusedSteps.push(...steered.refused);
    await rpc(anvilUrl, "evm_setNextBlockTimestamp", [at]);
    await rpc(anvilUrl, "evm_mine");
    const now = new Date((at + 5) * 1000);
    const t = performance.now();
    const [result] = await syncAllChains({ db: database.db, chainIds: [LOCAL_CHAIN_ID], now: () => now });
    if (!result || result.error || result.updated < total) throw await syncFailure(database, now, result);
    spent.syncMs += performance.now() - t;
    const v = performance.now();
    if (kind === "pglite") await maintainEmbedded(database.db);
    else await database.db.execute(sql`vacuum`);
    spent.vacuumMs += performance.now() - v;
    const day = (h + 1) / 24;
    if ((h + 1) % (24 * 30) !== 0 && h !== hours - 1) continue;
    const point = await checkpoint(database, dataDir, day);
    checkpoints.push(point);
    log(
      `day ${day}: ${point.snapshots} snapshots, ${point.sharePriceSamples} share-price samples; database ${mb(point.databaseBytes)}` +
        (dataDir ? `, folder ${mb(point.folderBytes as number)}` : "") +
        ` (${((Date.now() - began) / 1000 / 60).toFixed(1)} min so far; per sync ${(spent.syncMs / spent.syncs).toFixed(0)} ms, then ${(spent.vacuumMs / spent.syncs).toFixed(0)} ms ${kind === "pglite" ? "vacuum and checkpoint" : "vacuum"})`,
    );
  }
  return { checkpoints, ...spent };
}

function printStorage(kind: string, syncs: number, last: Record<string, unknown>, dataDir: string | null) {
  console.log(`\nYieldgrid storage after ${days} days of syncs of ${total} instruments (${kind}; ${syncs} syncs, hourly for the last ${hourlyDays} days):`);
  console.log(`  rows: ${last.snapshots} snapshots, ${last.sharePriceSamples} share-price samples, ${last.instruments} instruments`);
  for (const [name, bytes] of Object.entries(last.tables as Record<string, number>)) console.log(`  ${name.padEnd(22)} ${mb(bytes)}`);
  console.log(`  database (pg_database_size) ${mb(last.databaseBytes as number)}`);
  if (dataDir) console.log(`  PGlite folder on disk ${mb(last.folderBytes as number)}`);
}

async function main() {
  mkdirSync(benchDir, { recursive: true });
  log(`starting Anvil and the devnet…`);
  const anvil = await startAnvil();
  const { context } = await deployDevnet(anvil.url);
  const drivers = await marketDrivers(context);
  process.env.RPC_URL_31337 = anvil.url;
  process.env.RPC_RETRIES = "0";
  process.env.DEVNET_MANIFEST = path.join(benchDir, "no-devnet.json");
  const { database, dataDir } = await freshDatabase();
  const kind = database.kind;
  try {
    await migrateDatabase(database);
    const markets = await listDevnetMarkets(database);
    log(
      `${kind}: ${markets} devnet markets listed ${total} times; simulating ${days} days of syncs` +
        (hourlyDays < days ? ` (daily for ${days - hourlyDays} days, then hourly for ${hourlyDays})…` : " every hour…"),
    );
    const { checkpoints, syncs, syncMs, vacuumMs, steps, refusedSteps } = await simulate(anvil.url, drivers, database, dataDir);
    log(`the markets' borrowers and lenders sent ${steps} transactions (${refusedSteps.length} refused by the market${refusedSteps.length > 0 ? `: ${refusedSteps.slice(0, 3).join("; ")}` : ""})`);
    const report = { kind, days, hourlyDays, instruments: total, syncs, syncMs: Math.round(syncMs / syncs), vacuumMs: Math.round(vacuumMs / syncs), marketSteps: steps, refusedMarketSteps: refusedSteps, checkpoints };
    writeFileSync(path.join(benchDir, `storage-${kind}.json`), JSON.stringify(report, null, 2));
    printStorage(kind, syncs, checkpoints.at(-1)!, dataDir);
  } finally {
    await database.close();
    await anvil.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
