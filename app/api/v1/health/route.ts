import { getHealth } from "@/lib/health/get-health";
import { defineRoute } from "@/lib/http/with-api";

// GET /health – data mode and per-chain sync state; while the database is down, 503 saying why
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/health", {
  GET: {
    auth: "open",
    explainsFaults: true,
    handler: async ({ services }) => getHealth({ database: services.database, now: services.now() }),
  },
});
