import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_HEADERS } from "@/lib/facts/http.mjs";
import { fixture } from "../support/api";

// The build's scripts and stylesheets as a browser gets them (scripts/lib/static-brotli.mjs): Brotli
// when the request accepts it, Next's gzip otherwise, the same bytes once decoded, cached for a year.

interface Exchange {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string>, method = "GET"): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    // The path goes out as written (new URL() would resolve "..").
    const { hostname, port } = new URL(fixture().baseUrl);
    const request = http.request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

let scripts: string[] = [];
let stylesheets: string[] = [];
/** Scripts only browsers without modules run (Next's polyfills): no current browser loads them. */
let noModuleScripts = new Set<string>();

beforeAll(async () => {
  const page = await get("/", { "accept-encoding": "identity" });
  const html = page.body.toString("utf8");
  const sizes = new Map<string, number>();
  for (const [, path] of html.matchAll(/src="(\/_next\/static\/[^"?]+\.js)"/g))
    sizes.set(path!, (await get(path!, { "accept-encoding": "identity" })).body.length);
  scripts = [...sizes.keys()].sort((a, b) => sizes.get(a)! - sizes.get(b)!);
  stylesheets = [...new Set([...html.matchAll(/href="(\/_next\/static\/[^"?]+\.css)"/g)].map((m) => m[1]!))];
  noModuleScripts = new Set(
    [...html.matchAll(/<script[^>]*>/g)].filter(([tag]) => /\bnomodule\b/i.test(tag)).map(([tag]) => tag.match(/src="([^"?]+)/)?.[1] ?? ""),
  );
});

/** A script big enough for Next to gzip (it leaves answers under 1 kB as they are). */
const biggestScript = () => scripts.at(-1)!;

describe("scripts and stylesheets", () => {
  it("the explorer's page names scripts and a stylesheet of the build", () => {
    expect(scripts.length).toBeGreaterThan(3);
    expect(stylesheets.length).toBeGreaterThan(0);
  });

  it("are sent with Brotli to a browser that accepts it: the same bytes, smaller than gzip, cached for a year", async () => {
    for (const [path, type] of [
      ...scripts.map((p) => [p, "application/javascript; charset=UTF-8"] as const),
      ...stylesheets.map((p) => [p, "text/css; charset=UTF-8"] as const),
    ]) {
      const plain = await get(path, { "accept-encoding": "identity" });
      expect(plain.status, path).toBe(200);
      expect(plain.headers["content-encoding"], path).toBeUndefined();

      const br = await get(path, { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(br.status, path).toBe(200);
      expect(br.headers, path).toMatchObject({
        "content-encoding": "br",
        "content-type": type,
        "content-length": String(br.body.length),
        "cache-control": "public, max-age=31536000, immutable",
        vary: "Accept-Encoding",
        ...lowerCased(PAGE_HEADERS),
      });
      expect(brotliDecompressSync(br.body).equals(plain.body), path).toBe(true);

      // (Next leaves answers under 1 kB as they are.)
      const gzip = await get(path, { "accept-encoding": "gzip" });
      const gzipped = gzip.headers["content-encoding"] === "gzip";
      expect(gzipped || plain.body.length < 1024, path).toBe(true);
      expect((gzipped ? gunzipSync(gzip.body) : gzip.body).equals(plain.body), path).toBe(true);
      if (plain.body.length > 10_000) expect(br.body.length, path).toBeLessThan(gzip.body.length);
    }
  });

  it("the scripts a page loads with its HTML open with V8's compile hint, in every encoding", async () => {
    // (scripts/lib/compile-hints.mjs: their functions compile while they stream in, off the main thread.)
    const loaded = scripts.filter((path) => !noModuleScripts.has(path));
    expect(loaded.length).toBeGreaterThan(3);
    for (const path of loaded) {
      const br = await get(path, { "accept-encoding": "br" });
      expect(brotliDecompressSync(br.body).toString("utf8").startsWith("//# allFunctionsCalledOnLoad\n"), path).toBe(true);
      const plain = await get(path, { "accept-encoding": "identity" });
      expect(plain.body.toString("utf8").startsWith("//# allFunctionsCalledOnLoad\n"), path).toBe(true);
    }
  });

  it("Brotli refused with q=0 (or not offered) gets Next's gzip", async () => {
    const path = biggestScript();
    for (const acceptEncoding of ["br;q=0, gzip", "gzip, deflate", "BR;q=0.0,gzip;q=1"]) {
      const res = await get(path, { "accept-encoding": acceptEncoding });
      expect(res.status, acceptEncoding).toBe(200);
      expect(res.headers["content-encoding"], acceptEncoding).toBe("gzip");
    }
    const withQ = await get(path, { "accept-encoding": "gzip;q=0.8, Br;q=0.5" });
    expect(withQ.headers["content-encoding"]).toBe("br");
  });

  it("a revalidation with the ETag gets 304 without a body; HEAD gets the headers only", async () => {
    const path = scripts[0]!;
    const first = await get(path, { "accept-encoding": "br" });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"br-[\w-]+"$/);
    const again = await get(path, { "accept-encoding": "br", "if-none-match": `W/"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const changed = await get(path, { "accept-encoding": "br", "if-none-match": '"br-something-else"' });
    expect(changed.status).toBe(200);
    const head = await get(path, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
  });

  it("anything else under /_next/static is Next's to answer: ranges, unknown files, paths that climb out", async () => {
    const path = scripts[0]!;
    const range = await get(path, { "accept-encoding": "br", range: "bytes=0-99" });
    expect(range.headers["content-encoding"]).not.toBe("br");
    const missing = await get("/_next/static/chunks/not-a-chunk.js", { "accept-encoding": "br" });
    expect(missing.status).toBe(404);
    const climbing = await get("/_next/static/../../package.json", { "accept-encoding": "br" });
    expect(climbing.headers["content-encoding"]).not.toBe("br");
    expect(climbing.body.toString("utf8")).not.toContain('"name": "yieldgrid"');
    const query = await get(`${path}?v=1`, { "accept-encoding": "br" });
    expect(query.status).toBe(200);
    expect(query.headers["content-encoding"]).toBe("br");
  });
});
