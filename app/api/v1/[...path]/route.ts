import { apiEndpoints, hiddenEndpoints } from "@/lib/api/endpoints";
import { apiRoutes } from "@/lib/api/http/route";

// Every path under /api/v1: the registry's endpoints, each method answered (lib/api/http/route.ts).
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(apiEndpoints, hiddenEndpoints);
