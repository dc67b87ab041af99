import { getPositionsEndpoint } from "@/lib/api/endpoints/get-positions";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getPositionsEndpoint);
