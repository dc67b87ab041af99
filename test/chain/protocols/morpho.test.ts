// Morpho on a local chain of Morpho's own contracts (devnet/protocols/morpho, plan/morpho.ts), used as
// a lab: each action runs inside evm_snapshot … evm_revert, and what the chain says afterwards is read
// from the contracts' own views and events. The sync's Morpho adapter is then held to what the
// contracts report at the block it read: recipe A's APY (test/chain/formulas.ts) from the IRM's own
// borrowRateView, TVL at the chain's USD oracle, and exit liquidity, after a real borrow and after a
// real deposit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, encodeAbiParameters, http, keccak256, parseAbiItem, parseEventLogs, parseUnits, toHex, zeroAddress, type Hex } from "viem";
import { foundry } from "viem/chains";
import { readMorphoVaults } from "@/lib/machinery/chain/adapters/morpho-vaults";
import type { AdapterContext, Market, MarketReading } from "@/lib/machinery/chain/adapters/types";
import { MULTICALL3_ADDRESS } from "@/lib/machinery/chain/abis";
import { createChainClient } from "@/lib/machinery/chain/client";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { startAnvil, type RunningAnvil } from "@/devnet/anvil";
import { deployContext, type DeployContext } from "@/devnet/deploy/context";
import { rpc } from "@/devnet/json-rpc";
import { aaveOracleArtifact } from "@/devnet/generated/aave-v3";
import { multicall3Artifact } from "@/devnet/generated/multicall3";
import { morphoArtifact } from "@/devnet/generated/morpho-blue";
import { adaptiveCurveIrmArtifact } from "@/devnet/generated/morpho-blue-irm";
import { morphoChainlinkOracleV2Artifact } from "@/devnet/generated/morpho-blue-oracles";
import { metaMorphoV1_1Artifact, metaMorphoV1_1FactoryArtifact } from "@/devnet/generated/morpho-metamorpho-v1.1";
import { morphoMarketV1AdapterV2Artifact, morphoVaultV1AdapterArtifact, vaultV2Artifact, vaultV2FactoryArtifact } from "@/devnet/generated/vault-v2";
import { devnetDemoWallet, devnetRoleAccount } from "@/devnet/plan/accounts";
import { MORPHO_BLUE_ADDRESS } from "@/devnet/plan/addresses";
import { morphoBlueMarkets, morphoContracts, morphoMarkets, morphoRoles, type MorphoBlueMarketKey } from "@/devnet/plan/morpho";
import { devnetTokenOf, devnetTokens } from "@/devnet/plan/tokens";
import { deployMorpho, morphoMarketParams, populateMorpho, plannedMarketSupply, plannedVaultAssets, borrowerRole, oraclePrice } from "@/devnet/protocols/morpho";
import * as act from "@/devnet/protocols/morpho/actions";
import { deployTokens, fundToken } from "@/devnet/protocols/tokens";
import { SECONDS_PER_YEAR, expectRelative, metaMorphoApyExpected, usdExpected, type MorphoMarketRaw } from "../formulas";

const WAD = 10n ** 18n;
/**
 * vendor/morpho-blue src/libraries/EventsLib.sol: solc 0.8.19 leaves a library's events out of the
 * ABI of the contract that emits them.
 */
const accrueInterestEvent = parseAbiItem("event AccrueInterest(bytes32 indexed id, uint256 prevBorrowRate, uint256 interest, uint256 feeShares)");
const usdc = (amount: string) => parseUnits(amount, 6);

let anvil: RunningAnvil;
let ctx: DeployContext;
let reader: ReturnType<typeof createPublicClient>;
let adapterCtx: AdapterContext;
let timing: { deployMs: number; populateMs: number; transactions: number };

beforeAll(async () => {
  anvil = await startAnvil();
  ctx = await deployContext(anvil.url);
  await deployTokens(ctx);
  const started = Date.now();
  const deployed = await deployMorpho(ctx);
  const deployMs = Date.now() - started;
  const populated = await populateMorpho(ctx);
  timing = { deployMs, populateMs: Date.now() - started - deployMs, transactions: deployed.transactions + populated.transactions };
  // No cache: each read of the block number asks the chain (viem caches it for 4 s by default).
  reader = createPublicClient({ chain: foundry, transport: http(anvil.url), cacheTime: 0 });
  // What the sync's ERC-4626 reads take from every chain besides Morpho: Multicall3 at its address, and
  // a USD price oracle (Aave's own AaveOracle, over the same Chainlink-style feeds the Morpho oracles read).
  const helper = await ctx.sender("morpho test helper");
  const multicall = await helper.create(multicall3Artifact, []);
  await helper.client.test.setCode({ address: MULTICALL3_ADDRESS, bytecode: (await reader.getCode({ address: multicall }))! });
  const tokens = devnetTokens.map((t) => t.contract);
  const oracle = await helper.create(aaveOracleArtifact, [zeroAddress, tokens.map((t) => ctx.address(t)), tokens.map((t) => ctx.address(`${t}UsdFeed`)), zeroAddress, zeroAddress, 10n ** 8n]);
  adapterCtx = {
    client: createChainClient(LOCAL_CHAIN_ID, anvil.url, { retries: 0 }),
    chainId: LOCAL_CHAIN_ID,
    deployment: { ...deploymentOf(LOCAL_CHAIN_ID), aaveOracle: oracle },
  };
});
afterAll(() => anvil?.stop());

