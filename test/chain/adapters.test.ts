import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc20Abi, erc4626Abi, type Abi, type Hex } from "viem";
import { readAaveV3 } from "@/lib/machinery/chain/adapters/aave-v3";
import { readCompoundV3 } from "@/lib/machinery/chain/adapters/compound-v3";
import { readErc4626, SHARE_PRICE_PROBE } from "@/lib/machinery/chain/adapters/erc4626";
import { readFluidFTokens } from "@/lib/machinery/chain/adapters/fluid-ftokens";
import { readMorphoVaults } from "@/lib/machinery/chain/adapters/morpho-vaults";
import type { AdapterContext, Market, MarketReading } from "@/lib/machinery/chain/adapters/types";
import { fluidLiquidityResolverAbi } from "@/lib/machinery/chain/abis";
import { pinnedToBlock } from "@/lib/machinery/chain/chain-head";
import { createChainClient } from "@/lib/machinery/chain/client";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { sharePriceApyPercent } from "@/lib/machinery/chain/rates";
import { localChainInstruments } from "@/lib/machinery/catalog/local-chain";
import { catalogRow } from "@/lib/machinery/db/seed";
import { aaveOracleArtifact } from "@/devnet/generated/aave-v3";
import { fluidLiquidityResolverArtifact } from "@/devnet/generated/fluid-liquidity";
import { morphoMarketV1AdapterV2Artifact, morphoVaultV1AdapterArtifact, vaultV2Artifact } from "@/devnet/generated/vault-v2";
import { NATIVE_TOKEN_ADDRESS, devnetAddresses, type DevnetContract } from "@/devnet/plan/addresses";
import type { AaveMarket } from "@/devnet/plan/aave";
import type { CompoundMarketPlan } from "@/devnet/plan/compound";
import { morphoMarkets, type VaultV2Plan } from "@/devnet/plan/morpho";
import { devnetPriceFeeds, devnetTokenOf, units } from "@/devnet/plan/tokens";
import { cometAbi } from "@/devnet/protocols/compound/actions";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { chainLab, type ChainLab } from "../support/chain-lab";
import { startTestDevnet, type TestDevnet } from "../support/devnet";
import {
  aaveApyExpected,
  cometApyExpected,
  expectRelative,
  fluidApyExpected,
  metaMorphoApyExpected,
  sharePriceApyExpected,
  usdExpected,
} from "./formulas";

// Each adapter against the local chain's real contracts: the APY and TVL it computes at a block equal
// the protocol's formula (test/chain/formulas.ts, exact integer arithmetic) applied to what the
// contracts report at that block, to 1e-9. States the plan does not give (a rate moved by a borrow, a
// frozen reserve, a paused Comet, a market removed from a vault) are made with real actions inside
// devnet.within(…), which takes the chain back afterwards.

let devnet: TestDevnet;
let lab: ChainLab;
let ctx: AdapterContext;
beforeAll(async () => {
  devnet = await startTestDevnet();
  lab = chainLab(devnet);
  ctx = {
    client: createChainClient(LOCAL_CHAIN_ID, devnet.url, { retries: 0 }),
    chainId: LOCAL_CHAIN_ID,
    deployment: deploymentOf(LOCAL_CHAIN_ID),
  };
});
afterAll(() => devnet?.stop());

/** The adapters' context with every read pinned to `block`, as the sync pins them to its head. */
const at = (block: bigint): AdapterContext => ({ ...ctx, client: pinnedToBlock(ctx.client, block) });
const head = () => devnet.reader.getBlockNumber();

const marketsOf = (protocol: Market["protocol"]): Market[] =>
  localChainInstruments
    .filter((i) => i.protocol === protocol)
    .map((i) => ({ ...i, instrumentId: catalogRow(i).instrumentId }));
/** A contract's name in the deployment's manifest, from its address. */
const nameOf = (address: Hex) => (Object.entries(devnetAddresses) as [DevnetContract, Hex][]).find(([, a]) => a === address)![0];

