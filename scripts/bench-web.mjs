// npm run bench:web [-- --runs=1] [--only=/,/docs] [--top=5] [--analyze] [--settle=1.5]
//
// "Lean pages" (issue 3): per page, the JavaScript a first visit downloads (gzip and raw) and the Lighthouse
// performance and accessibility scores (mobile form factor, simulated throttling: Lighthouse's defaults).
// Targets: the explorer (/) under 180 kB of gzip JavaScript, performance ≥ 90 and accessibility ≥ 95 on
// every page. A report, not a test: it exits 0 whatever the figures, and non-zero only when a page fails to
// load (a page that answers 404 is reported as missing: it may not be written yet).
//
// The app is built into .bench/web-next (NEXT_DIST_DIR), never into .next, and only when the sources changed
// (the source hash of scripts/ensure-build.mjs is stored next to the build). The server runs on a fresh
// embedded database in .bench/web-pglite, on a free port. Lighthouse's JSON reports go to .bench/web-lighthouse.
//
// --runs=N     Lighthouse N times per page and report the median (scores move with the machine's load)
// --top=N      the N biggest scripts of each page, with what they hold as far as their text tells (0: none)
// --analyze    also `next analyze` (Turbopack's bundle analysis, into .bench/web-analyze, ~3 min) and list,
//              per page, the client code by package and which project files import zod, viem or wagmi
// --only=...   some pages only, by path or name (explorer, instrument, protocols, positions, api keys, docs)
// --settle=L   before each Lighthouse run, wait until the 1-minute load average is below L (the build this
//              script may have just run counts too), 15 minutes at most in all; then run anyway
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { launch as launchChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";
import { ensureBuiltInto, freePort, startNextServer } from "./lib/next-app.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const benchDir = path.join(root, ".bench");
const distDir = ".bench/web-next";
const dataDir = path.join(benchDir, "web-pglite");
const reportDir = path.join(benchDir, "web-lighthouse");
const analyzeDir = ".bench/web-analyze";
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
// The flags the project's Playwright config gives Debian's Chromium (no sandbox as root, no GPU, no traffic
// of its own that would show up in the measurements).
const chromeFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
const TARGET = { explorerJsKb: 180, performance: 90, accessibility: 95 };
const EXPLORER = "/";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    only: { type: "string" },
    top: { type: "string", default: "5" },
    analyze: { type: "boolean", default: false },
    settle: { type: "string" },
  },
  strict: true,
});
const runs = Math.max(1, Number(args.runs) || 1);
const topChunks = Math.max(0, Number(args.top) || 0);
const settleBelow = args.settle === undefined ? null : Number(args.settle);
const settleDeadline = Date.now() + 15 * 60_000;

const log = (message) => console.error(`[bench:web] ${message}`);

// ---- server ----------------------------------------------------------------------------------

function startServer(port) {
  // A fresh database each run: it seeds itself on first start, so every run measures the same pages.
  rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return startNextServer({ distDir, port, env, logFile: path.join(benchDir, "web-server.log") });
}

// ---- pages -----------------------------------------------------------------------------------

async function pagesToMeasure(origin) {
  const res = await fetch(`${origin}/api/v1/instruments?limit=1`);
  if (!res.ok) throw new Error(`GET /api/v1/instruments?limit=1 answered ${res.status}`);
  const { data } = await res.json();
  if (!data?.[0]?.instrumentId) throw new Error("GET /api/v1/instruments?limit=1 returned no instrument");
  const all = [
    { name: "explorer", path: EXPLORER, route: "/" },
    {
      name: "instrument",
      path: `/instruments/${encodeURIComponent(data[0].instrumentId)}`,
      route: "/instruments/[instrumentId]",
    },
    { name: "protocols", path: "/protocols", route: "/protocols" },
    { name: "positions", path: "/positions", route: "/positions" },
    { name: "api keys", path: "/settings/api-keys", route: "/settings/api-keys" },
    { name: "docs", path: "/docs", route: "/docs" },
  ];
  if (!args.only) return all;
  const wanted = args.only.split(",").map((s) => s.trim());
  return all.filter(
    (p) =>
      wanted.includes(p.path) ||
      wanted.includes(p.name) ||
      (wanted.includes("/instruments") && p.name === "instrument"),
  );
}

