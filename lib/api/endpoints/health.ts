import { defineEndpoint } from "@/lib/api/endpoint";
import { getHealth } from "@/lib/domain/health/get-health";
import { healthSchema } from "@/lib/schemas/health";

// GET /health – data mode and per-chain sync state; while the database is down, 503 saying why
export const getHealthEndpoint = defineEndpoint({
  method: "GET",
  path: "/health",
  operationId: "getHealth",
  summary: "Data mode and per-chain sync state",
  tags: ["Service"],
  auth: "open",
  explainsFaults: true,
  responses: { 200: healthSchema },
  errors: [],
  handler: ({ services }) => getHealth({ database: services.database, now: services.now() }),
});
