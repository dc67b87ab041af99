import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args:["--no-sandbox","--headless=new"] });
for (const path of process.argv.slice(2)) for (let i = 0; i < 3; i++) {
const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const p = await ctx.newPage();
await p.addInitScript(() => {
  window.__t = {};
  let tp;
  Object.defineProperty(window, "TURBOPACK", { configurable: true, get() { return tp; }, set(v) { window.__t.firstChunk ??= Math.round(performance.now()); tp = v; } });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__t["lcp"] = Math.round(e.startTime) + " " + (e.element?.tagName ?? ""); }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__t[e.name] = Math.round(e.startTime); }).observe({ type: "paint", buffered: true });
  document.addEventListener("DOMContentLoaded", () => (window.__t.dcl = Math.round(performance.now())));
});
await p.goto("http://127.0.0.1:3999" + path, { waitUntil: "networkidle" });
await p.waitForTimeout(500);
console.log(path, JSON.stringify(await p.evaluate(() => { const n = performance.getEntriesByType("navigation")[0]; return { ...window.__t, reqStart: Math.round(n.requestStart), respStart: Math.round(n.responseStart), respEnd: Math.round(n.responseEnd) }; })));
await ctx.close();
}
await b.close();
