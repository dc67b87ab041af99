/**
 * The local chain as a lab: real actions through the protocols' own entry points, by any account,
 * so that a test asks the chain what is true after them. Wrap actions in `devnet.within(…)` to take
 * the chain back afterwards (evm_snapshot / evm_revert).
 *
 * Every action funds its account with what it needs (protocols/tokens.ts fundToken: minted, or ETH
 * wrapped for WETH) and answers the receipt of its last transaction, whose block is where its effects
 * are read. Borrows post collateral worth three times the debt at the plan's prices first.
 */
import { encodeAbiParameters, erc20Abi, erc4626Abi, maxUint256, parseAbiParameters, zeroAddress, type Abi, type Hex, type TransactionReceipt } from "viem";
import type { DeployContext, RoleSender } from "@/devnet/deploy/context";
import * as aave from "@/devnet/generated/aave-v3";
import { mockV3AggregatorArtifact } from "@/devnet/generated/chainlink";
import { fluidLiquidityResolverArtifact } from "@/devnet/generated/fluid-liquidity";
import { fluidLendingRewardsRateModelArtifact } from "@/devnet/generated/fluid-rewards";
import { morphoArtifact } from "@/devnet/generated/morpho-blue";
import { adaptiveCurveIrmArtifact } from "@/devnet/generated/morpho-blue-irm";
import { metaMorphoV1_1Artifact } from "@/devnet/generated/morpho-metamorpho-v1.1";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { MORPHO_BLUE_ADDRESS } from "@/devnet/plan/addresses";
import { AAVE_DEPLOYER, aaveMarketOf, aavePoolOf, type AaveMarket } from "@/devnet/plan/aave";
import { compoundMarketOf, compoundRoles, type CompoundMarketPlan } from "@/devnet/plan/compound";
import { fluidBorrowAmount, fluidContracts, fluidMarkets, type FluidMarketPlan } from "@/devnet/plan/fluid";
import { morphoBlueMarketOf, morphoMarkets, morphoRoles, type MetaMorphoVaultPlan, type MorphoBlueMarketKey } from "@/devnet/plan/morpho";
import { devnetMarketOf } from "@/devnet/plan/markets";
import { devnetTokenOf, devnetTokens, type DevnetToken } from "@/devnet/plan/tokens";
import { aaveActions } from "@/devnet/protocols/aave";
import * as compound from "@/devnet/protocols/compound/actions";
import { fluidBorrowerRole } from "@/devnet/protocols/fluid/deploy";
import * as fluid from "@/devnet/protocols/fluid/actions";
import { morphoActions, morphoMarketParams } from "@/devnet/protocols/morpho";
import { fundToken, setFeedAnswer } from "@/devnet/protocols/tokens";
import type { MorphoMarketRaw } from "../chain/formulas";
import type { TestDevnet } from "./devnet";

type Token = DevnetToken["contract"];

/** `amount` of `token` worth `usd8` US dollars (8 decimals) at the plan's prices. */
function worth(token: Token, usd8: bigint): bigint {
  const t = devnetTokenOf(token);
  return (usd8 * 10n ** BigInt(t.decimals)) / t.priceUsd8;
}
/** What `amount` of `token` is worth in US dollars (8 decimals) at the plan's prices. */
const usdOf = (token: Token, amount: bigint) => (amount * devnetTokenOf(token).priceUsd8) / 10n ** BigInt(devnetTokenOf(token).decimals);

/** Collateral for a borrow: WETH, or WBTC when WETH is what is borrowed. */
const collateralTokenFor = (borrowed: Token): Token => (borrowed === "weth" ? "wbtc" : "weth");

