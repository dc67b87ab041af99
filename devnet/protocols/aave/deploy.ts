// Aave v3 on the local chain (plan/aave.ts), from its own contracts (devnet/builds/aave-v3.mjs,
// aave-rewards.mjs): both pools deployed as a real market is, from the "aave deployer" account, in
// a fixed order of transactions, so that every address is the same on every fresh chain:
//   libraries, RewardsController and its PullRewardsTransferStrategy, one PoolConfigurator
//   implementation, and per pool PoolAddressesProvider → rate strategy → Pool implementation →
//   AaveOracle; then setACLAdmin, setPoolImpl (the Pool proxy), setPriceOracle; ACLManager,
//   setACLManager, setPoolConfiguratorImpl (the configurator proxy), the AToken and VariableDebtToken
//   implementations (each names the pool and the RewardsController); addPoolAdmin; initReserves;
//   each reserve's collateral parameters, borrowing, flash loans, reserve factor, caps and
//   liquidation fee.
// aLocUSDC's AAVE stream (plan/rewards.ts devnetAaveStream) is configured in the RewardsController,
// the incentives controller every aToken of both pools names, as on Base and Ethereum.
//
// Transactions that do not depend on each other are sent without waiting (viem estimates each one's
// gas on the chain as it is: a transaction that needs an earlier one's effect waits for it).
import { encodeAbiParameters, getAddress, getContractAddress, parseAbiParameters, type Abi, type Hex } from "viem";
import * as aave from "../../generated/aave-v3";
import * as rewards from "../../generated/aave-rewards";
import type { DeployContext, RoleSender } from "../../deploy/context";
import type { Artifact, ContractCall, Libraries } from "../../deploy/sender";
import { devnetRoleAccount } from "../../plan/accounts";
import {
  AAVE_DEPLOYER,
  AAVE_TREASURY,
  aaveMarketsOf,
  aavePools,
  aaveSharedContracts,
  aaveVariableDebtName,
  type AaveMarket,
  type AavePoolPlan,
} from "../../plan/aave";
import { devnetAaveStream, devnetRewardTokens } from "../../plan/rewards";
import { fundToken } from "../tokens";
import { minedOrResent } from "./actions";

/** AaveOracle's base currency: USD (address 0) in 8 decimals, as Base's and Ethereum's oracles. */
const BASE_CURRENCY_UNIT = 100_000_000n;
const SECONDS_PER_YEAR = 31_536_000n;
const zero: Hex = "0x0000000000000000000000000000000000000000";

/**
 * Transactions from one sender, sent without waiting; `settle` waits for all and checks each (a call
 * whose gas estimate fell short of a later block's accrual is sent again: actions.ts minedOrResent; a
 * creation never is, so no address moves).
 */
function batch(ctx: DeployContext, tx: RoleSender) {
  let sent: { hash: Hex; call?: ContractCall }[] = [];
  return {
    /** Deploys `artifact`, recording it as `name` at the address its nonce gives. */
    async create(name: string, artifact: Artifact, args: readonly unknown[], libraries?: Libraries): Promise<Hex> {
      const address = ctx.record(name, getContractAddress({ from: tx.address, nonce: BigInt(tx.nonce) }));
      sent.push({ hash: await tx.deploy(artifact, args, libraries) });
      return address;
    },
    async send(call: ContractCall) {
      sent.push({ hash: await tx.send(call), call });
    },
    async settle() {
      for (const { hash, call } of sent) await (call ? minedOrResent(tx, call, hash) : tx.mined(hash));
      sent = [];
    },
  };
}

