import { getInstrumentEndpoint } from "@/lib/api/endpoints/get-instrument";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getInstrumentEndpoint);
