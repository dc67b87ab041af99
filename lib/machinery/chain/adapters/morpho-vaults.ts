import { zeroAddress, type Hex, type PublicClient } from "viem";
import { erc4626Abi, metaMorphoAbi, morphoBlueAbi, morphoIrmAbi, vaultV2Abi, vaultV2AdapterAbi } from "@/lib/machinery/chain/abis";
import { multicall, valueOf, type Call, type CallResult } from "@/lib/machinery/chain/multicall";
import { metaMorphoApyPercent, morphoSharesToAssets } from "@/lib/machinery/chain/rates";
import { readErc4626 } from "./erc4626";
import type { Adapter } from "./types";

/** MetaMorpho's MAX_QUEUE_LENGTH: a longer answer is not a MetaMorpho queue. */
const MAX_QUEUE_LENGTH = 30n;

type MarketState = readonly [bigint, bigint, bigint, bigint, bigint, bigint];
type MarketParams = readonly [Hex, Hex, Hex, Hex, bigint];

/**
 * Morpho vaults (docs/data.md, Morpho): TVL and share-price samples as for every ERC-4626 vault. A
 * MetaMorpho (Vault V1, version 1) vault's APY is the net APY of recipe A, the current rate as
 * Morpho's SDK and app compute it; one that does not answer MetaMorpho's reads, or one of whose
 * markets cannot be read, falls back to share-price growth. A Vault V2 (version 2) earns what its
 * adapters earn, net of its fees: its APY is share-price growth, and the sync learns what it holds in
 * MetaMorpho vaults through its MorphoVaultV1Adapters, so that totals count that money once.
 */
export const readMorphoVaults: Adapter = async (ctx, markets) => {
  const v1 = markets.filter((m) => m.version !== 2);
  const v2 = markets.filter((m) => m.version === 2);
  const [readings, apys, holdings] = await Promise.all([
    readErc4626(ctx, markets),
    readMetaMorphoApys(
      ctx.client,
      v1.map((m) => m.adapterAddress),
    ),
    readVaultV2Holdings(
      ctx.client,
      v2.map((m) => m.adapterAddress),
    ),
  ]);
  for (const m of markets) {
    const reading = readings.get(m.instrumentId);
    if (!reading?.ok) continue;
    const apy = apys.get(m.adapterAddress.toLowerCase());
    if (apy !== undefined) readings.set(m.instrumentId, { ...reading, apy });
    if (m.version !== 2) continue;
    const held = holdings.get(m.adapterAddress.toLowerCase());
    readings.set(
      m.instrumentId,
      held instanceof Error
        ? { ok: false, error: held.message }
        : { ...reading, heldInVaults: held ?? [] },
    );
  }
  return readings;
};

/**
 * What each Vault V2 holds in MetaMorpho vaults, in three multicall round trips: its number of
 * adapters, the adapters, and each adapter's realAssets and morphoVaultV1 (which only a
 * MorphoVaultV1Adapter answers; one that supplies to Morpho Blue markets directly does not). A vault
 * whose adapters cannot all be read gets an Error: its holdings would be wrong.
 */
async function readVaultV2Holdings(
  client: PublicClient,
  vaults: Hex[],
): Promise<Map<string, { vault: Hex; assets: bigint }[] | Error>> {
  const result = new Map<string, { vault: Hex; assets: bigint }[] | Error>();
  if (vaults.length === 0) return result;
  const lengths = await multicall(
    client,
    vaults.map((vault) => ({ address: vault, abi: vaultV2Abi, functionName: "adaptersLength" })),
  );
  const listed = vaults.flatMap((vault, i) => {
    const length = lengths[i];
    if (!length?.ok) {
      result.set(vault.toLowerCase(), new Error(`VaultV2.adaptersLength: ${length?.ok === false ? length.error : "no result"}`));
      return [];
    }
    return [{ vault, length: Number(length.value as bigint) }];
  });
  const adapterResults = await multicall(
    client,
    listed.flatMap(({ vault, length }) =>
      Array.from({ length }, (_, i) => ({ address: vault, abi: vaultV2Abi, functionName: "adapters", args: [BigInt(i)] }) as Call),
    ),
  );
  let next = 0;
  const adaptersOf = listed.map(({ vault, length }) => ({ vault, adapters: adapterResults.slice(next, (next += length)) }));
  const adapters = adaptersOf.flatMap(({ adapters }) => adapters.flatMap((r) => (r.ok ? [r.value as Hex] : [])));
  const details = await multicall(
    client,
    adapters.flatMap((adapter) => [
      { address: adapter, abi: vaultV2AdapterAbi, functionName: "realAssets" },
      { address: adapter, abi: vaultV2AdapterAbi, functionName: "morphoVaultV1" },
    ]),
  );
  const detailOf = new Map(adapters.map((adapter, i) => [adapter.toLowerCase(), { assets: details[2 * i]!, vault: details[2 * i + 1]! }]));
  for (const { vault, adapters: list } of adaptersOf) {
    try {
      const held = list.map((r) => {
        const detail = detailOf.get(valueOf<Hex>(r, "VaultV2.adapters").toLowerCase())!;
        const assets = valueOf<bigint>(detail.assets, "adapter.realAssets");
        return detail.vault.ok ? [{ vault: detail.vault.value as Hex, assets }] : [];
      });
      result.set(vault.toLowerCase(), held.flat());
    } catch (err) {
      result.set(vault.toLowerCase(), err as Error);
    }
  }
  return result;
}

