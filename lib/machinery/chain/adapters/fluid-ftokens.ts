import "server-only";
import type { Hex } from "viem";
import { fluidLiquidityResolverAbi, fluidNativeUnderlyingAbi } from "@/lib/machinery/chain/abis";
import { multicall, type CallResult } from "@/lib/machinery/chain/multicall";
import { fluidSupplyApyPercent } from "@/lib/machinery/chain/rates";
import { readErc4626 } from "./erc4626";
import { exitOf, type FluidQuoteModel } from "./quote-model";
import type { Adapter, AdapterContext, Market } from "./types";

/**
 * Native ETH as Fluid's Liquidity layer lists it (fTokenNativeUnderlying.NATIVE_TOKEN_ADDRESS, and the
 * LendingResolver's _NATIVE_TOKEN_ADDRESS in Instadapp/fluid-contracts-public).
 */
export const FLUID_NATIVE_TOKEN: Hex = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";

/**
 * Fluid fTokens (docs/data.md, Fluid): the APY is the Liquidity layer's supply rate for the token the
 * fToken lends, alone. The fToken's share price also grows by its rewards rate model's rate, which
 * the on-chain rewards reader reports as a stream in the underlying (lib/machinery/rewards), so base
 * plus reward is the share price's growth, counted once. A token nobody borrows earns 0 %. Where the
 * Liquidity layer does not list the token, or the rate cannot be read, the APY is unknown: the reading
 * carries no APY and no share-price sample (whose growth would count the rewards in the base), and the
 * fToken keeps its previous APY.
 * Exit liquidity is what the fToken can withdraw from the Liquidity layer now.
 */
export const readFluidFTokens: Adapter = async (ctx, markets) => {
  const [readings, layer] = await Promise.all([readErc4626(ctx, markets), readLiquidityLayer(ctx, markets)]);
  for (const m of markets) {
    const reading = readings.get(m.instrumentId);
    if (!reading?.ok) continue;
    const apy = layer.supplyApys.get(m.instrumentId);
    const available = layer.withdrawable.get(m.instrumentId);
    const liquidity =
      available !== undefined && reading.totalAssets !== undefined
        ? { liquidity: { available, supplied: reading.totalAssets } }
        : {};
    const layerModel = layer.quoteModels.get(m.instrumentId);
    if (apy !== undefined)
      readings.set(m.instrumentId, {
        ...reading,
        ...liquidity,
        apy,
        ...(layerModel &&
          reading.sharePrice &&
          reading.totalAssets !== undefined && {
            quoteModel: {
              ...layerModel,
              assetsPerProbe: String(reading.sharePrice.value),
              maxDeposit:
                reading.maxDeposit === undefined || reading.maxDeposit === null
                  ? null
                  : String(reading.maxDeposit),
              ...exitOf(liquidity.liquidity, reading.totalAssets),
            },
          }),
      });
    else {
      const { sharePrice, ...withoutSample } = reading;
      readings.set(m.instrumentId, {
        ...(sharePrice ? { ...withoutSample, apy: null } : reading),
        ...liquidity,
      });
    }
  }
  return readings;
};

/**
 * From Fluid's LiquidityResolver, by instrument id, in one round trip:
 * - getOverallTokenData(token).supplyRate for the token each fToken lends, as an APY in percent. An
 *   fToken over native ETH (fWETH on Ethereum, Base and Arbitrum) takes WETH but lends native ETH, so
 *   its rate is the native token's: which one it is, the fToken says by answering
 *   NATIVE_TOKEN_ADDRESS (as Fluid's own LendingResolver asks), read in the same round trip. A token
 *   the Liquidity layer lists has a supply exchange price (1e12 when listed, growing since); its supply
 *   rate is then the APY, 0 % where nobody borrows it. A token it does not list (an exchange price of
 *   0: the resolver answers zeros) is left out, like a read that fails or does not decode (resolvers
 *   are redeployed and their structs change, docs/data.md, Fluid).
 * - getUserSupplyData(fToken, token).withdrawable: what the fToken can withdraw from the Liquidity
 *   layer now (its supply above the withdrawal limit, at most the layer's balance of the token), which
 *   is what fToken.maxWithdraw caps every holder at. Asked for both tokens it may lend, as which one
 *   is known only from the same round trip. A supply of 0 means the layer does not know the fToken as
 *   a supplier: left out (unknown), not 0.
 */
