// How the browser asks a public endpoint for an environment: no server imports here.
import { DEFAULT_ENVIRONMENT, type Environment } from "@/lib/facts/chains";
import { HEADERS } from "@/lib/facts/http.mjs";

/** The headers a browser request sends to read an environment with the dashboard session (none for the default). */
export const environmentRequestHeaders = (environment: Environment): Record<string, string> =>
  environment === DEFAULT_ENVIRONMENT ? {} : { [HEADERS.environment]: environment };
