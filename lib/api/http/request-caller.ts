import { callerLookups, resolveCaller, type Caller } from "@/lib/api/http/caller";
import { SESSION_COOKIE } from "@/lib/domain/sign-in/sessions";
import type { Auth } from "@/lib/api/endpoint";
import { ENVIRONMENT_HEADER } from "@/lib/facts/environment-header";
import type { Services } from "@/lib/api/services";
import { clientAddress } from "./client-address";
import { readCookie } from "./cookies";
import { crossSiteSessionWrite } from "./cross-site-session-write";
import { consumeRateLimit } from "./rate-limit-headers";

/**
 * The caller of an API request: its credentials read from the headers and cookies, resolved
 * (lib/api/http/caller.ts), counted and the rate-limit headers set; a refusal is thrown after counting.
 * `counting` false (a CORS preflight) reads the caller's count without adding to it.
 */
export async function requestCaller({
  auth,
  request,
  services,
  headers,
  counting,
  onKey,
}: {
  auth: Auth;
  request: Request;
  services: Services;
  headers: Headers;
  counting: boolean;
  /** Told the prefix of a valid key before it is counted, for the log line. */
  onKey: (prefix: string) => void;
}): Promise<Caller> {
  const { config } = services;
  const lookups = callerLookups(services);
  const { now } = lookups;
  const sessionToken = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  const resolution = await resolveCaller(
    auth,
    {
      apiKey: request.headers.get("x-api-key"),
      sessionToken,
      environment: request.headers.get(ENVIRONMENT_HEADER),
      clientAddress: clientAddress(request, config.trustedProxyHops),
      crossSiteRefusal: crossSiteSessionWrite(request, sessionToken !== null, config.siweDomains),
    },
    lookups,
  );
  if ("caller" in resolution && resolution.caller.kind === "key") onKey(resolution.caller.key.prefix);
  const { bucket, limit } = resolution;
  await consumeRateLimit({ limiter: services.rateLimiter, windowSeconds: config.rateLimitWindowSeconds, headers, bucket, limit, now, counting });
  if ("refusal" in resolution) throw resolution.refusal;
  if (counting && resolution.caller.kind === "key") services.keys.markUsed(resolution.caller.key, now);
  return resolution.caller;
}
