import { environments, type Environment } from "./chains";

// What an API key looks like: `yg_sk_`, its environment, `_`, then the secret. Browser-safe: the
// docs page and the dashboard name the prefixes too.

/** The prefix of a key of `environment`: yg_sk_test_ or yg_sk_live_. */
export const apiKeyPrefixOf = (environment: Environment) => `yg_sk_${environment}_` as const;

/** The prefixes written for a reader: "yg_sk_live_…". */
export const apiKeyPrefixExample = (environment: Environment) => `${apiKeyPrefixOf(environment)}…`;

/** A key as sent in X-API-Key: type prefix, 43 random base62 characters, a 6-character base62 checksum. */
export const API_KEY_PATTERN = new RegExp(`^yg_sk_(${environments.join("|")})_([0-9A-Za-z]{43})([0-9A-Za-z]{6})$`);
