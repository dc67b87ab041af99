import { getApiKeyUsageEndpoint } from "@/lib/api/endpoints/get-api-key-usage";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getApiKeyUsageEndpoint);
