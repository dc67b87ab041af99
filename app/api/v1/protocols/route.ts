import { listProtocolsEndpoint } from "@/lib/api/endpoints/list-protocols";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(listProtocolsEndpoint);