async function readLiquidityLayer(ctx: AdapterContext, markets: Market[]): Promise<LiquidityLayerReads> {
  const resolver = ctx.deployment.fluidLiquidityResolver;
  if (!resolver || markets.length === 0)
    return { supplyApys: new Map(), withdrawable: new Map(), quoteModels: new Map() };
  const native = FLUID_NATIVE_TOKEN.toLowerCase() as Hex;
  const tokens = [...new Set([...markets.map((m) => m.tokenAddress.toLowerCase() as Hex), native])];
  const results = await multicall(ctx.client, [
    ...markets.map((m) => ({
      address: m.adapterAddress,
      abi: fluidNativeUnderlyingAbi,
      functionName: "NATIVE_TOKEN_ADDRESS",
    })),
    ...tokens.map((token) => ({
      address: resolver,
      abi: fluidLiquidityResolverAbi,
      functionName: "getOverallTokenData",
      args: [token],
    })),
    ...markets.flatMap((m) =>
      [m.tokenAddress, native].map((token) => ({
        address: resolver,
        abi: fluidLiquidityResolverAbi,
        functionName: "getUserSupplyData",
        args: [m.adapterAddress, token],
      })),
    ),
    ...tokens.map((token) => ({
      address: resolver,
      abi: fluidLiquidityResolverAbi,
      functionName: "getExchangePricesAndConfig",
      args: [token],
    })),
  ]);
  const slotsAt = markets.length + tokens.length + 2 * markets.length;
  const layerModelOf = new Map(
    tokens.flatMap((token, i) => {
      const model = layerQuoteModel(results[markets.length + i], results[slotsAt + i]);
      return model ? [[token, model] as const] : [];
    }),
  );
  const rateOf = new Map(
    tokens.flatMap((token, i) => {
      const r = results[markets.length + i];
      if (!r?.ok) return [];
      // A listed token's exchange prices start at 1e12 and only grow; an unlisted one's are 0.
      const { supplyRate, supplyExchangePrice } = r.value as {
        supplyRate: bigint;
        supplyExchangePrice: bigint;
      };
      return supplyExchangePrice > 0n ? [[token, fluidSupplyApyPercent(supplyRate)] as const] : [];
    }),
  );
  const supplyApys = new Map<string, number>();
  const withdrawable = new Map<string, bigint>();
  const quoteModels = new Map<string, LayerQuoteModel>();
  markets.forEach((m, i) => {
    const answered = results[i];
    const lent = (
      answered?.ok && typeof answered.value === "string" ? answered.value : m.tokenAddress
    ).toLowerCase() as Hex;
    const apy = rateOf.get(lent);
    if (apy !== undefined) supplyApys.set(m.instrumentId, apy);
    const layerModel = layerModelOf.get(lent);
    if (layerModel) quoteModels.set(m.instrumentId, layerModel);
    if (lent !== native && lent !== m.tokenAddress.toLowerCase()) return;
    const supplied = results[markets.length + tokens.length + 2 * i + (lent === native ? 1 : 0)];
    const data = supplied?.ok
      ? (supplied.value as readonly [{ supply: bigint; withdrawable: bigint }, unknown])[0]
      : undefined;
    if (data && data.supply > 0n) withdrawable.set(m.instrumentId, data.withdrawable);
  });
  return { supplyApys, withdrawable, quoteModels };
}

interface LiquidityLayerReads {
  supplyApys: Map<string, number>;
  withdrawable: Map<string, bigint>;
  /** The Liquidity layer's part of each fToken's quote model. */
  quoteModels: Map<string, LayerQuoteModel>;
}

type LayerQuoteModel = Omit<FluidQuoteModel, "assetsPerProbe" | "maxDeposit" | "available" | "supplied">;

interface OverallTokenData {
  supplyExchangePrice: bigint;
  borrowExchangePrice: bigint;
  supplyRawInterest: bigint;
  supplyInterestFree: bigint;
  borrowRawInterest: bigint;
  borrowInterestFree: bigint;
  rateData: {
    version: bigint;
    rateDataV1: {
      kink: bigint;
      rateAtUtilizationZero: bigint;
      rateAtUtilizationKink: bigint;
      rateAtUtilizationMax: bigint;
    };
    rateDataV2: {
      kink1: bigint;
      kink2: bigint;
      rateAtUtilizationZero: bigint;
      rateAtUtilizationKink1: bigint;
      rateAtUtilizationKink2: bigint;
      rateAtUtilizationMax: bigint;
    };
  };
}

/** The Liquidity layer's model of a listed token (rate curve v1 or v2, totals, the raw slot); none when a read failed. */
function layerQuoteModel(
  overall: CallResult | undefined,
  slot: CallResult | undefined,
): LayerQuoteModel | undefined {
  if (!overall?.ok || !slot?.ok) return undefined;
  const d = overall.value as OverallTokenData;
  const version = Number(d.rateData.version);
  if (d.supplyExchangePrice === 0n || (version !== 1 && version !== 2)) return undefined;
  const v1 = d.rateData.rateDataV1;
  const v2 = d.rateData.rateDataV2;
  return {
    kind: "fluid",
    exchangePricesAndConfig: String(slot.value as bigint),
    supplyRawInterest: String(d.supplyRawInterest),
    supplyInterestFree: String(d.supplyInterestFree),
    borrowRawInterest: String(d.borrowRawInterest),
    borrowInterestFree: String(d.borrowInterestFree),
    supplyExchangePrice: String(d.supplyExchangePrice),
    borrowExchangePrice: String(d.borrowExchangePrice),
    rateVersion: version,
    ...(version === 1
      ? {
          kink1: Number(v1.kink),
          kink2: 0,
          rateAtZero: Number(v1.rateAtUtilizationZero),
          rateAtKink1: Number(v1.rateAtUtilizationKink),
          rateAtKink2: 0,
          rateAtMax: Number(v1.rateAtUtilizationMax),
        }
      : {
          kink1: Number(v2.kink1),
          kink2: Number(v2.kink2),
          rateAtZero: Number(v2.rateAtUtilizationZero),
          rateAtKink1: Number(v2.rateAtUtilizationKink1),
          rateAtKink2: Number(v2.rateAtUtilizationKink2),
          rateAtMax: Number(v2.rateAtUtilizationMax),
        }),
  };
}
