import { getOpenApiDocumentEndpoint } from "@/lib/api/endpoints";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getOpenApiDocumentEndpoint);
