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
import type { MetaMorphoQuoteModel } from "./quote-model";

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
  /** Its supply queue's length; null when it did not answer (no quote). */
  supplyQueueLength: number | null;
}

/** The Morpho Blue markets the vaults' queues name, and each vault's position in them. */
interface QueuedMarkets {
  /** By marketKey. */
  marketOf: Map<string, { state: CallResult; params: CallResult }>;
  /** By `${vault}:${marketKey}`, the vault in lower case. */
  positionOf: Map<string, CallResult>;
  /** The vault's config(id) of each market, keyed as positionOf. */
  configOf: Map<string, CallResult>;
}

/** A vault's queues: the withdraw queue recipe A walks, and the supply queue a deposit walks. */
interface VaultQueues {
  withdraw: CallResult[];
  supply: CallResult[];
}

const marketKey = (morpho: Hex, id: Hex) => `${morpho.toLowerCase()}:${id}`;

/** A MetaMorpho vault's figures from its markets; either is absent when one of its markets could not be read. */
export interface MetaMorphoFigures {
  /** Recipe A's net APY, percent. */
  apy?: number;
  /** What its markets would let it withdraw now, in underlying units. */
  liquidity?: bigint;
  /** What a deposit's quote needs of it, but its share price and maxDeposit (morpho-vaults.ts adds them). */
  quote?: Omit<MetaMorphoQuoteModel, "assetsPerProbe" | "maxDeposit" | "available" | "supplied">;
}

/**
 * Recipe A for many vaults: each vault's Morpho Blue, fee, queue length and totalAssets; the queues;
 * every queued market's state, parameters and the vault's position; the IRMs' borrow rates. Keyed
 * by lower-case vault address; vaults left out fall back.
 */
export async function readMetaMorphoFigures(
  client: PublicClient,
  vaults: Hex[],
): Promise<Map<string, MetaMorphoFigures>> {
  const figures = new Map<string, MetaMorphoFigures>();
  if (vaults.length === 0) return figures;
  const heads = await readHeads(client, vaults);
  const queues = await readQueues(client, heads);
  const markets = await readQueuedMarkets(client, heads, queues);
  const { borrowRateOf, rateAtTargetOf } = await readBorrowRates(client, markets.marketOf);
  heads.forEach((v, i) => {
    // One unreadable market makes a figure wrong: the APY falls back to the share price, the liquidity is unknown.
    const attempt = <T>(figure: () => T) => {
      try {
        return figure();
      } catch {
        return undefined;
      }
    };
    const apy = attempt(() => vaultApy(v, queues[i]!.withdraw, markets, borrowRateOf));
    const liquidity = attempt(() => vaultLiquidity(v, queues[i]!.withdraw, markets));
    const quote = attempt(() => vaultQuoteModel(v, queues[i]!, markets, { borrowRateOf, rateAtTargetOf }));
    figures.set(v.vault.toLowerCase(), {
      ...(apy !== undefined && { apy }),
      ...(liquidity !== undefined && { liquidity }),
      ...(quote !== undefined && { quote }),
    });
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
      { address: vault, abi: metaMorphoAbi, functionName: "supplyQueueLength" },
    ]),
  );
  return vaults.flatMap((vault, i) => {
    const [morpho, fee, length, totalAssets, supplyLength] = heads.slice(5 * i, 5 * i + 5);
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
        supplyQueueLength:
          supplyLength?.ok && (supplyLength.value as bigint) <= MAX_QUEUE_LENGTH
            ? Number(supplyLength.value as bigint)
            : null,
      },
    ];
  });
}

/** Round trip 2: each vault's withdraw queue and supply queue (market ids), in the order of `heads`. */
async function readQueues(client: PublicClient, heads: MetaMorphoHead[]): Promise<VaultQueues[]> {
  const queueCalls = heads.flatMap((v) =>
    (["withdrawQueue", "supplyQueue"] as const).flatMap((functionName) =>
      Array.from(
        { length: functionName === "withdrawQueue" ? v.queueLength : (v.supplyQueueLength ?? 0) },
        (_, i) => ({ address: v.vault, abi: metaMorphoAbi, functionName, args: [BigInt(i)] }) as Call,
      ),
    ),
  );
  const queueResults = await multicall(client, queueCalls);
  let next = 0;
  return heads.map((v) => ({
    withdraw: queueResults.slice(next, (next += v.queueLength)),
    supply: queueResults.slice(next, (next += v.supplyQueueLength ?? 0)),
  }));
}

