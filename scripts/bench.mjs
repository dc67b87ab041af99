// npm run bench [-- --postgres] [--duration=10] [--warmup=3] [--connections=10] [--rounds=2] [--only=list|detail]
//                 [--cpu-prof]   (profiles of the server in .bench/prof)
//
// Throughput of GET /api/v1/instruments and GET /api/v1/instruments/:id on 100,000 generated instruments,
// against a trivial Next route handler (app/api/bench-baseline) that answers with the same bytes, asked with the
// same query string and headers, served by the same server (scripts/serve.mjs). A report, not a test: it exits 0 whatever the figures, and non-zero only when a
// request failed or answered anything but 200.
//
// The app is built into .bench/next (NEXT_DIST_DIR), never into .next, and only when the sources changed.
// Embedded mode uses DATA_DIR=.bench/pglite-100k; --postgres (or BENCH_DATABASE_URL) the database
// yieldgrid_bench on postgres://postgres@127.0.0.1:5432. Either is loaded once and reused.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freePort, startAppServer } from "./lib/app-server.mjs";
import { ensureBuiltInto } from "./lib/next-app.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const benchDir = path.join(root, ".bench");
const distDir = ".bench/next";
const tsxBin = path.join(root, "node_modules/tsx/dist/cli.mjs");
const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/yieldgrid_bench";
const TARGET = { pglite: 0.9, postgres: 0.8 };
const CLOCK_TICKS = 100; // USER_HZ, 100 on every Linux this runs on

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
if (args.only !== undefined && args.only !== "list" && args.only !== "detail") {
  console.error(`--only must be list or detail, got "${args.only}"`);
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

function databaseEnv() {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (postgresUrl) env.DATABASE_URL = postgresUrl;
  else env.DATA_DIR = path.join(benchDir, "pglite-100k");
  return env;
}

/** Loads the generated instruments if needed and creates a fresh live key (scripts/bench-dataset.ts). */
function load() {
  log(`preparing the ${kind} database (the first run loads 100,000 instruments, about a minute)…`);
  const result = spawnSync(process.execPath, [tsxBin, "--conditions=react-server", path.join(root, "scripts/bench-dataset.ts")], {
    cwd: root,
    env: databaseEnv(),
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
  if (result.status !== 0) {
    log("loading the database failed");
    process.exit(result.status ?? 1);
  }
  const loaded = JSON.parse(result.stdout.trim().split("\n").at(-1));
  if (loaded.loadedMs > 1_000) log(`loaded in ${(loaded.loadedMs / 1000).toFixed(1)} s`);
  return loaded;
}

// ---- server ----------------------------------------------------------------------------------

function startServer(port, baselineDir) {
  const nodeArgs = args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${path.join(benchDir, "prof")}`] : [];
  return startAppServer({
    distDir,
    port,
    env: { ...databaseEnv(), BENCH_BASELINE_DIR: baselineDir },
    logFile: path.join(benchDir, `server-${kind}.log`),
    freshLog: true,
    nodeArgs,
    timeoutMs: 90_000,
  });
}

/**
 * CPU ticks used so far by the server's process group and by each PostgreSQL backend serving it (Linux
 * /proc; null elsewhere). Throughput on a shared machine moves with the neighbours' load; CPU time per
 * request much less.
 */
function cpuTicks(pgid, backends) {
  if (!existsSync("/proc/self/stat")) return null;
  const ticks = { server: 0, db: new Map() };
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const used = Number(fields[11]) + Number(fields[12]);
    if (Number(fields[2]) === pgid) ticks.server += used;
    else if (backends.includes(Number(entry))) ticks.db.set(Number(entry), used);
  }
  return ticks;
}

/** CPU seconds between two readings; a backend that closed meanwhile (idle pool client) counts for nothing. */
function cpuBetween(start, end) {
  if (!start || !end) return { total: NaN, db: NaN };
  let db = 0;
  for (const [pid, ticks] of end.db) if (start.db.has(pid)) db += ticks - start.db.get(pid);
  return { total: (end.server - start.server + db) / CLOCK_TICKS, db: db / CLOCK_TICKS };
}

/** PostgreSQL: the backends serving the bench database, whose CPU time belongs to the requests too. */
async function postgresBackends() {
  if (!postgresUrl) return [];
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.map((r) => Number(r.pid));
  } finally {
    await client.end();
  }
}

// ---- measuring -------------------------------------------------------------------------------

const listQueries = [
  "chainId=1,8453,42161&isStablecoin=true&minTvl=1000000&sortBy=apy&sortOrder=desc&limit=100",
  "chainId=1,10&assetCategory=ETH&sortBy=tvl&limit=100",
  "protocol=aave&minApy=5&sortBy=apy&sortOrder=asc&limit=100",
  "chainId=8453&isActive=true&sort=createdAt:desc,tvl:desc&limit=100&offset=100",
];

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One autocannon run (warm-up, then measurement) over `paths`, requested in rotation. */
async function measure(origin, paths, headers, pid) {
  const latencies = [];
  const instance = autocannon({
    url: origin,
    connections,
    duration,
    warmup: { connections, duration: warmup },
    headers,
    requests: paths.map((p) => ({ method: "GET", path: p })),
  });
  // The measurement's own tracker: neither event fires during the warm-up. The pool's connections are all
  // open by the end of the warm-up.
  let cpuAtStart = null;
  let backends = [];
  instance.once("start", () => {
    cpuAtStart = postgresBackends().then((pids) => {
      backends = pids;
      return cpuTicks(pid, backends);
    });
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  cpuAtStart = await cpuAtStart;
  const cpu = cpuBetween(cpuAtStart, cpuTicks(pid, backends));
  latencies.sort((a, b) => a - b);
  const problems = [];
  for (const r of [result.warmup, result].filter(Boolean)) {
    for (const [status, { count }] of Object.entries(r.statusCodeStats))
      if (status !== "200") problems.push(`${count} × HTTP ${status}`);
    if (r.errors) problems.push(`${r.errors} errors`);
    if (r.timeouts) problems.push(`${r.timeouts} timeouts`);
  }
  return {
    requests: result.requests.total,
    seconds: result.duration,
    cpu: cpu.total,
    dbCpu: cpu.db,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    problems,
  };
}

function combine(runs) {
  const requests = runs.reduce((s, r) => s + r.requests, 0);
  const seconds = runs.reduce((s, r) => s + r.seconds, 0);
  const mean = (f) => runs.reduce((s, r) => s + r[f], 0) / runs.length;
  return {
    rps: requests / seconds,
    cpuMs: (1000 * runs.reduce((s, r) => s + r.cpu, 0)) / requests,
    dbCpuMs: (1000 * runs.reduce((s, r) => s + r.dbCpu, 0)) / requests,
    p50: mean("p50"),
    p99: mean("p99"),
    problems: runs.flatMap((r) => r.problems),
  };
}

// ---- main ------------------------------------------------------------------------------------

/** The endpoints measured: each with its paths, requested in rotation. */
function targetsOf(detailIds) {
  return [
    { name: "GET /instruments", slot: "list", paths: listQueries.map((q) => `/api/v1/instruments?${q}`) },
    { name: "GET /instruments/:id", slot: "detail", paths: detailIds.map((id) => `/api/v1/instruments/${id}`) },
  ].filter((t) => !args.only || t.slot === args.only);
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
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${body.toString().slice(0, 300)}`);
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
    }
  }
}

