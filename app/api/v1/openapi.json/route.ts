import { defineRoute } from "@/lib/http/with-api";
import { buildOpenApiDocument } from "@/lib/openapi/document";

let document: unknown;

// GET /openapi.json – the OpenAPI 3.1 document, generated from the schemas that validate requests
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/openapi.json", {
  GET: { auth: "open", maxAge: 300, handler: async () => (document ??= buildOpenApiDocument()) },
});
