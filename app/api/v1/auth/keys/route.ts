import { createApiKeyEndpoint } from "@/lib/api/endpoints/create-api-key";
import { listApiKeysEndpoint } from "@/lib/api/endpoints/list-api-keys";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf([listApiKeysEndpoint, createApiKeyEndpoint]);
