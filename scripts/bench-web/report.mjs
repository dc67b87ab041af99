// The bench:web report: a table of pages against the targets, then each page's details.
import os from "node:os";
import { EXPLORER, WALLET_SIGNATURES } from "./pages.mjs";

export const TARGET = { explorerJsKb: 180, performance: 90, accessibility: 95 };

export const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The table of pages, the targets, and a note when the machine was too busy for Lighthouse's scores to mean much. */
export function printTable(rows, { runs }) {
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

/** Per page: its biggest scripts (`topChunks`), its wallet code, errors, and Lighthouse's metrics. */
export function printDetails(rows, { runs, topChunks }) {
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
