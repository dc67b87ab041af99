import { listInstrumentsEndpoint } from "@/lib/api/endpoints/list-instruments";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(listInstrumentsEndpoint);
