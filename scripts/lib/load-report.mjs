// The load benchmark's report (scripts/bench-load.mjs): what happened to every request, read against
// the targets, around each fault.
import { percentile } from "./load-traffic.mjs";

/** How long after a fault its effects are excused from the steady-state figures. */
const FAULT_WINDOW_MS = 10_000;
export const TARGETS = { p99OverQuietMedian: 25, memoryGrowth: 0.2, recoveryMs: 10_000 };

const MiB = 1024 * 1024;
const connectionName = (pid) => `yieldgrid pid ${pid}`; // lib/machinery/db/client.ts names them so
const countBy = (items, key) => items.reduce((m, item) => m.set(key(item), (m.get(key(item)) ?? 0) + 1), new Map());
const ended = (r) => r.t + r.ms;

/** The memory sample nearest to `t`. */
const sampleAt = (samples, t) => samples.reduce((best, s) => (Math.abs(s.t - t) < Math.abs(best.t - t) ? s : best), samples[0]);

function memoryOf(samples, end, kill) {
  const middle = sampleAt(samples, end / 2);
  const last = samples.at(-1);
  const a = { at60: middle.A.rss, atEnd: last.A.rss, growth: (last.A.rss - middle.A.rss) / middle.A.rss };
  // B runs anew from its restart: its figure is its memory at the end, and 10 s after it was back.
  const bBack = sampleAt(samples, kill.tBack + 10_000);
  return { A: a, B: { afterRestart: bBack.B.rss, atEnd: last.B.rss }, middleT: middle.t, endT: last.t };
}

function connectionsOf(peaks, pids) {
  const perInstance = {};
  for (const [name, list] of Object.entries(pids)) perInstance[name] = Math.max(0, ...list.map((pid) => peaks.get(connectionName(pid)) ?? 0));
  const known = new Set(Object.values(pids).flat().map(connectionName));
  const others = [...peaks].filter(([name]) => !known.has(name));
  return { perInstance, others };
}

function dropOutcome(results, drop, alive, expectedPids) {
  const after = results.filter((r) => ended(r) >= drop.tDrop);
  const failed = after.filter((r) => r.status !== 200);
  const lastFailure = failed.length ? Math.max(...failed.map(ended)) : drop.tDrop;
  const samePids = Object.entries(expectedPids).every(([name, pid]) => alive[name].pid === pid && alive[name].running);
  return { ended: drop.ended, failed: failed.length, statuses: Object.fromEntries(countBy(failed, (r) => r.status)), recoveryMs: lastFailure - drop.tDrop, samePids };
}

