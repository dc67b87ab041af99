import "server-only";
// Who is calling: the credentials a request presents (an API key, the dashboard session and the
// environment it asks for, the client's address), resolved to a caller or a refusal, and counted
// against that caller's rate limit before anything else happens. Pages resolve viewers by the same
// rule (app/_server/viewer.ts).
import type { Services } from "@/lib/api/services";
import { acceptsSecret } from "@/lib/domain/api-keys/api-key-record";
import { hashOfPresentedKey } from "@/lib/domain/api-keys/key-format";
import type { StoredApiKey } from "@/lib/domain/api-keys/key-store";
import { findSession } from "@/lib/domain/sign-in/sessions";
import { describeSiweDomains, isCrossSiteRequest } from "@/lib/domain/sign-in/siwe-domains";
import { environments, isEnvironment, type Environment } from "@/lib/facts/chains";
import { COOKIES, HEADERS } from "@/lib/facts/http.mjs";
import type { Config } from "@/lib/machinery/config";
import { ADDRESS_BUCKET_PREFIX, KEY_BUCKET_PREFIX } from "@/lib/machinery/rate-limit/rate-limiter";
import { clientAddress } from "./client-address";
import { readCookie } from "./cookies";
import { ApiError, badRequest } from "./errors";
import { countRequest } from "./rate-limit";
import type { HeaderSink } from "./response-headers";

const environmentList = environments.map((e) => `"${e}"`).join(" or ");

/**
 * Who may call an endpoint. public: data endpoints, anonymous allowed unless REQUIRE_API_KEY, the
 * test environment with a session and `X-Yieldgrid-Environment: test`; open: anonymous always
 * (sign-in, health, the API document); account: an API key or a dashboard session.
 */
export type Auth = "public" | "open" | "account";

/** Who is calling: resolved once per request, for routes and pages alike. */
export type Caller =
  | { kind: "anonymous"; environment: "live"; ip: string }
  | { kind: "key"; environment: Environment; account: string; key: StoredApiKey }
  | { kind: "session"; environment: "test"; account: string };

export type AccountCaller = Extract<Caller, { account: string }>;

/** What a request presents, read from its headers and cookies (`credentialsOf`). */
export interface Credentials {
  /** X-API-Key as sent. */
  apiKey: string | null;
  /** The dashboard session cookie. */
  sessionToken: string | null;
  /** X-Yieldgrid-Environment as sent (read by public endpoints only). */
  environment: string | null;
  /** The rate-limit identity of the client address (lib/api/http/client-address.ts). */
  clientAddress: string;
  /** A write carrying the session cookie from another site's page, refused like a failed key (CSRF). */
  crossSiteRefusal: ApiError | null;
}

export interface CallerLookups {
  config: Pick<Config, "rateLimitAnon" | "rateLimitLive" | "requireApiKey">;
  findKey: (hash: string) => Promise<StoredApiKey | null>;
  findSessionAccount: (token: string) => Promise<string | null>;
  now: Date;
}

/** The lookups of the running services, for routes (`admitCaller`) and pages (app/_server/viewer.ts). */
export const callerLookups = (services: Services): CallerLookups => {
  const now = services.now();
  return {
    config: services.config,
    now,
    findKey: (hash) => services.keys.findByHash(hash),
    findSessionAccount: async (token) => (await findSession({ db: services.db, token, now }))?.address.toLowerCase() ?? null,
  };
};

/**
 * Who the credentials say is calling, and the rate-limit bucket the request counts in. A refusal
 * (401, or 400 for a bad environment header) is counted too, against the client address, which
 * slows down guessing; the caller answers it after counting, so a 429 wins over it.
 */
export type Resolution = { bucket: string; limit: number | "unlimited" } & ({ caller: Caller } | { refusal: ApiError });