function ok(reading: MarketReading | undefined) {
  if (!reading?.ok) throw new Error(`not read: ${reading ? reading.error : "missing"}`);
  return reading;
}
const read = <T>(address: Hex, abi: Abi | readonly unknown[], functionName: string, args: unknown[] = [], blockNumber?: bigint) =>
  devnet.reader.readContract({ address, abi: abi as Abi, functionName, args, ...(blockNumber !== undefined && { blockNumber }) } as never) as Promise<T>;
/** The core AaveOracle's price (8 decimals), which prices every vault and the Comets' ETH and BTC units. */
const price = (asset: Hex, block?: bigint) => read<bigint>(devnetAddresses.aaveOracle, aaveOracleArtifact.abi, "getAssetPrice", [asset], block);

describe("Aave v3 adapter", () => {
  it("APY is the compounded ray APR and TVL the aToken supply at the oracle price, for every reserve", async () => {
    const markets = marketsOf("aave");
    expect(markets.length).toBeGreaterThanOrEqual(3);
    const block = await head();
    const readings = await readAaveV3(at(block), markets);
    for (const m of markets) {
      const reserve = await lab.aaveReserveAt(nameOf(m.yieldTokenAddress) as AaveMarket["contract"], block);
      const supply = await lab.totalSupplyAt(nameOf(m.yieldTokenAddress), block);
      const r = ok(readings.get(m.instrumentId));
      expect(reserve.currentLiquidityRate, nameOf(m.yieldTokenAddress)).toBeGreaterThan(0n);
      expectRelative(r.apy!, aaveApyExpected(reserve.currentLiquidityRate));
      expectRelative(r.tvl, usdExpected(supply, m.tokenDecimals, await price(m.tokenAddress, block), 10n ** 8n));
      expect(r.isActive).toBe(true);
    }
  });

  it("follows a rate change, and reports frozen and paused reserves as inactive", async () => {
    const [usdc, weth, eurc] = marketsOf("aave");
    const before = (await lab.aaveReserveAt("aUsdc", await head())).currentLiquidityRate;
    await devnet.within(async () => {
      // A real borrow raises the reserve's utilization, and the rate strategy its supply rate; the
      // pool admin freezes one reserve and pauses another through the PoolConfigurator.
      await lab.aaveBorrow(await lab.actor("adapters aave borrower"), "aUsdc", units("20000000", 6));
      await lab.aaveFreeze("aWeth", true);
      await lab.aavePause("aEurc", true);
      const block = await head();
      const rate = (await lab.aaveReserveAt("aUsdc", block)).currentLiquidityRate;
      expect(rate).toBeGreaterThan(before);
      const readings = await readAaveV3(at(block), [usdc!, weth!, eurc!]);
      expectRelative(ok(readings.get(usdc!.instrumentId)).apy!, aaveApyExpected(rate));
      expect(ok(readings.get(usdc!.instrumentId)).isActive).toBe(true);
      expect(ok(readings.get(weth!.instrumentId)).isActive).toBe(false);
      expect(ok(readings.get(eurc!.instrumentId)).isActive).toBe(false);
    });
    // 4 % APR compounds to 4.0811 % (the worked example in docs/data.md).
    expect(aaveApyExpected(4n * 10n ** 25n)).toBeCloseTo(4.0811, 4);
  });

  it("a market whose aToken does not match the reserve fails alone", async () => {
    const [usdc, weth] = marketsOf("aave");
    const wrong = { ...weth!, yieldTokenAddress: devnetAddresses.aEurc };
    const readings = await readAaveV3(ctx, [usdc!, wrong]);
    expect(readings.get(usdc!.instrumentId)?.ok).toBe(true);
    const failed = readings.get(wrong.instrumentId);
    expect(failed?.ok).toBe(false);
    expect(failed && !failed.ok && failed.error).toMatch(/aToken/);
  });

  it("reads a second pool's reserves at that pool's own oracle", async () => {
    const [coreUsdc] = marketsOf("aave");
    const primeUsdc: Market = {
      ...coreUsdc!,
      instrumentId: "0x" + "11".repeat(32),
      adapterAddress: devnetAddresses.aavePrimePool,
      yieldTokenAddress: devnetAddresses.aPrimeUsdc,
    };
    await devnet.within(async () => {
      // The Prime market's oracle prices USDC apart from the core oracle: its price must be the one used.
      await lab.aavePriceSource("aPrimeUsdc", 99_950_000n);
      const block = await head();
      const readings = await readAaveV3(at(block), [coreUsdc!, primeUsdc]);
      const reserve = await lab.aaveReserveAt("aPrimeUsdc", block);
      const supply = await lab.totalSupplyAt("aPrimeUsdc", block);
      const prime = ok(readings.get(primeUsdc.instrumentId));
      expectRelative(prime.apy!, aaveApyExpected(reserve.currentLiquidityRate));
      expectRelative(prime.tvl, usdExpected(supply, 6, 99_950_000n, 10n ** 8n));
      expect(prime.priceUsd).toBe(0.9995);
      expect(ok(readings.get(coreUsdc!.instrumentId)).priceUsd).toBe(1);
    });
    // A pool the chain's deployment does not know has no oracle to price it with: it fails alone.
    const unknown = { ...primeUsdc, instrumentId: "0x" + "22".repeat(32), adapterAddress: devnetAddresses.aWeth };
    const again = await readAaveV3(ctx, [coreUsdc!, unknown]);
    expect(again.get(coreUsdc!.instrumentId)?.ok).toBe(true);
    expect(again.get(unknown.instrumentId)).toEqual({ ok: false, error: `no oracle known for the Aave pool ${devnetAddresses.aWeth}` });
  });
});

