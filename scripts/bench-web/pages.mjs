// What a first visit to each page downloads: every script until the network is idle (gzip and raw,
// and what each holds as far as its text tells), in a mobile-sized Chromium tab with an empty cache.
import { gzipSync } from "node:zlib";

export const EXPLORER = "/";

/** Pages of the API reference with a route of their own; the others are groups' pages of /docs/[group]. */
const OWN_ROUTE_REFERENCE_PAGES = new Set(["/docs/mcp"]);

/** The API reference's pages besides the overview (/docs/instruments, …, /docs/mcp), as the overview's contents link them. */
async function referenceGroupPages(origin) {
  const res = await fetch(`${origin}/docs`);
  if (!res.ok) throw new Error(`GET /docs answered ${res.status}`);
  const paths = [...new Set([...(await res.text()).matchAll(/href="(\/docs\/[a-z0-9-]+)"/g)].map((m) => m[1]))];
  if (paths.length === 0) throw new Error("/docs links to no group page");
  return paths.map((path) => ({ name: path.slice(1), path, route: OWN_ROUTE_REFERENCE_PAGES.has(path) ? path : "/docs/[group]" }));
}

/**
 * The pages to measure (an instrument page for the first instrument listed, every page of the API
 * reference); `only`: some of them, by path or name ("docs/*": every page of the reference).
 */
export async function pagesToMeasure(origin, only) {
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
    ...(await referenceGroupPages(origin)),
  ];
  if (!only) return all;
  const wanted = only.split(",").map((s) => s.trim());
  return all.filter(
    (p) =>
      wanted.includes(p.path) ||
      wanted.includes(p.name) ||
      (wanted.includes("docs/*") && p.path.startsWith("/docs")) ||
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
export const WALLET_SIGNATURES = new Set(["wagmi", "wallet connectors", "siwe", "secp256k1 (viem accounts)"]);

function describeChunk(source) {
  return SIGNATURES.filter(([, re]) => re.test(source)).map(([name]) => name);
}

function isScript(response) {
  const type = response.request().resourceType();
  const url = new URL(response.url());
  return type === "script" || url.pathname.endsWith(".js");
}

/** Every script a first visit (empty cache) downloads, until the network has been idle for a moment. */
export async function measureJs(browser, origin, page) {
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
      Promise.all([response.body(), response.request().sizes()])
        .then(([body, sizes]) => {
          const url = new URL(response.url());
          const key = url.origin === origin ? url.pathname : url.href;
          scripts.set(key, {
            url: key,
            raw: body.length,
            // What crossed the wire: the body in the encoding the server chose for this browser.
            served: sizes.responseBodySize,
            encoding: response.headers()["content-encoding"] ?? "identity",
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
    const documentSizes = await response.request().sizes();
    // Scripts loaded after hydration (next/dynamic, link prefetches) are part of what a visit downloads.
    await tab.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
    await tab.waitForTimeout(1_000);
    await Promise.all(pending);
    const list = [...scripts.values()].sort((a, b) => b.served - a.served);
    return {
      status: "ok",
      served: list.reduce((s, c) => s + c.served, 0),
      encodings: [...new Set(list.map((c) => c.encoding))],
      gzip: list.reduce((s, c) => s + c.gzip, 0),
      raw: list.reduce((s, c) => s + c.raw, 0),
      // Of which requested after the load event (next/dynamic chunks mounted after hydration, prefetches).
      lateServed: list.filter((c) => c.late).reduce((s, c) => s + c.served, 0),
      chunks: list,
      document: {
        raw: html.length,
        served: documentSizes.responseBodySize,
        encoding: response.headers()["content-encoding"] ?? "identity",
        gzip: gzipSync(html, { level: 9 }).length,
      },
      errors,
    };
  } catch (error) {
    return { status: "failed", detail: error.message.split("\n")[0] };
  } finally {
    await context.close();
  }
}
