import { listProtocolsEndpoint } from "@/lib/api/endpoints/protocols";
import { routeOf } from "@/lib/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(listProtocolsEndpoint);
