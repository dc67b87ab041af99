import { acceptsSecret } from "@/lib/domain/api-keys/api-key-record";
import { hashApiKey, parseApiKey } from "@/lib/domain/api-keys/key-format";
import type { StoredApiKey } from "@/lib/domain/api-keys/key-store";
import type { Auth } from "@/lib/api/endpoint";
import type { Environment } from "@/lib/facts/chains";
import type { Config } from "@/lib/machinery/config";
import { ENVIRONMENT_HEADER } from "@/lib/facts/environment-header";
import { ApiError, badRequest } from "@/lib/api/http/errors";
import { ADDRESS_BUCKET_PREFIX, KEY_BUCKET_PREFIX } from "@/lib/machinery/rate-limit/rate-limiter";
import type { Services } from "@/lib/api/services";
import { findSession } from "../../domain/sign-in/sessions";

/** Who is calling: resolved once per request, for routes and pages alike. */
export type Caller =
  | { kind: "anonymous"; environment: "live"; ip: string }
  | { kind: "key"; environment: Environment; account: string; key: StoredApiKey }
  | { kind: "session"; environment: "test"; account: string };

export type AccountCaller = Extract<Caller, { account: string }>;

/** What a request presents, read from its headers and cookies by the HTTP layer (lib/api/http/request-caller.ts). */
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

/** The lookups of the running services, for routes (lib/api/http/request-caller.ts) and pages (app/_server/viewer.ts). */
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
  const anonymous = { bucket: ADDRESS_BUCKET_PREFIX + credentials.clientAddress, limit: config.rateLimitAnon };
  const presented = credentials.apiKey?.trim();

  if (presented !== undefined) {
    const hash = parseApiKey(presented) ? hashApiKey(presented) : null;
    const record = hash ? await lookups.findKey(hash) : null;
    // The key's current secret, or the one a roll replaced while its grace period lasts.
    if (!hash || !record || !acceptsSecret(record, hash, now))
      return { ...anonymous, refusal: new ApiError("INVALID_API_KEY", "The API key is invalid, expired or revoked") };
    return {
      bucket: KEY_BUCKET_PREFIX + record.id,
      limit: record.type === "test" ? "unlimited" : (record.rateLimit ?? config.rateLimitLive),
      caller: { kind: "key", environment: record.type, account: record.account, key: record },
    };
  }

  if (credentials.crossSiteRefusal) return { ...anonymous, refusal: credentials.crossSiteRefusal };

  // The dashboard reads the test environment with its session: `X-Yieldgrid-Environment: test`.
  const environment = auth === "public" ? credentials.environment : null;
  if (environment !== null && environment !== "live" && environment !== "test")
    return {
      ...anonymous,
      refusal: badRequest(`${ENVIRONMENT_HEADER} must be "live" or "test"`, [{ path: ENVIRONMENT_HEADER, message: 'expected "live" or "test"' }]),
    };

  if (auth === "account" || environment === "test") {
    const account = credentials.sessionToken ? await lookups.findSessionAccount(credentials.sessionToken) : null;
    if (!account)
      return {
        ...anonymous,
        refusal: new ApiError(
          "UNAUTHORIZED",
          environment === "test"
            ? "The test environment needs a test API key, or a dashboard session (sign in with Ethereum)"
            : "Send an API key in the X-API-Key header, or sign in to the dashboard",
        ),
      };
    return { bucket: `session:${account}`, limit: config.rateLimitAnon, caller: { kind: "session", environment: "test", account } };
  }

  if (config.requireApiKey && auth === "public")
    return { ...anonymous, refusal: new ApiError("UNAUTHORIZED", "An API key is required: send it in the X-API-Key header") };
  return { ...anonymous, caller: { kind: "anonymous", environment: "live", ip: credentials.clientAddress } };
}