/**
 * Recipe A for many vaults in four multicall round trips: each vault's Morpho Blue, fee, queue
 * length and totalAssets; the queues; every queued market's state, parameters and the vault's
 * position; the IRMs' borrow rates. Keyed by lower-case vault address; vaults left out fall back.
 */
export async function readMetaMorphoApys(client: PublicClient, vaults: Hex[]): Promise<Map<string, number>> {
  const apys = new Map<string, number>();
  if (vaults.length === 0) return apys;

  const heads = await multicall(
    client,
    vaults.flatMap((vault) => [
      { address: vault, abi: metaMorphoAbi, functionName: "MORPHO" },
      { address: vault, abi: metaMorphoAbi, functionName: "fee" },
      { address: vault, abi: metaMorphoAbi, functionName: "withdrawQueueLength" },
      { address: vault, abi: erc4626Abi, functionName: "totalAssets" },
    ]),
  );
  const metaMorphos = vaults.flatMap((vault, i) => {
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

  const queueCalls = metaMorphos.flatMap((v) =>
    Array.from(
      { length: v.queueLength },
      (_, i) =>
        ({ address: v.vault, abi: metaMorphoAbi, functionName: "withdrawQueue", args: [BigInt(i)] }) as Call,
    ),
  );
  const queueResults = await multicall(client, queueCalls);
  let next = 0;
  const queues = metaMorphos.map((v) => queueResults.slice(next, (next += v.queueLength)));

  // Markets are shared between vaults: read each (Morpho Blue, id) once, and each vault's position.
  const marketKey = (morpho: Hex, id: Hex) => `${morpho.toLowerCase()}:${id}`;
  const marketRefs = new Map<string, { morpho: Hex; id: Hex }>();
  const positionRefs: { vault: Hex; morpho: Hex; id: Hex }[] = [];
  metaMorphos.forEach((v, i) =>
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
  const borrowRateOf = new Map(rated.map(([key], i) => [key, rateResults[i]!]));

  metaMorphos.forEach((v, i) => {
    try {
      const supplies = queues[i]!.map((r) => {
        const key = marketKey(v.morpho, valueOf<Hex>(r, "withdrawQueue"));
        const market = marketOf.get(key)!;
        const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, , , fee] = valueOf<MarketState>(
          market.state,
          "Morpho.market",
        );
        const irm = valueOf<MarketParams>(market.params, "Morpho.idToMarketParams")[3];
        const [supplyShares] = valueOf<readonly [bigint, bigint, bigint]>(
          positionOf.get(`${v.vault.toLowerCase()}:${key}`),
          "Morpho.position",
        );
        return {
          borrowRate: irm === zeroAddress ? 0n : valueOf<bigint>(borrowRateOf.get(key), "IRM.borrowRateView"),
          totalSupplyAssets,
          totalBorrowAssets,
          fee,
          supplyAssets: morphoSharesToAssets(supplyShares, totalSupplyAssets, totalSupplyShares),
        };
      });
      apys.set(
        v.vault.toLowerCase(),
        metaMorphoApyPercent({ markets: supplies, totalAssets: v.totalAssets, fee: v.fee }),
      );
    } catch {
      // One unreadable market makes the recipe-A rate wrong: this vault falls back to its share price.
    }
  });
  return apys;
}