/** Round trip 3: markets are shared between vaults, so each (Morpho Blue, id) is read once, and each vault's position. */
async function readQueuedMarkets(
  client: PublicClient,
  heads: MetaMorphoHead[],
  queues: VaultQueues[],
): Promise<QueuedMarkets> {
  const marketRefs = new Map<string, { morpho: Hex; id: Hex }>();
  const positionRefs: { vault: Hex; morpho: Hex; id: Hex }[] = [];
  heads.forEach((v, i) =>
    queues[i]!.withdraw.forEach((r) => {
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
    ...positionRefs.map(({ vault, id }) => ({
      address: vault,
      abi: metaMorphoAbi,
      functionName: "config",
      args: [id],
    })),
  ]);
  const marketOf = new Map<string, { state: CallResult; params: CallResult }>();
  markets.forEach(({ morpho, id }, i) =>
    marketOf.set(marketKey(morpho, id), { state: stateResults[2 * i]!, params: stateResults[2 * i + 1]! }),
  );
  const positionOf = new Map<string, CallResult>();
  const configOf = new Map<string, CallResult>();
  positionRefs.forEach(({ vault, morpho, id }, i) => {
    positionOf.set(`${vault.toLowerCase()}:${marketKey(morpho, id)}`, stateResults[2 * markets.length + i]!);
    configOf.set(
      `${vault.toLowerCase()}:${marketKey(morpho, id)}`,
      stateResults[2 * markets.length + positionRefs.length + i]!,
    );
  });
  return { marketOf, positionOf, configOf };
}

/** Each market's reads from its IRM, by marketKey. */
interface IrmReads {
  borrowRateOf: ReadonlyMap<string, CallResult>;
  /** AdaptiveCurveIrm.rateAtTarget(id), for quotes. */
  rateAtTargetOf: ReadonlyMap<string, CallResult>;
}

/** Round trip 4: each market's borrow rate from its IRM, and its rate at target (an AdaptiveCurveIrm's), by marketKey. */
async function readBorrowRates(client: PublicClient, marketOf: QueuedMarkets["marketOf"]): Promise<IrmReads> {
  // Markets without an interest rate model (idle markets) earn nothing and need no rate read.
  const rated = [...marketOf].filter(
    ([, m]) => m.state.ok && m.params.ok && (m.params.value as MarketParams)[3] !== zeroAddress,
  );
  const rateResults = await multicall(client, [
    ...rated.map(([, m]) => {
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
    ...rated.map(([key, m]) => ({
      address: valueOf<MarketParams>(m.params, "Morpho.idToMarketParams")[3],
      abi: morphoIrmAbi,
      functionName: "rateAtTarget",
      args: [key.split(":")[1]],
    })),
  ]);
  return {
    borrowRateOf: new Map(rated.map(([key], i) => [key, rateResults[i]!])),
    rateAtTargetOf: new Map(rated.map(([key], i) => [key, rateResults[rated.length + i]!])),
  };
}

/** The vault's supply in each market of its queue, with the market's totals; throws when one could not be read. */
function queuedSupplies(v: MetaMorphoHead, queue: CallResult[], { marketOf, positionOf }: QueuedMarkets) {
  return queue.map((r) => {
    const key = marketKey(v.morpho, valueOf<Hex>(r, "withdrawQueue"));
    const market = marketOf.get(key)!;
    const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, , , fee] = valueOf<MarketState>(
      market.state,
      "Morpho.market",
    );
    const [supplyShares] = valueOf<readonly [bigint, bigint, bigint]>(
      positionOf.get(`${v.vault.toLowerCase()}:${key}`),
      "Morpho.position",
    );
    return {
      key,
      market,
      totalSupplyAssets,
      totalBorrowAssets,
      fee,
      supplyAssets: morphoSharesToAssets(supplyShares, totalSupplyAssets, totalSupplyShares),
    };
  });
}

/** One vault's recipe-A APY (percent); throws when one of its markets could not be read. */
function vaultApy(
  v: MetaMorphoHead,
  queue: CallResult[],
  markets: QueuedMarkets,
  borrowRateOf: IrmReads["borrowRateOf"],
): number {
  const supplies = queuedSupplies(v, queue, markets).map(({ key, market, ...supply }) => {
    const irm = valueOf<MarketParams>(market.params, "Morpho.idToMarketParams")[3];
    return {
      ...supply,
      borrowRate: irm === zeroAddress ? 0n : valueOf<bigint>(borrowRateOf.get(key), "IRM.borrowRateView"),
    };
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

/**
 * What a deposit's quote needs of the vault (quote-model.ts): its fee, totalAssets and supply queue,
 * and per market of its withdraw queue its cap, the vault's shares, Morpho Blue's state, the IRM's rate
 * and rate at target. Throws when one of them could not be read, or the vault has no supply-queue length.
 */
function vaultQuoteModel(
  v: MetaMorphoHead,
  queues: VaultQueues,
  { marketOf, positionOf, configOf }: QueuedMarkets,
  irm: IrmReads,
) {
  if (v.supplyQueueLength === null) throw new Error("no supply queue length");
  const models = queues.withdraw.map((r) => {
    const id = valueOf<Hex>(r, "withdrawQueue");
    const key = marketKey(v.morpho, id);
    const market = marketOf.get(key)!;
    const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee] =
      valueOf<MarketState>(market.state, "Morpho.market");
    const irmAddress = valueOf<MarketParams>(market.params, "Morpho.idToMarketParams")[3];
    const [supplyShares] = valueOf<readonly [bigint, bigint, bigint]>(
      positionOf.get(`${v.vault.toLowerCase()}:${key}`),
      "Morpho.position",
    );
    const [cap] = valueOf<readonly [bigint, boolean, bigint]>(
      configOf.get(`${v.vault.toLowerCase()}:${key}`),
      "MetaMorpho.config",
    );
    const rated = irmAddress !== zeroAddress;
    return {
      id,
      cap: String(cap),
      supplyShares: String(supplyShares),
      totalSupplyAssets: String(totalSupplyAssets),
      totalSupplyShares: String(totalSupplyShares),
      totalBorrowAssets: String(totalBorrowAssets),
      totalBorrowShares: String(totalBorrowShares),
      lastUpdate: String(lastUpdate),
      fee: String(fee),
      borrowRate: rated ? String(valueOf<bigint>(irm.borrowRateOf.get(key), "IRM.borrowRateView")) : "0",
      rateAtTarget: rated ? String(valueOf<bigint>(irm.rateAtTargetOf.get(key), "IRM.rateAtTarget")) : null,
    };
  });
  return {
    kind: "metamorpho" as const,
    fee: String(v.fee),
    totalAssets: String(v.totalAssets),
    supplyQueue: queues.supply.map((r) => valueOf<Hex>(r, "supplyQueue")),
    markets: models,
  };
}
