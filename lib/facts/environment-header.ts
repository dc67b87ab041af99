// Shared by caller resolution (lib/api/http/caller.ts) and the browser's requests: no server imports here.
import type { Environment } from "@/lib/facts/chains";

/** Header with which a dashboard session asks a public endpoint for the test environment. */
export const ENVIRONMENT_HEADER = "x-yieldgrid-environment";

/** The environment a request reads when it does not send the header (and an anonymous caller's only one). */
export const DEFAULT_ENVIRONMENT: Environment = "live";

/** The headers a browser request sends to read an environment with the dashboard session (none for the default). */
export const environmentRequestHeaders = (environment: Environment): Record<string, string> =>
  environment === DEFAULT_ENVIRONMENT ? {} : { [ENVIRONMENT_HEADER]: environment };
