import { listProtocolVersionsEndpoint } from "@/lib/api/endpoints/list-protocol-versions";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(listProtocolVersionsEndpoint);
