import "server-only";
import type { Hex, PublicClient } from "viem";
import { vaultV2Abi, vaultV2AdapterAbi } from "@/lib/machinery/chain/abis";
import { multicall, valueOf, type Call } from "@/lib/machinery/chain/multicall";
import { readErc4626 } from "./erc4626";
import { readMetaMorphoFigures, type MetaMorphoFigures } from "./metamorpho-apys";
import { exitOf, type QuoteModel } from "./quote-model";
import type { Adapter, MarketReading } from "./types";
import { readVaultV2Liquidity } from "./vault-v2-liquidity";

/**
 * Morpho vaults (docs/data.md, Morpho): TVL and share-price samples as for every ERC-4626 vault. A
 * MetaMorpho (Vault V1, version 1) vault's APY is the net APY of recipe A, the current rate as
 * Morpho's SDK and app compute it; one that does not answer MetaMorpho's reads, or one of whose
 * markets cannot be read, falls back to share-price growth. A Vault V2 (version 2) earns what its
 * adapters earn, net of its fees: its APY is share-price growth, and the sync learns what it holds in
 * MetaMorpho vaults through its MorphoVaultV1Adapters, so that totals count that money once. Exit
 * liquidity: a MetaMorpho vault's from recipe A's reads of its markets, a Vault V2's from its adapters
 * (readVaultV2Liquidity).
 */
export const readMorphoVaults: Adapter = async (ctx, markets) => {
  const v1 = markets.filter((m) => m.version !== 2);
  const v2 = markets.filter((m) => m.version === 2);
  const v2Vaults = v2.map((m) => m.adapterAddress);
  const [readings, figures, holdings, v2Liquidity] = await Promise.all([
    readErc4626(ctx, markets),
    readMetaMorphoFigures(
      ctx.client,
      v1.map((m) => m.adapterAddress),
    ),
    readVaultV2Holdings(ctx.client, v2Vaults),
    v2Vaults.length > 0 ? readVaultV2Liquidity(ctx.client, v2Vaults) : new Map<string, bigint>(),
  ]);
  for (const m of markets) {
    const reading = readings.get(m.instrumentId);
    if (!reading?.ok) continue;
    const key = m.adapterAddress.toLowerCase();
    const { apy, liquidity: fromMarkets, quote } = figures.get(key) ?? {};
    const available = m.version === 2 ? v2Liquidity.get(key) : fromMarkets;
    const liquidity =
      available !== undefined && reading.totalAssets !== undefined
        ? { available, supplied: reading.totalAssets }
        : undefined;
    const withFigures = {
      ...reading,
      ...(apy !== undefined && { apy }),
      ...(liquidity && { liquidity }),
      ...vaultQuoteModel(reading, m.version === 2 ? { kind: "vault-v2" } : quote, liquidity),
    };
    if (m.version !== 2) {
      readings.set(m.instrumentId, withFigures);
      continue;
    }
    const held = holdings.get(key);
    readings.set(
      m.instrumentId,
      held instanceof Error
        ? { ok: false, error: held.message }
        : { ...withFigures, heldInVaults: held ?? [] },
    );
  }
  return readings;
};

/**
 * A vault's quote model: recipe A's reads (MetaMorpho) or none of its adapters' (Vault V2, whose own
 * maxDeposit answers 0 by design: its limit is left unknown), with its share price and exit liquidity.
 */
function vaultQuoteModel(
  reading: Extract<MarketReading, { ok: true }>,
  quote: MetaMorphoFigures["quote"] | { kind: "vault-v2" } | undefined,
  liquidity: { available: bigint; supplied: bigint } | undefined,
): { quoteModel?: QuoteModel } {
  if (!quote || !reading.sharePrice || reading.totalAssets === undefined) return {};
  const common = {
    assetsPerProbe: String(reading.sharePrice.value),
    ...exitOf(liquidity, reading.totalAssets),
  };
  if (quote.kind === "vault-v2") return { quoteModel: { kind: "vault-v2", ...common, maxDeposit: null } };
  const maxDeposit =
    reading.maxDeposit === undefined || reading.maxDeposit === null ? null : String(reading.maxDeposit);
  return { quoteModel: { ...quote, ...common, maxDeposit } };
}

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
      result.set(
        vault.toLowerCase(),
        new Error(`VaultV2.adaptersLength: ${length?.ok === false ? length.error : "no result"}`),
      );
      return [];
    }
    return [{ vault, length: Number(length.value as bigint) }];
  });
  const adapterResults = await multicall(
    client,
    listed.flatMap(({ vault, length }) =>
      Array.from(
        { length },
        (_, i) => ({ address: vault, abi: vaultV2Abi, functionName: "adapters", args: [BigInt(i)] }) as Call,
      ),
    ),
  );
  let next = 0;
  const adaptersOf = listed.map(({ vault, length }) => ({
    vault,
    adapters: adapterResults.slice(next, (next += length)),
  }));
  const adapters = adaptersOf.flatMap(({ adapters }) =>
    adapters.flatMap((r) => (r.ok ? [r.value as Hex] : [])),
  );
  const details = await multicall(
    client,
    adapters.flatMap((adapter) => [
      { address: adapter, abi: vaultV2AdapterAbi, functionName: "realAssets" },
      { address: adapter, abi: vaultV2AdapterAbi, functionName: "morphoVaultV1" },
    ]),
  );
  const detailOf = new Map(
    adapters.map((adapter, i) => [
      adapter.toLowerCase(),
      { assets: details[2 * i]!, vault: details[2 * i + 1]! },
    ]),
  );
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
