import { getInstrumentHistoryEndpoint } from "@/lib/api/endpoints/get-instrument-history";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getInstrumentHistoryEndpoint);