/**
 * Runs `action` on the chain, then reverts the chain (and its clock) to before it. Senders come from a
 * context of their own (with the deployment's manifest): a sender counts its nonces, which the revert
 * takes back.
 */
async function lab<T>(action: (c: DeployContext) => Promise<T>): Promise<T> {
  const snapshot = await rpc<Hex>(anvil.url, "evm_snapshot");
  try {
    const c = await deployContext(anvil.url);
    Object.assign(c.addresses, ctx.addresses);
    return await action(c);
  } finally {
    await rpc(anvil.url, "evm_revert", [snapshot]);
  }
}

const read = <T,>(address: Hex, abi: readonly unknown[], functionName: string, args: readonly unknown[] = [], blockNumber?: bigint) =>
  reader.readContract({ address, abi: abi as never, functionName, args, ...(blockNumber !== undefined && { blockNumber }) } as never) as Promise<T>;

type MarketState = readonly [bigint, bigint, bigint, bigint, bigint, bigint];
const morpho = { address: MORPHO_BLUE_ADDRESS, abi: morphoArtifact.abi } as const;
const idOf = (key: MorphoBlueMarketKey) => act.marketIdOf(morphoMarketParams(ctx, key));
const stateOf = async (key: MorphoBlueMarketKey, blockNumber?: bigint) => {
  const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee] = await read<MarketState>(morpho.address, morpho.abi, "market", [idOf(key)], blockNumber);
  return { totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee };
};
const borrowRateOf = async (key: MorphoBlueMarketKey, blockNumber?: bigint) =>
  read<bigint>(ctx.address(morphoContracts.irm), adaptiveCurveIrmArtifact.abi, "borrowRateView", [morphoMarketParams(ctx, key), await stateOf(key, blockNumber)], blockNumber);
const rateAtTargetOf = (key: MorphoBlueMarketKey) => read<bigint>(ctx.address(morphoContracts.irm), adaptiveCurveIrmArtifact.abi, "rateAtTarget", [idOf(key)]);
const utilizationOf = async (key: MorphoBlueMarketKey) => {
  const s = await stateOf(key);
  return Number((s.totalBorrowAssets * 10n ** 12n) / s.totalSupplyAssets) / 1e12;
};

/** A MetaMorpho vault's recipe-A inputs at a block, read with the contracts' own ABIs, independent of lib/. */
async function metaMorphoRaw(vault: Hex, blockNumber: bigint) {
  const mm = metaMorphoV1_1Artifact.abi;
  const morphoOf = await read<Hex>(vault, mm, "MORPHO", [], blockNumber);
  const length = await read<bigint>(vault, mm, "withdrawQueueLength", [], blockNumber);
  const markets: (MorphoMarketRaw & { liquidity: bigint; supplyAssets: bigint })[] = [];
  for (let i = 0n; i < length; i++) {
    const id = await read<Hex>(vault, mm, "withdrawQueue", [i], blockNumber);
    const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee] = await read<MarketState>(morphoOf, morphoArtifact.abi, "market", [id], blockNumber);
    const [loanToken, collateralToken, oracle, irm, lltv] = await read<readonly [Hex, Hex, Hex, Hex, bigint]>(morphoOf, morphoArtifact.abi, "idToMarketParams", [id], blockNumber);
    const [supplyShares] = await read<readonly [bigint, bigint, bigint]>(morphoOf, morphoArtifact.abi, "position", [id, vault], blockNumber);
    const borrowRate =
      irm === zeroAddress
        ? 0n
        : await read<bigint>(irm, adaptiveCurveIrmArtifact.abi, "borrowRateView", [
            { loanToken, collateralToken, oracle, irm, lltv },
            { totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee },
          ], blockNumber);
    // Morpho's SharesMathLib.toAssetsDown: 1 virtual asset, 1e6 virtual shares.
    const supplyAssets = (supplyShares * (totalSupplyAssets + 1n)) / (totalSupplyShares + 10n ** 6n);
    const liquidity = totalSupplyAssets - totalBorrowAssets;
    markets.push({ borrowRate, totalSupplyAssets, totalSupplyShares, totalBorrowAssets, fee, supplyShares, supplyAssets, liquidity });
  }
  return { markets, totalAssets: await read<bigint>(vault, mm, "totalAssets", [], blockNumber), fee: await read<bigint>(vault, mm, "fee", [], blockNumber) };
}

