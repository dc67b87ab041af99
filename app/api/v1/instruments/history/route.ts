import { getInstrumentHistoriesEndpoint } from "@/lib/api/endpoints/get-instrument-histories";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getInstrumentHistoriesEndpoint);
