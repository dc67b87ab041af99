import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAaveV3 } from "@/lib/machinery/chain/adapters/aave-v3";
import { readCompoundV3 } from "@/lib/machinery/chain/adapters/compound-v3";
import { readErc4626, SHARE_PRICE_PROBE } from "@/lib/machinery/chain/adapters/erc4626";
import { readFluidFTokens } from "@/lib/machinery/chain/adapters/fluid-ftokens";
import { readMorphoVaults } from "@/lib/machinery/chain/adapters/morpho-vaults";
import type { AdapterContext, Market, MarketReading } from "@/lib/machinery/chain/adapters/types";
import { createChainClient } from "@/lib/machinery/chain/client";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { sharePriceApyPercent } from "@/lib/machinery/chain/rates";
import { localChainInstruments } from "@/lib/machinery/catalog/local-chain";
import { catalogRow } from "@/lib/machinery/db/seed";
import * as artifacts from "@/devnet/generated/contracts";
import { NATIVE_TOKEN_ADDRESS, devnetAddresses } from "@/devnet/plan/addresses";
import { aaveConfiguration } from "@/devnet/plan/rates";
import { devnetPriceFeeds } from "@/devnet/plan/tokens";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
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
import { readMetaMorphoRaw } from "./morpho-state";

// Each adapter against the local chain: the APY and TVL it computes equal the protocol's formula
// (test/chain/formulas.ts, exact integer arithmetic) applied to the raw on-chain values, to 1e-9.

let devnet: TestDevnet;
let ctx: Parameters<typeof readAaveV3>[0];
beforeAll(async () => {
  devnet = await startTestDevnet();
  ctx = {
    client: createChainClient(LOCAL_CHAIN_ID, devnet.url, { retries: 0 }),
    chainId: LOCAL_CHAIN_ID,
    deployment: deploymentOf(LOCAL_CHAIN_ID),
  };
});
afterAll(() => devnet?.stop());

const marketsOf = (protocol: Market["protocol"]): Market[] =>
  localChainInstruments
    .filter((i) => i.protocol === protocol)
    .map((i) => ({ ...i, instrumentId: catalogRow(i).instrumentId }));

function ok(reading: MarketReading | undefined) {
  if (!reading?.ok) throw new Error(`not read: ${reading ? reading.error : "missing"}`);
  return reading;
}
const read = <T>(
  address: `0x${string}`,
  abi: readonly unknown[],
  functionName: string,
  args: unknown[] = [],
) => devnet.reader.readContract({ address, abi: abi as never, functionName, args } as never) as Promise<T>;
const reserveOf = (pool: `0x${string}`, asset: `0x${string}`) =>
  read<{ currentLiquidityRate: bigint }>(pool, artifacts.mockAavePoolArtifact.abi, "getReserveData", [asset]);
const price = (asset: `0x${string}`) =>
  read<bigint>(devnetAddresses.aaveOracle, artifacts.mockAaveOracleArtifact.abi, "getAssetPrice", [asset]);