const catalogMarket = (contract: string, version: 1 | 2): Market => {
  const plan = morphoMarkets.find((v) => v.contract === contract)!;
  const token = devnetTokenOf(plan.underlying);
  return {
    instrumentId: `morpho:${contract}`,
    protocol: "morpho",
    version,
    adapterAddress: ctx.address(contract),
    tokenAddress: ctx.address(plan.underlying),
    tokenDecimals: token.decimals,
    yieldTokenAddress: ctx.address(contract),
    assetCategory: token.assetCategory,
  };
};
function ok(reading: MarketReading | undefined) {
  if (!reading?.ok) throw new Error(`not read: ${reading ? reading.error : "missing"}`);
  return reading;
}

/**
 * The sync's reading of a MetaMorpho vault against the contracts at the block it read: recipe A's APY
 * from the IRM's borrowRateView, TVL from totalAssets at the oracle's price, and exit liquidity (per
 * market of the withdraw queue, the lesser of the vault's supply and the market's free liquidity).
 */
async function expectMetaMorphoReadAsTheChainReports(contract: string) {
  const market = catalogMarket(contract, 1);
  const block = await reader.getBlockNumber();
  const reading = ok((await readMorphoVaults(adapterCtx, [market])).get(market.instrumentId));
  expect(await reader.getBlockNumber(), "no block was mined while the sync read").toBe(block);
  const raw = await metaMorphoRaw(market.adapterAddress, block);
  expectRelative(reading.apy!, metaMorphoApyExpected(raw.markets, raw.totalAssets, raw.fee));
  const price = await read<bigint>(adapterCtx.deployment.aaveOracle!, aaveOracleArtifact.abi, "getAssetPrice", [market.tokenAddress], block);
  expectRelative(reading.tvl, usdExpected(raw.totalAssets, market.tokenDecimals, price, 10n ** 8n));
  expect(reading.totalAssets).toBe(raw.totalAssets);
  const available = raw.markets.reduce((sum, m) => sum + (m.supplyAssets < m.liquidity ? m.supplyAssets : m.liquidity), 0n);
  expect(reading.liquidity).toEqual({ available, supplied: raw.totalAssets });
  return { reading, raw };
}

