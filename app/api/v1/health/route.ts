import { getHealthEndpoint } from "@/lib/api/endpoints/get-health";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getHealthEndpoint);
