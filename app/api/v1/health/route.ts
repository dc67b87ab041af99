import { getHealth } from "@/lib/health/get-health";
import { defineRoute } from "@/lib/http/with-api";

// GET /health – data mode and per-chain sync state
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/health", {
  GET: { auth: "open", handler: async ({ services }) => getHealth({ database: services.database, now: services.now() }) },
});
