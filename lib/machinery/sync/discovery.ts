import "server-only";
/**
 * Finds markets the catalog does not list yet, on chain: the reserves of every public Aave v3 pool of
 * the chain (Pool.getReservesList; the pools are the deployment's, from the Aave address book) and
 * Fluid fTokens (LendingResolver.getAllFTokens). A found market becomes an instrument with no
 * metrics yet; the same sync then reads its APY and TVL. A reserve's instrument carries its own Pool
 * as protocolAddress under the chain's one Aave v3 record. Comets are not enumerable on
 * chain and stay catalog-listed.
 */
import { eq, and } from "drizzle-orm";
import type { Hex, PublicClient } from "viem";
import { instrumentIdOf, marketIdOf } from "@/lib/machinery/catalog/instrument-id";
import { aavePoolAbi, erc20Abi, erc4626Abi, fluidLendingResolverAbi } from "@/lib/machinery/chain/abis";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { multicall, type CallResult } from "@/lib/machinery/chain/multicall";
import { getChain, type ChainInfo } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { isStablecoinCategory } from "@/lib/facts/asset-categories";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { assetCategoryOf } from "./asset-category";

type NewInstrument = typeof instruments.$inferInsert;

const lower = (a: string) => a.toLowerCase();
const okString = (r: CallResult | undefined) => (r?.ok && typeof r.value === "string" ? r.value : undefined);
const okNumber = (r: CallResult | undefined) => (r?.ok && (typeof r.value === "number" || typeof r.value === "bigint") ? Number(r.value) : undefined);

export interface DiscoveryResult {
  added: number;
  errors: string[];
}

type ProtocolRecord = typeof protocols.$inferSelect;
type AavePool = ChainDeployment["aavePools"][number];
type TokenInfo = { symbol: string | undefined; decimals: number | undefined };

export async function discoverMarkets({ db, client, chainId, deployment, now }: { db: Db; client: PublicClient; chainId: number; deployment: ChainDeployment; now: Date }): Promise<DiscoveryResult> {
  const chain = getChain(chainId);
  if (!chain) return { added: 0, errors: [] };
  const [records, known] = await Promise.all([
    db.select().from(protocols).where(and(eq(protocols.chainId, chainId), eq(protocols.deprecated, false))),
    db.select({ marketId: instruments.marketId, protocolAddress: instruments.protocolAddress }).from(instruments).where(eq(instruments.chainId, chainId)),
  ]);
  const aave = records.find((p) => p.name === "aave" && p.version === 3);
  const fluid = records.find((p) => p.name === "fluid");
  const errors: string[] = [];
  const pools = aave ? deployment.aavePools : [];
  const knownKeys = new Set(known.map((k) => `${lower(k.protocolAddress)}:${k.marketId}`));
  const { newReserves, newFTokens } = await listNewMarkets({ client, deployment, pools, fluid, knownKeys, errors });
  if (newReserves.length === 0 && newFTokens.length === 0) return { added: 0, errors };

  const details = await readNewMarkets({ client, newReserves, newFTokens });
  const rowOf = (market: NewMarket) => newInstrumentRow({ ...market, chainId, chain, tokenInfo: details.tokenInfo, now });
  const rows: NewInstrument[] = [];
  const take = (row: NewInstrument | string | null) => (typeof row === "string" ? errors.push(row) : row && rows.push(row));
  newReserves.forEach(({ pool, asset }, i) => {
    const aToken = details.reserveATokens[i];
    const symbol = details.aTokenSymbols[i];
    if (!aToken || !symbol) return errors.push(`Aave ${pool.name} reserve ${asset}: aToken not readable`);
    const kind = pool === pools[0] ? "reserve" : `reserve (${pool.name} market)`;
    take(rowOf({ record: aave!, protocolAddress: pool.pool, market: asset, adapter: pool.pool, token: asset, yieldToken: aToken, yieldSymbol: symbol, kind }));
  });
  newFTokens.forEach((f, i) => {
    const asset = details.fTokenAssets[i];
    const symbol = details.fTokenSymbols[i];
    if (!asset || !symbol) return errors.push(`Fluid fToken ${f}: asset/symbol not readable`);
    take(rowOf({ record: fluid!, protocolAddress: fluid!.protocolAddress as Hex, market: f, adapter: f, token: asset, yieldToken: f, yieldSymbol: symbol, kind: "vault" }));
  });
  if (rows.length > 0) await db.insert(instruments).values(rows).onConflictDoNothing();
  return { added: rows.length, errors };
}

/**
 * Round trip 1: each Aave pool's reserves and Fluid's fTokens that are not listed yet, keyed by
 * (Pool, asset) and (Fluid record, fToken) as the instruments are. A list that cannot be read is an
 * error in `errors`.
 */
