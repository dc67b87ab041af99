import { defineRoute } from "@/lib/http/with-api";
import { getPositions } from "@/lib/positions/get-positions";
import { getPositionsByChain } from "@/lib/positions/get-positions-by-chain";
import { positionsRequestSchema } from "@/lib/schemas/positions";

// POST /positions – a wallet's USDC balance and vault positions on one chain, or per chain with totals
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/positions", {
  POST: {
    auth: "public",
    body: true,
    handler: async ({ body, caller, services }) => {
      const { address, chainId, chainIds } = positionsRequestSchema.parse(body);
      if (chainIds !== undefined) return getPositionsByChain({ db: services.db, environment: caller.environment, address, chainIds });
      return getPositions({
        db: services.db,
        environment: caller.environment,
        address,
        chainId,
        defaultChainId: services.config.defaultChainId[caller.environment],
      });
    },
  },
});
