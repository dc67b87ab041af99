import { badRequest, notFound } from "./errors";
import { defineRoute } from "./with-api";

const MALFORMED_ESCAPE = /%(?![0-9a-fA-F]{2})/;

// Any other path under /api/v1 – a 404 in the envelope rather than Next's HTML page. Paths with a
// malformed %-escape are rewritten here too (next.config.mjs) and get a 400.
const unknownPath = {
  auth: "public" as const,
  handler: async ({ request }: { request: Request }): Promise<never> => {
    const { pathname } = new URL(request.url);
    if (MALFORMED_ESCAPE.test(pathname)) throw badRequest("The path contains a malformed percent-escape", [{ path: "path", message: "malformed percent-escape" }]);
    throw notFound(`No endpoint ${pathname}; see /api/v1/openapi.json`);
  },
};

/** The catch-all route app/api/v1/[...path]: every method of an unknown path is a 404 (OPTIONS a preflight). */
export const unknownPathRoute = defineRoute(
  "/*",
  { GET: unknownPath, POST: unknownPath, PUT: unknownPath, PATCH: unknownPath, DELETE: unknownPath },
  { otherMethods: unknownPath },
);
