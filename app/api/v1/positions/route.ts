import { defineRoute } from "@/lib/http/with-api";
import { getPositions } from "@/lib/positions/get-positions";
import { positionsRequestSchema } from "@/lib/schemas/positions";

// POST /positions – a wallet's USDC balance and vault positions on one chain
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/positions", {
  POST: {
    auth: "public",
    body: true,
    handler: async ({ body, caller, services }) => {
      const { address, chainId } = positionsRequestSchema.parse(body);
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