describe("Aave v3 adapter", () => {
  it("APY is the compounded ray APR and TVL the aToken supply at the oracle price, for every reserve", async () => {
    const markets = marketsOf("aave");
    expect(markets.length).toBeGreaterThanOrEqual(3);
    const readings = await readAaveV3(ctx, markets);
    for (const m of markets) {
      const reserve = await reserveOf(devnetAddresses.aavePool, m.tokenAddress);
      const supply = await read<bigint>(m.yieldTokenAddress, artifacts.mockATokenArtifact.abi, "totalSupply");
      const r = ok(readings.get(m.instrumentId));
      expectRelative(r.apy!, aaveApyExpected(reserve.currentLiquidityRate));
      expectRelative(r.tvl, usdExpected(supply, m.tokenDecimals, await price(m.tokenAddress), 10n ** 8n));
      expect(r.isActive).toBe(true);
    }
  });

  it("follows a rate change, and reports frozen and paused reserves as inactive", async () => {
    const [usdc, weth, eurc] = marketsOf("aave");
    const newRate = 123_456_789_012_345_678_901_234_567n; // 12.35 % APR in ray
    const pool = { address: devnetAddresses.aavePool, abi: artifacts.mockAavePoolArtifact.abi } as const;
    await devnet.send({
      ...pool,
      functionName: "setLiquidityRate",
      args: [usdc!.tokenAddress, newRate],
    });
    await devnet.send({
      ...pool,
      functionName: "setConfiguration",
      args: [weth!.tokenAddress, aaveConfiguration({ decimals: 18, frozen: true })],
    });
    await devnet.send({
      ...pool,
      functionName: "setConfiguration",
      args: [eurc!.tokenAddress, aaveConfiguration({ decimals: 6, paused: true })],
    });
    const readings = await readAaveV3(ctx, [usdc!, weth!, eurc!]);
    expectRelative(ok(readings.get(usdc!.instrumentId)).apy!, aaveApyExpected(newRate));
    expect(ok(readings.get(weth!.instrumentId)).isActive).toBe(false);
    expect(ok(readings.get(eurc!.instrumentId)).isActive).toBe(false);
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
    const primeOracle = { address: devnetAddresses.aavePrimeOracle, abi: artifacts.mockAaveOracleArtifact.abi } as const;
    // The Prime market's oracle prices USDC apart from the core oracle: its price must be the one used.
    await devnet.send({ ...primeOracle, functionName: "setAssetPrice", args: [devnetAddresses.usdc, 99_950_000n] });
    const [coreUsdc] = marketsOf("aave");
    const primeUsdc: Market = {
      ...coreUsdc!,
      instrumentId: "0x" + "11".repeat(32),
      adapterAddress: devnetAddresses.aavePrimePool,
      yieldTokenAddress: devnetAddresses.aPrimeUsdc,
    };
    const readings = await readAaveV3(ctx, [coreUsdc!, primeUsdc]);
    const reserve = await reserveOf(devnetAddresses.aavePrimePool, devnetAddresses.usdc);
    const supply = await read<bigint>(devnetAddresses.aPrimeUsdc, artifacts.mockATokenArtifact.abi, "totalSupply");
    const prime = ok(readings.get(primeUsdc.instrumentId));
    expectRelative(prime.apy!, aaveApyExpected(reserve.currentLiquidityRate));
    expectRelative(prime.tvl, usdExpected(supply, 6, 99_950_000n, 10n ** 8n));
    expect(prime.priceUsd).toBe(0.9995);
    expect(ok(readings.get(coreUsdc!.instrumentId)).priceUsd).toBe(1);
    // A pool the chain's deployment does not know has no oracle to price it with: it fails alone.
    const unknown = { ...primeUsdc, instrumentId: "0x" + "22".repeat(32), adapterAddress: devnetAddresses.aWeth };
    const again = await readAaveV3(ctx, [coreUsdc!, unknown]);
    expect(again.get(coreUsdc!.instrumentId)?.ok).toBe(true);
    expect(again.get(unknown.instrumentId)).toEqual({ ok: false, error: `no oracle known for the Aave pool ${devnetAddresses.aWeth}` });
  });
});

