import "server-only";
import { desc, eq } from "drizzle-orm";
import { formatUnits, type Hex, type PublicClient } from "viem";
import { getChain, type Environment } from "@/lib/facts/chains";
import { chainClient } from "@/lib/machinery/chain/client";
import { shortError } from "@/lib/machinery/chain/multicall";
import { ratio } from "@/lib/machinery/chain/rates";
import type { Db } from "@/lib/machinery/db/client";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { assertChainVisible } from "@/lib/domain/environments";
import { ChainUnavailable, InvalidInput } from "@/lib/domain/errors";
import type { PositionsResponse } from "@/lib/schemas/positions";
import { readWithLens, type LensAnswer } from "./positions-lens";

// ERC-4626 markets: balanceOf gives shares, converted to underlying by the lens.
const vaultProtocols = new Set(["morpho", "fluid"]);

/**
 * A wallet's USDC balance and positions on one chain, read live in one RPC round
 * trip: the PositionsLens contract runs as a deployless eth_call, reading every aToken and Comet
 * balance and converting exactly the vault shares held, and with them what of each position could be
 * withdrawn now (the lesser of it and the market's liquidity). When the chain, or any one market's
 * balance, cannot be read the answer is 503 UPSTREAM_UNAVAILABLE, never a zero; a withdrawable amount
 * that cannot be read is null. Each position is valued in USD at its instrument's underlying price
 * from the last sync, null where no sync has priced it yet.
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
  // An aToken's and a Comet's cash is the underlying (the base token) they hold.
  const tokens = [
    ...(usdc ? [{ token: usdc, underlying: null }] : []),
    ...tokenMarkets.map((m) => ({ token: m.yieldTokenAddress as Hex, underlying: m.tokenAddress as Hex })),
  ];
  const vaults = vaultMarkets.map((m) => ({ vault: m.yieldTokenAddress as Hex, vaultV2: m.protocol === "morpho" && m.version === 2 }));

  let lens: LensAnswer;
  try {
    lens = await readWithLens(client, address as Hex, tokens, vaults);
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

  const withdrawable = (r: { withdrawableKnown: boolean; withdrawable: bigint }) => (r.withdrawableKnown ? r.withdrawable : null);
  const held = [
    ...tokenMarkets.map((m, i) => ({ market: m, raw: marketReads[i]!.value, withdrawable: withdrawable(marketReads[i]!) })),
    ...vaultMarkets.map((m, i) => ({ market: m, raw: vaultReads[i]!.assets, withdrawable: withdrawable(vaultReads[i]!) })),
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
      version: protocols.version,
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
    .innerJoin(protocols, eq(protocols.id, instruments.protocolId))
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
  held: { market: Market; raw: bigint; withdrawable: bigint | null }[];
}): PositionsResponse {
  // Exact amount in whole tokens (a double only at the end), times the price of the last sync.
  const usdOf = (m: Market, raw: bigint) => (m.priceUsd === null ? null : ratio(raw, 10n ** BigInt(m.tokenDecimals)) * m.priceUsd);
  const positions = held
    .filter((p) => p.raw > 0n)
    .sort((a, b) => b.market.tvl - a.market.tvl || (a.market.instrumentId < b.market.instrumentId ? -1 : 1))
    .map(({ market: m, raw, withdrawable }) => {
      // Never more than the position (the lens caps it so; a vault's rounding must not make it more).
      const withdrawableNow = withdrawable === null ? null : withdrawable < raw ? withdrawable : raw;
      return { market: m, raw, valueUsd: usdOf(m, raw), withdrawableNow, withdrawableNowUsd: withdrawableNow === null ? null : usdOf(m, withdrawableNow) };
    });
  const totalValueUsd = positions.some((p) => p.valueUsd === null) ? null : positions.reduce((sum, p) => sum + p.valueUsd!, 0);
  return {
    address,
    chainId,
    blockNumber: Number(blockNumber),
    usdcBalance: formatUnits(usdcRaw, 6),
    usdcBalanceRaw: usdcRaw.toString(),
    totalValueUsd,
    positions: positions.map(({ market: m, raw, valueUsd, withdrawableNow, withdrawableNowUsd }) => ({
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
      withdrawableNow: withdrawableNow === null ? null : formatUnits(withdrawableNow, m.tokenDecimals),
      withdrawableNowRaw: withdrawableNow === null ? null : withdrawableNow.toString(),
      withdrawableNowUsd,
    })),
  };
}
