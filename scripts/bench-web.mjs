// npm run bench:web [-- --runs=3] [--only=/,/docs] [--top=5] [--analyze] [--settle=1.5] [--cpu=calibrated|4]
//
// "Every page fast on a phone" (issue 19, after issue 3's "lean pages"): per page, the JavaScript a first
// visit downloads (as served, the bytes on the wire in the encoding the server chose; at gzip level 9;
// and raw), the part of it that is wallet code, and the Lighthouse performance and
// accessibility scores (mobile form factor, simulated throttling: Lighthouse's mobile defaults, or with
// --cpu=calibrated its CPU slowdown fitted to this machine), the median of three runs by default. Targets, each page marked as meeting them or not: the explorer (/) under 160 kB
// of JavaScript as served; performance ≥ 95 and accessibility 100 on every page; no wallet code (wagmi, its
// connectors, viem's account code) downloaded by a visit that has not used a wallet. A report, not a test:
// it exits 0 whatever the figures, and non-zero only when a page fails to load (a page that answers 404
// is reported as missing: it may not be written yet).
//
// The app is built into .bench/web-next (NEXT_DIST_DIR), never into .next, and only when the sources changed
// (the source hash of scripts/ensure-build.mjs is stored next to the build). The server runs on a fresh
// embedded database in .bench/web-pglite, on a free port. Lighthouse's JSON reports go to .bench/web-lighthouse.
//
// --runs=N     Lighthouse N times per page and report the median (default 3: scores move with the machine's load)
// --top=N      the N biggest scripts of each page, with what they hold as far as their text tells (0: none)
// --analyze    also `next analyze` (Turbopack's bundle analysis, into .bench/web-analyze, ~3 min) and list,
//              per page, the client code by package and which project files import zod, viem or wagmi
// --only=...   some pages only, by path or name (explorer, instrument, protocols, positions, api keys, docs)
// --cpu=X      the CPU slowdown: a number (default 4, Lighthouse's own default), or "calibrated": before
//              each run, this machine's benchmark index, mapped to a multiplier with the Lighthouse team's
//              calculator, so that any host emulates the same phone (see scripts/bench-web/lighthouse.mjs)
// --settle=L   before each Lighthouse run, wait until the 1-minute load average is below L (the build this
//              script may have just run counts too), 15 minutes at most in all; then run anyway
//
// The parts live in scripts/bench-web/: the pages and their scripts, Lighthouse, the bundle analysis
// and the report.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { launch as launchChrome } from "chrome-launcher";
import { chromium } from "@playwright/test";
import { analyzeDir, analyzeRoute, printAnalysis } from "./bench-web/analyze.mjs";
import { runLighthouse } from "./bench-web/lighthouse.mjs";
import { measureJs, pagesToMeasure } from "./bench-web/pages.mjs";
import { printDetails, printTable } from "./bench-web/report.mjs";
import { freePort, startAppServer } from "./lib/app-server.mjs";
import { chromiumFlags, chromiumPath } from "./lib/chromium.mjs";
import { ensureBuiltInto } from "./lib/next-app.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const benchDir = path.join(root, ".bench");
const distDir = ".bench/web-next";
const dataDir = path.join(benchDir, "web-pglite");
const reportDir = path.join(benchDir, "web-lighthouse");
const chromePath = process.env.CHROME_PATH || chromiumPath;

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    only: { type: "string" },
    top: { type: "string", default: "5" },
    analyze: { type: "boolean", default: false },
    settle: { type: "string" },
    cpu: { type: "string", default: "4" },
  },
  strict: true,
});
const runs = Math.max(1, Number(args.runs) || 3);
const topChunks = Math.max(0, Number(args.top) || 0);
const settleBelow = args.settle === undefined ? null : Number(args.settle);
const settleDeadline = Date.now() + 15 * 60_000;
const cpu = args.cpu === "calibrated" ? "calibrated" : Number(args.cpu);
if (cpu !== "calibrated" && !(cpu >= 1)) throw new Error(`--cpu: "calibrated" or a multiplier of 1 or more, not ${args.cpu}`);

const log = (message) => console.error(`[bench:web] ${message}`);

function startServer(port) {
  // A fresh database each run: it seeds itself on first start, so every run measures the same pages.
  rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return startAppServer({ distDir, port, env, logFile: path.join(benchDir, "web-server.log"), freshLog: true, timeoutMs: 120_000 });
}

/** Each page's JavaScript, in one Chromium. */
async function measurePages(origin) {
  const rows = [];
  const pages = await pagesToMeasure(origin, args.only);
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumFlags });
  try {
    for (const page of pages) {
      log(`JavaScript of ${page.path}…`);
      rows.push({ ...page, js: await measureJs(browser, origin, page) });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Lighthouse on each page that loaded, in one headless Chrome; a failed run is noted on its row. */
async function auditPages(origin, rows) {
  const chrome = await launchChrome({ chromePath, chromeFlags: [...chromiumFlags, "--headless=new"] });
  // Where the host's benchmark index is measured before each run (calibrated CPU slowdown).
  const calibrationBrowser = cpu === "calibrated" ? await chromium.launch({ executablePath: chromePath, args: chromiumFlags }) : null;
  try {
    for (const row of rows) {
      if (row.js.status !== "ok") continue;
      log(`Lighthouse on ${row.path}${runs > 1 ? ` (${runs} runs)` : ""}…`);
      try {
        row.lighthouse = await runLighthouse(chrome.port, origin + row.path, row.name, { runs, reportDir, cpu, calibrationBrowser, settleBelow, settleDeadline, log });
      } catch (error) {
        row.lighthouse = { error: error.message.split("\n")[0] };
      }
    }
  } finally {
    await calibrationBrowser?.close();
    await chrome.kill();
  }
}

async function analyze(rows) {
  await ensureBuiltInto(analyzeDir, { marker: "diagnostics/analyze", nextArgs: ["analyze", "--output", "--experimental-app-only"], what: "analysing the bundles", log });
  for (const row of rows) if (row.js.status === "ok") row.analysis = analyzeRoute(row.route);
  printAnalysis(rows);
}

async function main() {
  mkdirSync(reportDir, { recursive: true });
  await ensureBuiltInto(distDir, { log });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  log(`starting the server on ${origin} (fresh database in ${path.relative(root, dataDir)})…`);
  const server = await startServer(port);
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void server.stop().then(() => process.exit(130)));
  let rows;
  try {
    rows = await measurePages(origin);
    await auditPages(origin, rows);
  } finally {
    await server.stop();
  }
  // A page that could not be loaded, or audited, fails the run; a missing one (404) does not.
  const failed = rows.some((row) => row.js.status === "failed" || row.lighthouse?.error);
  printTable(rows, { runs, cpu });
  if (topChunks > 0) printDetails(rows, { runs, topChunks });
  if (args.analyze) await analyze(rows);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
