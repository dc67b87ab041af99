import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { apiKeys } from "@/lib/machinery/db/schema";
import { NotFound } from "@/lib/domain/errors";
import { KEY_BUCKET_PREFIX, type RateLimiter } from "@/lib/machinery/rate-limit/rate-limiter";
import type { ApiKeyType, ApiKeyUsage } from "@/lib/schemas/api-keys";

const HOUR = 3600;
export const USAGE_HOURS = 7 * 24;

/**
 * Requests per hour of one of the account's keys over the last 7 days (168 hours, the current one
 * last), read from the rate limiter's own windows: counting usage costs no write of its own. A
 * window longer than an hour (RATE_LIMIT_WINDOW_SECONDS) counts in the hour it starts.
 */
export async function apiKeyUsage({ db, rateLimiter, account, type, id, now }: { db: Db; rateLimiter: RateLimiter; account: string; type: ApiKeyType | null; id: string; now: Date }): Promise<ApiKeyUsage> {
  const [record] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.account, account.toLowerCase()), type === null ? undefined : eq(apiKeys.type, type)));
  if (!record) throw new NotFound(`No API key ${id}`);

  const currentHour = Math.floor(now.getTime() / 1000 / HOUR) * HOUR;
  const from = currentHour - (USAGE_HOURS - 1) * HOUR;
  const requests = new Array<number>(USAGE_HOURS).fill(0);
  for (const { windowStart, count } of await rateLimiter.countsSince(KEY_BUCKET_PREFIX + record.id, from)) {
    const index = Math.floor((windowStart - from) / HOUR);
    if (index >= 0 && index < USAGE_HOURS) requests[index]! += count;
  }
  return {
    id: record.id,
    interval: "hour",
    from: new Date(from * 1000).toISOString(),
    to: new Date((currentHour + HOUR) * 1000).toISOString(),
    total: requests.reduce((sum, n) => sum + n, 0),
    points: requests.map((count, i) => ({ timestamp: new Date((from + i * HOUR) * 1000).toISOString(), requests: count })),
  };
}
