// Lighthouse's performance and accessibility scores of a page (mobile form factor, simulated
// throttling: Lighthouse's defaults), optionally after the machine has settled.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** With --settle: waits until the 1-minute load average is below the limit (or the deadline has passed). */
async function settle({ settleBelow, settleDeadline, log }) {
  if (settleBelow === null || !(settleBelow > 0)) return;
  let told = false;
  while (os.loadavg()[0] >= settleBelow && Date.now() < settleDeadline) {
    if (!told)
      log(`waiting for the load average (${os.loadavg()[0].toFixed(2)}) to fall below ${settleBelow}…`);
    told = true;
    await new Promise((r) => setTimeout(r, 5_000));
  }
  if (os.loadavg()[0] >= settleBelow)
    log(`load average still ${os.loadavg()[0].toFixed(2)}: measuring anyway`);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Lighthouse `runs` times on `url` through the Chrome on `port` (each run after `settle`); the
 * median scores, and the median run's metrics and report (written to `reportDir`).
 */
export async function runLighthouse(port, url, name, { runs, reportDir, ...settling }) {
  const results = [];
  const load = [];
  for (let i = 0; i < runs; i++) {
    await settle(settling);
    load.push(os.loadavg()[0]);
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (!result?.lhr) throw new Error("Lighthouse returned no report");
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    results.push(result);
  }
  const perf = results.map((r) => Math.round((r.lhr.categories.performance.score ?? 0) * 100));
  const a11y = results.map((r) => Math.round((r.lhr.categories.accessibility.score ?? 0) * 100));
  // The report of the median run (by performance) is the one kept and described.
  const kept = results[perf.indexOf(median(perf))];
  const file = path.join(reportDir, `${name.replaceAll(/[^a-z0-9]+/gi, "-")}.json`);
  writeFileSync(file, kept.report);
  const audits = kept.lhr.audits;
  const metric = (id) => audits[id]?.displayValue ?? "?";
  const failedA11y = kept.lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
    .map((ref) => audits[ref.id].title);
  return {
    performance: median(perf),
    accessibility: median(a11y),
    perfRuns: perf,
    // Per run, the two metrics that move the most between runs here.
    tbtRuns: results.map((r) => Math.round(r.lhr.audits["total-blocking-time"]?.numericValue ?? 0)),
    lcpRuns: results.map((r) => Math.round(r.lhr.audits["largest-contentful-paint"]?.numericValue ?? 0)),
    // How fast this machine was during the run: Lighthouse's CPU slowdown (4×) assumes an index of about
    // 1000 or more; a busy machine scores lower and its performance scores come out worse than a user's.
    benchmarkIndex: kept.lhr.environment.benchmarkIndex,
    loadAverage: Math.max(...load),
    metrics: `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, SI ${metric("speed-index")}`,
    failedA11y,
    file: path.relative(root, file),
  };
}
