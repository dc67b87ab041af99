// Fluid on the local chain (plan/fluid.ts), on its own contracts compiled from
// vendor/fluid-contracts-public (devnet/builds/fluid.mjs, fluid-liquidity.mjs, fluid-rewards.mjs):
//
// deployFluid, from the "fluid deployer" account (the Liquidity layer's governance, the factories'
// owner, the rewards' configurator, the fTokens' rebalancer), in Fluid's own order:
//   FluidLiquidityDummyImpl → FluidLiquidityProxy(admin, dummy) → the admin and user modules
//   registered with addImplementation(module, its selectors) → updateRateDataV2s → updateTokenConfigs
//   → FluidLendingFactory(liquidity, owner) → setFTokenCreationCode("fToken" / "NativeUnderlying") →
//   createToken → updateUserSupplyConfigs for the fTokens; FluidVaultFactory, FluidVaultT1Admin,
//   FluidVaultT1Secondary, FluidVaultT1DeploymentLogic → deployVault (WBTC collateral) →
//   updateCoreSettings, updateOracle (a FluidGenericOracle over the token feeds); the resolvers;
//   fUSDC's FluidLendingRewardsRateModel, started at deployment.
// populateFluid then makes the plan's state through real flows only: the supplier deposits, the
// vaults' borrowers post WBTC and borrow (once the borrow limits are set: the Liquidity layer caps a
// debt ceiling at 10 × the token's total supply, so they follow the tokens' funding), and the demo
// wallet deposits its balance.
//
// Transactions are sent in phases: every transaction of a phase is sent at once (consecutive nonces,
// Anvil mines them in order) and the phase waits for all of them. A transaction's gas is estimated
// when it is sent, on whatever state is mined by then, so the transactions of one phase never touch
// the same contract's storage (another's write can change what a call costs: two createToken calls
// of one factory, updateCoreSettings and updateOracle of one vault, two deposits of one token), and
// a phase sends nothing that needs an earlier phase's state before that phase is mined. What still
// runs out of gas because a second passed between estimate and block is sent again (actions.ts submit).
import { encodeFunctionData, getAddress, getContractAddress, toFunctionSelector, zeroAddress, type AbiFunction, type Hex } from "viem";
import * as fluid from "../../generated/fluid";
import * as liquidityBuild from "../../generated/fluid-liquidity";
import * as rewards from "../../generated/fluid-rewards";
import { devnetDemoWallet } from "../../plan/accounts";
import {
  FLUID_NATIVE_TOKEN_MAX_BORROW_LIMIT_CAP,
  fluidBorrowAmount,
  fluidBorrowLimitExpansion,
  fluidCollateralAmount,
  fluidCollateralLimits,
  fluidContracts as names,
  fluidLiquidityTokens,
  fluidMarkets,
  fluidRewards,
  fluidTokenDecimals,
  fluidUnits,
  fluidVaultCoreSettings,
  type FluidLiquidityToken,
  type FluidMarketPlan,
} from "../../plan/fluid";
import { devnetTokenOf, units } from "../../plan/tokens";
import type { DeployContext, RoleSender } from "../../deploy/context";
import type { Artifact, ContractCall } from "../../deploy/sender";
import { fundToken } from "../tokens";
import { FLUID_NATIVE_TOKEN, approveCall, depositCall, depositNativeCall, fTokenAbi, liquidityAbi, operateCall, submit, vaultAbi, type FluidStep } from "./actions";

export const FLUID_DEPLOYER = "fluid deployer";
export const FLUID_SUPPLIER = "fluid supplier";
/** The borrower of a market's vault: one account per vault. */
export const fluidBorrowerRole = (market: FluidMarketPlan) => `fluid borrower ${market.vault.contract}`;

/** fToken types of the lending factory, as Fluid's own tests and deployments name them. */
const FTOKEN_TYPE = "fToken";
const NATIVE_FTOKEN_TYPE = "NativeUnderlying";

/** A Liquidity-layer token's address: the plan's ERC-20, or NATIVE_TOKEN_ADDRESS for native ETH. */
export const fluidTokenAddress = (ctx: DeployContext, token: FluidLiquidityToken): Hex => (token === "eth" ? FLUID_NATIVE_TOKEN : ctx.address(token));

