import "server-only";
/**
 * A MetaMorpho vault's net APY by recipe A, the current rate as Morpho's SDK and app compute it:
 * the supply rate of each market in its withdraw queue, weighted by what the vault supplies there,
 * net of its fee; and from the same reads its exit liquidity. For many vaults at once, in four
 * multicall round trips.
 */
import { zeroAddress, type Hex, type PublicClient } from "viem";
import { erc4626Abi, metaMorphoAbi, morphoBlueAbi, morphoIrmAbi } from "@/lib/machinery/chain/abis";
import { multicall, valueOf, type Call, type CallResult } from "@/lib/machinery/chain/multicall";
import { metaMorphoApyPercent, morphoSharesToAssets } from "@/lib/machinery/chain/rates";

/** MetaMorpho's MAX_QUEUE_LENGTH: a longer answer is not a MetaMorpho queue. */
const MAX_QUEUE_LENGTH = 30n;

type MarketState = readonly [bigint, bigint, bigint, bigint, bigint, bigint];
type MarketParams = readonly [Hex, Hex, Hex, Hex, bigint];

interface MetaMorphoHead {
  vault: Hex;
  morpho: Hex;
  fee: bigint;
  totalAssets: bigint;
  queueLength: number;
}

/** The Morpho Blue markets the vaults' queues name, and each vault's position in them. */
interface QueuedMarkets {
  /** By marketKey. */
  marketOf: Map<string, { state: CallResult; params: CallResult }>;
  /** By `${vault}:${marketKey}`, the vault in lower case. */
  positionOf: Map<string, CallResult>;
}

const marketKey = (morpho: Hex, id: Hex) => `${morpho.toLowerCase()}:${id}`;

/** A MetaMorpho vault's figures from its markets; either is absent when one of its markets could not be read. */
export interface MetaMorphoFigures {
  /** Recipe A's net APY, percent. */
  apy?: number;
  /** What its markets would let it withdraw now, in underlying units. */
  liquidity?: bigint;
}

/**
 * Recipe A for many vaults: each vault's Morpho Blue, fee, queue length and totalAssets; the queues;
 * every queued market's state, parameters and the vault's position; the IRMs' borrow rates. Keyed
 * by lower-case vault address; vaults left out fall back.
 */
export async function readMetaMorphoFigures(client: PublicClient, vaults: Hex[]): Promise<Map<string, MetaMorphoFigures>> {
  const figures = new Map<string, MetaMorphoFigures>();
  if (vaults.length === 0) return figures;
  const heads = await readHeads(client, vaults);
  const queues = await readWithdrawQueues(client, heads);
  const markets = await readQueuedMarkets(client, heads, queues);
  const borrowRateOf = await readBorrowRates(client, markets.marketOf);
  heads.forEach((v, i) => {
    // One unreadable market makes a figure wrong: the APY falls back to the share price, the liquidity is unknown.
    const attempt = <T>(figure: () => T) => {
      try {
        return figure();
      } catch {
        return undefined;
      }
    };
    const apy = attempt(() => vaultApy(v, queues[i]!, markets, borrowRateOf));
    const liquidity = attempt(() => vaultLiquidity(v, queues[i]!, markets));
    figures.set(v.vault.toLowerCase(), { ...(apy !== undefined && { apy }), ...(liquidity !== undefined && { liquidity }) });
  });
  return figures;
}

/** Round trip 1: the vaults that answer as MetaMorpho vaults, with what recipe A needs of them. */
async function readHeads(client: PublicClient, vaults: Hex[]): Promise<MetaMorphoHead[]> {
  const heads = await multicall(
    client,
    vaults.flatMap((vault) => [
      { address: vault, abi: metaMorphoAbi, functionName: "MORPHO" },
      { address: vault, abi: metaMorphoAbi, functionName: "fee" },
      { address: vault, abi: metaMorphoAbi, functionName: "withdrawQueueLength" },
      { address: vault, abi: erc4626Abi, functionName: "totalAssets" },
    ]),
  );
  return vaults.flatMap((vault, i) => {
    const [morpho, fee, length, totalAssets] = heads.slice(4 * i, 4 * i + 4);
    if (![morpho, fee, length, totalAssets].every((r) => r?.ok)) return [];
    const queueLength = valueOf<bigint>(length, "withdrawQueueLength");
    if (queueLength > MAX_QUEUE_LENGTH) return [];
    return [
      {
        vault,
        morpho: valueOf<Hex>(morpho, "MORPHO"),
        fee: valueOf<bigint>(fee, "fee"),
        totalAssets: valueOf<bigint>(totalAssets, "totalAssets"),
        queueLength: Number(queueLength),
      },
    ];
  });
}

/** Round trip 2: each vault's withdraw queue (market ids), in the order of `heads`. */
async function readWithdrawQueues(client: PublicClient, heads: MetaMorphoHead[]): Promise<CallResult[][]> {
  const queueCalls = heads.flatMap((v) =>
    Array.from(
      { length: v.queueLength },
      (_, i) =>
        ({ address: v.vault, abi: metaMorphoAbi, functionName: "withdrawQueue", args: [BigInt(i)] }) as Call,
    ),
  );
  const queueResults = await multicall(client, queueCalls);
  let next = 0;
  return heads.map((v) => queueResults.slice(next, (next += v.queueLength)));
}

