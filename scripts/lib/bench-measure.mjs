// The measuring of scripts/bench.mjs: autocannon runs over a set of paths, with latency percentiles and
// the CPU time the server (its process group) and the PostgreSQL backends serving it used meanwhile.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";

const CLOCK_TICKS = 100; // USER_HZ, 100 on every Linux this runs on

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
async function postgresBackends(databaseUrl) {
  if (!databaseUrl) return [];
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
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

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * One autocannon run over `paths`, requested in rotation: `load.warmup` s unmeasured, then `load.duration`
 * s measured, at `load.connections`; with the CPU time of the server's process group `pid` and of the
 * backends serving `databaseUrl` (PostgreSQL) during the measured part.
 */
export async function measure({ origin, paths, headers, pid, databaseUrl, load }) {
  const { connections, duration, warmup } = load;
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
    cpuAtStart = postgresBackends(databaseUrl).then((pids) => {
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

/** The runs of one row together: req/s, CPU ms per request (all, and the database's), mean p50/p99, problems. */
export function combine(runs) {
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

/** Requests `paths` in rotation for `load.warmup` s at `load.connections`, unmeasured. */
export async function warmUp({ origin, paths, headers, load }) {
  await autocannon({
    url: origin,
    connections: load.connections,
    duration: load.warmup,
    headers,
    requests: paths.map((p) => ({ method: "GET", path: p })),
  });
}