/** The selectors of a module's functions, which the Liquidity proxy routes to it. */
const selectorsOf = (artifact: Artifact): Hex[] =>
  artifact.abi.filter((item): item is AbiFunction => item.type === "function").map((f) => toFunctionSelector(f));

type Step = ContractCall & { value?: bigint };
type Creation = Extract<FluidStep, { artifact: Artifact }>;

/** Sends every step at once and waits until all are mined (actions.ts submit); their receipts. */
const phase = (tx: RoleSender, steps: readonly FluidStep[]) => Promise.all(steps.map((s) => submit(tx, s)));

/** Deploys every creation of a phase at once; their addresses, in order. */
async function create<const T extends readonly Creation[]>(tx: RoleSender, creations: T): Promise<{ [K in keyof T]: Hex }> {
  const receipts = await phase(tx, creations);
  return receipts.map((r) => {
    if (!r.contractAddress) throw new Error("a Fluid deployment left no contract address");
    return getAddress(r.contractAddress);
  }) as { [K in keyof T]: Hex };
}

const call = (address: Hex, abi: Artifact["abi"], functionName: string, args: readonly unknown[]): Step => ({ address, abi, functionName, args });

/**
 * A FluidGenericOracle for a vault: "debt token per 1 WBTC" in 1e27 × the decimals' difference, from
 * two Chainlink hops as Fluid's Ethereum oracles build it (deployments/mainnet/GenericOracle_*.json):
 * WBTC / USD scaled to 1e27 and to the debt token's decimals, then the debt token's USD feed inverted.
 */
function oracleCreation(ctx: DeployContext, market: FluidMarketPlan): Creation {
  const collateral = devnetTokenOf(market.vault.collateral);
  const debtDecimals = fluidTokenDecimals(market.lent);
  const shift = 19 + debtDecimals - collateral.decimals; // 1e27 / 1e8 feed decimals, then the decimals' difference
  const debtFeed = `${market.lent === "eth" ? "weth" : market.lent}UsdFeed`;
  const CHAINLINK = 2; // FluidGenericOracleBase.SourceType.Chainlink
  const debtSymbol = market.lent === "eth" ? "ETH" : devnetTokenOf(market.lent).symbol;
  return {
    artifact: fluid.fluidGenericOracleArtifact,
    args: [
      `${debtSymbol} per 1 ${collateral.symbol}`,
      27 - collateral.decimals + debtDecimals,
      [
        { source: ctx.address(`${market.vault.collateral}UsdFeed`), invertRate: false, multiplier: 10n ** BigInt(shift), divisor: 1n, sourceType: CHAINLINK },
        { source: ctx.address(debtFeed), invertRate: true, multiplier: 10n ** 19n, divisor: 1n, sourceType: CHAINLINK },
      ],
    ],
  };
}

/** Deploys and configures Fluid from the "fluid deployer" account, recording every contract. */
export async function deployFluid(ctx: DeployContext): Promise<void> {
  const tx = await ctx.sender(FLUID_DEPLOYER);
  await createContracts(ctx, tx);
  await listTokens(ctx, tx);
  await createMarkets(ctx, tx);
  await configureMarkets(ctx, tx);
}

/**
 * Every contract the deployer creates itself, recorded: first those that need nothing deployed
 * before them, then the Liquidity proxy and what takes its address or another of that phase's (their
 * constructors only store them), with the vaults' oracles.
 */
