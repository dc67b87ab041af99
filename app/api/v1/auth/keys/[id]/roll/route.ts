import { rollApiKeyEndpoint } from "@/lib/api/endpoints/roll-api-key";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(rollApiKeyEndpoint);