describe("Morpho's contracts on the local chain", () => {
  it("deploys and populates in about a second, from its own accounts", () => {
    console.info(`Morpho: deploy ${timing.deployMs} ms, populate ${timing.populateMs} ms, ${timing.transactions} transactions`);
    expect(timing.deployMs + timing.populateMs).toBeLessThan(20_000);
  });

  it("Morpho Blue lives at its canonical address, its constructor run there: owner, domain separator, enabled IRM and LLTVs", async () => {
    expect(await read<Hex>(morpho.address, morpho.abi, "owner")).toBe(devnetRoleAccount(morphoRoles.morphoOwner).address);
    const domainTypeHash = keccak256(toHex("EIP712Domain(uint256 chainId,address verifyingContract)"));
    expect(await read<Hex>(morpho.address, morpho.abi, "DOMAIN_SEPARATOR")).toBe(
      keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }, { type: "address" }], [domainTypeHash, BigInt(LOCAL_CHAIN_ID), MORPHO_BLUE_ADDRESS])),
    );
    expect(await read<boolean>(morpho.address, morpho.abi, "isIrmEnabled", [ctx.address(morphoContracts.irm)])).toBe(true);
    for (const m of morphoBlueMarkets) expect(await read<boolean>(morpho.address, morpho.abi, "isLltvEnabled", [m.lltv])).toBe(true);
    expect(await read<boolean>(morpho.address, morpho.abi, "isLltvEnabled", [WAD / 2n])).toBe(false);
    expect(await read<Hex>(morpho.address, morpho.abi, "feeRecipient")).toBe(devnetRoleAccount(morphoRoles.feeRecipient).address);
  });

  it("each market has its planned parameters, the oracle's price from the feeds, and the utilization real borrows made", async () => {
    for (const m of morphoBlueMarkets) {
      const params = morphoMarketParams(ctx, m.key);
      const [loanToken, collateralToken, oracle, irm, lltv] = await read<readonly [Hex, Hex, Hex, Hex, bigint]>(morpho.address, morpho.abi, "idToMarketParams", [idOf(m.key)]);
      expect({ loanToken, collateralToken, oracle, irm, lltv }).toEqual(params);
      const state = await stateOf(m.key);
      expect(state.fee).toBe(m.fee);
      expect(state.totalSupplyAssets).toBe(plannedMarketSupply(m.key));
      expect(await utilizationOf(m.key)).toBeCloseTo(Number(m.utilizationBps) / 10_000, 6);
      if (m.collateral === null) continue;
      expect(await read<bigint>(oracle, morphoChainlinkOracleV2Artifact.abi, "price")).toBe(oraclePrice(m));
      // The borrower stands at the planned share of the LLTV.
      const [, borrowShares, collateral] = await read<readonly [bigint, bigint, bigint]>(morpho.address, morpho.abi, "position", [idOf(m.key), devnetRoleAccount(borrowerRole(m.key)).address]);
      expect(borrowShares).toBe(state.totalBorrowShares);
      const ltv = Number((state.totalBorrowAssets * 10n ** 36n * 10_000n) / (collateral * oraclePrice(m))) / Number((m.lltv * 10_000n) / WAD);
      expect(ltv).toBeCloseTo(Number(m.borrowerLtvOfLltvBps) / 10_000, 3);
    }
  });

  it("the IRM answers the AdaptiveCurveIrm's curve: rate at target × (1 + (C − 1)·err) above 90 %, × (1 + (1 − 1/C)·err) below", async () => {
    const block = await reader.getBlockNumber();
    for (const m of morphoBlueMarkets.filter((m) => m.collateral !== null)) {
      const state = await stateOf(m.key, block);
      const u = Number(state.totalBorrowAssets) / Number(state.totalSupplyAssets);
      const err = u > 0.9 ? (u - 0.9) / 0.1 : (u - 0.9) / 0.9;
      const curve = err > 0 ? 1 + 3 * err : 1 + 0.75 * err;
      // The seconds since the market's last interaction adapt the rate at target by less than 1e-5.
      expectRelative(Number(await borrowRateOf(m.key, block)), Number(await rateAtTargetOf(m.key)) * curve, 1e-5);
    }
    // The curve's anchor: a market starts at 4 % a year at the target utilization, where it stays.
    expectRelative((Number(await rateAtTargetOf("usdcWeth86")) * Number(SECONDS_PER_YEAR)) / 1e18, 0.04, 1e-4);
  });

  it("MetaMorpho v1.1 vaults come from the real factory, with an owner, a curator and an allocator of their own, caps, queues and fees", async () => {
    const factory = ctx.address(morphoContracts.metaMorphoFactory);
    const mm = metaMorphoV1_1Artifact.abi;
    for (const v of morphoMarkets.filter((v) => v.version === 1)) {
      if (v.version !== 1) continue;
      const vault = ctx.address(v.contract);
      expect(await read<boolean>(factory, metaMorphoV1_1FactoryArtifact.abi, "isMetaMorpho", [vault])).toBe(true);
      expect(await read<Hex>(vault, mm, "MORPHO")).toBe(MORPHO_BLUE_ADDRESS);
      const owner = await read<Hex>(vault, mm, "owner");
      const curator = await read<Hex>(vault, mm, "curator");
      expect(owner).toBe(devnetRoleAccount(morphoRoles.vaultOwner).address);
      expect(curator).toBe(devnetRoleAccount(morphoRoles.curator).address);
      expect(new Set([owner, curator, devnetRoleAccount(morphoRoles.allocator).address]).size).toBe(3);
      expect(await read<boolean>(vault, mm, "isAllocator", [devnetRoleAccount(morphoRoles.allocator).address])).toBe(true);
      expect([await read<string>(vault, mm, "name"), await read<string>(vault, mm, "symbol")]).toEqual([v.yieldTokenName, v.yieldTokenSymbol]);
      expect(await read<bigint>(vault, mm, "fee")).toBe(v.metaMorpho.fee);
      expect(await read<bigint>(vault, mm, "timelock")).toBe(v.metaMorpho.timelock);
      const ids = v.metaMorpho.markets.map(({ market }) => idOf(market));
      expect(await read<bigint>(vault, mm, "supplyQueueLength")).toBe(BigInt(ids.length));
      for (const [i, id] of ids.entries()) {
        expect(await read<Hex>(vault, mm, "supplyQueue", [BigInt(i)])).toBe(id);
        expect(await read<Hex>(vault, mm, "withdrawQueue", [BigInt(i)])).toBe(id);
        const [cap, enabled] = await read<readonly [bigint, boolean, bigint]>(vault, mm, "config", [id]);
        expect([cap, enabled]).toEqual([parseUnits(v.metaMorpho.markets[i]!.cap, devnetTokenOf(v.underlying).decimals), true]);
        // The allocator's planned share of the vault in each market, through Morpho Blue.
        const [shares] = await read<readonly [bigint, bigint, bigint]>(morpho.address, morpho.abi, "position", [id, vault]);
        const state = await stateOf(v.metaMorpho.markets[i]!.market);
        const assets = (shares * (state.totalSupplyAssets + 1n)) / (state.totalSupplyShares + 10n ** 6n);
        expectRelative(Number(assets), Number((plannedVaultAssets(v) * v.metaMorpho.markets[i]!.shareBps) / 10_000n), 1e-6);
      }
    }
  });

  it("the Vault V2 comes from VaultV2Factory with a MorphoVaultV1Adapter into the USDC MetaMorpho vault and a market adapter into its own market", async () => {
    const v2 = ctx.address("morphoUsdcVaultV2");
    const abi = vaultV2Artifact.abi;
    expect(await read<boolean>(ctx.address(morphoContracts.vaultV2Factory), vaultV2FactoryArtifact.abi, "isVaultV2", [v2])).toBe(true);
    expect([await read<string>(v2, abi, "name"), await read<string>(v2, abi, "symbol")]).toEqual(["Local Steakhouse Prime USDC", "steakPrimeUSDC"]);
    expect(await read<bigint>(v2, abi, "adaptersLength")).toBe(2n);
    expect(await read<Hex>(v2, abi, "adapters", [0n])).toBe(ctx.address("morphoVaultV1Adapter"));
    expect(await read<Hex>(v2, abi, "adapters", [1n])).toBe(ctx.address("morphoMarketAdapter"));
    expect(await read<Hex>(ctx.address("morphoVaultV1Adapter"), morphoVaultV1AdapterArtifact.abi, "morphoVaultV1")).toBe(ctx.address("morphoUsdcVault"));
    const marketAdapter = { address: ctx.address("morphoMarketAdapter"), abi: morphoMarketV1AdapterV2Artifact.abi } as const;
    expect(await read<Hex>(marketAdapter.address, marketAdapter.abi, "morpho")).toBe(MORPHO_BLUE_ADDRESS);
    expect(await read<bigint>(marketAdapter.address, marketAdapter.abi, "marketIdsLength")).toBe(1n);
    expect(await read<Hex>(marketAdapter.address, marketAdapter.abi, "marketIds", [0n])).toBe(idOf("usdcWbtc915"));
    // Everything it holds: idle, in the MetaMorpho vault and in its market.
    const idle = await read<bigint>(ctx.address("usdc"), vaultV2Artifact.abi, "balanceOf", [v2]);
    const inVault = await read<bigint>(ctx.address("morphoVaultV1Adapter"), morphoVaultV1AdapterArtifact.abi, "realAssets");
    const inMarket = await read<bigint>(marketAdapter.address, marketAdapter.abi, "realAssets");
    expect(idle).toBe(usdc("5000500"));
    expectRelative(Number(inVault), 25e12, 1e-6);
    expectRelative(Number(inMarket), 10e12, 1e-6);
    expect(await read<bigint>(v2, abi, "totalAssets")).toBe(idle + inVault + inMarket);
  });

  it("the demo wallet's positions are real deposits", async () => {
    for (const v of morphoMarkets.filter((v) => v.demoBalance !== "0")) {
      const shares = await read<bigint>(ctx.address(v.contract), vaultV2Artifact.abi, "balanceOf", [devnetDemoWallet.address]);
      const assets = await read<bigint>(ctx.address(v.contract), vaultV2Artifact.abi, "convertToAssets", [shares]);
      expectRelative(Number(assets), Number(parseUnits(v.demoBalance, devnetTokenOf(v.underlying).decimals)), 1e-6);
    }
  });
});