export async function resolveCaller(auth: Auth, credentials: Credentials, lookups: CallerLookups): Promise<Resolution> {
  const { config, now } = lookups;
  // Read only for callers counted by their address (anonymous ones and refusals), not on every keyed request.
  const anonymous = () => ({ bucket: ADDRESS_BUCKET_PREFIX + credentials.clientAddress, limit: config.rateLimitAnon });
  const presented = credentials.apiKey?.trim();

  if (presented !== undefined) {
    const hash = hashOfPresentedKey(presented);
    const record = hash ? await lookups.findKey(hash) : null;
    // The key's current secret, or the one a roll replaced while its grace period lasts.
    if (!hash || !record || !acceptsSecret(record, hash, now))
      return { ...anonymous(), refusal: new ApiError("INVALID_API_KEY", "The API key is invalid, expired or revoked") };
    return {
      bucket: KEY_BUCKET_PREFIX + record.id,
      limit: record.type === "test" ? "unlimited" : (record.rateLimit ?? config.rateLimitLive),
      caller: { kind: "key", environment: record.type, account: record.account, key: record },
    };
  }

  if (credentials.crossSiteRefusal) return { ...anonymous(), refusal: credentials.crossSiteRefusal };

  // The dashboard reads the test environment with its session: `X-Yieldgrid-Environment: test`.
  const environment = auth === "public" ? credentials.environment : null;
  if (environment !== null && !isEnvironment(environment))
    return {
      ...anonymous(),
      refusal: badRequest(`${HEADERS.environment} must be ${environmentList}`, [{ path: HEADERS.environment, message: `expected ${environmentList}` }]),
    };

  if (auth === "account" || environment === "test") {
    const account = credentials.sessionToken ? await lookups.findSessionAccount(credentials.sessionToken) : null;
    if (!account)
      return {
        ...anonymous(),
        refusal: new ApiError(
          "UNAUTHORIZED",
          environment === "test"
            ? "The test environment needs a test API key, or a dashboard session (sign in with Ethereum)"
            : `Send an API key in the ${HEADERS.apiKey} header, or sign in to the dashboard`,
        ),
      };
    return { bucket: `session:${account}`, limit: config.rateLimitAnon, caller: { kind: "session", environment: "test", account } };
  }

  if (config.requireApiKey && auth === "public")
    return { ...anonymous(), refusal: new ApiError("UNAUTHORIZED", `An API key is required: send it in the ${HEADERS.apiKey} header`) };
  return { ...anonymous(), caller: { kind: "anonymous", environment: "live", ip: credentials.clientAddress } };
}

/**
 * Which requests of an operation count against the caller's limit: all (every endpoint), none (a CORS
 * preflight only reads the count), or only those refused for their credentials (the MCP endpoint's
 * protocol messages: a bad key still spends its guesser's budget, and each tool call counts on its own
 * as the REST request it is run as).
 */
export type Counting = "all" | "none" | "refusals";

/**
 * The caller of an API request: its credentials read, resolved, counted (as `counting` says) and the
 * rate-limit headers set; a refusal is thrown after counting. A request that is not counted reads the
 * caller's count without adding to it. `onKey` learns a valid key's prefix, for the log line.
 */
export async function admitCaller({
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
  headers: HeaderSink;
  counting: Counting;
  onKey: (prefix: string) => void;
}): Promise<Caller> {
  const { config } = services;
  const lookups = callerLookups(services);
  const { now } = lookups;
  const resolution = await resolveCaller(auth, credentialsOf(request, config), lookups);
  if ("caller" in resolution && resolution.caller.kind === "key") onKey(resolution.caller.key.prefix);
  const { bucket, limit } = resolution;
  const counted = counting === "all" || (counting === "refusals" && "refusal" in resolution);
  await countRequest({ limiter: services.rateLimiter, windowSeconds: config.rateLimitWindowSeconds, headers, bucket, limit, now, counting: counted });
  if ("refusal" in resolution) throw resolution.refusal;
  if (counted && resolution.caller.kind === "key") services.keys.markUsed(resolution.caller.key, now);
  return resolution.caller;
}

function credentialsOf(request: Request, config: Pick<Config, "trustedProxyHops" | "siweDomains">): Credentials {
  const sessionToken = readCookie(request.headers.get("cookie"), COOKIES.session);
  return {
    apiKey: request.headers.get(HEADERS.apiKey),
    sessionToken,
    environment: request.headers.get(HEADERS.environment),
    // Worked out when read: a keyed request never needs it.
    get clientAddress() {
      return clientAddress(request, config.trustedProxyHops);
    },
    crossSiteRefusal: crossSiteSessionWrite(request, sessionToken !== null, config.siweDomains),
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write that carries the dashboard session cookie and comes from another site's page (CSRF) is
 * refused, whatever the endpoint: sign-out, key creation and revocation, and any write added later.
 * Reads, API-key calls (no cookie involved) and requests without Origin and Sec-Fetch-Site (curl, a
 * server: not a browser page) are not affected. Returns the 403 to answer, or null.
 */
function crossSiteSessionWrite(request: Request, carriesSessionCookie: boolean, domains: readonly string[]): ApiError | null {
  if (!carriesSessionCookie || SAFE_METHODS.has(request.method) || !isCrossSiteRequest(request.headers, domains)) return null;
  return new ApiError(
    "FORBIDDEN",
    `Cross-site request refused: a ${request.method} with the dashboard session must come from a page of ${describeSiweDomains(domains)}; ` +
      "from anywhere else, use an API key",
  );
}

/** The keys a caller may see and manage: a key only those of its own environment, a session all of its account's (null). */
export const keyScopeOf = (caller: AccountCaller): Environment | null => (caller.kind === "key" ? caller.key.type : null);