export function reportOf({ quiet, results, end, samples, peaks, events, startPids, alive, settings, data }) {
  const { kill, drop, limit, keysAfter } = events;
  const bDown = (r) => r.instance === "B" && ended(r) >= kill.tKill && r.t <= kill.tBack;
  const inDrop = (r) => ended(r) >= drop.tDrop && r.t <= drop.tDrop + FAULT_WINDOW_MS;
  const nearKill = (r) => ended(r) >= kill.tKill && r.t <= kill.tBack + FAULT_WINDOW_MS;

  const serverErrors = results.filter((r) => r.status >= 500);
  const unexplained5xx = serverErrors.filter((r) => !(r.status === 503 && inDrop(r)));
  const connectionErrors = results.filter((r) => r.status === 0);
  const unexplainedConnectionErrors = connectionErrors.filter((r) => !bDown(r));
  const okMs = (filter) => results.filter((r) => r.status === 200 && filter(r)).map((r) => r.ms).sort((a, b) => a - b);
  const steady = okMs((r) => !nearKill(r) && !inDrop(r));
  const all = okMs(() => true);
  const sortedMs = (list) => list.map((r) => r.ms).sort((a, b) => a - b);
  const quietMedian = percentile(sortedMs(quiet), 50);
  const kinds = [...new Set(results.map((r) => r.kind))].sort();
  const byKindLatency = Object.fromEntries(
    kinds.map((kind) => {
      const loaded = sortedMs(results.filter((r) => r.kind === kind && r.status === 200 && !nearKill(r) && !inDrop(r)));
      return [kind, { quietP50: percentile(sortedMs(quiet.filter((r) => r.kind === kind)), 50), p50: percentile(loaded, 50), p99: percentile(loaded, 99) }];
    }),
  );
  const memory = memoryOf(samples, end, kill);
  const connections = connectionsOf(peaks, { A: [startPids.A], B: [startPids.B, kill.pid] });
  const limitCounts = countBy(limit.statuses, (s) => s);
  const aDuringKill = results.filter((r) => r.instance === "A" && ended(r) >= kill.tKill && r.t <= kill.tBack);
  const bAfter = results.filter((r) => r.instance === "B" && r.t > kill.tBack);
  const dropped = dropOutcome(results, drop, alive, { A: startPids.A, B: kill.pid });

  const figures = {
    settings: { ...settings, instruments: data.instruments },
    requests: results.length,
    seconds: end / 1000,
    perSecond: results.length / (end / 1000),
    statuses: Object.fromEntries(countBy(results, (r) => r.status)),
    byKind: Object.fromEntries(countBy(results, (r) => r.kind)),
    serverErrors: { total: serverErrors.length, unexplained: unexplained5xx.length, duringDrop: serverErrors.length - unexplained5xx.length },
    connectionErrors: { total: connectionErrors.length, unexplained: unexplainedConnectionErrors.length, toKilledInstance: connectionErrors.length - unexplainedConnectionErrors.length },
    // What went wrong outside what the faults explain, for the reader to look into (at most 20).
    unexplained: [...unexplained5xx, ...unexplainedConnectionErrors].slice(0, 20).map((r) => ({ ...r, t: Math.round(r.t), ms: Math.round(r.ms) })),
    latency: { quietMedian, steadyP50: percentile(steady, 50), steadyP99: percentile(steady, 99), allP99: percentile(all, 99), byKind: byKindLatency },
    memory,
    connections,
    limit: { limit: limit.limit, sent: limit.sent, ok: limitCounts.get(200) ?? 0, limited: limitCounts.get(429) ?? 0, windows: limit.windows },
    kill: {
      atS: kill.tKill / 1000,
      backAfterS: (kill.tBack - kill.tKill) / 1000,
      aAnswered: aDuringKill.length,
      aFailed: aDuringKill.filter((r) => r.status !== 200).length,
      bAnsweredAfter: bAfter.filter((r) => r.status === 200).length,
    },
    drop: { atS: drop.tDrop / 1000, ...dropped },
    keys: keysAfter,
  };
  return { figures, targets: targetsOf(figures, settings) };
}