describe("real flows", () => {
  it("an ERC-4626 deposit reaches Morpho Blue through the supply queue, lowers utilization and the borrow rate; withdraw and redeem take it back", async () => {
    await lab(async (c) => {
      const saver = await c.sender("morpho test saver");
      const vault = c.address("morphoUsdcVault");
      const amount = usdc("1000000");
      await fundToken(c, "usdc", saver.address, amount);
      await act.approve(saver, c.address("usdc"), vault);
      const before = { supply: (await stateOf("usdcWeth86")).totalSupplyAssets, rate: await borrowRateOf("usdcWeth86"), utilization: await utilizationOf("usdcWeth86") };
      const preview = await read<bigint>(vault, metaMorphoV1_1Artifact.abi, "previewDeposit", [amount]);
      await act.deposit(saver, vault, amount);
      // As previewed, less what the vault earned in the seconds in between.
      const shares = await read<bigint>(vault, metaMorphoV1_1Artifact.abi, "balanceOf", [saver.address]);
      expect(shares).toBeLessThanOrEqual(preview);
      expectRelative(Number(shares), Number(preview), 1e-6);
      // The first market of the supply queue with room under its cap takes it all.
      expectRelative(Number((await stateOf("usdcWeth86")).totalSupplyAssets - before.supply), Number(amount), 1e-6);
      expect(await utilizationOf("usdcWeth86")).toBeLessThan(before.utilization);
      expect(await borrowRateOf("usdcWeth86")).toBeLessThan(before.rate);
      // withdraw pays out exactly, redeem pays what the shares are worth.
      await act.withdraw(saver, vault, usdc("400000"));
      expect(await read<bigint>(c.address("usdc"), metaMorphoV1_1Artifact.abi, "balanceOf", [saver.address])).toBe(usdc("400000"));
      const left = await read<bigint>(vault, metaMorphoV1_1Artifact.abi, "balanceOf", [saver.address]);
      const worth = await read<bigint>(vault, metaMorphoV1_1Artifact.abi, "previewRedeem", [left]);
      await act.redeem(saver, vault, left);
      expect(await read<bigint>(c.address("usdc"), metaMorphoV1_1Artifact.abi, "balanceOf", [saver.address])).toBeGreaterThanOrEqual(usdc("400000") + worth);
      expect(await read<bigint>(vault, metaMorphoV1_1Artifact.abi, "balanceOf", [saver.address])).toBe(0n);
    });
  });

  it("a withdrawal larger than the markets' free liquidity reverts; the sync's liquidity is what can be withdrawn", async () => {
    await lab(async (c) => {
      const supplier = await c.sender(morphoRoles.supplier);
      const vault = c.address("morphoUsdcVault");
      const { reading } = await expectMetaMorphoReadAsTheChainReports("morphoUsdcVault");
      const available = reading.liquidity!.available;
      // The supplier holds more than the vault's markets could pay out.
      const held = await read<bigint>(vault, metaMorphoV1_1Artifact.abi, "convertToAssets", [await read<bigint>(vault, metaMorphoV1_1Artifact.abi, "balanceOf", [supplier.address])]);
      expect(held).toBeGreaterThan(available);
      await expect(act.withdraw(supplier, vault, available + usdc("1"))).rejects.toThrow();
      // A revert left its nonce unused on chain: a fresh sender.
      const again = await (await deployContext(anvil.url)).sender(morphoRoles.supplier);
      await act.withdraw(again, vault, available);
      // Every market of its withdraw queue gave what it could: the idle market is empty.
      expect((await stateOf("usdcIdle")).totalSupplyAssets).toBeLessThan(usdc("1"));
    });
  });

  it("Morpho.supply, supplyCollateral, borrow and repay by a borrower move utilization and the rate as the IRM computes them", async () => {
    await lab(async (c) => {
      const lender = await c.sender("morpho test lender");
      const borrower = await c.sender("morpho test borrower");
      const params = morphoMarketParams(c, "usdcWbtc86");
      await fundToken(c, "usdc", lender.address, usdc("2000000"));
      await act.approve(lender, c.address("usdc"), MORPHO_BLUE_ADDRESS);
      const start = await stateOf("usdcWbtc86");
      await act.supply(lender, params, usdc("2000000"));
      expectRelative(Number((await stateOf("usdcWbtc86")).totalSupplyAssets - start.totalSupplyAssets), 2e12, 1e-6);
      await fundToken(c, "wbtc", borrower.address, parseUnits("100", 8));
      await act.approve(borrower, c.address("wbtc"), MORPHO_BLUE_ADDRESS);
      await act.supplyCollateral(borrower, params, parseUnits("100", 8));
      const rateBefore = await borrowRateOf("usdcWbtc86");
      // Past the 90 % target: the curve is four times steeper above it.
      await act.borrow(borrower, params, usdc("3500000"));
      expect(await read<bigint>(c.address("usdc"), metaMorphoV1_1Artifact.abi, "balanceOf", [borrower.address])).toBe(usdc("3500000"));
      expect(await utilizationOf("usdcWbtc86")).toBeGreaterThan(0.9);
      const rateAfter = await borrowRateOf("usdcWbtc86");
      expect(rateAfter).toBeGreaterThan(rateBefore);
      // A borrow beyond the collateral's LLTV is refused.
      await expect(act.borrow(borrower, params, usdc("5000000"))).rejects.toThrow();
      const fresh = await (await deployContext(anvil.url)).sender("morpho test borrower");
      const [, borrowShares] = await read<readonly [bigint, bigint, bigint]>(morpho.address, morpho.abi, "position", [idOf("usdcWbtc86"), fresh.address]);
      await fundToken(c, "usdc", fresh.address, usdc("1"));
      await act.approve(fresh, c.address("usdc"), MORPHO_BLUE_ADDRESS);
      await act.repay(fresh, params, { shares: borrowShares });
      expect((await read<readonly [bigint, bigint, bigint]>(morpho.address, morpho.abi, "position", [idOf("usdcWbtc86"), fresh.address]))[1]).toBe(0n);
      expect(await borrowRateOf("usdcWbtc86")).toBeLessThan(rateAfter);
      await act.withdrawCollateral(fresh, params, parseUnits("100", 8));
    });
  });

  it("with time, the rate at target adapts (up above 90 % utilization, down below) and interest accrues as Morpho computes it, net of its fee", async () => {
    await lab(async (c) => {
      const keeper = await c.sender("morpho test keeper");
      const up = "usdcWbtc915" as const; // 95 % utilized
      const down = "wethUsdc86" as const; // 80 % utilized, with Morpho's 10 % fee
      const start = { [up]: await rateAtTargetOf(up), [down]: await rateAtTargetOf(down) };
      const elapsedOf: Record<string, bigint> = {};
      const later = BigInt((await reader.getBlock()).timestamp) + 7n * 86_400n;
      for (const [i, key] of [up, down].entries()) {
        const before = await stateOf(key);
        const feeShares = (await read<readonly [bigint, bigint, bigint]>(morpho.address, morpho.abi, "position", [idOf(key), devnetRoleAccount(morphoRoles.feeRecipient).address]))[0];
        await rpc(anvil.url, "evm_setNextBlockTimestamp", [Number(later + BigInt(i))]);
        const receipt = await act.accrueInterest(keeper, morphoMarketParams(c, key));
        const elapsed = (await reader.getBlock({ blockNumber: receipt.blockNumber })).timestamp - before.lastUpdate;
        elapsedOf[key] = elapsed;
        const [accrued] = parseEventLogs({ abi: [accrueInterestEvent], logs: receipt.logs });
        // Morpho's own arithmetic: interest = totalBorrow × wTaylorCompounded(rate, elapsed).
        const first = accrued!.args.prevBorrowRate * elapsed;
        const second = (first * first) / (2n * WAD);
        const third = (second * first) / (3n * WAD);
        expect(accrued!.args.interest).toBe((before.totalBorrowAssets * (first + second + third)) / WAD);
        const after = await stateOf(key);
        expect(after.totalBorrowAssets).toBe(before.totalBorrowAssets + accrued!.args.interest);
        expect(after.totalSupplyAssets).toBe(before.totalSupplyAssets + accrued!.args.interest);
        // Morpho's fee, in supply shares to its fee recipient.
        const feeAmount = (accrued!.args.interest * after.fee) / WAD;
        expect(accrued!.args.feeShares).toBe((feeAmount * (after.totalSupplyShares - accrued!.args.feeShares + 10n ** 6n)) / (after.totalSupplyAssets - feeAmount + 1n));
        const feeSharesAfter = (await read<readonly [bigint, bigint, bigint]>(morpho.address, morpho.abi, "position", [idOf(key), devnetRoleAccount(morphoRoles.feeRecipient).address]))[0];
        expect(feeSharesAfter - feeShares).toBe(accrued!.args.feeShares);
        expect(accrued!.args.feeShares > 0n).toBe(after.fee > 0n);
      }
      // AdaptiveCurveIrm: rateAtTarget × exp(50/year × err × elapsed) (its exp is a second-order approximation).
      const years = (key: string) => Number(elapsedOf[key]) / Number(SECONDS_PER_YEAR);
      const errUp = (0.95 - 0.9) / 0.1;
      const errDown = (0.8 - 0.9) / 0.9;
      expect(await rateAtTargetOf(up)).toBeGreaterThan(start[up]!);
      expect(await rateAtTargetOf(down)).toBeLessThan(start[down]!);
      expectRelative(Number(await rateAtTargetOf(up)), Number(start[up]) * Math.exp(50 * errUp * years(up)), 2e-2);
      expectRelative(Number(await rateAtTargetOf(down)), Number(start[down]) * Math.exp(50 * errDown * years(down)), 2e-2);
    });
  });

  it("a Vault V2 takes deposits, allocates them to its adapters, grows with their markets and pays withdrawals from idle", async () => {
    await lab(async (c) => {
      const saver = await c.sender("morpho test v2 saver");
      const allocator = await c.sender(morphoRoles.allocator);
      const v2 = c.address("morphoUsdcVaultV2");
      await fundToken(c, "usdc", saver.address, usdc("100000"));
      await act.approve(saver, c.address("usdc"), v2);
      const preview = await read<bigint>(v2, vaultV2Artifact.abi, "previewDeposit", [usdc("100000")]);
      await act.deposit(saver, v2, usdc("100000"));
      const shares = await read<bigint>(v2, vaultV2Artifact.abi, "balanceOf", [saver.address]);
      expect(shares).toBeLessThanOrEqual(preview);
      expectRelative(Number(shares), Number(preview), 1e-6);
      const market = morphoMarketParams(c, "usdcWbtc915");
      const adapterShares = async () => (await read<readonly [bigint, bigint, bigint]>(morpho.address, morpho.abi, "position", [idOf("usdcWbtc915"), c.address("morphoMarketAdapter")]))[0];
      const sharesBefore = await adapterShares();
      await act.allocate(allocator, v2, c.address("morphoMarketAdapter"), act.marketAdapterData(market), usdc("50000"));
      // The adapter supplied it to its market: its new shares are worth what it allocated.
      const market915 = await stateOf("usdcWbtc915");
      const added = ((await adapterShares()) - sharesBefore) * (market915.totalSupplyAssets + 1n) / (market915.totalSupplyShares + 10n ** 6n);
      expectRelative(Number(added), 5e10, 1e-9);
      // A month later, its share price grew by what its adapters earned.
      const price0 = await read<bigint>(v2, vaultV2Artifact.abi, "convertToAssets", [WAD]);
      await rpc(anvil.url, "evm_increaseTime", [30 * 86_400]);
      await rpc(anvil.url, "evm_mine");
      expect(await read<bigint>(v2, vaultV2Artifact.abi, "convertToAssets", [WAD])).toBeGreaterThan(price0);
      const idle = await read<bigint>(c.address("usdc"), vaultV2Artifact.abi, "balanceOf", [v2]);
      const adapters = (await read<bigint>(c.address("morphoVaultV1Adapter"), morphoVaultV1AdapterArtifact.abi, "realAssets")) +
        (await read<bigint>(c.address("morphoMarketAdapter"), morphoMarketV1AdapterV2Artifact.abi, "realAssets"));
      expect(await read<bigint>(v2, vaultV2Artifact.abi, "totalAssets")).toBe(idle + adapters);
      // Withdrawals come out of idle assets (it has no liquidity adapter).
      await act.withdraw(saver, v2, usdc("60000"));
      expect(await read<bigint>(c.address("usdc"), vaultV2Artifact.abi, "balanceOf", [v2])).toBe(idle - usdc("60000"));
    });
  });
});

