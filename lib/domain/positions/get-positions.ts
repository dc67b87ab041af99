import "server-only";
import { desc, eq } from "drizzle-orm";
import { formatUnits, type Hex, type PublicClient } from "viem";
import { getChain, type Environment } from "@/lib/facts/chains";
import { chainClient } from "@/lib/machinery/chain/client";
import { shortError } from "@/lib/machinery/chain/multicall";
import { ratio } from "@/lib/machinery/chain/rates";
import type { Db } from "@/lib/machinery/db/client";
import { instruments } from "@/lib/machinery/db/schema";
import { assertChainVisible } from "@/lib/domain/environments";
import { ChainUnavailable, InvalidInput } from "@/lib/domain/errors";
import type { PositionsResponse } from "@/lib/schemas/positions";
import { readWithLens, type LensAnswer } from "./positions-lens";

// ERC-4626 markets: balanceOf gives shares, converted to underlying by the lens.
const vaultProtocols = new Set(["morpho", "fluid"]);

/**
 * A wallet's USDC balance and positions on one chain, read live in one RPC round
 * trip: the PositionsLens contract runs as a deployless eth_call, reading every aToken and Comet
 * balance and converting exactly the vault shares held. When the chain, or any one market, cannot
 * be read the answer is 503 UPSTREAM_UNAVAILABLE, never a zero. Each position is valued in USD at its
 * instrument's underlying price from the last sync, null where no sync has priced it yet.
 */
export async function getPositions({
  db,
  environment,
  address,
  chainId,
  defaultChainId,
  client = chainClient(chainId ?? defaultChainId),
}: {
  db: Db;
  environment: Environment;
  address: string;
  chainId?: number;
  defaultChainId: number;
  client?: PublicClient;
}): Promise<PositionsResponse> {
  const chain = chainId ?? defaultChainId;
  if (!assertChainVisible(chain, environment))
    throw new InvalidInput(`chainId ${chain} is not a supported chain`, [{ path: "chainId", message: "not a supported chain" }]);
  if (!client)
    throw new ChainUnavailable(`Chain ${chain} cannot be read: this deployment has no RPC endpoint for it (RPC_URL_${chain})`, {
      chainId: chain,
    });

  const markets = await marketsOf(db, chain);
  const usdc = getChain(chain)?.usdcAddress ?? null;
  const tokenMarkets = markets.filter((m) => !vaultProtocols.has(m.protocol));
  const vaultMarkets = markets.filter((m) => vaultProtocols.has(m.protocol));
  const tokens = [...(usdc ? [usdc] : []), ...tokenMarkets.map((m) => m.yieldTokenAddress as Hex)];

  let lens: LensAnswer;
  try {
    lens = await readWithLens(client, address as Hex, tokens, vaultMarkets.map((m) => m.yieldTokenAddress as Hex));
  } catch (err) {
    throw new ChainUnavailable(`Chain ${chain} cannot be read right now: ${shortError(err)}`, { chainId: chain });
  }

  const { tokens: tokenReads, vaults: vaultReads, blockNumber } = lens;
  const usdcRead = usdc ? tokenReads[0] : { ok: true, value: 0n };
  const marketReads = usdc ? tokenReads.slice(1) : tokenReads;
  const unreadable = [
    ...tokenMarkets.filter((_, i) => !marketReads[i]?.ok).map((m) => m.instrumentId),
    ...vaultMarkets.filter((_, i) => !vaultReads[i]?.ok).map((m) => m.instrumentId),
  ];
  if (!usdcRead?.ok || unreadable.length > 0)
    throw new ChainUnavailable(`Chain ${chain} answered, but ${!usdcRead?.ok ? "the USDC balance" : `${unreadable.length} market(s)`} could not be read`, {
      chainId: chain,
      ...(unreadable.length > 0 ? { instrumentIds: unreadable } : {}),
    });

  const held = [
    ...tokenMarkets.map((m, i) => ({ market: m, raw: marketReads[i]!.value })),
    ...vaultMarkets.map((m, i) => ({ market: m, raw: vaultReads[i]!.assets })),
  ];
  return answerOf({ address, chainId: chain, blockNumber, usdcRaw: usdcRead.value, held });
}

type Market = Awaited<ReturnType<typeof marketsOf>>[number];

/** Every instrument of the chain, largest first, with what a position needs of it. */
function marketsOf(db: Db, chainId: number) {
  return db
    .select({
      instrumentId: instruments.instrumentId,
      protocol: instruments.protocol,
      tokenSymbol: instruments.tokenSymbol,
      tokenDecimals: instruments.tokenDecimals,
      tokenAddress: instruments.tokenAddress,
      yieldTokenAddress: instruments.yieldTokenAddress,
      yieldTokenSymbol: instruments.yieldTokenSymbol,
      currentApy: instruments.currentApy,
      tvl: instruments.tvl,
      priceUsd: instruments.priceUsd,
    })
    .from(instruments)
    .where(eq(instruments.chainId, chainId))
    .orderBy(desc(instruments.tvl), instruments.instrumentId);
}

/** The answer: the positions held (in underlying units), valued at each instrument's last price. */
function answerOf({
  address,
  chainId,
  blockNumber,
  usdcRaw,
  held,
}: {
  address: string;
  chainId: number;
  blockNumber: bigint;
  usdcRaw: bigint;
  held: { market: Market; raw: bigint }[];
}): PositionsResponse {
  const positions = held
    .filter((p) => p.raw > 0n)
    .sort((a, b) => b.market.tvl - a.market.tvl || (a.market.instrumentId < b.market.instrumentId ? -1 : 1))
    .map(({ market: m, raw }) => {
      // Exact amount in whole tokens (a double only at the end), times the price of the last sync.
      const valueUsd = m.priceUsd === null ? null : ratio(raw, 10n ** BigInt(m.tokenDecimals)) * m.priceUsd;
      return { market: m, raw, valueUsd };
    });
  const totalValueUsd = positions.some((p) => p.valueUsd === null) ? null : positions.reduce((sum, p) => sum + p.valueUsd!, 0);
  return {
    address,
    chainId,
    blockNumber: Number(blockNumber),
    usdcBalance: formatUnits(usdcRaw, 6),
    usdcBalanceRaw: usdcRaw.toString(),
    totalValueUsd,
    positions: positions.map(({ market: m, raw, valueUsd }) => ({
      instrumentId: m.instrumentId,
      protocol: m.protocol,
      symbol: m.tokenSymbol,
      yieldTokenSymbol: m.yieldTokenSymbol,
      balance: formatUnits(raw, m.tokenDecimals),
      balanceRaw: raw.toString(),
      decimals: m.tokenDecimals,
      currentApy: m.currentApy,
      tvl: m.tvl,
      yieldTokenAddress: m.yieldTokenAddress,
      tokenAddress: m.tokenAddress,
      priceUsd: m.priceUsd,
      valueUsd,
    })),
  };
}