export interface ChainLab {
  ctx: DeployContext;
  /** A fresh account of its own for `role` (funded with ETH): a depositor or borrower no other test uses. */
  actor(role: string): Promise<RoleSender>;
  /** The demo wallet (Anvil's account 1), whose positions the plan made. */
  demo(): Promise<RoleSender>;
  fund(token: Token, to: Hex, amount: bigint): Promise<void>;
  /** Sets a USD feed's answer (8 decimals): `<token>UsdFeed`, `usdcPriceFeed`, … (protocols/tokens.ts). */
  setPrice(feed: string, answer: bigint): Promise<void>;
  /** A market's underlying token by its yield token's manifest name ("aUsdc", "cometWeth", "fUsdc", …). */
  underlyingOf(contract: string): Token;

  /** Pool.supply of `amount` underlying to the reserve of aToken `market` ("aUsdc", "aPrimeWeth", …). */
  aaveSupply(actor: RoleSender, market: AaveMarket["contract"], amount: bigint): Promise<TransactionReceipt>;
  aaveWithdraw(actor: RoleSender, market: AaveMarket["contract"], amount: bigint): Promise<TransactionReceipt>;
  /** Pool.borrow of `amount` (variable) after supplying collateral worth three times it. */
  aaveBorrow(actor: RoleSender, market: AaveMarket["contract"], amount: bigint): Promise<TransactionReceipt>;
  aaveRepay(actor: RoleSender, market: AaveMarket["contract"], amount: bigint): Promise<TransactionReceipt>;

  /** Comet.supply of `amount` base. */
  cometSupply(actor: RoleSender, comet: CompoundMarketPlan["contract"], amount: bigint): Promise<TransactionReceipt>;
  cometWithdraw(actor: RoleSender, comet: CompoundMarketPlan["contract"], amount: bigint): Promise<TransactionReceipt>;
  /** Comet.withdraw of `amount` base beyond the actor's balance, after supplying a collateral of the Comet worth three times it. */
  cometBorrow(actor: RoleSender, comet: CompoundMarketPlan["contract"], amount: bigint): Promise<TransactionReceipt>;

  /** ERC-4626 deposit of `amount` underlying into a vault (MetaMorpho, Vault V2, fToken; native ETH for fWETH). */
  vaultDeposit(actor: RoleSender, vault: string, amount: bigint): Promise<TransactionReceipt>;
  vaultWithdraw(actor: RoleSender, vault: string, amount: bigint): Promise<TransactionReceipt>;
  vaultRedeem(actor: RoleSender, vault: string, shares: bigint): Promise<TransactionReceipt>;

  /** Morpho.supplyCollateral worth three times `amount`, then Morpho.borrow of `amount` on a Morpho Blue market of the plan. */
  morphoBorrow(actor: RoleSender, market: MorphoBlueMarketKey, amount: bigint): Promise<TransactionReceipt>;
  morphoSupply(actor: RoleSender, market: MorphoBlueMarketKey, amount: bigint): Promise<TransactionReceipt>;

  /** A Fluid Vault T1 position: WBTC worth three times `amount` deposited, `amount` of what the fToken lends borrowed. */
  fluidBorrow(actor: RoleSender, fToken: FluidMarketPlan["contract"], amount: bigint): Promise<TransactionReceipt>;

  // ---- The protocols' own governance, guardians and curators, by the plan's role accounts ----

