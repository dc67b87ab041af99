import { revokeApiKeyEndpoint } from "@/lib/api/endpoints/revoke-api-key";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(revokeApiKeyEndpoint);
