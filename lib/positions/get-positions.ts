import type { Environment } from "@/lib/chains";
import { rpcUrlOf } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { assertChainVisible } from "@/lib/environments";
import { ApiError, badRequest } from "@/lib/http/errors";
import type { PositionsResponse } from "@/lib/schemas/positions";

/**
 * A wallet's USDC balance and vault positions on one chain (decisions D7). The chain is read live;
 * when it cannot be read the answer is 503 UPSTREAM_UNAVAILABLE, never zeros.
 */
export async function getPositions({
  environment,
  address,
  chainId,
  defaultChainId,
}: {
  db: Db;
  environment: Environment;
  address: string;
  chainId?: number;
  defaultChainId: number;
}): Promise<PositionsResponse> {
  const chain = chainId ?? defaultChainId;
  if (!assertChainVisible(chain, environment))
    throw badRequest(`chainId ${chain} is not a supported chain`, [{ path: "chainId", message: "not a supported chain" }]);
  if (!rpcUrlOf(chain))
    throw new ApiError("UPSTREAM_UNAVAILABLE", `Chain ${chain} cannot be read: this deployment has no RPC endpoint for it (RPC_URL_${chain})`, {
      chainId: chain,
    });
  // Reading balances from chain (one multicall round trip per request) is the chain-sync work item.
  throw new ApiError("UPSTREAM_UNAVAILABLE", `Reading positions on chain ${chain} is not available yet`, { chainId: chain, address });
}