  /** PoolConfigurator.setReserveFreeze by the pool admin: no new supply or borrow, withdrawals and repays go on. */
  aaveFreeze(market: AaveMarket["contract"], frozen: boolean): Promise<TransactionReceipt>;
  /** PoolConfigurator.setReservePause by the pool admin: nothing moves. */
  aavePause(market: AaveMarket["contract"], paused: boolean): Promise<TransactionReceipt>;
  /**
   * PoolConfigurator.setReserveInterestRateData by the pool admin: the reserve's parameters in the
   * rate strategy (basis points), and its rates recomputed from them at once (syncRatesState).
   */
  aaveSetRateData(market: AaveMarket["contract"], rate: AaveMarket["reserve"]["rate"]): Promise<TransactionReceipt>;
  /**
   * A Chainlink MockV3Aggregator of its own answering `answer` (8 decimals), made the reserve's source
   * in its pool's own AaveOracle (setAssetSources): the other pool's oracle keeps its price.
   */
  aavePriceSource(market: AaveMarket["contract"], answer: bigint): Promise<TransactionReceipt>;
  /** Comet.pause by the Comet's pause guardian: each flag not given is left unpaused. */
  cometPause(
    comet: CompoundMarketPlan["contract"],
    paused: { supply?: boolean; transfer?: boolean; withdraw?: boolean; absorb?: boolean; buy?: boolean },
  ): Promise<TransactionReceipt>;
  /**
   * The plan's borrower of the fToken's Vault T1, the token's one borrower at the Liquidity layer, pays
   * back the layer's whole borrow of it but `left` units. (Its whole debt it cannot: a Vault T1 counts
   * its positions' dust debt beyond what it borrowed from the layer, and a vault's only position paying
   * everything back underflows the layer's borrow: Fluid seeds real vaults' dust.)
   */
  fluidRepayAllBut(fToken: FluidMarketPlan["contract"], left: bigint): Promise<TransactionReceipt>;
  /**
   * MetaMorpho v1.1's way out for markets: the curator sets their caps to 0 and submits their removal,
   * the vault's timelock passes (`devnet.advance`), and the allocator takes them out of the withdraw
   * queue; what the vault still supplied there counts as lost (lostAssets).
   */
  metaMorphoRemoveMarkets(vault: MetaMorphoVaultPlan["contract"], markets: MorphoBlueMarketKey[]): Promise<TransactionReceipt>;

  // ---- What the contracts report at a block, read with their own ABIs (independent of lib/) ----

  /** Pool.getReserveData of the reserve at `block`. */
  aaveReserveAt(market: AaveMarket["contract"], block: bigint): Promise<AaveReserveData>;
  /** A Comet's utilization, supply rate there, totalSupply, base price feed answer and supply pause at `block`. */
  cometAt(comet: CompoundMarketPlan["contract"], block: bigint): Promise<CometState>;
  /** A MetaMorpho vault's recipe-A inputs (formulas.ts metaMorphoApyExpected) at `block`. */
  metaMorphoAt(vault: string, block: bigint): Promise<{ markets: MorphoMarketRaw[]; totalAssets: bigint; fee: bigint }>;
  /**
   * An fToken at `block`: the LiquidityResolver's supply rate and supply exchange price of the token it
   * lends (native ETH for fWETH), its totalAssets, and its rewards rate model's rate (0 without one).
   */
  fluidAt(fToken: FluidMarketPlan["contract"], block: bigint): Promise<FluidState>;
  /** ERC-4626 convertToAssets(10^30) at `block`: the share price the sync samples. */
  sharePriceAt(vault: string, block: bigint): Promise<bigint>;
  /** ERC-20 totalSupply at `block` (an aToken's: everything supplied, interest included). */
  totalSupplyAt(token: string, block: bigint): Promise<bigint>;
  /** The block's timestamp, Unix seconds. */
  timestampAt(block: bigint): Promise<number>;
}

export interface AaveReserveData {
  configuration: { data: bigint };
  liquidityIndex: bigint;
  currentLiquidityRate: bigint;
  variableBorrowIndex: bigint;
  currentVariableBorrowRate: bigint;
  lastUpdateTimestamp: number;
  aTokenAddress: Hex;
  variableDebtTokenAddress: Hex;
}

export interface CometState {
  utilization: bigint;
  /** getSupplyRate(utilization), per second, 10^18. */
  supplyRate: bigint;
  totalSupply: bigint;
  /** getPrice(baseTokenPriceFeed), 8 decimals in the feed's unit. */
  feedPrice: bigint;
  supplyPaused: boolean;
}

export interface FluidState {
  /** Yearly APR, 10^4 = 100 %. */
  supplyRate: bigint;
  /** 0 for a token the Liquidity layer does not list. */
  supplyExchangePrice: bigint;
  totalAssets: bigint;
  /** The rewards rate model's getRate(totalAssets), 10^12 = 1 % a year; 0 without a model. */
  rewardsRate: bigint;
}