async function createContracts(ctx: DeployContext, tx: RoleSender): Promise<void> {
  const owner = tx.address;
  /** The address of the deployer's creation `offset` transactions from now. */
  const next = (offset: number) => getContractAddress({ from: owner, nonce: BigInt(tx.nonce + offset) });
  const [dummy, adminModule, userModule, vaultT1Admin, vaultT1Secondary, vaultFactory] = await create(tx, [
    { artifact: fluid.fluidLiquidityDummyImplArtifact, args: [] },
    { artifact: liquidityBuild.fluidLiquidityAdminModuleOthersArtifact, args: [FLUID_NATIVE_TOKEN_MAX_BORROW_LIMIT_CAP] },
    { artifact: liquidityBuild.fluidLiquidityUserModuleOthersArtifact, args: [] },
    { artifact: fluid.fluidVaultT1AdminArtifact, args: [] },
    { artifact: fluid.fluidVaultT1SecondaryArtifact, args: [] },
    { artifact: fluid.fluidVaultFactoryArtifact, args: [owner] },
  ]);
  const [liquidity, liquidityResolver, lendingFactory] = [next(0), next(1), next(3)];
  const [proxy, resolver, deploymentLogic, factory, lendingResolver, ...oracles] = await create(tx, [
    { artifact: fluid.fluidLiquidityProxyArtifact, args: [owner, dummy] },
    { artifact: liquidityBuild.fluidLiquidityResolverArtifact, args: [liquidity] },
    { artifact: fluid.fluidVaultT1DeploymentLogicArtifact, args: [liquidity, vaultT1Admin, vaultT1Secondary] },
    { artifact: fluid.fluidLendingFactoryArtifact, args: [liquidity, owner] },
    { artifact: fluid.fluidLendingResolverArtifact, args: [lendingFactory, liquidityResolver] },
    ...fluidMarkets.map((m) => oracleCreation(ctx, m)),
  ]);
  if (proxy !== liquidity || resolver !== liquidityResolver || factory !== lendingFactory) throw new Error("the Fluid deployment's addresses moved");
  const created: [string, Hex][] = [
    [names.liquidityDummyImpl, dummy],
    [names.adminModule, adminModule],
    [names.userModule, userModule],
    [names.vaultT1Admin, vaultT1Admin],
    [names.vaultT1Secondary, vaultT1Secondary],
    [names.vaultFactory, vaultFactory],
    [names.liquidity, liquidity],
    [names.liquidityResolver, liquidityResolver],
    [names.vaultT1DeploymentLogic, deploymentLogic],
    [names.lendingFactory, lendingFactory],
    [names.lendingResolver, lendingResolver],
    ...fluidMarkets.map((m, i): [string, Hex] => [m.vault.oracle, oracles[i]!]),
  ];
  for (const [name, address] of created) ctx.record(name, address);
}

/**
 * The Liquidity layer's modules, its tokens (rate curves before token configs: AdminModule__
 * InvalidConfigOrder otherwise), the vault factory's deployment logic and the fToken types.
 */
async function listTokens(ctx: DeployContext, tx: RoleSender): Promise<void> {
  const liquidity = ctx.address(names.liquidity);
  const lendingFactory = ctx.address(names.lendingFactory);
  await phase(tx, [
    call(liquidity, fluid.fluidLiquidityProxyArtifact.abi, "addImplementation", [ctx.address(names.adminModule), selectorsOf(liquidityBuild.fluidLiquidityAdminModuleOthersArtifact)]),
    call(ctx.address(names.vaultFactory), fluid.fluidVaultFactoryArtifact.abi, "setVaultDeploymentLogic", [ctx.address(names.vaultT1DeploymentLogic), true]),
    call(lendingFactory, fluid.fluidLendingFactoryArtifact.abi, "setFTokenCreationCode", [FTOKEN_TYPE, fluid.fTokenArtifact.bytecode]),
  ]);
  await phase(tx, [
    call(liquidity, fluid.fluidLiquidityProxyArtifact.abi, "addImplementation", [ctx.address(names.userModule), selectorsOf(liquidityBuild.fluidLiquidityUserModuleOthersArtifact)]),
    call(lendingFactory, fluid.fluidLendingFactoryArtifact.abi, "setFTokenCreationCode", [NATIVE_FTOKEN_TYPE, fluid.fTokenNativeUnderlyingArtifact.bytecode]),
  ]);
  await phase(tx, [
    call(liquidity, liquidityAbi, "updateRateDataV2s", [
      fluidLiquidityTokens.map(({ token, curve }) => ({
        token: fluidTokenAddress(ctx, token),
        kink1: curve.kink1,
        kink2: curve.kink2,
        rateAtUtilizationZero: curve.rateAtUtilizationZero,
        rateAtUtilizationKink1: curve.rateAtUtilizationKink1,
        rateAtUtilizationKink2: curve.rateAtUtilizationKink2,
        rateAtUtilizationMax: curve.rateAtUtilizationMax,
      })),
    ]),
  ]);
  await phase(tx, [
    call(liquidity, liquidityAbi, "updateTokenConfigs", [
      fluidLiquidityTokens.map(({ token, config }) => ({ token: fluidTokenAddress(ctx, token), fee: config.fee, threshold: config.threshold, maxUtilization: config.maxUtilization })),
    ]),
  ]);
}

