// npm run bench [-- --postgres] [--duration=10] [--warmup=3] [--connections=10] [--rounds=2]
//                 [--only=list|detail|small] [--cpu-prof]   (profiles of the server in .bench/prof)
//
// Throughput of GET /api/v1/instruments and GET /api/v1/instruments/:id on 100,000 generated instruments,
// and of the small answers users get (GET /api/v1/instruments on the catalog a fresh `npm start` serves,
// the seed alone: about 40 rows), each against a trivial Next route handler (app/api/bench-baseline)
// that answers with the same bytes, asked with the same query string and headers, served by the same
// server (scripts/serve.mjs) in the same run. A report, not a test: it exits 0 whatever the figures,
// and non-zero only when a request failed or answered anything but 200.
//
// The app is built into .bench/next (NEXT_DIST_DIR), never into .next, and only when the sources changed.
// Embedded mode uses DATA_DIR=.bench/pglite-100k and .bench/pglite-seed; --postgres (or
// BENCH_DATABASE_URL) the databases yieldgrid_bench and yieldgrid_bench_seed on
// postgres://postgres@127.0.0.1:5432 (the seed's: the same URL with "_seed" after the database's name).
// Each is loaded once and reused.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { freePort, startAppServer } from "./lib/app-server.mjs";
import { combine, measure, warmUp } from "./lib/bench-measure.mjs";
import { ensureBuiltInto } from "./lib/next-app.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const benchDir = path.join(root, ".bench");
const distDir = ".bench/next";
const tsxBin = path.join(root, "node_modules/tsx/dist/cli.mjs");
const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/yieldgrid_bench";
const TARGET = { pglite: 0.9, postgres: 0.8 };

const { values: args } = parseArgs({
  options: {
    postgres: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "2" },
    only: { type: "string" },
    "cpu-prof": { type: "boolean", default: false },
  },
  strict: true,
});
function positive(name, { integer = false } = {}) {
  const value = Number(args[name]);
  if (!(value > 0) || (integer && !Number.isInteger(value))) {
    console.error(`--${name} must be a positive ${integer ? "integer" : "number"}, got "${args[name]}"`);
    process.exit(2);
  }
  return value;
}
const duration = positive("duration");
const warmup = positive("warmup");
const connections = positive("connections", { integer: true });
const rounds = positive("rounds", { integer: true });
const runLength = { connections, duration, warmup };
if (args.only !== undefined && !["list", "detail", "small"].includes(args.only)) {
  console.error(`--only must be list, detail or small, got "${args.only}"`);
  process.exit(2);
}
const postgresUrl = process.env.BENCH_DATABASE_URL || (args.postgres ? DEFAULT_POSTGRES_URL : null);
const kind = postgresUrl ? "postgres" : "pglite";

const log = (message) => console.error(`[bench] ${message}`);

// ---- database --------------------------------------------------------------------------------

async function ensurePostgresDatabase(url) {
  const { default: pg } = await import("pg");
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount === 0) {
      log(`creating database ${name}`);
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}

/**
 * The catalogs measured, each in a database of its own: 100,000 generated instruments beside the seed,
 * and the seed alone, as a fresh `npm start` serves it.
 */
const catalogs = {
  generated: {
    instruments: Number(process.env.BENCH_INSTRUMENTS ?? 100_000),
    dataDir: "pglite-100k",
    databaseSuffix: "",
  },
  seed: { instruments: 0, dataDir: "pglite-seed", databaseSuffix: "_seed" },
};

/** The PostgreSQL URL of a catalog: the configured database's name with the catalog's suffix. */
function postgresUrlOf(catalog) {
  const url = new URL(postgresUrl);
  url.pathname = `${url.pathname}${catalog.databaseSuffix}`;
  return url.toString();
}

function databaseEnv(catalog) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (postgresUrl) env.DATABASE_URL = postgresUrlOf(catalog);
  else env.DATA_DIR = path.join(benchDir, catalog.dataDir);
  return env;
}

/** Loads the catalog's generated instruments if needed and creates a fresh live key (scripts/bench-dataset.ts). */
function load(catalog) {
  log(
    catalog.instruments > 0
      ? `preparing the ${kind} database (the first run loads ${catalog.instruments.toLocaleString("en")} instruments, about a minute)…`
      : `preparing the ${kind} database of the seed catalog…`,
  );
  const result = spawnSync(
    process.execPath,
    [tsxBin, "--conditions=react-server", path.join(root, "scripts/bench-dataset.ts")],
    {
      cwd: root,
      env: { ...databaseEnv(catalog), BENCH_INSTRUMENTS: String(catalog.instruments) },
      stdio: ["ignore", "pipe", "inherit"],
      encoding: "utf8",
    },
  );
  if (result.status !== 0) {
    log("loading the database failed");
    process.exit(result.status ?? 1);
  }
  const loaded = JSON.parse(result.stdout.trim().split("\n").at(-1));
  if (loaded.loadedMs > 1_000) log(`loaded in ${(loaded.loadedMs / 1000).toFixed(1)} s`);
  return loaded;
}

