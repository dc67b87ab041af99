// npm run bench:load [-- --duration=120] [--rate=100] [--connections=8] [--instruments=10000] [--limit=100] [--keys=10]
//
// Two instances (scripts/serve.mjs, the production build) on one PostgreSQL database under `duration`
// seconds of mixed keyed traffic (lists, details, histories, key usage, protocols) at `rate` requests a
// second in all (0: as fast as `connections` per instance are answered), through faults:
//   10 % of the run: keys are created on both instances (they must all be there at the end);
//   25 %: a key limited to `limit` requests gets 3 × `limit` at once over both instances;
//   40 %: instance B is SIGKILLed and started again on the same port and database;
//   70 %: PostgreSQL ends every session of the database (pg_terminate_backend).
// It reports 5xx answers, connection errors, p99 against the quiet median, resident memory between the
// middle and the end of the run, database connections per instance, and each fault's outcome, against the
// targets; it exits 1 when a target is missed. A short run (--duration=30) is a smoke test of the same.
//
// The app is built into .bench/load-next (a production build) when the sources changed. The database is
// BENCH_LOAD_DATABASE_URL or yieldgrid_load on postgres://postgres@127.0.0.1:5432, dropped and made
// afresh each run (the instances' DATABASE_POOL_SIZE is taken from the environment, default 10).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { freePort, startAppServer } from "./lib/app-server.mjs";
import { ensureBuiltInto } from "./lib/next-app.mjs";
import { processGroupRss, recreateDatabase, sampleConnections, terminateConnections } from "./lib/load-probes.mjs";
import { printReport, reportOf } from "./lib/load-report.mjs";
import { agentFor, sendRequest, startTraffic, weighted } from "./lib/load-traffic.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const benchDir = path.join(root, ".bench");
const distDir = ".bench/load-next";
const tsxBin = path.join(root, "node_modules/tsx/dist/cli.mjs");
const databaseUrl = process.env.BENCH_LOAD_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/yieldgrid_load";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "120" },
    rate: { type: "string", default: "100" },
    connections: { type: "string", default: "8" },
    instruments: { type: "string", default: "10000" },
    limit: { type: "string", default: "100" },
    keys: { type: "string", default: "10" },
  },
  strict: true,
});
function positiveInteger(name) {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive integer, got "${args[name]}"`);
    process.exit(2);
  }
  return value;
}
const rate = Number(args.rate);
if (!Number.isFinite(rate) || rate < 0) {
  console.error(`--rate must be a number >= 0, got "${args.rate}"`);
  process.exit(2);
}
const settings = {
  durationMs: positiveInteger("duration") * 1000,
  rate,
  connections: positiveInteger("connections"),
  instruments: positiveInteger("instruments"),
  limit: positiveInteger("limit"),
  keysPerInstance: positiveInteger("keys"),
  poolSize: Number(process.env.DATABASE_POOL_SIZE || 10),
};

const log = (message) => console.error(`[bench:load] ${message}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// ---- set-up -------------------------------------------------------------------------------------

/** A fresh database with the generated instruments and the benchmark's keys (scripts/bench-dataset.ts). */
async function prepareDatabase() {
  log(`making ${new URL(databaseUrl).pathname.slice(1)} afresh and loading ${settings.instruments} instruments…`);
  await recreateDatabase(databaseUrl);
  const env = { ...process.env, DATABASE_URL: databaseUrl, BENCH_INSTRUMENTS: String(settings.instruments), BENCH_KEYS: "8" };
  Object.assign(env, { BENCH_LIMITED_KEY: String(settings.limit), BENCH_DETAIL_IDS: "200" });
  delete env.DATA_DIR;
  const result = spawnSync(process.execPath, [tsxBin, "--conditions=react-server", path.join(root, "scripts/bench-dataset.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error("loading the database failed");
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

function serverEnv() {
  const env = { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_RPC: "false", DEVNET_MANIFEST: path.join(benchDir, "no-devnet.json") };
  for (const name of ["DATA_DIR", "SYNC_INTERVAL_SECONDS", "TRUSTED_PROXY_HOPS", "RATE_LIMIT_WINDOW_SECONDS"]) delete env[name];
  return env;
}

/** An instance: scripts/serve.mjs on `port`, logging to .bench/load-<name>.log (appended to after a restart). */
async function startInstance(name, port, { fresh }) {
  return startAppServer({
    distDir,
    port,
    env: serverEnv(),
    logFile: path.join(benchDir, `load-${name}.log`),
    freshLog: fresh,
    timeoutMs: 120_000,
  });
}

// ---- traffic ------------------------------------------------------------------------------------

const LIVE_CHAINS = [1, 10, 8453, 42161];
const POPULAR_LISTS = [
  "chainId=1,8453,42161&isStablecoin=true&minTvl=1000000&sortBy=apy&sortOrder=desc&limit=100",
  "chainId=1,10&assetCategory=ETH&sortBy=tvl&limit=100",
  "protocol=aave&minApy=5&sortBy=apy&sortOrder=asc&limit=100",
  "chainId=8453&isActive=true&sort=createdAt:desc,tvl:desc&limit=100&offset=100",
];

/** The mixed traffic: each call returns the next request, with one of the benchmark's keys. */
function requestMix(data) {
  const pick = (items) => items[Math.floor(Math.random() * items.length)];
  // Thousands of distinct list queries: the response cache fills up and must stay within its bytes.
  const randomList = () => {
    const chains = LIVE_CHAINS.filter(() => Math.random() < 0.5);
    const chainFilter = chains.length ? `chainId=${chains.join(",")}&` : "";
    const minTvl = Math.floor(Math.random() * 1_000) * 1_000;
    return `${chainFilter}minTvl=${minTvl}&sortBy=${pick(["apy", "tvl"])}&limit=100&offset=${100 * Math.floor(Math.random() * 5)}`;
  };
  const kinds = [
    [20, () => ({ kind: "list", path: `/api/v1/instruments?${pick(POPULAR_LISTS)}` })],
    [20, () => ({ kind: "list", path: `/api/v1/instruments?${randomList()}` })],
    [25, () => ({ kind: "detail", path: `/api/v1/instruments/${pick(data.detailIds)}` })],
    [10, () => ({ kind: "history", path: `/api/v1/instruments/${pick(data.historyIds)}/history${Math.random() < 0.5 ? "" : "?interval=hour"}` })],
    [5, () => ({ kind: "history", path: `/api/v1/instruments/history?instrumentIds=${[...new Set([pick(data.historyIds), pick(data.historyIds)])].join(",")}` })],
    [10, () => ({ kind: "usage", path: `/api/v1/auth/keys/${pick(data.keyIds)}/usage`, key: data.keys[0] })],
    [10, () => ({ kind: "protocols", path: "/api/v1/protocols" })],
  ];
  return () => {
    const request = weighted(kinds)();
    return { ...request, headers: { "x-api-key": request.key ?? pick(data.keys) } };
  };
}

/** Latencies of the same mix one request at a time, before the load: what "quiet" means here. */
async function quietLatencies(instances, nextRequest) {
  const agent = agentFor(1);
  const latencies = [];
  for (let i = 0; i < 250; i++) {
    const instance = instances[i % instances.length];
    const request = nextRequest();
    const outcome = await sendRequest(agent, instance.server.baseUrl, request, { keepBody: true });
    if (outcome.status !== 200) throw new Error(`${request.path} answered ${outcome.status}: ${outcome.error ?? outcome.body.slice(0, 300)}`);
    if (i >= 50) latencies.push({ kind: request.kind, ms: outcome.ms }); // the first ones warm the instances up
  }
  agent.destroy();
  return latencies;
}

// ---- events -------------------------------------------------------------------------------------

/** Keys made through the API on both instances before the faults, to be found after them. */
async function createKeys(instances, accountKey) {
  const agent = agentFor(4);
  const made = await Promise.all(
    instances.flatMap((instance) =>
      Array.from({ length: settings.keysPerInstance }, async (_, i) => {
        const body = JSON.stringify({ name: `load ${instance.name} ${i + 1}` });
        const answer = await sendRequest(agent, instance.server.baseUrl, { method: "POST", path: "/api/v1/auth/keys", headers: { "x-api-key": accountKey }, body }, { keepBody: true });
        return { instance: instance.name, status: answer.status, ...(answer.status === 201 && JSON.parse(answer.body).data) };
      }),
    ),
  );
  agent.destroy();
  return made;
}

/** 3 × limit requests of the limited key at once, alternating between the instances. */
async function rateLimitBurst(instances, limited, detailId) {
  const agent = agentFor(10);
  const answers = await Promise.all(
    Array.from({ length: 3 * limited.limit }, (_, i) =>
      sendRequest(agent, instances[i % instances.length].server.baseUrl, { path: `/api/v1/instruments/${detailId}`, headers: { "x-api-key": limited.key } }),
    ),
  );
  agent.destroy();
  return {
    limit: limited.limit,
    sent: answers.length,
    statuses: answers.map((a) => a.status),
    windows: new Set(answers.map((a) => a.headers?.["x-ratelimit-reset"])).size,
  };
}

/** SIGKILL to instance B's process group, then B started again on the same port and database. */
async function killAndRestart(instance, now) {
  const killedPid = instance.server.pid;
  const tKill = now();
  process.kill(-killedPid, "SIGKILL");
  await instance.server.exited;
  instance.server = await startInstance(instance.name, instance.port, { fresh: false });
  return { tKill, tBack: now(), killedPid, pid: instance.server.pid };
}

/** After the run: every key made before the faults listed by both instances, and answering on both. */
async function checkKeys(instances, made, accountKey) {
  const agent = agentFor(4);
  const created = made.filter((k) => k.status === 201);
  const missing = {};
  let answered = 0;
  for (const instance of instances) {
    const list = await sendRequest(agent, instance.server.baseUrl, { path: "/api/v1/auth/keys", headers: { "x-api-key": accountKey } }, { keepBody: true });
    const listed = new Set(list.status === 200 ? JSON.parse(list.body).data.map((k) => k.id) : []);
    missing[instance.name] = created.filter((k) => !listed.has(k.id)).length;
    for (const key of created) {
      const answer = await sendRequest(agent, instance.server.baseUrl, { path: "/api/v1/instruments?limit=1", headers: { "x-api-key": key.key } });
      if (answer.status === 200) answered++;
    }
  }
  agent.destroy();
  return { asked: made.length, created: created.length, missing, answered, checks: created.length * instances.length };
}

// ---- the run ------------------------------------------------------------------------------------

/** Resident memory of every instance once a second, by the process group of its current process. */
function sampleMemory(instances, now) {
  const samples = [];
  const timer = setInterval(() => samples.push({ t: now(), ...Object.fromEntries(instances.map((i) => [i.name, { pid: i.server.pid, rss: processGroupRss(i.server.pid) }])) }), 1_000);
  return { stop: () => (clearInterval(timer), samples) };
}

async function run(instances, data) {
  const nextRequest = requestMix(data);
  log("quiet latencies (one request at a time)…");
  const quiet = await quietLatencies(instances, nextRequest);
  const startPids = Object.fromEntries(instances.map((i) => [i.name, i.server.pid]));
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const at = (fraction) => sleep(fraction * settings.durationMs - now());
  const results = [];
  const connections = await sampleConnections(databaseUrl);
  const memory = sampleMemory(instances, now);
  const origins = instances.map((i) => ({ name: i.name, origin: () => i.server.baseUrl }));
  const perSecond = settings.rate / instances.length;
  const traffic = startTraffic({ instances: origins, connections: settings.connections, perSecond, nextRequest, record: (r) => results.push(r), t0 });
  log(`${settings.durationMs / 1000} s of traffic at ${settings.rate || "as many as answered"} req/s, up to ${settings.connections} connections per instance…`);
  const events = {};
  await at(0.1);
  events.keys = { t: now(), made: await createKeys(instances, data.keys[0]) };
  await at(0.25);
  events.limit = { t: now(), ...(await rateLimitBurst(instances, data.limitedKey, data.detailIds[0])) };
  await at(0.4);
  log("SIGKILL to instance B, then starting it again…");
  events.kill = await killAndRestart(instances[1], now);
  await at(0.7);
  log("ending every database session (pg_terminate_backend)…");
  events.drop = { tDrop: now(), ended: await terminateConnections(databaseUrl) };
  await at(1);
  await traffic.stop();
  const end = now();
  const samples = memory.stop();
  const peaks = await connections.stop();
  events.keysAfter = await checkKeys(instances, events.keys.made, data.keys[0]);
  const alive = Object.fromEntries(instances.map((i) => [i.name, { pid: i.server.pid, running: i.server.pid !== undefined && isRunning(i.server.pid) }]));
  return { quiet, results, end, samples, peaks, events, startPids, alive };
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function main() {
  mkdirSync(benchDir, { recursive: true });
  await ensureBuiltInto(distDir, { log });
  const data = await prepareDatabase();
  const ports = [await freePort(), await freePort()];
  const instances = [
    { name: "A", port: ports[0] },
    { name: "B", port: ports[1] },
  ];
  log("starting instances A and B…");
  for (const instance of instances) instance.server = await startInstance(instance.name, instance.port, { fresh: true });
  const stopAll = () => Promise.all(instances.map((i) => i.server?.stop()));
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void stopAll().then(() => process.exit(130)));
  let measured;
  try {
    measured = await run(instances, data);
  } finally {
    await stopAll();
  }
  const report = reportOf({ ...measured, settings, data });
  writeFileSync(path.join(benchDir, "load-report.json"), JSON.stringify(report, null, 2));
  // Every request (t: ms since the start, ms: its latency), for a closer look.
  writeFileSync(path.join(benchDir, "load-requests.json"), JSON.stringify(measured.results.map((r) => [Math.round(r.t), r.instance, r.kind, r.status, Math.round(r.ms * 10) / 10])));
  // Resident memory once a second (t: ms since the start; MiB per instance), to see where it levels off.
  const mib = (sample) => (sample?.rss ? Math.round(sample.rss / 2 ** 20) : null);
  writeFileSync(path.join(benchDir, "load-memory.json"), JSON.stringify(measured.samples.map((s) => [Math.round(s.t), mib(s.A), mib(s.B)])));
  printReport(report);
  if (report.targets.some((t) => !t.pass)) process.exitCode = 1;
}

main().catch((err) => {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