function targetsOf(f, settings) {
  const ratio = f.latency.steadyP99 / f.latency.quietMedian;
  const exactLimit = f.limit.ok === f.limit.limit && f.limit.limited === f.limit.sent - f.limit.limit && f.limit.windows === 1;
  const maxConnections = Math.max(...Object.values(f.connections.perInstance));
  const missing = Object.values(f.keys.missing).reduce((s, n) => s + n, 0);
  return [
    { name: "no 5xx (besides the database drop's 503s)", measured: `${f.serverErrors.unexplained} (${f.serverErrors.duringDrop} × 503 in the drop)`, pass: f.serverErrors.unexplained === 0 },
    { name: "no connection error (besides the killed instance's)", measured: `${f.connectionErrors.unexplained} (${f.connectionErrors.toKilledInstance} to B while it was down)`, pass: f.connectionErrors.unexplained === 0 },
    { name: `p99 ≤ ${TARGETS.p99OverQuietMedian} × quiet median`, measured: `${f.latency.steadyP99.toFixed(1)} ms / ${f.latency.quietMedian.toFixed(1)} ms = ${ratio.toFixed(1)}×`, pass: ratio <= TARGETS.p99OverQuietMedian },
    {
      name: `memory growth < ${TARGETS.memoryGrowth * 100} % (A, middle → end)`,
      measured: `${(f.memory.A.at60 / MiB).toFixed(0)} → ${(f.memory.A.atEnd / MiB).toFixed(0)} MiB (${(100 * f.memory.A.growth).toFixed(1)} %)`,
      pass: f.memory.A.growth < TARGETS.memoryGrowth,
    },
    { name: `database connections ≤ pool size (${settings.poolSize})`, measured: `A ${f.connections.perInstance.A}, B ${f.connections.perInstance.B}`, pass: maxConnections <= settings.poolSize },
    { name: "rate limit exact over both instances", measured: `${f.limit.sent} sent with limit ${f.limit.limit}: ${f.limit.ok} × 200, ${f.limit.limited} × 429`, pass: exactLimit },
    {
      name: "SIGKILL of B: A answers, B comes back",
      measured: `A ${f.kill.aAnswered} answers, ${f.kill.aFailed} failed; B back after ${f.kill.backAfterS.toFixed(1)} s, ${f.kill.bAnsweredAfter} answers after`,
      pass: f.kill.aFailed === 0 && f.kill.bAnsweredAfter > 0,
    },
    {
      name: `database drop: only 503s, recovered ≤ ${TARGETS.recoveryMs / 1000} s, no restart`,
      measured: `${f.drop.ended} sessions ended; ${f.drop.failed} failed (${Object.entries(f.drop.statuses).map(([s, n]) => `${n} × ${s}`).join(", ") || "none"}); recovered in ${(f.drop.recoveryMs / 1000).toFixed(2)} s`,
      pass: Object.keys(f.drop.statuses).every((s) => s === "503") && f.drop.recoveryMs <= TARGETS.recoveryMs && f.drop.samePids,
    },
    { name: "keys made before the faults all there after", measured: `${f.keys.created}/${f.keys.asked} made, ${missing} missing, ${f.keys.answered}/${f.keys.checks} answered`, pass: f.keys.created === f.keys.asked && missing === 0 && f.keys.answered === f.keys.checks },
  ];
}

export function printReport({ figures: f, targets }) {
  const s = f.settings;
  const pace = s.rate ? `${s.rate} req/s asked` : "unpaced";
  console.log(`\nYieldgrid load bench: 2 instances on one PostgreSQL database, ${f.seconds.toFixed(0)} s, ${pace}, up to ${s.connections} connections each, ${s.instruments} instruments`);
  console.log(`${f.requests} requests (${f.perSecond.toFixed(0)} req/s): ${Object.entries(f.statuses).map(([st, n]) => `${n} × ${st === "0" ? "no answer" : st}`).join(", ")}`);
  console.log(`by kind: ${Object.entries(f.byKind).map(([k, n]) => `${k} ${n}`).join(", ")}`);
  console.log(`latency: quiet median ${f.latency.quietMedian.toFixed(1)} ms; under load p50 ${f.latency.steadyP50.toFixed(1)} ms, p99 ${f.latency.steadyP99.toFixed(1)} ms (outside the faults' 10 s), p99 ${f.latency.allP99.toFixed(1)} ms over the whole run`);
  const kindLine = ([kind, l]) => `${kind} ${l.quietP50.toFixed(1)} → ${l.p50.toFixed(1)} / ${l.p99.toFixed(1)}`;
  console.log(`by kind (quiet p50 → p50 / p99 under load, ms): ${Object.entries(f.latency.byKind).map(kindLine).join("; ")}`);
  console.log(`memory: B ${(f.memory.B.afterRestart / MiB).toFixed(0)} MiB 10 s after its restart, ${(f.memory.B.atEnd / MiB).toFixed(0)} MiB at the end`);
  for (const r of f.unexplained) console.log(`unexplained: ${r.instance} ${r.kind} sent at ${(r.t / 1000).toFixed(1)} s, ${r.status || r.error} after ${r.ms} ms`);
  if (f.connections.others.length) console.log(`other connections to the database: ${f.connections.others.map(([n, c]) => `${n || "(unnamed)"} ${c}`).join(", ")}`);
  const width = Math.max(...targets.map((t) => t.name.length));
  console.log("");
  for (const t of targets) console.log(`${t.pass ? "PASS" : "FAIL"}  ${t.name.padEnd(width)}  ${t.measured}`);
}
