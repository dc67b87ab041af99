import { getHealthEndpoint } from "@/lib/api/endpoints/health";
import { routeOf } from "@/lib/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getHealthEndpoint);
