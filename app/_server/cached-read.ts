import "server-only";
import type { Services } from "@/lib/api/services";
import type { CacheSource } from "@/lib/machinery/cache/cache-sources";

const utf8 = new TextDecoder();

/**
 * A page's catalog read through the API's response cache (lib/machinery/cache/response-cache.ts): kept
 * until a write of one of `sources`, what `read` reads, clears it (or, on a shared database, for a few
 * seconds), within the same byte budget, one computation at a time per key. The value comes back as
 * JSON gives it, exactly as the browser's own API requests would see it. `key` names the read and
 * everything it depends on.
 */
export async function cachedPageRead<T>(services: Services, key: string, sources: readonly CacheSource[], read: () => Promise<T>): Promise<T> {
  return JSON.parse(utf8.decode(await services.responses.getOrCreate(`page ${key}`, sources, read))) as T;
}