async function listNewMarkets({
  client,
  deployment,
  pools,
  fluid,
  knownKeys,
  errors,
}: {
  client: PublicClient;
  deployment: ChainDeployment;
  pools: readonly AavePool[];
  fluid: ProtocolRecord | undefined;
  knownKeys: ReadonlySet<string>;
  errors: string[];
}): Promise<{ newReserves: { pool: AavePool; asset: Hex }[]; newFTokens: Hex[] }> {
  const [reserveLists, fTokenList] = await Promise.all([
    pools.length > 0
      ? multicall(
          client,
          pools.map((p) => ({ address: p.pool, abi: aavePoolAbi, functionName: "getReservesList" })),
        )
      : [],
    fluid && deployment.fluidLendingResolver
      ? multicall(client, [{ address: deployment.fluidLendingResolver, abi: fluidLendingResolverAbi, functionName: "getAllFTokens" }])
      : undefined,
  ]);
  const listOf = (r: CallResult | undefined, what: string): Hex[] => {
    if (!r) return [];
    if (!r.ok) {
      errors.push(`${what}: ${r.error}`);
      return [];
    }
    return [...(r.value as readonly Hex[])];
  };
  const newReserves = pools.flatMap((p, i) =>
    listOf(reserveLists[i], `Aave ${p.name} Pool.getReservesList`)
      .filter((asset) => !knownKeys.has(`${lower(p.pool)}:${marketIdOf(asset)}`))
      .map((asset) => ({ pool: p, asset })),
  );
  const newFTokens = fluid ? listOf(fTokenList?.[0], "Fluid LendingResolver.getAllFTokens").filter((f) => !knownKeys.has(`${lower(fluid.protocolAddress)}:${marketIdOf(f)}`)) : [];
  return { newReserves, newFTokens };
}

/**
 * Round trips 2 and 3: the new markets' yield tokens and underlyings, then the tokens' symbols and
 * decimals. Each list is in the order of the markets; what could not be read is undefined.
 */
async function readNewMarkets({
  client,
  newReserves,
  newFTokens,
}: {
  client: PublicClient;
  newReserves: { pool: AavePool; asset: Hex }[];
  newFTokens: Hex[];
}) {
  const first = await multicall(client, [
    ...newReserves.map(({ pool, asset }) => ({ address: pool.pool, abi: aavePoolAbi, functionName: "getReserveData", args: [asset] })),
    ...newFTokens.map((f) => ({ address: f, abi: erc4626Abi, functionName: "asset" })),
    ...newFTokens.map((f) => ({ address: f, abi: erc4626Abi, functionName: "symbol" })),
  ]);
  const reserveATokens = newReserves.map((_, i) => {
    const r = first[i];
    return r?.ok ? ((r.value as { aTokenAddress: Hex }).aTokenAddress) : undefined;
  });
  const fTokenAssets = newFTokens.map((_, i) => {
    const r = first[newReserves.length + i];
    return r?.ok ? (r.value as Hex) : undefined;
  });
  const fTokenSymbols = newFTokens.map((_, i) => okString(first[newReserves.length + newFTokens.length + i]));

  const tokens = [...new Set([...newReserves.map((r) => r.asset), ...fTokenAssets.filter((a): a is Hex => !!a)])];
  const second = await multicall(client, [
    ...tokens.flatMap((t) => [
      { address: t, abi: erc20Abi, functionName: "symbol" },
      { address: t, abi: erc20Abi, functionName: "decimals" },
    ]),
    ...reserveATokens.map((a) => ({ address: a ?? newReserves[0]!.asset, abi: erc20Abi, functionName: "symbol" })),
  ]);
  const tokenInfo = new Map<string, TokenInfo>(tokens.map((t, i) => [lower(t), { symbol: okString(second[2 * i]), decimals: okNumber(second[2 * i + 1]) }]));
  const aTokenSymbols = reserveATokens.map((_, i) => okString(second[2 * tokens.length + i]));
  return { reserveATokens, fTokenAssets, fTokenSymbols, tokenInfo, aTokenSymbols };
}

interface NewMarket {
  record: ProtocolRecord;
  protocolAddress: Hex;
  market: Hex;
  adapter: Hex;
  token: Hex;
  yieldToken: Hex;
  yieldSymbol: string;
  /** How the description names it: "reserve", "vault". */
  kind: string;
}

/**
 * A found market's instrument, with no metrics yet; an error when its underlying cannot be read, and
 * null when the underlying is outside the four asset categories (not listed).
 */
function newInstrumentRow({
  record,
  protocolAddress,
  market,
  adapter,
  token,
  yieldToken,
  yieldSymbol,
  kind,
  chainId,
  chain,
  tokenInfo,
  now,
}: NewMarket & { chainId: number; chain: ChainInfo; tokenInfo: ReadonlyMap<string, TokenInfo>; now: Date }): NewInstrument | string | null {
  const info = tokenInfo.get(lower(token));
  if (!info?.symbol || info.decimals === undefined) return `${kind} ${market}: underlying ${token} has no readable symbol/decimals`;
  const category = assetCategoryOf(info.symbol);
  if (!category) return null;
  const marketId = marketIdOf(market);
  return {
    instrumentId: instrumentIdOf(chainId, protocolAddress, marketId),
    protocolId: record.id,
    protocol: record.name,
    chainId,
    environment: chain.environment,
    protocolAddress,
    marketId,
    adapterAddress: adapter,
    tokenAddress: token,
    tokenSymbol: info.symbol,
    tokenDecimals: info.decimals,
    yieldTokenAddress: yieldToken,
    yieldTokenSymbol: yieldSymbol,
    description: `${record.displayName} ${info.symbol} ${kind} on ${chain.name}`,
    currentApy: 0,
    tvl: 0,
    isActive: false,
    isStablecoin: isStablecoinCategory(category),
    assetCategory: category,
    // Never synced: the epoch shows as stale until the sync reads the market.
    lastSyncedAt: new Date(0),
    createdAt: now,
    updatedAt: now,
  };
}