/** The fTokens (CREATE3 from the lending factory) and the vaults (the vault factory's CREATE nonces 1, 2, 3), one of each at a time. */
async function createMarkets(ctx: DeployContext, tx: RoleSender): Promise<void> {
  const lendingFactory = ctx.address(names.lendingFactory);
  const vaultFactory = ctx.address(names.vaultFactory);
  const typeOf = (m: FluidMarketPlan) => (m.nativeUnderlying ? NATIVE_FTOKEN_TYPE : FTOKEN_TYPE);
  for (const m of fluidMarkets)
    await phase(tx, [
      call(lendingFactory, fluid.fluidLendingFactoryArtifact.abi, "createToken", [ctx.address(m.underlying), typeOf(m), m.nativeUnderlying]),
      call(vaultFactory, fluid.fluidVaultFactoryArtifact.abi, "deployVault", [
        ctx.address(names.vaultT1DeploymentLogic),
        encodeFunctionData({ abi: fluid.fluidVaultT1DeploymentLogicArtifact.abi, functionName: "vaultT1", args: [ctx.address(m.vault.collateral), fluidTokenAddress(ctx, m.lent)] }),
      ]),
    ]);
  const fTokens = await Promise.all(
    fluidMarkets.map(
      (m) =>
        tx.client.wallet.readContract({ address: lendingFactory, abi: fluid.fluidLendingFactoryArtifact.abi, functionName: "computeToken", args: [ctx.address(m.underlying), typeOf(m)] }) as Promise<Hex>,
    ),
  );
  fluidMarkets.forEach((m, i) => {
    ctx.record(m.contract, getAddress(fTokens[i]!));
    ctx.record(m.vault.contract, getContractAddress({ from: vaultFactory, nonce: BigInt(i + 1) }));
  });
}

/**
 * Limits of the fTokens' and the vaults' supply at the Liquidity layer, the vaults' settings and
 * oracles, the fTokens' rebalancer (the deployer), and fUSDC's rewards model, which the lending
 * factory lets set itself on the fToken, started now.
 */
async function configureMarkets(ctx: DeployContext, tx: RoleSender): Promise<void> {
  const owner = tx.address;
  const supplyConfig = (user: Hex, token: FluidLiquidityToken, limits: FluidMarketPlan["supplyLimits"]) => ({
    user,
    token: fluidTokenAddress(ctx, token),
    mode: 1,
    expandPercent: limits.expandPercent,
    expandDuration: limits.expandDuration,
    baseWithdrawalLimit: units(limits.baseWithdrawalLimit, fluidTokenDecimals(token)),
  });
  await phase(tx, [
    call(ctx.address(names.liquidity), liquidityAbi, "updateUserSupplyConfigs", [
      [
        ...fluidMarkets.map((m) => supplyConfig(ctx.address(m.contract), m.lent, m.supplyLimits)),
        ...fluidMarkets.map((m) => supplyConfig(ctx.address(m.vault.contract), m.vault.collateral, fluidCollateralLimits)),
      ],
    ]),
  ]);
  const rewardsModel = ctx.record(names.rewardsModel, getContractAddress({ from: owner, nonce: BigInt(tx.nonce) }));
  await phase(tx, [
    {
      artifact: rewards.fluidLendingRewardsRateModelArtifact,
      // (configurator, fToken, fToken2, fToken3, startTvl, rewardAmount, duration, startTime 0: not started)
      args: [owner, ctx.address(fluidRewards.fToken), zeroAddress, zeroAddress, fluidRewards.startTvl, fluidRewards.rewardAmount, fluidRewards.durationSeconds, 0n],
    },
    call(ctx.address(names.lendingFactory), fluid.fluidLendingFactoryArtifact.abi, "setAuth", [rewardsModel, true]),
    ...fluidMarkets.flatMap((m) => [
      call(ctx.address(m.vault.contract), vaultAbi, "updateCoreSettings", [...fluidVaultCoreSettings]),
      call(ctx.address(m.contract), fTokenAbi, "updateRebalancer", [owner]),
    ]),
  ]);
  await phase(tx, [
    call(rewardsModel, rewards.fluidLendingRewardsRateModelArtifact.abi, "startRewards", [fluidRewards.rewardAmount, fluidRewards.durationSeconds, 0n]),
    ...fluidMarkets.map((m) => call(ctx.address(m.vault.contract), vaultAbi, "updateOracle", [ctx.address(m.vault.oracle)])),
  ]);
}

