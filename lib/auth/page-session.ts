import { cookies } from "next/headers";
import { getServices } from "@/lib/server/services";
import { findSession, SESSION_COOKIE } from "./sessions";

/**
 * The dashboard session of the request a server component renders, or null: the same check the API
 * makes for `X-Yieldgrid-Environment: test` (lib/http/with-api.ts), so a page shows the test
 * environment exactly when the browser's own requests would be allowed to read it.
 */
export async function pageSession() {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const { db, now } = await getServices();
  return findSession({ db, token, now: now() });
}
