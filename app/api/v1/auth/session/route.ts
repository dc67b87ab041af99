import { deleteSessionEndpoint } from "@/lib/api/endpoints/delete-session";
import { getSessionEndpoint } from "@/lib/api/endpoints/get-session";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf([getSessionEndpoint, deleteSessionEndpoint]);