describe("the sync's Morpho adapter reads what the contracts report", () => {
  it("as deployed: recipe A over each MetaMorpho vault's markets, TVL and liquidity", async () => {
    for (const contract of ["morphoUsdcVault", "morphoWethVault"]) {
      const { reading } = await expectMetaMorphoReadAsTheChainReports(contract);
      // Real borrows at 80–95 % utilization of a 4 % rate at target, net of fees: a few percent.
      expect(reading.apy).toBeGreaterThan(2);
      expect(reading.apy).toBeLessThan(6);
    }
  });

  it("after a real borrow: the APY rises to recipe A at the new rate, liquidity falls by the amount borrowed", async () => {
    await lab(async (c) => {
      const before = await expectMetaMorphoReadAsTheChainReports("morphoWethVault");
      const borrower = await c.sender(borrowerRole("wethWbtc915"));
      await act.borrow(borrower, morphoMarketParams(c, "wethWbtc915"), parseUnits("1000", 18));
      const after = await expectMetaMorphoReadAsTheChainReports("morphoWethVault");
      expect(after.reading.apy).toBeGreaterThan(before.reading.apy!);
      expect(before.reading.liquidity!.available - after.reading.liquidity!.available).toBe(parseUnits("1000", 18));
    });
  });

  it("after a real deposit: the APY falls to recipe A at the diluted rate, TVL and liquidity grow by the deposit", async () => {
    await lab(async (c) => {
      const before = await expectMetaMorphoReadAsTheChainReports("morphoUsdcVault");
      const saver = await c.sender("morpho test saver");
      await fundToken(c, "usdc", saver.address, usdc("5000000"));
      await act.approve(saver, c.address("usdc"), c.address("morphoUsdcVault"));
      await act.deposit(saver, c.address("morphoUsdcVault"), usdc("5000000"));
      const after = await expectMetaMorphoReadAsTheChainReports("morphoUsdcVault");
      expect(after.reading.apy).toBeLessThan(before.reading.apy!);
      expectRelative(Number(after.raw.totalAssets - before.raw.totalAssets), 5e12, 1e-6);
      expectRelative(Number(after.reading.liquidity!.available - before.reading.liquidity!.available), 5e12, 1e-6);
    });
  });

  it("a Vault V2: TVL from totalAssets, its share price, what it holds in the MetaMorpho vault, and its liquidity from its adapters", async () => {
    await lab(async (c) => {
      // A borrow in its own market leaves that market less free liquidity than the adapter supplies.
      const borrower = await c.sender(borrowerRole("usdcWbtc915"));
      await act.borrow(borrower, morphoMarketParams(c, "usdcWbtc915"), usdc("300000"));
      const market = catalogMarket("morphoUsdcVaultV2", 2);
      const block = await reader.getBlockNumber();
      const reading = ok((await readMorphoVaults(adapterCtx, [market])).get(market.instrumentId));
      expect(await reader.getBlockNumber()).toBe(block);
      const v2 = market.adapterAddress;
      const totalAssets = await read<bigint>(v2, vaultV2Artifact.abi, "totalAssets", [], block);
      const price = await read<bigint>(adapterCtx.deployment.aaveOracle!, aaveOracleArtifact.abi, "getAssetPrice", [market.tokenAddress], block);
      expectRelative(reading.tvl, usdExpected(totalAssets, 6, price, 10n ** 8n));
      expect(reading.apy).toBeNull();
      expect(reading.sharePrice?.value).toBe(await read<bigint>(v2, vaultV2Artifact.abi, "convertToAssets", [10n ** 30n], block));
      const inVault = await read<bigint>(c.address("morphoVaultV1Adapter"), morphoVaultV1AdapterArtifact.abi, "realAssets", [], block);
      expect(reading.heldInVaults).toEqual([{ vault: c.address("morphoUsdcVault"), assets: inVault }]);
      // Idle, plus what the MetaMorpho vault would pay the adapter, plus the market's free liquidity.
      const idle = await read<bigint>(c.address("usdc"), vaultV2Artifact.abi, "balanceOf", [v2], block);
      const fromVault = await read<bigint>(c.address("morphoUsdcVault"), metaMorphoV1_1Artifact.abi, "maxWithdraw", [c.address("morphoVaultV1Adapter")], block);
      const s = await stateOf("usdcWbtc915", block);
      const adapterSupply = await read<bigint>(c.address("morphoMarketAdapter"), morphoMarketV1AdapterV2Artifact.abi, "realAssets", [], block);
      const free = s.totalSupplyAssets - s.totalBorrowAssets;
      expect(free).toBeLessThan(adapterSupply);
      expect(reading.liquidity).toEqual({ available: idle + fromVault + free, supplied: totalAssets });
    });
  });
});
