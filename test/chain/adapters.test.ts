import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAaveV3 } from "@/lib/chain/adapters/aave-v3";
import { readCompoundV3 } from "@/lib/chain/adapters/compound-v3";
import { readErc4626, SHARE_PRICE_PROBE } from "@/lib/chain/adapters/erc4626";
import { readFluidFTokens } from "@/lib/chain/adapters/fluid-ftokens";
import { readMorphoVaults } from "@/lib/chain/adapters/morpho-vaults";
import type { Market, MarketReading } from "@/lib/chain/adapters/types";
import { createChainClient } from "@/lib/chain/client";
import { deploymentOf } from "@/lib/chain/deployments";
import { sharePriceApyPercent } from "@/lib/chain/rates";
import { devnetCatalogInstruments } from "@/lib/catalog/devnet-catalog";
import { catalogRow } from "@/lib/db/seed";
import * as artifacts from "@/lib/devnet/generated/contracts";
import { DEVNET_CHAIN_ID, aaveConfiguration, devnetAddresses } from "@/lib/devnet/plan";
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
    client: createChainClient(DEVNET_CHAIN_ID, devnet.url, { retries: 0 }),
    chainId: DEVNET_CHAIN_ID,
    deployment: deploymentOf(DEVNET_CHAIN_ID),
  };
});
afterAll(() => devnet?.stop());

const marketsOf = (protocol: Market["protocol"]): Market[] =>
  devnetCatalogInstruments
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
const price = (asset: `0x${string}`) =>
  read<bigint>(devnetAddresses.aaveOracle, artifacts.mockAaveOracleArtifact.abi, "getAssetPrice", [asset]);

describe("Aave v3 adapter", () => {
  it("APY is the compounded ray APR and TVL the aToken supply at the oracle price, for every reserve", async () => {
    const markets = marketsOf("aave");
    expect(markets.length).toBeGreaterThanOrEqual(3);
    const readings = await readAaveV3(ctx, markets);
    for (const m of markets) {
      const reserve = await read<{ currentLiquidityRate: bigint }>(
        devnetAddresses.aavePool,
        artifacts.mockAavePoolArtifact.abi,
        "getReserveData",
        [m.tokenAddress],
      );
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
    // 4 % APR compounds to 4.0811 % (protocols.md's worked example).
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
});

describe("Compound v3 adapter", () => {
  it("APY compounds getSupplyRate(getUtilization()) per second; TVL is totalSupply at the Comet's price, WETH converted to USD", async () => {
    const markets = marketsOf("compound");
    const readings = await readCompoundV3(ctx, markets);
    const ethUsd = await price(devnetAddresses.weth);
    for (const m of markets) {
      const comet = { address: m.adapterAddress, abi: artifacts.mockCometArtifact.abi } as const;
      const utilization = await read<bigint>(comet.address, comet.abi, "getUtilization");
      const rate = await read<bigint>(comet.address, comet.abi, "getSupplyRate", [utilization]);
      const supply = await read<bigint>(comet.address, comet.abi, "totalSupply");
      const feed = await read<`0x${string}`>(comet.address, comet.abi, "baseTokenPriceFeed");
      const feedPrice = await read<bigint>(comet.address, comet.abi, "getPrice", [feed]);
      const r = ok(readings.get(m.instrumentId));
      expect(rate).toBeGreaterThan(0n);
      expectRelative(r.apy!, cometApyExpected(rate));
      const expectedTvl =
        m.assetCategory === "ETH"
          ? usdExpected(supply * feedPrice, m.tokenDecimals, ethUsd, 10n ** 16n)
          : usdExpected(supply, m.tokenDecimals, feedPrice, 10n ** 8n);
      expectRelative(r.tvl, expectedTvl);
    }
    // The WETH Comet's feed is ETH-denominated (1e8 = 1 ETH): its TVL must be far above its ETH amount.
    const weth = markets.find((m) => m.assetCategory === "ETH")!;
    expect(ok(readings.get(weth.instrumentId)).tvl).toBeGreaterThan(45_000 * 1_000);
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
    const markets = marketsOf("morpho");
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
    const [usdcVault] = marketsOf("morpho");
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

  it("a vault without MetaMorpho's reads (a Vault V2) is left to share-price growth", async () => {
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

  it("leaves the APY to share-price growth, with the Liquidity layer's supply rate compounded as the stand-in", async () => {
    const markets = marketsOf("fluid");
    const readings = await readFluidFTokens(ctx, markets);
    for (const m of markets) {
      const data = await read<{ supplyRate: bigint }>(
        liquidity.address,
        liquidity.abi,
        "getOverallTokenData",
        [m.tokenAddress],
      );
      expect(data.supplyRate).toBeGreaterThan(0n);
      const r = ok(readings.get(m.instrumentId));
      expect(r.apy).toBeNull();
      expect(r.sharePrice?.value).toBeGreaterThan(0n);
      expectRelative(r.fallbackApy!, fluidApyExpected(data.supplyRate));
    }
    // 470 (4.70 % APR in 1e2 precision) compounds per second to about 4.81 %.
    expect(fluidApyExpected(470n)).toBeCloseTo(4.8122, 3);
  });

  it("an underlying the resolver cannot answer for gets no stand-in, and its fToken still reads", async () => {
    const [, fWeth] = marketsOf("fluid");
    const before = await read<{ supplyRate: bigint }>(
      liquidity.address,
      liquidity.abi,
      "getOverallTokenData",
      [fWeth!.tokenAddress],
    );
    await devnet.send({
      ...liquidity,
      functionName: "setSupplyRate",
      args: [fWeth!.tokenAddress, 0n],
    });
    try {
      const r = ok((await readFluidFTokens(ctx, [fWeth!])).get(fWeth!.instrumentId));
      expect(r.fallbackApy).toBeUndefined();
      expect(r.tvl).toBeGreaterThan(0);
    } finally {
      await devnet.send({
        ...liquidity,
        functionName: "setSupplyRate",
        args: [fWeth!.tokenAddress, before.supplyRate],
      });
    }
  });
});

describe("a chain that cannot be read", () => {
  it("rejects, so the sync keeps the old values", async () => {
    const down = {
      ...ctx,
      client: createChainClient(DEVNET_CHAIN_ID, "http://127.0.0.1:9", { retries: 0, timeoutMs: 2_000 }),
    };
    await expect(readAaveV3(down, marketsOf("aave"))).rejects.toThrow();
    await expect(readCompoundV3(down, marketsOf("compound"))).rejects.toThrow();
    await expect(readMorphoVaults(down, marketsOf("morpho"))).rejects.toThrow();
    await expect(readFluidFTokens(down, marketsOf("fluid"))).rejects.toThrow();
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
