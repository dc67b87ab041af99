import { issueNonceEndpoint } from "@/lib/api/endpoints/issue-nonce";
import { routeOf } from "@/lib/api/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(issueNonceEndpoint);
