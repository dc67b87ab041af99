import { badRequest, notFound } from "./errors";
import type { Operation } from "./handle-request";
import { routeFor } from "./route";

const MALFORMED_ESCAPE = /%(?![0-9a-fA-F]{2})/;

// Any other path under /api/v1 – a 404 in the envelope rather than Next's HTML page. Paths with a
// malformed %-escape are rewritten here too (next.config.mjs) and get a 400.
const unknownPath: Operation = {
  route: "/*",
  auth: "public",
  counting: true,
  run: async ({ request }) => {
    const { pathname } = new URL(request.url);
    if (MALFORMED_ESCAPE.test(pathname)) throw badRequest("The path contains a malformed percent-escape", [{ path: "path", message: "malformed percent-escape" }]);
    throw notFound(`No endpoint ${pathname}; see /api/v1/openapi.json`);
  },
};

/** The catch-all route app/api/v1/[...path]: every method of an unknown path is a 404 (OPTIONS a preflight). */
export const unknownPathRoute = routeFor(
  "/*",
  new Map(["GET", "POST", "PUT", "PATCH", "DELETE"].map((method) => [method, unknownPath])),
  { otherMethods: unknownPath },
);