/** `rounds` of baseline then real runs per target: a row for each, and whether any request failed. */
async function measureTargets(targets, origin, headers, pid) {
  const rows = [];
  let failed = false;
  for (const target of targets) {
    const runs = { baseline: [], real: [] };
    for (let round = 0; round < rounds; round++) {
      for (const which of ["baseline", "real"]) {
        const r = await measure(origin, which === "real" ? target.paths : target.baseline, headers, pid);
        log(`${target.name} ${which} round ${round + 1}: ${(r.requests / r.seconds).toFixed(0)} req/s`);
        runs[which].push(r);
      }
    }
    const baseline = combine(runs.baseline);
    const real = combine(runs.real);
    for (const p of [...baseline.problems, ...real.problems]) log(`${target.name}: ${p}`);
    if (baseline.problems.length || real.problems.length) failed = true;
    rows.push({ target: `${target.name} (baseline)`, ...baseline, ratio: 1, cpuRatio: 1, isBaseline: true });
    rows.push({ target: target.name, ...real, ratio: real.rps / baseline.rps, cpuRatio: baseline.cpuMs / real.cpuMs, bytes: target.bytes });
  }
  return { rows, failed };
}

async function main() {
  mkdirSync(benchDir, { recursive: true });
  // With the baseline route (app/api/bench-baseline), which the production build leaves out.
  await ensureBuiltInto(distDir, { log, env: { YIELDGRID_BENCH_ROUTES: "1" } });
  if (postgresUrl) await ensurePostgresDatabase(postgresUrl);
  const { key, detailIds, instruments } = load();
  const baselineDir = path.join(benchDir, `baseline-${kind}`);
  rmSync(baselineDir, { recursive: true, force: true });
  mkdirSync(baselineDir, { recursive: true });

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(port, baselineDir);
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void server.stop().then(() => process.exit(130)));
  let failed = false;
  try {
    const targets = targetsOf(detailIds);
    const headers = { "x-api-key": key };
    await recordBaselines(targets, origin, headers, baselineDir);
    log(
      `${instruments} instruments on ${kind}; ${connections} connections, ${warmup} s warm-up + ${duration} s per run, ` +
        `${rounds} rounds of baseline/real per target`,
    );
    const measured = await measureTargets(targets, origin, headers, server.pid);
    failed = measured.failed;
    printTable(measured.rows);
  } finally {
    await server.stop();
  }
  if (failed) {
    log(`some requests failed (server log: ${path.relative(root, server.logFile)})`);
    process.exitCode = 1;
  }
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
  const sizes = rows.filter((r) => r.bytes).map((r) => `${r.target} ${Math.round(r.bytes)} B`);
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
