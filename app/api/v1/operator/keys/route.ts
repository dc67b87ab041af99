import { createOperatorKeyEndpoint } from "@/lib/api/endpoints/operator";
import { routeOf } from "@/lib/http/route";
import { unknownPathRoute } from "@/lib/http/unknown-path";
import { isOperatorRequest } from "@/lib/server/operator";

// Without the operator secret, the same answer as any unknown path (lib/server/operator.ts).
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(createOperatorKeyEndpoint, {
  hiddenUnless: isOperatorRequest,
  hiddenAs: unknownPathRoute,
});