describe("Compound v3 adapter", () => {
  const cometOf = (m: Market) => nameOf(m.adapterAddress) as CompoundMarketPlan["contract"];

  /**
   * What a Comet reports at `block`, and its feed price in USD from the plan's feed denominations (USD,
   * ETH, BTC) and the core oracle's WETH (ETH/USD) and WBTC (BTC/USD) prices at that block.
   */
  async function expectedComet(m: Market, block: bigint) {
    const s = await lab.cometAt(cometOf(m), block);
    const feed = await read<Hex>(m.adapterAddress, cometAbi, "baseTokenPriceFeed", [], block);
    const { denomination } = devnetPriceFeeds.find((f) => devnetAddresses[f.contract] === feed)!;
    const unitUsd = denomination === "USD" ? 10n ** 8n : await price(denomination === "ETH" ? devnetAddresses.weth : devnetAddresses.wbtc, block);
    return {
      ...s,
      tvl: usdExpected(s.totalSupply * s.feedPrice, m.tokenDecimals, unitUsd, 10n ** 16n),
      priceUsd: usdExpected(s.feedPrice, 0, unitUsd, 10n ** 16n),
    };
  }

  it("APY compounds getSupplyRate(getUtilization()) per second; TVL is totalSupply at the feed's price converted from its unit to USD", async () => {
    const markets = marketsOf("compound");
    expect(markets.map((m) => m.yieldTokenAddress).sort()).toEqual(
      [devnetAddresses.cometUsdc, devnetAddresses.cometWeth, devnetAddresses.cometWbtc].sort(),
    );
    const block = await head();
    const readings = await readCompoundV3(at(block), markets);
    for (const m of markets) {
      const expected = await expectedComet(m, block);
      const r = ok(readings.get(m.instrumentId));
      expect(expected.supplyRate).toBeGreaterThan(0n);
      expectRelative(r.apy!, cometApyExpected(expected.supplyRate));
      expectRelative(r.tvl, expected.tvl);
      expectRelative(r.priceUsd, expected.priceUsd);
      expect(r.isActive).toBe(true);
    }
    // The WETH Comet's feed is constant in ETH (1e8 = 1 WETH): its supply at the oracle's ETH/USD.
    const weth = markets.find((m) => m.yieldTokenAddress === devnetAddresses.cometWeth)!;
    const wethSupply = (await lab.cometAt("cometWeth", block)).totalSupply;
    expectRelative(ok(readings.get(weth.instrumentId)).tvl, usdExpected(wethSupply, 18, devnetTokenOf("weth").priceUsd8, 10n ** 8n));
    // cWBTCv3's feed is WBTC/BTC (0.9998): supply × WBTC/BTC × BTC/USD, not supply × 0.9998 dollars.
    const wbtc = markets.find((m) => m.yieldTokenAddress === devnetAddresses.cometWbtc)!;
    const wbtcSupply = (await lab.cometAt("cometWbtc", block)).totalSupply;
    expectRelative(ok(readings.get(wbtc.instrumentId)).tvl, usdExpected(wbtcSupply * 99_980_000n, 8, devnetTokenOf("wbtc").priceUsd8, 10n ** 16n));
    expectRelative(ok(readings.get(wbtc.instrumentId)).priceUsd, 0.9998 * 97_250);
  });

  it("recognises a constant feed on chain; a feed of unknown denomination is never read as USD", async () => {
    const markets = marketsOf("compound");
    const feeds = { ...ctx.deployment.priceFeeds };
    delete feeds[devnetAddresses.wethConstantPriceFeed.toLowerCase()];
    delete feeds[devnetAddresses.wbtcBtcPriceFeed.toLowerCase()];
    const block = await head();
    const unlisted: AdapterContext = { ...at(block), deployment: { ...ctx.deployment, priceFeeds: feeds } };
    const readings = await readCompoundV3(unlisted, markets);
    // Not listed, but it says it is Comet's ConstantPriceFeed: priced in its base, WETH, i.e. ETH.
    const weth = markets.find((m) => m.yieldTokenAddress === devnetAddresses.cometWeth)!;
    expectRelative(ok(readings.get(weth.instrumentId)).tvl, (await expectedComet(weth, block)).tvl);
    // The WBTC/BTC feed, unlisted, could be in anything: the market is not read (it keeps its last TVL).
    const wbtc = markets.find((m) => m.yieldTokenAddress === devnetAddresses.cometWbtc)!;
    expect(readings.get(wbtc.instrumentId)).toEqual({
      ok: false,
      error: `its price feed ${devnetAddresses.wbtcBtcPriceFeed} has no known denomination (not a feed Compound's configuration lists, nor a constant feed): TVL not converted to USD`,
    });
    const usdc = markets.find((m) => m.yieldTokenAddress === devnetAddresses.cometUsdc)!;
    expect(readings.get(usdc.instrumentId)?.ok).toBe(true);
    // A BTC-denominated feed on a chain without a BTC/USD reference is not converted either.
    const noBtc: AdapterContext = { ...ctx, deployment: { ...ctx.deployment, usdReferences: { ...ctx.deployment.usdReferences, BTC: null } } };
    const withoutReference = (await readCompoundV3(noBtc, [wbtc])).get(wbtc.instrumentId);
    expect(withoutReference).toEqual({ ok: false, error: "no USD price for BTC on this chain (no BTC/USD reference)" });
  });

  it("utilization above the kink uses the steeper slope", async () => {
    const [usdc] = marketsOf("compound");
    const comet = usdc!.adapterAddress;
    await devnet.within(async () => {
      // A real borrow takes cUSDCv3 to 95 % utilization, past its 80 % supply kink.
      const supply = await read<bigint>(comet, cometAbi, "totalSupply");
      const borrowed = await read<bigint>(comet, cometAbi, "totalBorrow");
      await lab.cometBorrow(await lab.actor("adapters comet borrower"), "cometUsdc", (supply * 95n) / 100n - borrowed);
      const block = await head();
      const s = await lab.cometAt("cometUsdc", block);
      const kink = await read<bigint>(comet, cometAbi, "supplyKink", [], block);
      expect(s.utilization).toBeGreaterThan(kink);
      const readings = await readCompoundV3(at(block), [usdc!]);
      expectRelative(ok(readings.get(usdc!.instrumentId)).apy!, cometApyExpected(s.supplyRate));
      // More than the low slope alone would pay at this utilization.
      const base = await read<bigint>(comet, cometAbi, "supplyPerSecondInterestRateBase", [], block);
      const low = await read<bigint>(comet, cometAbi, "supplyPerSecondInterestRateSlopeLow", [], block);
      expect(s.supplyRate).toBeGreaterThan(base + (low * s.utilization) / 10n ** 18n);
      expect(ok(readings.get(usdc!.instrumentId)).apy!).toBeGreaterThan(4.5);
    });
  });

  it("a Comet whose pause guardian paused supply is inactive, as a frozen Aave reserve; other pauses leave it active", async () => {
    const markets = marketsOf("compound");
    await devnet.within(async () => {
      await lab.cometPause("cometWeth", { supply: true });
      await lab.cometPause("cometWbtc", { withdraw: true, transfer: true });
      const block = await head();
      expect((await lab.cometAt("cometWeth", block)).supplyPaused).toBe(true);
      const readings = await readCompoundV3(at(block), markets);
      const activeOf = (comet: Hex) => ok(readings.get(markets.find((m) => m.adapterAddress === comet)!.instrumentId)).isActive;
      expect(activeOf(devnetAddresses.cometWeth)).toBe(false);
      expect(activeOf(devnetAddresses.cometWbtc)).toBe(true);
      expect(activeOf(devnetAddresses.cometUsdc)).toBe(true);
      // A supply is refused indeed.
      await expect(lab.cometSupply(await lab.actor("adapters comet supplier"), "cometWeth", units("1", 18))).rejects.toThrow(/reverted/);
    });
  });
});

