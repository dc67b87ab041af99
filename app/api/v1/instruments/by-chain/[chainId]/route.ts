import { listInstrumentsByChainEndpoint } from "@/lib/api/endpoints/list-instruments-by-chain";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(listInstrumentsByChainEndpoint);
