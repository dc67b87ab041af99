import { unknownPathRoute } from "@/lib/http/unknown-path";

// Any other path under /api/v1 – a 404 in the envelope (lib/http/unknown-path.ts).
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = unknownPathRoute;
