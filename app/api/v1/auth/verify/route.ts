import { verifySiweEndpoint } from "@/lib/api/endpoints/verify-siwe";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(verifySiweEndpoint);
