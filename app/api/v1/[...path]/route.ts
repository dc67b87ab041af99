import { notFound } from "@/lib/http/errors";
import { defineRoute } from "@/lib/http/with-api";

// Any other path under /api/v1 – a 404 in the envelope rather than Next's HTML page
const unknownPath = {
  auth: "public" as const,
  handler: async ({ request }: { request: Request }): Promise<never> => {
    throw notFound(`No endpoint ${new URL(request.url).pathname}; see /api/v1/openapi.json`);
  },
};

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/*", {
  GET: unknownPath,
  POST: unknownPath,
  PUT: unknownPath,
  PATCH: unknownPath,
  DELETE: unknownPath,
});