const SHARE_PRICE_PROBE = 10n ** 30n;

export function chainLab(devnet: TestDevnet): ChainLab {
  const ctx = devnet.ctx;
  const receiptOfLast = async (tx: RoleSender) => {
    const block = await tx.client.wallet.getBlock({ blockTag: "latest" });
    const hash = block.transactions.at(-1) as Hex;
    return tx.client.wallet.getTransactionReceipt({ hash });
  };
  const approve = (tx: RoleSender, token: Token, spender: Hex) => aaveActions.approve(tx, ctx.address(token), spender);

  const lab: ChainLab = {
    ctx,
    actor: (role) => ctx.sender(`lab ${role}`),
    demo: () => ctx.senderOf(devnetDemoWallet),
    fund: (token, to, amount) => fundToken(ctx, token, to, amount),
    setPrice: (feed, answer) => setFeedAnswer(ctx, feed, answer),
    underlyingOf: (contract) => devnetMarketOf(contract).underlying,

    async aaveSupply(actor, market, amount) {
      const m = aaveMarketOf(market);
      const pool = ctx.address(aavePoolOf(m.pool).contracts.pool);
      await lab.fund(m.underlying, actor.address, amount);
      await approve(actor, m.underlying, pool);
      return aaveActions.supply(actor, pool, ctx.address(m.underlying), amount);
    },
    aaveWithdraw: (actor, market, amount) => {
      const m = aaveMarketOf(market);
      return aaveActions.withdraw(actor, ctx.address(aavePoolOf(m.pool).contracts.pool), ctx.address(m.underlying), amount);
    },
    async aaveBorrow(actor, market, amount) {
      const m = aaveMarketOf(market);
      const collateral = collateralTokenFor(m.underlying);
      const collateralMarket = (collateral === "weth" ? (m.pool === "Core" ? "aWeth" : "aPrimeWeth") : "aWbtc") as AaveMarket["contract"];
      await lab.aaveSupply(actor, collateralMarket, worth(collateral, 3n * usdOf(m.underlying, amount)));
      return aaveActions.borrow(actor, ctx.address(aavePoolOf(m.pool).contracts.pool), ctx.address(m.underlying), amount);
    },
    async aaveRepay(actor, market, amount) {
      const m = aaveMarketOf(market);
      const pool = ctx.address(aavePoolOf(m.pool).contracts.pool);
      await lab.fund(m.underlying, actor.address, amount);
      await approve(actor, m.underlying, pool);
      return aaveActions.repay(actor, pool, ctx.address(m.underlying), amount);
    },

    async cometSupply(actor, comet, amount) {
      const m = compoundMarketOf(comet);
      await lab.fund(m.underlying, actor.address, amount);
      await compound.supply(actor, ctx.address(comet), ctx.address(m.underlying), amount);
      return receiptOfLast(actor);
    },
    async cometWithdraw(actor, comet, amount) {
      await compound.withdraw(actor, ctx.address(comet), ctx.address(compoundMarketOf(comet).underlying), amount);
      return receiptOfLast(actor);
    },
    async cometBorrow(actor, comet, amount) {
      const m = compoundMarketOf(comet);
      const collateral = m.collaterals.find((c) => devnetTokens.some((t) => t.contract === c.token))?.token as Token | undefined;
      if (!collateral) throw new Error(`${comet} has no collateral of the plan's tokens`);
      const posted = worth(collateral, 3n * usdOf(m.underlying, amount));
      await lab.fund(collateral, actor.address, posted);
      await compound.supply(actor, ctx.address(comet), ctx.address(collateral), posted);
      await compound.borrow(actor, ctx.address(comet), ctx.address(m.underlying), amount);
      return receiptOfLast(actor);
    },

    async vaultDeposit(actor, vault, amount) {
      const m = devnetMarketOf(vault);
      const fToken = fluidMarkets.find((f) => f.contract === vault);
      if (fToken?.nativeUnderlying) return fluid.depositNative(actor, ctx.address(vault), amount);
      await lab.fund(m.underlying, actor.address, amount);
      await approve(actor, m.underlying, ctx.address(vault));
      return morphoActions.deposit(actor, ctx.address(vault), amount);
    },
    vaultWithdraw: (actor, vault, amount) => morphoActions.withdraw(actor, ctx.address(vault), amount),
    vaultRedeem: (actor, vault, shares) => morphoActions.redeem(actor, ctx.address(vault), shares),

    async morphoBorrow(actor, market, amount) {
      const plan = morphoBlueMarketOf(market);
      if (plan.collateral === null) throw new Error(`${market} is an idle market: nothing can be borrowed`);
      const params = morphoMarketParams(ctx, market);
      const posted = worth(plan.collateral, 3n * usdOf(plan.loan, amount));
      await lab.fund(plan.collateral, actor.address, posted);
      await morphoActions.approve(actor, params.collateralToken, MORPHO_BLUE_ADDRESS);
      await morphoActions.supplyCollateral(actor, params, posted);
      return morphoActions.borrow(actor, params, amount);
    },
    async morphoSupply(actor, market, amount) {
      const plan = morphoBlueMarketOf(market);
      const params = morphoMarketParams(ctx, market);
      await lab.fund(plan.loan, actor.address, amount);
      await morphoActions.approve(actor, params.loanToken, MORPHO_BLUE_ADDRESS);
      return morphoActions.supply(actor, params, amount);
    },

    async fluidBorrow(actor, fToken, amount) {
      const m = fluidMarkets.find((f) => f.contract === fToken)!;
      const lentToken: Token = m.lent === "eth" ? "weth" : m.lent;
      const posted = worth(m.vault.collateral, 3n * usdOf(lentToken, amount));
      await lab.fund(m.vault.collateral, actor.address, posted);
      await fluid.openPosition(actor, ctx.address(m.vault.contract), ctx.address(m.vault.collateral), posted, amount);
      return receiptOfLast(actor);
    },

    async aaveFreeze(market, frozen) {
      return aaveActions.send(await ctx.sender(AAVE_DEPLOYER), configuratorCall(market, "setReserveFreeze", [assetOf(market), frozen]));
    },
    async aavePause(market, paused) {
      return aaveActions.send(await ctx.sender(AAVE_DEPLOYER), configuratorCall(market, "setReservePause", [assetOf(market), paused]));
    },
    async aaveSetRateData(market, rate) {
      const data = encodeAbiParameters(parseAbiParameters("uint16, uint32, uint32, uint32"), [
        rate.optimalUsageRatio,
        rate.baseVariableBorrowRate,
        rate.variableRateSlope1,
        rate.variableRateSlope2,
      ]);
      return aaveActions.send(await ctx.sender(AAVE_DEPLOYER), configuratorCall(market, "setReserveInterestRateData", [assetOf(market), data]));
    },
    async aavePriceSource(market, answer) {
      const feed = await (await ctx.sender("lab price feeds")).create(mockV3AggregatorArtifact, [8, answer]);
      const oracle = ctx.address(aavePoolOf(aaveMarketOf(market).pool).contracts.oracle);
      return aaveActions.send(await ctx.sender(AAVE_DEPLOYER), {
        address: oracle,
        abi: aave.aaveOracleArtifact.abi,
        functionName: "setAssetSources",
        args: [[assetOf(market)], [feed]],
      });
    },
    async cometPause(comet, paused) {
      const guardian = await ctx.sender(compoundRoles.pauseGuardian);
      const flags = [paused.supply, paused.transfer, paused.withdraw, paused.absorb, paused.buy].map((f) => f ?? false);
      await guardian.call({ address: ctx.address(comet), abi: compound.cometAbi, functionName: "pause", args: flags });
      return receiptOfLast(guardian);
    },
    async fluidRepayAllBut(fToken, left) {
      const m = fluidMarkets.find((f) => f.contract === fToken)!;
      if (m.lent === "eth") throw new Error(`${fToken} lends native ETH: fluidRepayAllBut pays back ERC-20 debt only`);
      const borrower = await ctx.sender(fluidBorrowerRole(m));
      const vault = ctx.address(m.vault.contract);
      const events = await devnet.reader.getContractEvents({ address: vault, abi: fluid.vaultAbi, eventName: "LogOperate", fromBlock: 0n });
      const opened = events.find((e) => (e.args as { user_: Hex }).user_.toLowerCase() === borrower.address.toLowerCase());
      if (!opened) throw new Error(`${m.vault.contract} has no position of its planned borrower`);
      const nftId = (opened.args as { nftId_: bigint }).nftId_;
      // It holds what it borrowed; as much again covers the interest since.
      await lab.fund(m.lent, borrower.address, fluidBorrowAmount(m));
      await fluid.submit(borrower, fluid.approveCall(ctx.address(m.lent), vault, maxUint256));
      const { totalBorrow } = await read<{ totalBorrow: bigint }>(
        ctx.address(fluidContracts.liquidityResolver),
        fluidLiquidityResolverArtifact.abi,
        "getOverallTokenData",
        [ctx.address(m.lent)],
      );
      return fluid.submit(borrower, fluid.operateCall(vault, nftId, 0n, -(totalBorrow - left), borrower.address));
    },
    async metaMorphoRemoveMarkets(vault, markets) {
      const plan = morphoMarkets.find((v) => v.contract === vault && v.version === 1) as MetaMorphoVaultPlan | undefined;
      if (!plan) throw new Error(`${vault} is not a MetaMorpho vault of the plan`);
      const at = { address: ctx.address(vault), abi: metaMorphoV1_1Artifact.abi as Abi };
      const curator = await ctx.sender(morphoRoles.curator);
      const allocator = await ctx.sender(morphoRoles.allocator);
      for (const key of markets) {
        const params = morphoMarketParams(ctx, key);
        await morphoActions.submit(curator, { ...at, functionName: "submitCap", args: [params, 0n] });
        await morphoActions.submit(curator, { ...at, functionName: "submitMarketRemoval", args: [params] });
      }
      await devnet.advance(Number(plan.metaMorpho.timelock) + 1);
      const removed = new Set(markets.map((key) => morphoActions.marketIdOf(morphoMarketParams(ctx, key))));
      const length = await read<bigint>(at.address, at.abi, "withdrawQueueLength");
      const kept: bigint[] = [];
      for (let i = 0n; i < length; i++) if (!removed.has(await read<Hex>(at.address, at.abi, "withdrawQueue", [i]))) kept.push(i);
      return morphoActions.submit(allocator, { ...at, functionName: "updateWithdrawQueue", args: [kept] });
    },

    aaveReserveAt: (market, block) =>
      read<AaveReserveData>(ctx.address(aavePoolOf(aaveMarketOf(market).pool).contracts.pool), aave.poolInstanceArtifact.abi, "getReserveData", [assetOf(market)], block),
    async cometAt(comet, block) {
      const address = ctx.address(comet);
      const utilization = await read<bigint>(address, compound.cometAbi, "getUtilization", [], block);
      const feed = await read<Hex>(address, compound.cometAbi, "baseTokenPriceFeed", [], block);
      return {
        utilization,
        supplyRate: await read<bigint>(address, compound.cometAbi, "getSupplyRate", [utilization], block),
        totalSupply: await read<bigint>(address, compound.cometAbi, "totalSupply", [], block),
        feedPrice: await read<bigint>(address, compound.cometAbi, "getPrice", [feed], block),
        supplyPaused: await read<boolean>(address, compound.cometAbi, "isSupplyPaused", [], block),
      };
    },
    async metaMorphoAt(vault, block) {
      const mm = metaMorphoV1_1Artifact.abi as Abi;
      const address = ctx.address(vault);
      const morpho = await read<Hex>(address, mm, "MORPHO", [], block);
      const length = await read<bigint>(address, mm, "withdrawQueueLength", [], block);
      const markets: MorphoMarketRaw[] = [];
      for (let i = 0n; i < length; i++) {
        const id = await read<Hex>(address, mm, "withdrawQueue", [i], block);
        const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee] = await read<readonly bigint[]>(morpho, morphoArtifact.abi, "market", [id], block);
        const [loanToken, collateralToken, oracle, irm, lltv] = await read<readonly [Hex, Hex, Hex, Hex, bigint]>(morpho, morphoArtifact.abi, "idToMarketParams", [id], block);
        const [supplyShares] = await read<readonly bigint[]>(morpho, morphoArtifact.abi, "position", [id, address], block);
        const state = { totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee };
        const borrowRate = irm === zeroAddress ? 0n : await read<bigint>(irm, adaptiveCurveIrmArtifact.abi, "borrowRateView", [{ loanToken, collateralToken, oracle, irm, lltv }, state], block);
        markets.push({ borrowRate, totalSupplyAssets: totalSupplyAssets!, totalSupplyShares: totalSupplyShares!, totalBorrowAssets: totalBorrowAssets!, fee: fee!, supplyShares: supplyShares! });
      }
      return { markets, totalAssets: await read<bigint>(address, mm, "totalAssets", [], block), fee: await read<bigint>(address, mm, "fee", [], block) };
    },
    async fluidAt(fToken, block) {
      const m = fluidMarkets.find((f) => f.contract === fToken)!;
      const lent = m.lent === "eth" ? fluid.FLUID_NATIVE_TOKEN : ctx.address(m.lent);
      const data = await read<{ supplyRate: bigint; supplyExchangePrice: bigint }>(
        ctx.address(fluidContracts.liquidityResolver),
        fluidLiquidityResolverArtifact.abi,
        "getOverallTokenData",
        [lent],
        block,
      );
      const address = ctx.address(fToken);
      const totalAssets = await read<bigint>(address, fluid.fTokenAbi, "totalAssets", [], block);
      const model = (await read<readonly unknown[]>(address, fluid.fTokenAbi, "getData", [], block))[2] as Hex;
      const rewardsRate =
        model === zeroAddress ? 0n : (await read<readonly [bigint, boolean, bigint]>(model, fluidLendingRewardsRateModelArtifact.abi, "getRate", [totalAssets], block))[0];
      return { supplyRate: data.supplyRate, supplyExchangePrice: data.supplyExchangePrice, totalAssets, rewardsRate };
    },
    sharePriceAt: (vault, block) => read<bigint>(ctx.address(vault), erc4626Abi, "convertToAssets", [SHARE_PRICE_PROBE], block),
    totalSupplyAt: (token, block) => read<bigint>(ctx.address(token), erc20Abi, "totalSupply", [], block),
    timestampAt: async (block) => Number((await devnet.reader.getBlock({ blockNumber: block })).timestamp),
  };
  return lab;

  function read<T>(address: Hex, abi: Abi | readonly unknown[], functionName: string, args: readonly unknown[] = [], blockNumber?: bigint): Promise<T> {
    return devnet.reader.readContract({ address, abi: abi as Abi, functionName, args, ...(blockNumber !== undefined && { blockNumber }) } as never) as Promise<T>;
  }
  function assetOf(market: AaveMarket["contract"]) {
    return ctx.address(aaveMarketOf(market).underlying);
  }
  function configuratorCall(market: AaveMarket["contract"], functionName: string, args: readonly unknown[]) {
    const configurator = ctx.address(aavePoolOf(aaveMarketOf(market).pool).contracts.configurator);
    return { address: configurator, abi: aave.poolConfiguratorInstanceArtifact.abi as Abi, functionName, args };
  }
}
