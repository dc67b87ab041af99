import { createOperatorKeyEndpoint } from "@/lib/api/endpoints/create-operator-key";
import { routeOf } from "@/lib/api/http/route";
import { isOperatorRequest } from "@/lib/api/operator";

// Without the operator secret, the same answer as any unknown path (lib/api/operator.ts).
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(createOperatorKeyEndpoint, { hiddenUnless: isOperatorRequest });