describe("ERC-4626 adapter (Morpho and Fluid)", () => {
  it("TVL is totalAssets at the oracle price; the share-price samples give the formula's APY", async () => {
    const markets = [...marketsOf("morpho"), ...marketsOf("fluid")];
    const first = await readErc4626(at(await head()), markets);
    await devnet.advance(6 * 3600);
    const block = await head();
    const second = await readErc4626(at(block), markets);
    for (const m of markets) {
      const a = ok(first.get(m.instrumentId));
      const b = ok(second.get(m.instrumentId));
      expect(a.apy).toBeNull(); // the sync computes it from stored samples
      const totalAssets = await read<bigint>(m.adapterAddress, erc4626Abi, "totalAssets", [], block);
      const p1 = await read<bigint>(m.adapterAddress, erc4626Abi, "convertToAssets", [SHARE_PRICE_PROBE], block);
      expect(b.sharePrice).toEqual({ value: p1, at: await lab.timestampAt(block) });
      expectRelative(b.tvl, usdExpected(totalAssets, m.tokenDecimals, await price(m.tokenAddress, block), 10n ** 8n));
      expect(b.sharePrice!.at - a.sharePrice!.at).toBeGreaterThanOrEqual(6 * 3600);
      const apy = sharePriceApyPercent(a.sharePrice!.value, a.sharePrice!.at, b.sharePrice!.value, b.sharePrice!.at);
      expectRelative(apy, sharePriceApyExpected(a.sharePrice!.value, a.sharePrice!.at, b.sharePrice!.value, b.sharePrice!.at));
      expect(apy, nameOf(m.yieldTokenAddress)).toBeGreaterThan(1);
      expect(apy, nameOf(m.yieldTokenAddress)).toBeLessThan(10);
    }
  });

  it("a vault whose asset is not the catalog's fails alone", async () => {
    const [usdcVault, wethVault] = marketsOf("morpho");
    const wrong = { ...wethVault!, tokenAddress: devnetAddresses.usdc };
    const readings = await readErc4626(ctx, [usdcVault!, wrong]);
    expect(readings.get(usdcVault!.instrumentId)?.ok).toBe(true);
    expect(readings.get(wrong.instrumentId)?.ok).toBe(false);
  });
});

