import { deleteSessionEndpoint, getSessionEndpoint } from "@/lib/api/endpoints/sign-in";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf([getSessionEndpoint, deleteSessionEndpoint]);
