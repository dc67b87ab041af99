import { PAGE_HEADERS } from "./lib/facts/http.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Benchmark-only routes (app/api/bench-baseline/…/route.bench.ts) exist only in the benchmarks' own
  // builds (scripts/lib/next-app.mjs sets YIELDGRID_BENCH_ROUTES=1), never in the production build.
  // This file and instrumentation.ts read process.env themselves: Next reads them before lib/machinery/config.ts exists.
  pageExtensions: process.env.YIELDGRID_BENCH_ROUTES === "1" ? ["bench.ts", "tsx", "ts", "jsx", "js"] : ["tsx", "ts", "jsx", "js"],
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm run typecheck` checks the whole project (tests and scripts too) in CI; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  // Next answers a path with a malformed %-escape under a dynamic segment with a plain-text 500 before
  // any handler runs; sending such paths to the catch-all lets it answer 400 in the envelope.
  // Everything outside the API gets the pages' security headers (lib/facts/http.mjs says why); API
  // routes set their own (lib/api/http/handle-request.ts).
  async headers() {
    return [{ source: "/((?!api/).*)", headers: Object.entries(PAGE_HEADERS).map(([key, value]) => ({ key, value })) }];
  },
  async rewrites() {
    return {
      beforeFiles: [{ source: "/api/v1/:bad(.*%(?![0-9a-fA-F]{2}).*)", destination: "/api/v1/malformed-path" }],
    };
  },
};

export default nextConfig;
