// The bench:web report: a table of pages against the targets, then each page's details.
import os from "node:os";
import { EXPLORER, WALLET_SIGNATURES } from "./pages.mjs";

export const TARGET = { explorerJsKb: 160, performance: 95, accessibility: 100 };

export const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The chunks of a visit that hold wallet code (wagmi, its connectors, sign-in, viem's accounts). */
const walletChunks = (js) => js.chunks.filter((c) => c.contains.some((x) => WALLET_SIGNATURES.has(x)));

/** Which of the targets a page misses (an empty list: it meets them all). */
function missedTargets(r) {
  const missed = [];
  if (r.path === EXPLORER && r.js.served / 1024 >= TARGET.explorerJsKb) missed.push(`JS ≥ ${TARGET.explorerJsKb} kB`);
  if (walletChunks(r.js).length > 0) missed.push("wallet code");
  const lh = r.lighthouse;
  if (!lh || lh.error) missed.push("no Lighthouse scores");
  else {
    if (lh.performance < TARGET.performance) missed.push(`perf < ${TARGET.performance}`);
    if (lh.accessibility < TARGET.accessibility) missed.push(`a11y < ${TARGET.accessibility}`);
  }
  return missed;
}

/** The table of pages, the targets, and a note when the machine was too busy for Lighthouse's scores to mean much. */
export function printTable(rows, { runs, cpu }) {
  const header = ["page", "path", "JS served kB", "after load", "JS gzip kB", "JS raw kB", "wallet kB", "perf", "a11y", "meets target"];
  const lines = rows.map((r) => {
    if (r.js.status !== "ok") return [r.name, r.path, r.js.status, r.js.detail ?? "", "", "", "", "", "", "no"];
    const lh = r.lighthouse;
    const score = (value) => (lh?.error ? "error" : value === undefined ? "n/a" : String(value));
    const missed = missedTargets(r);
    return [
      r.name,
      r.path,
      `${kb(r.js.served)} ${r.js.encodings.join("+")}`,
      kb(r.js.lateServed),
      kb(r.js.gzip),
      kb(r.js.raw),
      kb(walletChunks(r.js).reduce((s, c) => s + c.served, 0)),
      score(lh?.performance),
      score(lh?.accessibility),
      missed.length === 0 ? "yes" : `no: ${missed.join(", ")}`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const fmt = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join("  ");
  console.log(fmt(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(fmt(line));
  console.log(
    "JS served: every script a first visit downloads until the network is idle, in bytes as they crossed the wire " +
      "(the encoding the server chose for Chromium); after load: the part of it requested after the load event " +
      "(chunks mounted after hydration, prefetches); JS gzip: the same scripts at gzip level 9, for comparison " +
      "with earlier figures and other servers; JS raw: uncompressed",
  );
  console.log(
    `targets: explorer JS < ${TARGET.explorerJsKb} kB as served; no wallet code before a wallet is used (wallet kB 0.0); ` +
      `performance ≥ ${TARGET.performance} and accessibility ${TARGET.accessibility} on every page ` +
      `(Lighthouse mobile, simulated throttling${runs > 1 ? `, median of ${runs} runs` : ", one run"})`,
  );
  const indexes = rows.map((r) => r.lighthouse?.benchmarkIndex).filter((i) => i !== undefined);
  const loads = rows.map((r) => r.lighthouse?.loadAverage).filter((l) => l !== undefined);
  const cores = os.availableParallelism();
  if (indexes.length)
    console.log(
      `host: load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${cores} cores (each page's highest over its runs), ` +
        `benchmark index ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}`,
    );
  const slowdowns = rows.flatMap((r) => r.lighthouse?.cpuSlowdowns ?? []);
  if (slowdowns.length)
    console.log(
      cpu === "calibrated"
        ? `CPU slowdown calibrated before each run from the host's benchmark index (Lighthouse's calculator): ` +
            `${Math.min(...slowdowns).toFixed(2)}×–${Math.max(...slowdowns).toFixed(2)}× (Lighthouse's constant default: 4×, --cpu=4)`
        : `CPU slowdown ${cpu}× on every run (--cpu=calibrated derives it from the host's benchmark index)`,
    );
  // A constant slowdown models the intended phone only on a host of the speed it assumes.
  if (cpu !== "calibrated" && indexes.length && (Math.min(...indexes) < 1300 || Math.max(...indexes) > 1800))
    console.log(
      `note: at a benchmark index of ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))} a ${cpu}× slowdown ` +
        "does not model the phone Lighthouse's mobile preset stands for (4× is meant for an index of about 1,500): " +
        "compare scores only between runs on hosts of similar speed, or use --cpu=calibrated.",
    );
  if (indexes.length && Math.max(...loads) > cores)
    console.log(
      `note: the machine was busy (load average up to ${Math.max(...loads).toFixed(1)} on ${cores} cores): ` +
        "other work competes with the page during a run, so scores come out low; rerun on a quiet machine (--settle).",
    );
}

/** Per page: its biggest scripts (`topChunks`), its wallet code, errors, and Lighthouse's metrics. */
export function printDetails(rows, { runs, topChunks }) {
  for (const r of rows) {
    if (r.js.status !== "ok") continue;
    console.log(
      `\n${r.name} (${r.path}): ${r.js.chunks.length} scripts, ${kb(r.js.served)} kB served (${r.js.encodings.join("+")}), ${kb(r.js.gzip)} kB gzip; ` +
        `HTML ${kb(r.js.document.served)} kB served (${r.js.document.encoding}), ${kb(r.js.document.gzip)} kB gzip, ${kb(r.js.document.raw)} kB raw`,
    );
    for (const c of r.js.chunks.slice(0, topChunks))
      console.log(
        `  ${kb(c.served).padStart(6)} kB ${c.encoding.padEnd(4)} ${kb(c.gzip).padStart(6)} kB gzip ${kb(c.raw).padStart(7)} kB raw  ${c.url}${c.late ? " (after load)" : ""}  ${c.contains.join(", ")}`,
      );
    const wallet = walletChunks(r.js);
    if (wallet.length)
      console.log(
        `  wallet code: ${wallet.length} chunk(s), ${kb(wallet.reduce((s, c) => s + c.served, 0))} kB served`,
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
        `  host: benchmark index ${Math.round(lh.benchmarkIndex)}, CPU slowdown ${lh.cpuSlowdowns.map((x) => x.toFixed(2)).join("/")}×, load average ${lh.loadAverage.toFixed(1)} on ${os.availableParallelism()} cores; report ${lh.file}`,
      );
      if (lh.failedA11y.length) console.log(`  accessibility audits failed: ${lh.failedA11y.join("; ")}`);
    }
  }
}