describe("Morpho vaults adapter", () => {
  it("a MetaMorpho vault's APY is recipe A over its Morpho Blue markets, net of its fee; TVL is totalAssets at the oracle price", async () => {
    const markets = marketsOf("morpho").filter((m) => m.version === 1);
    expect(markets.length).toBeGreaterThanOrEqual(2);
    const block = await head();
    const readings = await readMorphoVaults(at(block), markets);
    for (const m of markets) {
      const raw = await lab.metaMorphoAt(nameOf(m.adapterAddress), block);
      expect(raw.markets.length, nameOf(m.yieldTokenAddress)).toBeGreaterThanOrEqual(2);
      expect(raw.markets.some((x) => x.borrowRate > 0n && x.supplyShares > 0n)).toBe(true);
      const r = ok(readings.get(m.instrumentId));
      expectRelative(r.apy!, metaMorphoApyExpected(raw.markets, raw.totalAssets, raw.fee));
      expectRelative(r.tvl, usdExpected(raw.totalAssets, m.tokenDecimals, await price(m.tokenAddress, block), 10n ** 8n));
      expect(r.sharePrice?.value).toBeGreaterThan(0n); // still sampled, for a fallback
      expect(r.apy).toBeGreaterThan(1);
      expect(r.apy).toBeLessThan(10);
    }
  });

  it("follows the withdraw queue: a vault left with only its idle market earns nothing", async () => {
    const [usdcVault] = marketsOf("morpho").filter((m) => m.version === 1);
    expect(nameOf(usdcVault!.adapterAddress)).toBe("morphoUsdcVault");
    await devnet.within(async () => {
      // The curator and the allocator take its two lending markets out (MetaMorpho's forced removal,
      // after the vault's timelock): its withdraw queue keeps the idle market alone.
      await lab.metaMorphoRemoveMarkets("morphoUsdcVault", ["usdcWeth86", "usdcWbtc86"]);
      const block = await head();
      const raw = await lab.metaMorphoAt("morphoUsdcVault", block);
      expect(raw.markets).toHaveLength(1);
      expect(raw.markets[0]!.borrowRate).toBe(0n);
      expect(ok((await readMorphoVaults(at(block), [usdcVault!])).get(usdcVault!.instrumentId)).apy).toBe(0);
    });
    expect(ok((await readMorphoVaults(at(await head()), [usdcVault!])).get(usdcVault!.instrumentId)).apy).toBeGreaterThan(1);
  });

  it("a Vault V2's APY is its share-price growth, and it reports what it holds in MetaMorpho vaults", async () => {
    const [v2] = marketsOf("morpho").filter((m) => m.version === 2);
    expect(v2!.adapterAddress).toBe(devnetAddresses.morphoUsdcVaultV2);
    const block = await head();
    const reading = ok((await readMorphoVaults(at(block), [v2!])).get(v2!.instrumentId));
    expect(reading.apy).toBeNull();
    expect(reading.sharePrice?.value).toBeGreaterThan(0n);
    // Its MorphoVaultV1Adapter's shares of the MetaMorpho vault, at what they redeem for; the adapter
    // that lends on Morpho Blue directly holds no vault and is not listed.
    const v1 = devnetAddresses.morphoUsdcVault;
    const shares = await read<bigint>(v1, erc4626Abi, "balanceOf", [devnetAddresses.morphoVaultV1Adapter], block);
    const assets = await read<bigint>(v1, erc4626Abi, "previewRedeem", [shares], block);
    expect(assets).toBeGreaterThanOrEqual(25_000_000n * 10n ** 6n - 1n);
    expect(await read<bigint>(devnetAddresses.morphoVaultV1Adapter, morphoVaultV1AdapterArtifact.abi, "realAssets", [], block)).toBe(assets);
    expect(reading.heldInVaults).toEqual([{ vault: devnetAddresses.morphoUsdcVault, assets }]);
    // Its TVL is everything it holds: idle (what the plan's depositors put in beyond what the allocator
    // allocated), in the MetaMorpho vault and in its Morpho Blue market.
    const plan = morphoMarkets.find((v) => v.contract === "morphoUsdcVaultV2") as VaultV2Plan;
    const idle = await read<bigint>(devnetAddresses.usdc, erc20Abi, "balanceOf", [v2!.adapterAddress], block);
    expect(idle).toBe(units(plan.supply, 6) + units(plan.demoBalance, 6) - plan.vaultV2.adapters.reduce((sum, a) => sum + units(a.assets, 6), 0n));
    const inMarket = await read<bigint>(devnetAddresses.morphoMarketAdapter, morphoMarketV1AdapterV2Artifact.abi, "realAssets", [], block);
    expect(inMarket).toBeGreaterThanOrEqual(10_000_000n * 10n ** 6n - 1n);
    const totalAssets = await read<bigint>(v2!.adapterAddress, vaultV2Artifact.abi, "totalAssets", [], block);
    expect(totalAssets).toBe(idle + assets + inMarket);
    expectRelative(reading.tvl, usdExpected(totalAssets, 6, await price(devnetAddresses.usdc, block), 10n ** 8n));
  });

  it("a vault without MetaMorpho's reads is left to share-price growth", async () => {
    const [fUsdc] = marketsOf("fluid");
    const plainVault = { ...fUsdc!, protocol: "morpho" as const };
    const reading = ok((await readMorphoVaults(ctx, [plainVault])).get(plainVault.instrumentId));
    expect(reading.apy).toBeNull();
    expect(reading.sharePrice?.value).toBeGreaterThan(0n);
  });
});

