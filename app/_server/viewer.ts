import "server-only";
import { cookies, headers } from "next/headers";
import { callerLookups, resolveCaller, type Caller } from "@/lib/api/http/caller";
import type { Environment } from "@/lib/facts/chains";
import { requestOrigin } from "@/lib/api/http/origin";
import { getServices } from "@/lib/api/services";
import { COOKIES } from "@/lib/facts/http.mjs";

/**
 * Who views a page that shows `environment`, resolved by the rule the API applies to a request with
 * `X-Yieldgrid-Environment` (lib/api/http/caller.ts): anyone may view live data, test data needs a
 * dashboard session. So a page shows the test environment exactly when the browser's own API
 * requests would be allowed to read it. Null: this viewer may not see that environment.
 */
export async function pageViewer(environment: Environment): Promise<Caller | null> {
  const sessionToken = environment === "test" ? ((await cookies()).get(COOKIES.session)?.value ?? null) : null;
  const services = await getServices();
  const lookups = callerLookups(services);
  const resolution = await resolveCaller(
    "public",
    { apiKey: null, sessionToken, environment, clientAddress: "page", crossSiteRefusal: null },
    // REQUIRE_API_KEY guards the API; the dashboard's pages stay readable, as they were before it.
    { ...lookups, config: { ...lookups.config, requireApiKey: false } },
  );
  return "caller" in resolution ? resolution.caller : null;
}

/** The origin the browser called (lib/api/http/origin.ts, the one the API uses too). */
export async function pageOrigin(): Promise<string> {
  return requestOrigin(await headers());
}