// ---- server ----------------------------------------------------------------------------------

function startServer(port, baselineDir, catalog, catalogName) {
  const nodeArgs = args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${path.join(benchDir, "prof")}`] : [];
  return startAppServer({
    distDir,
    port,
    env: { ...databaseEnv(catalog), BENCH_BASELINE_DIR: baselineDir },
    logFile: path.join(benchDir, `server-${kind}-${catalogName}.log`),
    freshLog: true,
    nodeArgs,
    timeoutMs: 90_000,
  });
}

// ---- measuring -------------------------------------------------------------------------------

const listQueries = [
  "chainId=1,8453,42161&isStablecoin=true&minTvl=1000000&sortBy=apy&sortOrder=desc&limit=100",
  "chainId=1,10&assetCategory=ETH&sortBy=tvl&limit=100",
  "protocol=aave&minApy=5&sortBy=apy&sortOrder=asc&limit=100",
  "chainId=8453&isActive=true&sort=createdAt:desc,tvl:desc&limit=100&offset=100",
];

/**
 * The small answers users get: GET /instruments on the seed catalog, one row each. A row that `needs`
 * a parameter is measured only when the server takes it (a 400 naming it says it does not).
 */
const smallAnswerQueries = [
  { name: "GET /instruments, seed", query: "limit=100&isStablecoin=true" },
  {
    name: "GET /instruments, seed, with an amount",
    query: "limit=100&isStablecoin=true&depositAmountUsd=2000000",
    needs: "depositAmountUsd",
  },
];

// ---- main ------------------------------------------------------------------------------------

/** The endpoints measured on the generated catalog: each with its paths, requested in rotation. */
function generatedTargetsOf(detailIds) {
  return [
    { name: "GET /instruments", slot: "list", paths: listQueries.map((q) => `/api/v1/instruments?${q}`) },
    {
      name: "GET /instruments/:id",
      slot: "detail",
      paths: detailIds.map((id) => `/api/v1/instruments/${id}`),
    },
  ].filter((t) => !args.only || t.slot === args.only);
}

/** The small answers on the seed catalog, one path each (the --only slot "small"). */
function smallAnswerTargets() {
  if (args.only && args.only !== "small") return [];
  return smallAnswerQueries.map((row, i) => ({
    name: row.name,
    slot: `small-${i}`,
    paths: [`/api/v1/instruments?${row.query}`],
    needs: row.needs,
  }));
}

/**
 * The targets the server answers: a target that `needs` a parameter this server refuses (a 400 whose
 * issues name it) is left out, said so in the log; any other failure stops the benchmark.
 */
async function acceptedTargets(targets, origin, headers) {
  const accepted = [];
  for (const target of targets) {
    if (!target.needs) {
      accepted.push(target);
      continue;
    }
    const res = await fetch(origin + target.paths[0], { headers });
    const body = await res.json().catch(() => null);
    const refused =
      res.status === 400 && (body?.error?.details?.issues ?? []).some((issue) => issue.path === target.needs);
    if (refused) log(`${target.name}: not measured, this server does not take ${target.needs}`);
    else accepted.push(target);
  }
  return accepted;
}

/**
 * Gives each target its baseline paths: the baseline route answers each request with the bytes the
 * real endpoint gave for it (written to `baselineDir`), which is checked here.
 */
async function recordBaselines(targets, origin, headers, baselineDir) {
  for (const target of targets) {
    target.baseline = [];
    for (const [i, p] of target.paths.entries()) {
      const res = await fetch(origin + p, { headers });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200)
        throw new Error(`${p} answered ${res.status}: ${body.toString().slice(0, 300)}`);
      writeFileSync(path.join(baselineDir, `${target.slot}-${i}`), body);
      // The same query string as the real request: Next parses it for any handler, so it is part of
      // the floor the endpoint is compared with (the baseline handler does not read it).
      const query = p.includes("?") ? p.slice(p.indexOf("?")) : "";
      const baseline = `/api/bench-baseline/${target.slot}/${i}${query}`;
      target.baseline.push(baseline);
      const check = await fetch(origin + baseline, { headers });
      const same = Buffer.from(await check.arrayBuffer()).equals(body);
      if (!same || check.headers.get("content-type") !== res.headers.get("content-type"))
        throw new Error(`the baseline ${baseline} does not answer the same bytes as ${p}`);
      target.bytes = (target.bytes ?? 0) + body.length / target.paths.length;
      const rows = JSON.parse(body.toString()).data?.length;
      if (rows !== undefined) target.rows = (target.rows ?? 0) + rows / target.paths.length;
    }
  }
}

/** `rounds` of baseline then real runs per target: a row for each, and whether any request failed. */
async function measureTargets(targets, origin, headers, pid, databaseUrl) {
  const rows = [];
  let failed = false;
  for (const target of targets) {
    // A server just started compiles its hot code on the first requests of each path: not in a measured run.
    await warmUp({ origin, paths: target.paths, headers, load: runLength });
    await warmUp({ origin, paths: target.baseline, headers, load: runLength });
    const runs = { baseline: [], real: [] };
    for (let round = 0; round < rounds; round++) {
      for (const which of ["baseline", "real"]) {
        const paths = which === "real" ? target.paths : target.baseline;
        const r = await measure({ origin, paths, headers, pid, databaseUrl, load: runLength });
        log(`${target.name} ${which} round ${round + 1}: ${(r.requests / r.seconds).toFixed(0)} req/s`);
        runs[which].push(r);
      }
    }
    const baseline = combine(runs.baseline);
    const real = combine(runs.real);
    for (const p of [...baseline.problems, ...real.problems]) log(`${target.name}: ${p}`);
    if (baseline.problems.length || real.problems.length) failed = true;
    rows.push({ target: `${target.name} (baseline)`, ...baseline, ratio: 1, cpuRatio: 1, isBaseline: true });
    rows.push({
      target: target.name,
      ...real,
      ratio: real.rps / baseline.rps,
      cpuRatio: baseline.cpuMs / real.cpuMs,
      bytes: target.bytes,
      rows: target.rows,
    });
  }
  return { rows, failed };
}

/**
 * One catalog's part of the run: its database loaded, a server of its own started on it, each target
 * measured against its baseline, the server stopped. Returns the table's rows and whether any request failed.
 */
async function measureCatalog(catalogName, targetsFor) {
  const catalog = catalogs[catalogName];
  const databaseUrl = postgresUrl ? postgresUrlOf(catalog) : null;
  if (databaseUrl) await ensurePostgresDatabase(databaseUrl);
  const loaded = load(catalog);
  const baselineDir = path.join(benchDir, `baseline-${kind}-${catalogName}`);
  rmSync(baselineDir, { recursive: true, force: true });
  mkdirSync(baselineDir, { recursive: true });

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(port, baselineDir, catalog, catalogName);
  const stopOnSignal = () => void server.stop().then(() => process.exit(130));
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, stopOnSignal);
  try {
    const headers = { "x-api-key": loaded.key };
    const targets = await acceptedTargets(targetsFor(loaded), origin, headers);
    await recordBaselines(targets, origin, headers, baselineDir);
    log(
      `${loaded.instruments} instruments on ${kind}; ${connections} connections, ${warmup} s warm-up + ${duration} s per run, ` +
        `${rounds} rounds of baseline/real per target`,
    );
    const measured = await measureTargets(targets, origin, headers, server.pid, databaseUrl);
    if (measured.failed) log(`some requests failed (server log: ${path.relative(root, server.logFile)})`);
    return measured;
  } finally {
    await server.stop();
    for (const signal of ["SIGINT", "SIGTERM"]) process.off(signal, stopOnSignal);
  }
}

async function main() {
  mkdirSync(benchDir, { recursive: true });
  // With the baseline route (app/api/bench-baseline), which the production build leaves out.
  await ensureBuiltInto(distDir, { log, env: { YIELDGRID_BENCH_ROUTES: "1" } });
  const rows = [];
  let failed = false;
  for (const [catalogName, targetsFor] of [
    ["generated", ({ detailIds }) => generatedTargetsOf(detailIds)],
    ["seed", () => smallAnswerTargets()],
  ]) {
    if (targetsFor({ detailIds: [] }).length === 0) continue;
    const measured = await measureCatalog(catalogName, targetsFor);
    rows.push(...measured.rows);
    failed ||= measured.failed;
  }
  printTable(rows);
  if (failed) process.exitCode = 1;
}

function printTable(rows) {
  const target = TARGET[kind];
  const header = [
    "target",
    "req/s",
    "p50 ms",
    "p99 ms",
    "ratio",
    `target ${target}`,
    "CPU ms/req",
    "CPU ratio",
    ...(postgresUrl ? ["of which DB"] : []),
  ];
  const lines = rows.map((r) => [
    r.target,
    r.rps.toFixed(0),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
    r.ratio.toFixed(2),
    r.isBaseline ? "" : r.ratio >= target ? "PASS" : "BELOW",
    Number.isNaN(r.cpuMs) ? "-" : r.cpuMs.toFixed(2),
    Number.isNaN(r.cpuRatio) ? "-" : r.cpuRatio.toFixed(2),
    ...(postgresUrl ? [Number.isNaN(r.dbCpuMs) ? "-" : r.dbCpuMs.toFixed(2)] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(
    `\nYieldgrid bench: ${kind}, ${connections} connections, ${duration} s × ${rounds} runs per row`,
  );
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
  const sizes = rows
    .filter((r) => r.bytes)
    .map(
      (r) =>
        `${r.target} ${Math.round(r.bytes).toLocaleString("en")} B${r.rows === undefined ? "" : ` (${Math.round(r.rows)} rows)`}`,
    );
  console.log(`\nmean response body: ${sizes.join(", ")}`);
  console.log(
    "ratio = req/s of the endpoint / req/s of its baseline (the target applies to it). CPU ms/req = CPU time of " +
      "the server" +
      (postgresUrl ? " and of the PostgreSQL backends serving it" : "") +
      " per request; CPU ratio = the baseline's / the endpoint's, which load from other processes hardly moves.",
  );
}

main().catch((err) => {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
