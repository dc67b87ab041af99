import "server-only";
import { formatUnits, type PublicClient } from "viem";
import { chainsOf, type Environment } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { assertChainVisible } from "@/lib/domain/environments";
import { ChainUnavailable, InvalidInput } from "@/lib/domain/errors";
import type { ChainPositions, PositionsByChainResponse } from "@/lib/schemas/positions";
import { getPositions } from "./get-positions";

/**
 * A wallet's positions on several chains: every chain read in parallel, each in its
 * one round trip as `getPositions`. A chain that cannot be read is reported unavailable in the
 * answer rather than failing the others; the totals add up the chains that were read and say so.
 * Every chain asked must be the caller's environment's (403 otherwise, as for one chain).
 */
export async function getPositionsByChain({
  db,
  environment,
  address,
  chainIds,
  clientOf,
}: {
  db: Db;
  environment: Environment;
  address: string;
  chainIds: number[] | "all";
  /** The RPC client of a chain (tests); by default the chain's configured one. */
  clientOf?: (chainId: number) => PublicClient | undefined;
}): Promise<PositionsByChainResponse> {
  const asked = chainIds === "all" ? chainsOf(environment).map((c) => c.id) : chainIds;
  for (const [i, chainId] of asked.entries())
    if (!assertChainVisible(chainId, environment))
      throw new InvalidInput(`chainIds[${i}] ${chainId} is not a supported chain`, [{ path: `chainIds.${i}`, message: "not a supported chain" }]);

  const chains = await Promise.all(
    asked.map(async (chainId): Promise<ChainPositions> => {
      try {
        const { blockNumber, usdcBalance, usdcBalanceRaw, positions, totalValueUsd } = await getPositions({
          db,
          environment,
          address,
          chainId,
          defaultChainId: chainId,
          ...(clientOf && { client: clientOf(chainId) }),
        });
        return { chainId, status: "ok", blockNumber, usdcBalance, usdcBalanceRaw, totalValueUsd, positions };
      } catch (error) {
        if (!(error instanceof ChainUnavailable)) throw error;
        const instrumentIds = error.details.instrumentIds as string[] | undefined;
        return { chainId, status: "unavailable", error: { code: "UPSTREAM_UNAVAILABLE", message: error.message, ...(instrumentIds && { instrumentIds }) } };
      }
    }),
  );

  const read = chains.filter((c) => c.status === "ok");
  const usdcRaw = read.reduce((sum, c) => sum + BigInt(c.usdcBalanceRaw), 0n);
  return {
    address,
    chains,
    totals: {
      valueUsd: read.some((c) => c.totalValueUsd === null || c.totalValueUsd === undefined)
        ? null
        : read.reduce((sum, c) => sum + (c.totalValueUsd ?? 0), 0),
      usdcBalance: formatUnits(usdcRaw, 6),
      usdcBalanceRaw: usdcRaw.toString(),
      positions: read.reduce((n, c) => n + c.positions.length, 0),
      complete: read.length === chains.length,
      unavailableChainIds: chains.filter((c) => c.status === "unavailable").map((c) => c.chainId),
    },
  };
}