describe("Fluid fTokens adapter", () => {
  const resolver = devnetAddresses.fluidLiquidityResolver;
  const tokenDataOf = (token: Hex, block: bigint) =>
    read<{ supplyRate: bigint; supplyExchangePrice: bigint }>(resolver, fluidLiquidityResolverArtifact.abi, "getOverallTokenData", [token], block);
  /** fEURC, which discovery lists (the catalog does not). */
  const fEurc: Market = {
    instrumentId: "fEURC",
    protocol: "fluid",
    version: 1,
    adapterAddress: devnetAddresses.fEurc,
    yieldTokenAddress: devnetAddresses.fEurc,
    tokenAddress: devnetAddresses.eurc,
    tokenDecimals: 6,
    assetCategory: "EUR",
  };

  it("the APY is the Liquidity layer's supply rate of the token it lends, alone", async () => {
    const markets = [...marketsOf("fluid"), fEurc];
    const block = await head();
    const readings = await readFluidFTokens(at(block), markets);
    for (const m of markets) {
      // fWETH lends native ETH: the Liquidity layer knows its rate under 0xEeee…, and WETH's is 0.
      const lent = m.yieldTokenAddress === devnetAddresses.fWeth ? NATIVE_TOKEN_ADDRESS : m.tokenAddress;
      const { supplyRate } = await tokenDataOf(lent, block);
      expect(supplyRate, nameOf(m.yieldTokenAddress)).toBeGreaterThan(0n);
      const r = ok(readings.get(m.instrumentId));
      expectRelative(r.apy!, fluidApyExpected(supplyRate));
      expect(r.sharePrice?.value).toBeGreaterThan(0n);
    }
    expect((await tokenDataOf(devnetAddresses.weth, block)).supplyRate).toBe(0n);
    // 470 (4.70 % APR in 1e2 precision) compounds per second to about 4.81 %.
    expect(fluidApyExpected(470n)).toBeCloseTo(4.8122, 3);
  });

  it("leaves out the rewards the share price also grows by: fUSDC's shares grow faster than its APY", async () => {
    const [fUsdc] = marketsOf("fluid").filter((m) => m.yieldTokenAddress === devnetAddresses.fUsdc);
    const first = ok((await readFluidFTokens(at(await head()), [fUsdc!])).get(fUsdc!.instrumentId));
    await devnet.advance(6 * 3600);
    const block = await head();
    const second = ok((await readFluidFTokens(at(block), [fUsdc!])).get(fUsdc!.instrumentId));
    const growth = sharePriceApyPercent(first.sharePrice!.value, first.sharePrice!.at, second.sharePrice!.value, second.sharePrice!.at);
    const fluidState = await lab.fluidAt("fUsdc", block);
    expectRelative(second.apy!, fluidApyExpected(fluidState.supplyRate));
    // Its rewards rate model pays about 2 % more (10^12 = 1 %; test/chain/onchain-rewards.test.ts reads it).
    expect(Number(fluidState.rewardsRate) / 1e12).toBeGreaterThan(1.5);
    expect(growth - second.apy!).toBeGreaterThan(1.5);
  });

  it("a listed token whose supply rate the Liquidity layer reports as 0 earns 0 %: a real APY, with its share price sampled", async () => {
    await devnet.within(async () => {
      // fEURC's one borrower, the plan's Vault T1 position, pays back all but 1 EURC of 2.4 million:
      // the resolver's supply rate (in 0.01 % steps) is 0.
      await lab.fluidRepayAllBut("fEurc", units("1", 6));
      const block = await head();
      const layer = await lab.fluidAt("fEurc", block);
      expect(layer.supplyRate).toBe(0n);
      expect(layer.supplyExchangePrice).toBeGreaterThanOrEqual(10n ** 12n);
      const r = ok((await readFluidFTokens(at(block), [fEurc])).get(fEurc.instrumentId));
      expect(r.apy).toBe(0);
      expect(r.sharePrice?.value).toBe(await lab.sharePriceAt("fEurc", block));
      expect(r.tvl).toBeGreaterThan(0);
    });
  });

  it("a token the Liquidity layer does not list, or a rate that cannot be read, is no rate at all, never 0 % nor the share price's growth", async () => {
    const block = await head();
    // The resolver answers zeros for a token the layer does not list, its exchange prices included.
    expect(await tokenDataOf(devnetAddresses.comp, block)).toMatchObject({ supplyRate: 0n, supplyExchangePrice: 0n });
    // A resolver that does not answer: no APY and no sample, so the sync keeps the fToken's previous APY.
    const [fUsdc] = marketsOf("fluid");
    const noResolver: AdapterContext = { ...at(block), deployment: { ...ctx.deployment, fluidLiquidityResolver: devnetAddresses.usdc } };
    const r = ok((await readFluidFTokens(noResolver, [fUsdc!])).get(fUsdc!.instrumentId));
    expect(r.apy).toBeNull();
    expect(r.sharePrice).toBeUndefined();
    expect(r.tvl).toBeGreaterThan(0);
  });

  it("the sync's LiquidityResolver ABI decodes the real resolver's getUserSupplyData whole (UserSupplyData has 11 fields)", async () => {
    const block = await head();
    const [supplyData, overall] = await read<readonly [{ supply: bigint; withdrawable: bigint }, unknown]>(
      resolver,
      fluidLiquidityResolverAbi,
      "getUserSupplyData",
      [devnetAddresses.fUsdc, devnetAddresses.usdc],
      block,
    );
    const [real, realOverall] = await read<readonly [{ supply: bigint; withdrawable: bigint }, unknown]>(
      resolver,
      fluidLiquidityResolverArtifact.abi,
      "getUserSupplyData",
      [devnetAddresses.fUsdc, devnetAddresses.usdc],
      block,
    );
    expect(supplyData).toEqual(real);
    expect(supplyData.supply).toBeGreaterThan(0n);
    // The token data after it lines up too (it was read two words late with a 9-field struct).
    expect(overall).toEqual(realOverall);
    expect(overall).toEqual(await read(resolver, fluidLiquidityResolverArtifact.abi, "getOverallTokenData", [devnetAddresses.usdc], block));
  });
});