/** Round trip 3: markets are shared between vaults, so each (Morpho Blue, id) is read once, and each vault's position. */
async function readQueuedMarkets(client: PublicClient, heads: MetaMorphoHead[], queues: CallResult[][]): Promise<QueuedMarkets> {
  const marketRefs = new Map<string, { morpho: Hex; id: Hex }>();
  const positionRefs: { vault: Hex; morpho: Hex; id: Hex }[] = [];
  heads.forEach((v, i) =>
    queues[i]!.forEach((r) => {
      if (!r.ok) return;
      const id = r.value as Hex;
      marketRefs.set(marketKey(v.morpho, id), { morpho: v.morpho, id });
      positionRefs.push({ vault: v.vault, morpho: v.morpho, id });
    }),
  );
  const markets = [...marketRefs.values()];
  const stateResults = await multicall(client, [
    ...markets.flatMap(({ morpho, id }) => [
      { address: morpho, abi: morphoBlueAbi, functionName: "market", args: [id] },
      { address: morpho, abi: morphoBlueAbi, functionName: "idToMarketParams", args: [id] },
    ]),
    ...positionRefs.map(({ vault, morpho, id }) => ({
      address: morpho,
      abi: morphoBlueAbi,
      functionName: "position",
      args: [id, vault],
    })),
  ]);
  const marketOf = new Map<string, { state: CallResult; params: CallResult }>();
  markets.forEach(({ morpho, id }, i) =>
    marketOf.set(marketKey(morpho, id), { state: stateResults[2 * i]!, params: stateResults[2 * i + 1]! }),
  );
  const positionOf = new Map<string, CallResult>();
  positionRefs.forEach(({ vault, morpho, id }, i) =>
    positionOf.set(`${vault.toLowerCase()}:${marketKey(morpho, id)}`, stateResults[2 * markets.length + i]!),
  );
  return { marketOf, positionOf };
}

/** Round trip 4: each market's borrow rate from its IRM, by marketKey. */
async function readBorrowRates(
  client: PublicClient,
  marketOf: QueuedMarkets["marketOf"],
): Promise<Map<string, CallResult>> {
  // Markets without an interest rate model (idle markets) earn nothing and need no rate read.
  const rated = [...marketOf].filter(
    ([, m]) => m.state.ok && m.params.ok && (m.params.value as MarketParams)[3] !== zeroAddress,
  );
  const rateResults = await multicall(
    client,
    rated.map(([, m]) => {
      const [loanToken, collateralToken, oracle, irm, lltv] = valueOf<MarketParams>(
        m.params,
        "Morpho.idToMarketParams",
      );
      const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee] =
        valueOf<MarketState>(m.state, "Morpho.market");
      return {
        address: irm,
        abi: morphoIrmAbi,
        functionName: "borrowRateView",
        args: [
          { loanToken, collateralToken, oracle, irm, lltv },
          { totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee },
        ],
      };
    }),
  );
  return new Map(rated.map(([key], i) => [key, rateResults[i]!]));
}

/** The vault's supply in each market of its queue, with the market's totals; throws when one could not be read. */
function queuedSupplies(v: MetaMorphoHead, queue: CallResult[], { marketOf, positionOf }: QueuedMarkets) {
  return queue.map((r) => {
    const key = marketKey(v.morpho, valueOf<Hex>(r, "withdrawQueue"));
    const market = marketOf.get(key)!;
    const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, , , fee] = valueOf<MarketState>(market.state, "Morpho.market");
    const [supplyShares] = valueOf<readonly [bigint, bigint, bigint]>(positionOf.get(`${v.vault.toLowerCase()}:${key}`), "Morpho.position");
    return { key, market, totalSupplyAssets, totalBorrowAssets, fee, supplyAssets: morphoSharesToAssets(supplyShares, totalSupplyAssets, totalSupplyShares) };
  });
}

/** One vault's recipe-A APY (percent); throws when one of its markets could not be read. */
function vaultApy(v: MetaMorphoHead, queue: CallResult[], markets: QueuedMarkets, borrowRateOf: ReadonlyMap<string, CallResult>): number {
  const supplies = queuedSupplies(v, queue, markets).map(({ key, market, ...supply }) => {
    const irm = valueOf<MarketParams>(market.params, "Morpho.idToMarketParams")[3];
    return { ...supply, borrowRate: irm === zeroAddress ? 0n : valueOf<bigint>(borrowRateOf.get(key), "IRM.borrowRateView") };
  });
  return metaMorphoApyPercent({ markets: supplies, totalAssets: v.totalAssets, fee: v.fee });
}

/**
 * What the vault could withdraw from its markets now, as MetaMorpho's maxWithdraw walks its withdraw
 * queue (morpho-org/metamorpho src/MetaMorpho.sol _simulateWithdrawMorpho and _withdrawable): per
 * market, the lesser of its supply there and the market's free liquidity (supply − borrow). Throws
 * when one of its markets could not be read.
 */
function vaultLiquidity(v: MetaMorphoHead, queue: CallResult[], markets: QueuedMarkets): bigint {
  return queuedSupplies(v, queue, markets).reduce((sum, m) => {
    const free = m.totalSupplyAssets > m.totalBorrowAssets ? m.totalSupplyAssets - m.totalBorrowAssets : 0n;
    return sum + (m.supplyAssets < free ? m.supplyAssets : free);
  }, 0n);
}
