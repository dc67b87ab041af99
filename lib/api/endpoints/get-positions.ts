import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/http/endpoint";
import { getPositions } from "@/lib/domain/positions/get-positions";
import { getPositionsByChain } from "@/lib/domain/positions/get-positions-by-chain";
import { positionsByChainResponseSchema, positionsRequestSchema, positionsResponseSchema } from "@/lib/schemas/positions";

// POST /positions – a wallet's USDC balance and vault positions on one chain, or per chain with totals
export const getPositionsEndpoint = defineEndpoint({
  method: "POST",
  path: "/positions",
  operationId: "getPositions",
  summary: "A wallet's USDC balance and vault positions",
  description:
    "Balances are read live from the chain in one RPC round trip. Each position carries `priceUsd` (its underlying's USD price at the instrument's last sync, null before one) and `valueUsd`; `totalValueUsd` adds them up (null when any position has no price). " +
    "In the same round trip, each position's `withdrawableNow` (with `withdrawableNowRaw` and `withdrawableNowUsd`): the lesser of the position and its market's exit liquidity, less than `balance` when the market is too borrowed to pay it all out now. " +
    'With `chainIds` (a list, or "all" for every chain of the caller\'s environment) instead of `chainId`, the answer is a PositionsByChainResponse: the chains read in parallel, each in one round trip, a chain that cannot be read marked `unavailable` inside the 200 answer, and totals over the chains read. ' +
    "Without either, the caller's default chain (1 live, 11155111 test, or DEFAULT_CHAIN_ID). The single-chain form answers 503 UPSTREAM_UNAVAILABLE when its chain cannot be read.",
  tag: "Positions",
  auth: "public",
  // A question sent as a body (an address, chains): nothing is written.
  readOnly: true,
  body: positionsRequestSchema,
  responses: { 200: z.union([positionsResponseSchema, positionsByChainResponseSchema]) },
  errors: ["FORBIDDEN", "UPSTREAM_UNAVAILABLE"],
  example: { body: { address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", chainId: 1 } },
  handler: ({ body, caller, services }) =>
    body.chainIds !== undefined
      ? getPositionsByChain({ db: services.db, environment: caller.environment, address: body.address, chainIds: body.chainIds })
      : getPositions({
          db: services.db,
          environment: caller.environment,
          address: body.address,
          chainId: body.chainId,
          defaultChainId: services.config.defaultChainId[caller.environment],
        }),
});