describe("a chain that cannot be read", () => {
  it("reads no market, so the sync keeps the old values", async () => {
    const down = {
      ...ctx,
      client: createChainClient(LOCAL_CHAIN_ID, "http://127.0.0.1:9", { retries: 0, timeoutMs: 2_000 }),
    };
    for (const [adapter, protocol] of [
      [readAaveV3, "aave"],
      [readCompoundV3, "compound"],
      [readMorphoVaults, "morpho"],
      [readFluidFTokens, "fluid"],
    ] as const) {
      // An adapter either rejects or reports every market as not read; never a reading.
      const outcome = await adapter(down, marketsOf(protocol)).catch((err: unknown) => err);
      if (outcome instanceof Map) for (const reading of outcome.values()) expect(reading.ok, protocol).toBe(false);
      else expect(outcome, protocol).toBeInstanceOf(Error);
    }
  });
});

describe("Compound v3 adapter checks", () => {
  it("a market whose Comet has another base token fails alone", async () => {
    const [usdc, weth] = marketsOf("compound");
    const wrong = { ...weth!, tokenAddress: devnetAddresses.eurc };
    const readings = await readCompoundV3(ctx, [usdc!, wrong]);
    expect(readings.get(usdc!.instrumentId)?.ok).toBe(true);
    const failed = readings.get(wrong.instrumentId);
    expect(failed && !failed.ok && failed.error).toMatch(/baseToken/);
  });
});
