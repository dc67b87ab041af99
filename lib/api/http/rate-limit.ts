import "server-only";
import type { Config } from "@/lib/machinery/config";
import { windowOf, type RateLimiter } from "@/lib/machinery/rate-limit/rate-limiter";
import { HEADERS } from "@/lib/facts/http.mjs";
import { ApiError } from "./errors";
import type { HeaderSink } from "./response-headers";

// Every response carries X-RateLimit-Limit, -Remaining and -Reset, errors included.

/**
 * Counts one request in `bucket` (or, for a CORS preflight, only reads the count) and sets the
 * headers; throws 429 when over. The limit and the window's end are set before the count is read,
 * so a 503 from a database that fails to count still carries them (without Remaining).
 */
export async function countRequest({
  limiter,
  windowSeconds,
  headers,
  bucket,
  limit,
  now,
  counting,
}: {
  limiter: RateLimiter;
  windowSeconds: number;
  headers: HeaderSink;
  bucket: string;
  limit: number | "unlimited";
  now: Date;
  counting: boolean;
}) {
  const windowEnd = windowOf(now, windowSeconds).end;
  if (limit === "unlimited") {
    headers.set(HEADERS.rateLimitLimit, "unlimited");
    headers.set(HEADERS.rateLimitRemaining, "unlimited");
    headers.set(HEADERS.rateLimitReset, String(windowEnd));
    // Unlimited (test) keys are still counted: their windows are the key's usage (GET /auth/keys/{id}/usage).
    if (counting) await limiter.consume(bucket, Number.MAX_SAFE_INTEGER, now);
    return;
  }
  headers.set(HEADERS.rateLimitLimit, String(limit));
  headers.set(HEADERS.rateLimitReset, String(windowEnd));
  const result = counting ? await limiter.consume(bucket, limit, now) : await limiter.peek(bucket, limit, now);
  headers.set(HEADERS.rateLimitLimit, String(result.limit));
  headers.set(HEADERS.rateLimitRemaining, String(result.remaining));
  headers.set(HEADERS.rateLimitReset, String(result.resetAt));
  if (!result.allowed && counting) {
    const retryAfter = Math.max(1, result.resetAt - Math.floor(now.getTime() / 1000));
    throw new ApiError(
      "RATE_LIMIT_EXCEEDED",
      `Rate limit of ${result.limit} requests per window exceeded; retry after ${retryAfter} s`,
      { limit: result.limit, resetAt: new Date(result.resetAt * 1000).toISOString() },
      { [HEADERS.retryAfter]: String(retryAfter) },
    );
  }
}

/**
 * The database is down before the caller's count could be read: an anonymous caller's limit and the
 * window's end are still known, its remaining count is not (so X-RateLimit-Remaining is left out).
 */
export function setKnownLimitHeaders(request: Request, headers: HeaderSink, config: Pick<Config, "rateLimitAnon" | "rateLimitWindowSeconds">) {
  if (headers.has(HEADERS.rateLimitLimit) || request.headers.has(HEADERS.apiKey)) return;
  headers.set(HEADERS.rateLimitLimit, String(config.rateLimitAnon));
  headers.set(HEADERS.rateLimitReset, String(windowOf(new Date(), config.rateLimitWindowSeconds).end));
}
