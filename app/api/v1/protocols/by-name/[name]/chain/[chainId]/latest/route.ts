import { getLatestProtocolVersionEndpoint } from "@/lib/api/endpoints/get-latest-protocol-version";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getLatestProtocolVersionEndpoint);
