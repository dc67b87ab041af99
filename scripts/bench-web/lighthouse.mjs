// Lighthouse's performance and accessibility scores of a page (mobile form factor, simulated
// throttling), optionally after the machine has settled, with Lighthouse's CPU slowdown or one
// calibrated to the machine as Lighthouse's documentation describes (docs/throttling.md,
// "Calibrating the CPU slowdown").
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import { throttling as lighthouseThrottling } from "lighthouse/core/config/constants.js";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";

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

// Lighthouse's mobile preset (Slow 4G, 150 ms RTT, 1.6 Mbps down), only the CPU slowdown replaced.
const defaultMobileThrottling = lighthouseThrottling.mobileSlow4G;

/**
 * The CPU slowdown that makes this host emulate the device Lighthouse's mobile preset stands for.
 *
 * Lighthouse's default, a constant 4×, turns a high-end desktop (benchmark index 1,500–2,000) into
 * a mid-tier phone; on a slower or busier host the same 4× emulates a much slower phone, and on a
 * faster one a faster phone. Its documentation asks to calibrate, with the Lighthouse team's
 * calculator (lighthouse-cpu-throttling-calculator.vercel.app, linked from docs/throttling.md):
 * a piecewise-linear map from the host's index to the multiplier, 1× at 150, 2× at 800, 3× at 1,300
 * and one more for every 233 above. This is that map.
 */
export function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/**
 * The host's benchmark index now: Lighthouse's own benchmark (the one it stores in every report),
 * run three times in a blank page of `browser` (a Playwright Chromium), the median.
 */
export async function measureBenchmarkIndex(browser) {
  const page = await browser.newPage();
  try {
    const indexes = [];
    for (let i = 0; i < 3; i++) indexes.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
    return median(indexes);
  } finally {
    await page.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Lighthouse `runs` times on `url` through the Chrome on `port` (each run after `settle`); the
 * median scores, and the median run's metrics and report (written to `reportDir`).
 *
 * `cpu` is the CPU slowdown: a number, or "calibrated" to measure the host (in `calibrationBrowser`)
 * right before each run and derive it with calibratedSlowdown.
 */
export async function runLighthouse(port, url, name, { runs, reportDir, cpu, calibrationBrowser, ...settling }) {
  const results = [];
  const load = [];
  const slowdowns = [];
  for (let i = 0; i < runs; i++) {
    await settle(settling);
    load.push(os.loadavg()[0]);
    const slowdown = cpu === "calibrated" ? calibratedSlowdown(await measureBenchmarkIndex(calibrationBrowser)) : cpu;
    slowdowns.push(slowdown);
    const result = await lighthouse(
      url,
      { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] },
      {
        extends: "lighthouse:default",
        settings: { throttling: { ...defaultMobileThrottling, cpuSlowdownMultiplier: slowdown } },
      },
    );
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
    // How fast this machine was during the kept run, as Lighthouse measured it itself.
    benchmarkIndex: kept.lhr.environment.benchmarkIndex,
    cpuSlowdowns: slowdowns,
    loadAverage: Math.max(...load),
    metrics: `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, SI ${metric("speed-index")}`,
    failedA11y,
    file: path.relative(root, file),
  };
}