describe("Compound v3 adapter", () => {
  /**
   * What a Comet's feed price is worth in USD, written from the plan: each devnet feed's denomination
   * (USD, ETH, BTC) and the devnet oracle's WETH (ETH/USD) and WBTC (BTC/USD) prices.
   */
  async function expectedComet(m: Market) {
    const comet = { address: m.adapterAddress, abi: artifacts.mockCometArtifact.abi } as const;
    const utilization = await read<bigint>(comet.address, comet.abi, "getUtilization");
    const rate = await read<bigint>(comet.address, comet.abi, "getSupplyRate", [utilization]);
    const supply = await read<bigint>(comet.address, comet.abi, "totalSupply");
    const feed = await read<`0x${string}`>(comet.address, comet.abi, "baseTokenPriceFeed");
    const feedPrice = await read<bigint>(comet.address, comet.abi, "getPrice", [feed]);
    const { denomination } = devnetPriceFeeds.find((f) => devnetAddresses[f.contract] === feed)!;
    const unitUsd =
      denomination === "USD" ? 10n ** 8n : await price(denomination === "ETH" ? devnetAddresses.weth : devnetAddresses.wbtc);
    return {
      rate,
      tvl: usdExpected(supply * feedPrice, m.tokenDecimals, unitUsd, 10n ** 16n),
      priceUsd: usdExpected(feedPrice, 0, unitUsd, 10n ** 16n),
    };
  }

  it("APY compounds getSupplyRate(getUtilization()) per second; TVL is totalSupply at the feed's price converted from its unit to USD", async () => {
    const markets = marketsOf("compound");
    expect(markets.map((m) => m.yieldTokenAddress).sort()).toEqual(
      [devnetAddresses.cometUsdc, devnetAddresses.cometWeth, devnetAddresses.cometWbtc].sort(),
    );
    const readings = await readCompoundV3(ctx, markets);
    for (const m of markets) {
      const expected = await expectedComet(m);
      const r = ok(readings.get(m.instrumentId));
      expect(expected.rate).toBeGreaterThan(0n);
      expectRelative(r.apy!, cometApyExpected(expected.rate));
      expectRelative(r.tvl, expected.tvl);
      expectRelative(r.priceUsd, expected.priceUsd);
    }
    // The WETH Comet's feed is constant in ETH (1e8 = 1 WETH): 45,000.75 WETH at the oracle's ETH/USD.
    const weth = markets.find((m) => m.yieldTokenAddress === devnetAddresses.cometWeth)!;
    expectRelative(ok(readings.get(weth.instrumentId)).tvl, 45_000.75 * 3_412.55);
    // cWBTCv3's feed is WBTC/BTC (0.9998): supply × WBTC/BTC × BTC/USD, not supply × 0.9998 dollars.
    const wbtc = markets.find((m) => m.yieldTokenAddress === devnetAddresses.cometWbtc)!;
    expectRelative(ok(readings.get(wbtc.instrumentId)).tvl, 1_500.05 * 0.9998 * 97_250);
    expectRelative(ok(readings.get(wbtc.instrumentId)).priceUsd, 0.9998 * 97_250);
  });

  it("recognises a constant feed on chain; a feed of unknown denomination is never read as USD", async () => {
    const markets = marketsOf("compound");
    const feeds = { ...ctx.deployment.priceFeeds };
    delete feeds[devnetAddresses.wethConstantPriceFeed.toLowerCase()];
    delete feeds[devnetAddresses.wbtcBtcPriceFeed.toLowerCase()];
    const unlisted: AdapterContext = { ...ctx, deployment: { ...ctx.deployment, priceFeeds: feeds } };
    const readings = await readCompoundV3(unlisted, markets);
    // Not listed, but it says it is Comet's ConstantPriceFeed: priced in its base, WETH, i.e. ETH.
    const weth = markets.find((m) => m.yieldTokenAddress === devnetAddresses.cometWeth)!;
    expectRelative(ok(readings.get(weth.instrumentId)).tvl, (await expectedComet(weth)).tvl);
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
    const comet = { address: usdc!.adapterAddress, abi: artifacts.mockCometArtifact.abi } as const;
    const supply = await read<bigint>(comet.address, comet.abi, "totalSupply");
    await devnet.send({
      ...comet,
      functionName: "setTotalBorrow",
      args: [(supply * 95n) / 100n],
    });
    const readings = await readCompoundV3(ctx, [usdc!]);
    const rate = await read<bigint>(comet.address, comet.abi, "getSupplyRate", [
      await read<bigint>(comet.address, comet.abi, "getUtilization"),
    ]);
    expectRelative(ok(readings.get(usdc!.instrumentId)).apy!, cometApyExpected(rate));
    expect(ok(readings.get(usdc!.instrumentId)).apy!).toBeGreaterThan(4.5);
  });
});