const call = (address: Hex, abi: Abi, functionName: string, args: readonly unknown[]): ContractCall => ({ address, abi, functionName, args });
const read = <T>(tx: RoleSender, address: Hex, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
  tx.client.wallet.readContract({ address, abi, functionName, args } as never) as Promise<T>;

/** The assets a pool's oracle prices, each by its USD feed: its reserves, and AAVE on Core (the stream's reward). */
function oracleSources(ctx: DeployContext, pool: AavePoolPlan): { assets: Hex[]; sources: Hex[] } {
  const tokens: string[] = aaveMarketsOf(pool.name).map((m) => m.underlying);
  const feeds = tokens.map((t) => `${t}UsdFeed`);
  if (pool.name === "Core") {
    const reward = devnetRewardTokens.find((t) => t.contract === devnetAaveStream.reward)!;
    tokens.push(reward.contract);
    feeds.push(reward.feed);
  }
  return { assets: tokens.map((t) => ctx.address(t)), sources: feeds.map((f) => ctx.address(f)) };
}

/** InitReserveInput for a reserve of the plan. */
function initReserveInput(ctx: DeployContext, pool: AavePoolPlan, m: AaveMarket) {
  const { rate } = m.reserve;
  return {
    aTokenImpl: ctx.address(pool.contracts.aTokenImpl),
    variableDebtTokenImpl: ctx.address(pool.contracts.variableDebtTokenImpl),
    underlyingAsset: ctx.address(m.underlying),
    aTokenName: m.yieldTokenName,
    aTokenSymbol: m.yieldTokenSymbol,
    variableDebtTokenName: m.variableDebtTokenName,
    variableDebtTokenSymbol: m.variableDebtTokenSymbol,
    params: "0x" as Hex,
    // IDefaultInterestRateStrategyV2.InterestRateData, abi-encoded, in basis points.
    interestRateData: encodeAbiParameters(parseAbiParameters("uint16, uint32, uint32, uint32"), [
      rate.optimalUsageRatio,
      rate.baseVariableBorrowRate,
      rate.variableRateSlope1,
      rate.variableRateSlope2,
    ]),
  };
}

/** The configurator's calls that give a reserve its plan's parameters. */
function reserveCalls(configurator: Hex, asset: Hex, m: AaveMarket): ContractCall[] {
  const c = (functionName: string, args: readonly unknown[]) => call(configurator, aave.poolConfiguratorInstanceArtifact.abi, functionName, args);
  const r = m.reserve;
  return [
    ...(r.ltv > 0 ? [c("configureReserveAsCollateral", [asset, BigInt(r.ltv), BigInt(r.liquidationThreshold), BigInt(r.liquidationBonus)])] : []),
    c("setReserveBorrowing", [asset, true]),
    c("setReserveFlashLoaning", [asset, true]),
    c("setReserveFactor", [asset, BigInt(r.reserveFactor)]),
    c("setSupplyCap", [asset, r.supplyCap]),
    c("setBorrowCap", [asset, r.borrowCap]),
    ...(r.liquidationProtocolFee > 0 ? [c("setLiquidationProtocolFee", [asset, BigInt(r.liquidationProtocolFee)])] : []),
  ];
}

type Batch = ReturnType<typeof batch>;
interface Deployer {
  ctx: DeployContext;
  tx: RoleSender;
  b: Batch;
}

/** 1. Creations that need nothing but each other's addresses (libraries linked by address). */
async function createContracts({ ctx, tx, b }: Deployer) {
  const shared = aaveSharedContracts;
  const name = shared.libraries;
  const libraries: Libraries = {};
  libraries.BorrowLogic = await b.create(name.BorrowLogic, aave.borrowLogicArtifact, []);
  libraries.SupplyLogic = await b.create(name.SupplyLogic, aave.supplyLogicArtifact, []);
  libraries.LiquidationLogic = await b.create(name.LiquidationLogic, aave.liquidationLogicArtifact, []);
  libraries.FlashLoanLogic = await b.create(name.FlashLoanLogic, aave.flashLoanLogicArtifact, [], libraries);
  libraries.PoolLogic = await b.create(name.PoolLogic, aave.poolLogicArtifact, []);
  // RewardsController(emissionManager): the deployer configures its streams itself.
  const controller = await b.create(shared.rewardsController, rewards.rewardsControllerArtifact, [tx.address]);
  // PullRewardsTransferStrategy(incentivesController, rewardsAdmin, rewardsVault)
  const strategy = await b.create(shared.transferStrategy, rewards.pullRewardsTransferStrategyArtifact, [controller, tx.address, tx.address]);
  const configuratorImpl = await b.create(shared.configuratorImpl, aave.poolConfiguratorInstanceArtifact, []);
  for (const pool of aavePools) {
    const c = pool.contracts;
    const provider = await b.create(c.addressesProvider, aave.poolAddressesProviderArtifact, [pool.marketId, tx.address]);
    const rateStrategy = await b.create(c.interestRateStrategy, aave.defaultReserveInterestRateStrategyV2Artifact, [provider]);
    await b.create(c.poolImpl, aave.poolInstanceArtifact, [provider, rateStrategy], libraries);
    const { assets, sources } = oracleSources(ctx, pool);
    await b.create(c.oracle, aave.aaveOracleArtifact, [provider, assets, sources, zero, zero, BASE_CURRENCY_UNIT]);
  }
  await b.settle();
  return { controller, strategy, configuratorImpl };
}

/** 2–4. Each pool's proxies, ACL and token implementations, the deployer its pool admin. */
async function wirePools({ ctx, tx, b }: Deployer, controller: Hex, configuratorImpl: Hex) {
  const providerOf = (pool: AavePoolPlan) => ctx.address(pool.contracts.addressesProvider);
  const providerCall = (pool: AavePoolPlan, functionName: string, args: readonly unknown[]) =>
    call(providerOf(pool), aave.poolAddressesProviderArtifact.abi, functionName, args);
  const treasury = devnetRoleAccount(AAVE_TREASURY).address;
  // 2. The ACL admin, the Pool proxy (PoolInstance.initialize) and the oracle.
  for (const pool of aavePools) {
    await b.send(providerCall(pool, "setACLAdmin", [tx.address]));
    await b.send(providerCall(pool, "setPoolImpl", [ctx.address(pool.contracts.poolImpl)]));
    await b.send(providerCall(pool, "setPriceOracle", [ctx.address(pool.contracts.oracle)]));
  }
  await b.settle();
  // 3. ACLManager (reads the ACL admin), the configurator proxy (reads the pool) and the token
  // implementations (each reads its pool's addresses provider).
  for (const pool of aavePools) {
    const c = pool.contracts;
    const poolProxy = ctx.record(c.pool, getAddress(await read<Hex>(tx, providerOf(pool), aave.poolAddressesProviderArtifact.abi, "getPool")));
    const acl = await b.create(c.aclManager, aave.aCLManagerArtifact, [providerOf(pool)]);
    await b.send(providerCall(pool, "setACLManager", [acl]));
    await b.send(providerCall(pool, "setPoolConfiguratorImpl", [configuratorImpl]));
    await b.create(c.aTokenImpl, aave.aTokenInstanceArtifact, [poolProxy, controller, treasury]);
    await b.create(c.variableDebtTokenImpl, aave.variableDebtTokenInstanceArtifact, [poolProxy, controller]);
  }
  await b.settle();
  // 4. The deployer administers the pools.
  for (const pool of aavePools) {
    const configurator = await read<Hex>(tx, providerOf(pool), aave.poolAddressesProviderArtifact.abi, "getPoolConfigurator");
    ctx.record(pool.contracts.configurator, getAddress(configurator));
    await b.send(call(ctx.address(pool.contracts.aclManager), aave.aCLManagerArtifact.abi, "addPoolAdmin", [tx.address]));
  }
  await b.settle();
}

/** 5–6. The reserves (aToken and variable debt token proxies, rate parameters), then their parameters. */
async function listReserves({ ctx, tx, b }: Deployer) {
  for (const pool of aavePools) {
    const inputs = aaveMarketsOf(pool.name).map((m) => initReserveInput(ctx, pool, m));
    await b.send(call(ctx.address(pool.contracts.configurator), aave.poolConfiguratorInstanceArtifact.abi, "initReserves", [inputs]));
  }
  await b.settle();
  for (const pool of aavePools)
    for (const m of aaveMarketsOf(pool.name)) {
      const data = await read<{ aTokenAddress: Hex; variableDebtTokenAddress: Hex }>(
        tx,
        ctx.address(pool.contracts.pool),
        aave.poolInstanceArtifact.abi,
        "getReserveData",
        [ctx.address(m.underlying)],
      );
      ctx.record(m.contract, getAddress(data.aTokenAddress));
      ctx.record(aaveVariableDebtName(m), getAddress(data.variableDebtTokenAddress));
    }
  for (const pool of aavePools)
    for (const m of aaveMarketsOf(pool.name))
      for (const c of reserveCalls(ctx.address(pool.contracts.configurator), ctx.address(m.underlying), m)) await b.send(c);
}

/** 6. aLocUSDC's AAVE stream in the RewardsController, paid from the deployer's AAVE. */
async function startStream({ ctx, tx, b }: Deployer, controller: Hex, strategy: Hex) {
  const stream = devnetAaveStream;
  const reward = devnetRewardTokens.find((t) => t.contract === stream.reward)!;
  const config = {
    emissionPerSecond: stream.emissionPerSecond,
    totalSupply: 0n, // the controller reads the aToken's scaled supply itself
    distributionEnd: Number(ctx.now + stream.durationSeconds),
    asset: ctx.address(stream.aToken),
    reward: ctx.address(reward.contract),
    transferStrategy: strategy,
    rewardOracle: ctx.address(reward.feed),
  };
  await b.send(call(controller, rewards.rewardsControllerArtifact.abi, "configureAssets", [[config]]));
  // The transfer strategy pays claims from the deployer's AAVE: a year of the stream, approved.
  const year = stream.emissionPerSecond * SECONDS_PER_YEAR;
  await b.send(call(ctx.address(reward.contract), aave.testnetERC20Artifact.abi, "approve", [strategy, year]));
  await fundToken(ctx, reward.contract, tx.address, year);
}

/** Deploys and configures both pools and the AAVE stream, recording every contract in the manifest. */
export async function deployAave(ctx: DeployContext): Promise<void> {
  const tx = await ctx.sender(AAVE_DEPLOYER);
  const d: Deployer = { ctx, tx, b: batch(ctx, tx) };
  const { controller, strategy, configuratorImpl } = await createContracts(d);
  await wirePools(d, controller, configuratorImpl);
  await listReserves(d);
  await startStream(d, controller, strategy);
  await d.b.settle();
}
