import "server-only";
import { defineEndpoint } from "@/lib/api/http/endpoint";
import { getHealth } from "@/lib/domain/health/get-health";
import { healthSchema } from "@/lib/schemas/health";

// GET /health – data mode and per-chain sync state; while the database is down, 503 saying why
export const getHealthEndpoint = defineEndpoint({
  method: "GET",
  path: "/health",
  operationId: "getHealth",
  summary: "Data mode and per-chain sync state",
  description:
    'mode is "demo" until a sync has read real figures, then "live"; per chain the RPC it is read through, the last successful sync and the last error. ' +
    "While the database is unavailable: 503 SERVICE_UNAVAILABLE with the driver's own words in details.cause.",
  tag: "Service",
  auth: "open",
  explainsFaults: true,
  responses: { 200: healthSchema },
  errors: [],
  example: {},
  handler: ({ services }) => getHealth({ database: services.database, now: services.now() }),
});