describe("ERC-4626 adapter (Morpho and Fluid)", () => {
  it("TVL is totalAssets at the oracle price; the share-price samples give the formula's APY", async () => {
    const markets = [...marketsOf("morpho"), ...marketsOf("fluid")];
    const first = await readErc4626(ctx, markets);
    await devnet.advance(6 * 3600);
    const second = await readErc4626(ctx, markets);
    for (const m of markets) {
      const a = ok(first.get(m.instrumentId));
      const b = ok(second.get(m.instrumentId));
      expect(a.apy).toBeNull(); // the sync computes it from stored samples
      const vault = { address: m.adapterAddress, abi: artifacts.mockERC4626VaultArtifact.abi } as const;
      const totalAssets = await read<bigint>(vault.address, vault.abi, "totalAssets");
      const p1 = await read<bigint>(vault.address, vault.abi, "convertToAssets", [SHARE_PRICE_PROBE]);
      const block = await devnet.reader.getBlock();
      expect(b.sharePrice).toEqual({ value: p1, at: Number(block.timestamp) });
      expectRelative(
        b.tvl,
        usdExpected(totalAssets, m.tokenDecimals, await price(m.tokenAddress), 10n ** 8n),
      );
      expect(b.sharePrice!.at - a.sharePrice!.at).toBeGreaterThanOrEqual(6 * 3600);
      const apy = sharePriceApyPercent(
        a.sharePrice!.value,
        a.sharePrice!.at,
        b.sharePrice!.value,
        b.sharePrice!.at,
      );
      expectRelative(
        apy,
        sharePriceApyExpected(a.sharePrice!.value, a.sharePrice!.at, b.sharePrice!.value, b.sharePrice!.at),
      );
      expect(apy).toBeGreaterThan(1);
      expect(apy).toBeLessThan(10);
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
    const readings = await readMorphoVaults(ctx, markets);
    for (const m of markets) {
      const raw = await readMetaMorphoRaw(devnet, m.adapterAddress);
      expect(raw.markets.length, m.yieldTokenAddress).toBeGreaterThanOrEqual(2);
      expect(raw.markets.some((x) => x.borrowRate > 0n && x.supplyShares > 0n)).toBe(true);
      const r = ok(readings.get(m.instrumentId));
      expectRelative(r.apy!, metaMorphoApyExpected(raw.markets, raw.totalAssets, raw.fee));
      expectRelative(
        r.tvl,
        usdExpected(raw.totalAssets, m.tokenDecimals, await price(m.tokenAddress), 10n ** 8n),
      );
      expect(r.sharePrice?.value).toBeGreaterThan(0n); // still sampled, for a fallback
      expect(r.apy).toBeGreaterThan(1);
      expect(r.apy).toBeLessThan(10);
    }
  });

  it("follows the withdraw queue: a vault left with only its idle market earns nothing", async () => {
    const [usdcVault] = marketsOf("morpho").filter((m) => m.version === 1);
    const vault = {
      address: usdcVault!.adapterAddress,
      abi: artifacts.mockMetaMorphoVaultArtifact.abi,
    } as const;
    const queue = (await readMetaMorphoRaw(devnet, vault.address)).markets;
    const ids = await Promise.all(
      queue.map((_, i) => read<`0x${string}`>(vault.address, vault.abi, "withdrawQueue", [BigInt(i)])),
    );
    const idle = ids[queue.findIndex((x) => x.borrowRate === 0n)]!;
    await devnet.send({ ...vault, functionName: "setWithdrawQueue", args: [[idle]] });
    try {
      expect(ok((await readMorphoVaults(ctx, [usdcVault!])).get(usdcVault!.instrumentId)).apy).toBe(0);
    } finally {
      await devnet.send({ ...vault, functionName: "setWithdrawQueue", args: [ids] });
    }
    expect(ok((await readMorphoVaults(ctx, [usdcVault!])).get(usdcVault!.instrumentId)).apy).toBeGreaterThan(
      1,
    );
  });

  it("a Vault V2's APY is its share-price growth, and it reports what it holds in MetaMorpho vaults", async () => {
    const [v2] = marketsOf("morpho").filter((m) => m.version === 2);
    expect(v2!.adapterAddress).toBe(devnetAddresses.morphoUsdcVaultV2);
    const reading = ok((await readMorphoVaults(ctx, [v2!])).get(v2!.instrumentId));
    expect(reading.apy).toBeNull();
    expect(reading.sharePrice?.value).toBeGreaterThan(0n);
    // Its MorphoVaultV1Adapter's shares of the MetaMorpho vault, at what they redeem for; the adapter
    // that lends on Morpho Blue directly holds no vault and is not listed.
    const v1 = { address: devnetAddresses.morphoUsdcVault, abi: artifacts.mockERC4626VaultArtifact.abi } as const;
    const shares = await read<bigint>(v1.address, v1.abi, "balanceOf", [devnetAddresses.morphoVaultV1Adapter]);
    const assets = await read<bigint>(v1.address, v1.abi, "previewRedeem", [shares]);
    expect(assets).toBeGreaterThanOrEqual(25_000_000n * 10n ** 6n - 1n);
    expect(reading.heldInVaults).toEqual([{ vault: devnetAddresses.morphoUsdcVault, assets }]);
    // Its TVL is everything it holds: idle, in the MetaMorpho vault and in Morpho Blue markets.
    const totalAssets = await read<bigint>(v2!.adapterAddress, artifacts.mockVaultV2Artifact.abi, "totalAssets");
    expect(totalAssets).toBe(5_000_500n * 10n ** 6n + assets + 10_000_000n * 10n ** 6n);
    expectRelative(reading.tvl, usdExpected(totalAssets, 6, await price(devnetAddresses.usdc), 10n ** 8n));
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
  const liquidity = {
    address: devnetAddresses.fluidLiquidityResolver,
    abi: artifacts.mockFluidLiquidityResolverArtifact.abi,
  } as const;

  const supplyRateOf = async (token: `0x${string}`) =>
    (await read<{ supplyRate: bigint }>(liquidity.address, liquidity.abi, "getOverallTokenData", [token])).supplyRate;

  it("the APY is the Liquidity layer's supply rate of the token it lends, alone", async () => {
    const markets = marketsOf("fluid");
    const readings = await readFluidFTokens(ctx, markets);
    for (const m of markets) {
      // fWETH lends native ETH: the Liquidity layer knows its rate under 0xEeee…, and WETH's is 0.
      const lent = m.yieldTokenAddress === devnetAddresses.fWeth ? NATIVE_TOKEN_ADDRESS : m.tokenAddress;
      const supplyRate = await supplyRateOf(lent);
      expect(supplyRate).toBeGreaterThan(0n);
      const r = ok(readings.get(m.instrumentId));
      expectRelative(r.apy!, fluidApyExpected(supplyRate));
      expect(r.sharePrice?.value).toBeGreaterThan(0n);
    }
    expect(await supplyRateOf(devnetAddresses.weth)).toBe(0n);
    const fWeth = markets.find((m) => m.yieldTokenAddress === devnetAddresses.fWeth)!;
    expectRelative(ok(readings.get(fWeth.instrumentId)).apy!, fluidApyExpected(220n));
    // 470 (4.70 % APR in 1e2 precision) compounds per second to about 4.81 %.
    expect(fluidApyExpected(470n)).toBeCloseTo(4.8122, 3);
  });

  it("leaves out the rewards the share price also grows by: fUSDC's shares grow faster than its APY", async () => {
    const [fUsdc] = marketsOf("fluid").filter((m) => m.yieldTokenAddress === devnetAddresses.fUsdc);
    const first = ok((await readFluidFTokens(ctx, [fUsdc!])).get(fUsdc!.instrumentId));
    await devnet.advance(6 * 3600);
    const second = ok((await readFluidFTokens(ctx, [fUsdc!])).get(fUsdc!.instrumentId));
    const growth = sharePriceApyPercent(first.sharePrice!.value, first.sharePrice!.at, second.sharePrice!.value, second.sharePrice!.at);
    expectRelative(second.apy!, fluidApyExpected(470n));
    // Its rewards rate model pays about 2 % more (test/chain/onchain-rewards.test.ts reads it).
    expect(growth - second.apy!).toBeGreaterThan(1.5);
  });

  it("a supply rate of 0 from the resolver is no rate at all, never a 0 % APY nor the share price's growth", async () => {
    const [fUsdc] = marketsOf("fluid");
    const before = await supplyRateOf(fUsdc!.tokenAddress);
    await devnet.send({ ...liquidity, functionName: "setSupplyRate", args: [fUsdc!.tokenAddress, 0n] });
    try {
      const r = ok((await readFluidFTokens(ctx, [fUsdc!])).get(fUsdc!.instrumentId));
      // No APY and no sample: the sync keeps the fToken's previous APY.
      expect(r.apy).toBeNull();
      expect(r.sharePrice).toBeUndefined();
      expect(r.tvl).toBeGreaterThan(0);
    } finally {
      await devnet.send({ ...liquidity, functionName: "setSupplyRate", args: [fUsdc!.tokenAddress, before] });
    }
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