/**
 * What a chunk holds, from strings that survive minification (error texts, docs links, package versions).
 * A hint only: `--analyze` attributes every byte to its source module.
 */
const SIGNATURES = [
  ["react-dom", /__reactContainer/],
  ["next router", /next-router-state-tree/],
  ["react-query", /No QueryClient set|QueryClientProvider/],
  ["react-table", /getCoreRowModel|getRowModel/],
  ["zod", /ZodError/],
  ["viem", /viem@|viem\.sh/],
  ["@noble/hashes keccak", /keccak-f1600/],
  ["lib/schemas (OpenAPI texts)", /\.meta\(\{description:/],
  ["wagmi", /wagmi@|wagmi\.sh/],
  ["wallet connectors", /eth_requestAccounts/],
  ["siwe", /wants you to sign in with your Ethereum account/],
  ["secp256k1 (viem accounts)", /secp256k1/],
];
const WALLET_SIGNATURES = new Set(["wagmi", "wallet connectors", "siwe", "secp256k1 (viem accounts)"]);

function describeChunk(source) {
  return SIGNATURES.filter(([, re]) => re.test(source)).map(([name]) => name);
}

function isScript(response) {
  const type = response.request().resourceType();
  const url = new URL(response.url());
  return type === "script" || url.pathname.endsWith(".js");
}

/** Every script a first visit (empty cache) downloads, until the network has been idle for a moment. */
async function measureJs(browser, origin, page) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const tab = await context.newPage();
  const scripts = new Map();
  const pending = [];
  // Scripts requested after the load event (next/dynamic imports, chunks of prefetched routes) are marked.
  let loaded = false;
  const late = new Set();
  tab.on("request", (request) => {
    if (loaded) late.add(request.url());
  });
  tab.on("response", (response) => {
    if (!isScript(response) || response.status() !== 200) return;
    pending.push(
      response
        .body()
        .then((body) => {
          const url = new URL(response.url());
          const key = url.origin === origin ? url.pathname : url.href;
          scripts.set(key, {
            url: key,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            contains: describeChunk(body.toString("utf8")),
            late: late.has(response.url()),
          });
        })
        .catch(() => {}), // a response whose body went away (navigation): not downloaded in full
    );
  });
  const errors = [];
  tab.on("pageerror", (error) => errors.push(error.message));
  try {
    const response = await tab.goto(origin + page.path, { waitUntil: "load", timeout: 60_000 });
    const status = response?.status() ?? 0;
    if (status === 404) return { status: "missing" };
    if (status !== 200) return { status: "failed", detail: `HTTP ${status}` };
    loaded = true;
    const html = await response.body();
    // Scripts loaded after hydration (next/dynamic, link prefetches) are part of what a visit downloads.
    await tab.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
    await tab.waitForTimeout(1_000);
    await Promise.all(pending);
    const list = [...scripts.values()].sort((a, b) => b.gzip - a.gzip);
    return {
      status: "ok",
      gzip: list.reduce((s, c) => s + c.gzip, 0),
      raw: list.reduce((s, c) => s + c.raw, 0),
      // Of which requested after the load event (next/dynamic chunks mounted after hydration, prefetches).
      lateGzip: list.filter((c) => c.late).reduce((s, c) => s + c.gzip, 0),
      chunks: list,
      document: { raw: html.length, gzip: gzipSync(html, { level: 9 }).length },
      errors,
    };
  } catch (error) {
    return { status: "failed", detail: error.message.split("\n")[0] };
  } finally {
    await context.close();
  }
}

// ---- lighthouse ------------------------------------------------------------------------------

/** With --settle: waits until the 1-minute load average is below the limit (or the 15 minutes are up). */
async function settle() {
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

async function runLighthouse(port, url, name) {
  const results = [];
  const load = [];
  for (let i = 0; i < runs; i++) {
    await settle();
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

// ---- bundle analysis (--analyze) -------------------------------------------------------------

// Packages whose presence on a page is worth naming the importer of: schemas and wallet code.
const WATCHED_PACKAGE = /^(zod|viem|wagmi|@wagmi\/[^/]+|@noble\/[^/]+|ox)$/;

/** node_modules/<pkg>/… → a label: the package, or for viem its area (utils, accounts, actions…). */
function packageOf(sourcePath) {
  const match = sourcePath.match(/^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  if (!match) return null;
  const [, name, rest] = match;
  if (name === "viem") return `viem/${rest.replace(/^_(esm|cjs)\//, "").split("/")[0]}`;
  if (name === "next") return "next (framework, react-dom)";
  return name;
}

/**
 * The client code of one route by package (and project folder), from `next analyze export`. Sizes are each
 * module gzipped alone, so they add up to a little more than the chunks' gzip; the nomodule polyfills (which
 * modern browsers skip) are left out.
 */
function analyzeRoute(route) {
  const result = spawnSync(
    process.execPath,
    [nextBin, "analyze", "export", "--dist-dir", analyzeDir, "--route", route],
    { cwd: root, encoding: "utf8", maxBuffer: 512 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] },
  );
  if (result.status !== 0)
    return { error: (result.stderr || "next analyze export failed").trim().split("\n")[0] };
  const records = result.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  // The export can list a part twice (once per group that reaches its chunk): one of each is kept.
  const parts = [
    ...new Map(
      records
        .filter(
          (r) =>
            r.type === "part" &&
            r.route === route &&
            /\/static\/chunks\/[^/]+\.js$/.test(r.filename) &&
            !r.source_path.includes("polyfill-nomodule"),
        )
        .map((r) => [`${r.filename}\0${r.source_path}`, r]),
    ).values(),
  ];
  // Chunks of the bootstrap and of what the route renders load with the page; chunks only in async groups
  // (import(), next/dynamic) load on demand, if ever.
  const firstLoadChunks = new Set(
    records.filter((r) => r.type === "group" && r.kind !== "async").flatMap((g) => g.outputs),
  );
  const first = new Map();
  const onDemand = new Map();
  const clientSources = new Map(); // source path → loaded with the page?
  for (const part of parts) {
    const source = part.source_path.replace("[project]/", "");
    const withPage = firstLoadChunks.has(part.filename);
    clientSources.set(part.source_path, withPage || clientSources.get(part.source_path) === true);
    const label =
      packageOf(source) ??
      `app: ${source
        .split("/")
        .slice(0, source.startsWith("[") ? 1 : 2)
        .join("/")}`;
    const groups = withPage ? first : onDemand;
    groups.set(label, (groups.get(label) ?? 0) + part.compressed_size);
  }
  const sum = (groups) => [...groups.values()].reduce((a, b) => a + b, 0);
  const sorted = (groups) => [...groups].sort((a, b) => b[1] - a[1]);
  // The project's client modules on this route that import a watched package, or the shared schemas, directly.
  const importers = [];
  for (const record of records) {
    if (record.type !== "module" || !record.ident.includes("[app-client]")) continue;
    if (!clientSources.has(record.path) || record.path.includes("node_modules")) continue;
    // "viem (getAddress, isAddress)": the innermost package of each import, with the modules taken from it.
    const byPackage = new Map();
    for (const ident of [...record.dependencies.sync, ...record.dependencies.async]) {
      const dep = ident.replace(/ \[.*$/, "").replace("[project]/", "");
      let label;
      let name;
      const match = dep.match(/^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
      if (match && WATCHED_PACKAGE.test(match[1])) {
        label = packageOf(dep).replace(/^viem\/(utils|errors)$/, "viem");
        name = path.basename(match[2]).replace(/\.[cm]?js$/, "");
      } else if (dep.startsWith("lib/schemas/")) {
        // The shared schemas are what pulls zod (and viem's address checks) into the browser.
        label = "lib/schemas";
        name = path.basename(dep).replace(/\.tsx?$/, "");
      } else continue;
      if (!byPackage.has(label)) byPackage.set(label, new Set());
      byPackage.get(label).add(name);
    }
    if (byPackage.size)
      importers.push({
        file: record.path.replace("[project]/", "") + (clientSources.get(record.path) ? "" : " (on demand)"),
        deps: [...byPackage].map(([label, names]) => `${label} (${[...names].join(", ")})`),
      });
  }
  return {
    total: sum(first),
    groups: sorted(first),
    onDemandTotal: sum(onDemand),
    onDemand: sorted(onDemand),
    importers: importers.sort((a, b) => a.file.localeCompare(b.file)),
  };
}

function printAnalysis(rows) {
  console.log(
    `\nbundle analysis (next analyze, ${analyzeDir}): client code per route, each module gzipped alone ` +
      "(so a little above the chunks' gzip); the nomodule polyfills that modern browsers skip are left out",
  );
  for (const r of rows) {
    const a = r.analysis;
    if (!a) continue;
    if (a.error) {
      console.log(`\n${r.route}: ${a.error}`);
      continue;
    }
    console.log(`\n${r.route}: ${kb(a.total)} kB with the page`);
    for (const [label, size] of a.groups.filter(([, size]) => size >= 512).slice(0, 20))
      console.log(`  ${kb(size).padStart(6)} kB  ${label}`);
    if (a.onDemandTotal > 0)
      console.log(
        `  and ${kb(a.onDemandTotal)} kB on demand: ` +
          a.onDemand
            .filter(([, size]) => size >= 512)
            .slice(0, 8)
            .map(([label, size]) => `${label} ${kb(size)}`)
            .join(", "),
      );
    for (const { file, deps } of a.importers) console.log(`  ${file} imports ${deps.join(", ")}`);
  }
}

// ---- report ----------------------------------------------------------------------------------

const kb = (bytes) => (bytes / 1024).toFixed(1);

function printTable(rows) {
  const header = ["page", "path", "JS gzip kB", "after load", "JS raw kB", "perf", "a11y"];
  const lines = rows.map((r) => {
    if (r.js.status !== "ok") return [r.name, r.path, r.js.status, r.js.detail ?? "", "", "", ""];
    const jsMark = r.path === EXPLORER ? (r.js.gzip / 1024 < TARGET.explorerJsKb ? " PASS" : " BELOW") : "";
    const lh = r.lighthouse;
    const score = (value, target) =>
      value === undefined ? "n/a" : `${value} ${value >= target ? "PASS" : "BELOW"}`;
    return [
      r.name,
      r.path,
      kb(r.js.gzip) + jsMark,
      kb(r.js.lateGzip),
      kb(r.js.raw),
      lh?.error ? "error" : score(lh?.performance, TARGET.performance),
      lh?.error ? "error" : score(lh?.accessibility, TARGET.accessibility),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const fmt = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join("  ");
  console.log(fmt(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(fmt(line));
  console.log(
    "JS gzip: every script a first visit downloads until the network is idle; after load: the part of it " +
      "requested after the load event (chunks mounted after hydration, prefetches)",
  );
  console.log(
    `targets: explorer JS < ${TARGET.explorerJsKb} kB gzip; performance ≥ ${TARGET.performance}; accessibility ≥ ${TARGET.accessibility} ` +
      `(Lighthouse mobile, simulated throttling${runs > 1 ? `, median of ${runs} runs` : ""})`,
  );
  const indexes = rows.map((r) => r.lighthouse?.benchmarkIndex).filter((i) => i !== undefined);
  const loads = rows.map((r) => r.lighthouse?.loadAverage).filter((l) => l !== undefined);
  const cores = os.availableParallelism();
  // Lighthouse's 4× CPU slowdown assumes a benchmark index of about 1000 or more and a machine to itself.
  if (indexes.length && (Math.min(...indexes) < 1000 || Math.max(...loads) > cores))
    console.log(
      `note: the machine was slower or busier than Lighthouse assumes (benchmark index ${Math.round(Math.min(...indexes))}–` +
        `${Math.round(Math.max(...indexes))}, ≥ 1000 expected; load average up to ${Math.max(...loads).toFixed(1)} on ${cores} cores): ` +
        "the 4× CPU slowdown then models a slower phone than intended, so performance scores come out low (mostly TBT). " +
        "Rerun on a quiet machine before judging them.",
    );
}

function printDetails(rows) {
  for (const r of rows) {
    if (r.js.status !== "ok") continue;
    console.log(
      `\n${r.name} (${r.path}): ${r.js.chunks.length} scripts, ${kb(r.js.gzip)} kB gzip; ` +
        `HTML ${kb(r.js.document.raw)} kB raw, ${kb(r.js.document.gzip)} kB gzip`,
    );
    for (const c of r.js.chunks.slice(0, topChunks))
      console.log(
        `  ${kb(c.gzip).padStart(6)} kB gzip ${kb(c.raw).padStart(7)} kB raw  ${c.url}${c.late ? " (after load)" : ""}  ${c.contains.join(", ")}`,
      );
    const wallet = r.js.chunks.filter((c) => c.contains.some((x) => WALLET_SIGNATURES.has(x)));
    if (wallet.length)
      console.log(
        `  wallet code: ${wallet.length} chunk(s), ${kb(wallet.reduce((s, c) => s + c.gzip, 0))} kB gzip`,
      );
    for (const e of r.js.errors) console.log(`  page error: ${e}`);
    const lh = r.lighthouse;
    if (lh?.error) console.log(`  lighthouse error: ${lh.error}`);
    else if (lh) {
      console.log(
        `  lighthouse: ${lh.metrics}` +
          (runs > 1
            ? `; perf runs ${lh.perfRuns.join("/")}, TBT ms ${lh.tbtRuns.join("/")}, LCP ms ${lh.lcpRuns.join("/")}`
            : ""),
      );
      console.log(
        `  host: benchmark index ${Math.round(lh.benchmarkIndex)}, load average ${lh.loadAverage.toFixed(1)} on ${os.availableParallelism()} cores; report ${lh.file}`,
      );
      if (lh.failedA11y.length) console.log(`  accessibility audits failed: ${lh.failedA11y.join("; ")}`);
    }
  }
}

// ---- main ------------------------------------------------------------------------------------

async function main() {
  mkdirSync(reportDir, { recursive: true });
  ensureBuiltInto(distDir, { log });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  log(`starting the server on ${origin} (fresh database in ${path.relative(root, dataDir)})…`);
  const server = await startServer(port);
  for (const signal of ["SIGINT", "SIGTERM"])
    process.once(signal, () => void server.stop().then(() => process.exit(130)));
  const rows = [];
  try {
    const pages = await pagesToMeasure(origin);
    const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
    try {
      for (const page of pages) {
        log(`JavaScript of ${page.path}…`);
        rows.push({ ...page, js: await measureJs(browser, origin, page) });
      }
    } finally {
      await browser.close();
    }
    const chrome = await launchChrome({ chromePath, chromeFlags: [...chromeFlags, "--headless=new"] });
    try {
      for (const row of rows) {
        if (row.js.status !== "ok") continue;
        log(`Lighthouse on ${row.path}${runs > 1 ? ` (${runs} runs)` : ""}…`);
        try {
          row.lighthouse = await runLighthouse(chrome.port, origin + row.path, row.name);
        } catch (error) {
          row.lighthouse = { error: error.message.split("\n")[0] };
        }
      }
    } finally {
      await chrome.kill();
    }
  } finally {
    await server.stop();
  }
  // A page that could not be loaded, or audited, fails the run; a missing one (404) does not.
  const failed = rows.some((row) => row.js.status === "failed" || row.lighthouse?.error);
  printTable(rows);
  if (topChunks > 0) printDetails(rows);
  if (args.analyze) {
    ensureBuiltInto(analyzeDir, {
      marker: "diagnostics/analyze",
      nextArgs: ["analyze", "--output", "--experimental-app-only"],
      what: "analysing the bundles",
      log,
    });
    for (const row of rows) if (row.js.status === "ok") row.analysis = analyzeRoute(row.route);
    printAnalysis(rows);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
