// Benchmark baseline (scripts/bench.mjs): a trivial handler answering with the bytes the real endpoint
// gave for the same request, read once from BENCH_BASELINE_DIR/<slot>. Without BENCH_BASELINE_DIR: 404.
// Only benchmark builds have it: next.config.mjs takes `.bench.ts` routes with YIELDGRID_BENCH_ROUTES=1.
import { readFileSync } from "node:fs";
import path from "node:path";
import { benchBaselineDir } from "@/lib/machinery/config";

const dir = benchBaselineDir();
// Kept as text, the way a handler usually answers (`new Response(json)`); the bench checks the bytes match.
const bodies = new Map<string, string | null>();

function bodyOf(slot: string): string | null {
  let body = bodies.get(slot);
  if (body === undefined) {
    try {
      body = dir && /^[a-z0-9-]+$/.test(slot) ? readFileSync(path.join(dir, slot), "utf8") : null;
    } catch {
      body = null;
    }
    bodies.set(slot, body);
  }
  return body;
}

export async function GET(_request: Request, { params }: { params: Promise<{ slot: string[] }> }) {
  const { slot } = await params;
  const body = bodyOf(slot.join("-"));
  if (body === null) return new Response(null, { status: 404 });
  return new Response(body, { headers: { "Content-Type": "application/json; charset=utf-8" } });
}