/**
 * The plan's state through real flows: the supplier's deposits, the vaults' borrow limits and their
 * borrowers' WBTC and borrows, the demo wallet's deposits.
 */
export async function populateFluid(ctx: DeployContext): Promise<void> {
  const [deployer, supplier, demo] = await Promise.all([ctx.sender(FLUID_DEPLOYER), ctx.sender(FLUID_SUPPLIER), ctx.senderOf(devnetDemoWallet)]);
  const borrowers = await Promise.all(fluidMarkets.map((m) => ctx.sender(fluidBorrowerRole(m))));
  const erc20Markets = fluidMarkets.filter((m) => !m.nativeUnderlying);

  // Tokens: ERC-20 supply and demo balances, WBTC collateral (native ETH: the accounts' own).
  for (const m of erc20Markets) {
    await fundToken(ctx, m.underlying, supplier.address, fluidUnits(m, "supply"));
    if (fluidUnits(m, "demoBalance") > 0n) await fundToken(ctx, m.underlying, demo.address, fluidUnits(m, "demoBalance"));
  }
  for (const [i, m] of fluidMarkets.entries()) await fundToken(ctx, m.vault.collateral, borrowers[i]!.address, fluidCollateralAmount(m));

  const demoMarkets = fluidMarkets.filter((m) => fluidUnits(m, "demoBalance") > 0n);
  const depositOf = (m: FluidMarketPlan, amount: bigint, receiver: Hex) =>
    m.nativeUnderlying ? depositNativeCall(ctx.address(m.contract), amount, receiver) : depositCall(ctx.address(m.contract), amount, receiver);
  // Approvals (each in its owner's own allowance), and the vaults' borrow limits now that the tokens'
  // supply allows their debt ceilings.
  await Promise.all([
    phase(deployer, [
      call(ctx.address(names.liquidity), liquidityAbi, "updateUserBorrowConfigs", [
        fluidMarkets.map((m) => ({
          user: ctx.address(m.vault.contract),
          token: fluidTokenAddress(ctx, m.lent),
          mode: 1,
          expandPercent: fluidBorrowLimitExpansion.expandPercent,
          expandDuration: fluidBorrowLimitExpansion.expandDuration,
          baseDebtCeiling: units(m.vault.baseDebtCeiling, fluidTokenDecimals(m.lent)),
          maxDebtCeiling: units(m.vault.maxDebtCeiling, fluidTokenDecimals(m.lent)),
        })),
      ]),
    ]),
    phase(supplier, erc20Markets.map((m) => approveCall(ctx.address(m.underlying), ctx.address(m.contract), fluidUnits(m, "supply")))),
    phase(demo, demoMarkets.map((m) => approveCall(ctx.address(m.underlying), ctx.address(m.contract), fluidUnits(m, "demoBalance")))),
    ...fluidMarkets.map((m, i) => phase(borrowers[i]!, [approveCall(ctx.address(m.vault.collateral), ctx.address(m.vault.contract), fluidCollateralAmount(m))])),
  ]);
  // The supplier's deposits (one per token), then the demo wallet's (the same tokens), then each
  // borrower's position (all three post WBTC): its collateral in, the plan's utilization out.
  await phase(supplier, fluidMarkets.map((m) => depositOf(m, fluidUnits(m, "supply"), supplier.address)));
  await phase(demo, demoMarkets.map((m) => depositOf(m, fluidUnits(m, "demoBalance"), demo.address)));
  for (const [i, m] of fluidMarkets.entries())
    await phase(borrowers[i]!, [operateCall(ctx.address(m.vault.contract), 0n, fluidCollateralAmount(m), fluidBorrowAmount(m), borrowers[i]!.address)]);
}
