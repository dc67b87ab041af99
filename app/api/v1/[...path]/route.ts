import { unknownPathRoute } from "@/lib/api/http/route";

// Any other path under /api/v1 – a 404 in the envelope (lib/api/http/route.ts).
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = unknownPathRoute;
