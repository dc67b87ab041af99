import { defineEndpoint } from "@/lib/api/endpoint";
import { getPositions } from "@/lib/positions/get-positions";
import { positionsRequestSchema, positionsResponseSchema } from "@/lib/schemas/positions";

// POST /positions – a wallet's USDC balance and vault positions on one chain
export const getPositionsEndpoint = defineEndpoint({
  method: "POST",
  path: "/positions",
  operationId: "getPositions",
  summary: "A wallet's USDC balance and vault positions",
  description:
    "Balances are read live from the chain in one RPC round trip. Each position carries `priceUsd` (its underlying's USD price at the instrument's last sync, null before one) and `valueUsd`; `totalValueUsd` adds them up (null when any position has no price).",
  tags: ["Positions"],
  auth: "public",
  body: positionsRequestSchema,
  responses: { 200: positionsResponseSchema },
  errors: ["FORBIDDEN", "UPSTREAM_UNAVAILABLE"],
  handler: ({ body, caller, services }) =>
    getPositions({
      db: services.db,
      environment: caller.environment,
      address: body.address,
      chainId: body.chainId,
      defaultChainId: services.config.defaultChainId[caller.environment],
    }),
});
