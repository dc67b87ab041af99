import { getProtocolEndpoint } from "@/lib/api/endpoints/get-protocol";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getProtocolEndpoint);
