// The benchmark's further Aave reserves, on the standard devnet's two pools (devnet/protocols/aave):
// each reserve lends a TestnetERC20 of its own, priced by the devnet token's USD feed in the pool's
// AaveOracle (setAssetSources) and listed through the pool's PoolConfigurator (initReserves, with the
// pool's AToken and VariableDebtToken implementations and DefaultReserveInterestRateStrategyV2 data),
// borrowing enabled. A pool takes at most MAX_NUMBER_RESERVES (128): the Core pool is filled first,
// then the Prime pool, both of which the sync's discovery reads. The bench account (a pool admin the
// ACL admin added) supplies each reserve and, on every other one, supplies for the demo wallet
// (Pool.supply onBehalfOf); borrowers post WETH in the same pool and borrow the reserve's utilization.
import { encodeAbiParameters, getAddress, parseAbiParameters, type Hex } from "viem";
import type { DeployContext } from "@/devnet/deploy/context";
import * as aave from "@/devnet/generated/aave-v3";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { AAVE_DEPLOYER, aavePools, type AavePoolPlan } from "@/devnet/plan/aave";
import { devnetTokenOf } from "@/devnet/plan/tokens";
import { approveTx, benchAccount, callTx, chunks, createTx, Sender, wrapTx } from "./bench-tx";
import type { ExtraMarket } from "./extra-market";
import type { BenchAccount } from "./send-all";

/** Reserves a PoolConfigurator.initReserves call lists (each creates two proxies; the pool walks its list for each). */
const RESERVES_PER_INIT = 5;
/** Reserves per borrower: each borrow checks the borrower's health over every reserve it uses, so costs more than the one before. */
const RESERVES_PER_BORROWER = 16;
/** The bench reserves' rate data (basis points), the devnet's stablecoin curve with a slope of their own. */
const rateData = (i: number) => ({
  optimalUsageRatio: 9000,
  baseVariableBorrowRate: 0,
  variableRateSlope1: 400 + (i % 300),
  variableRateSlope2: 6000,
});
const RESERVE_FACTOR = 1000n;

interface PoolAt {
  plan: AavePoolPlan;
  pool: Hex;
  configurator: Hex;
  oracle: Hex;
  acl: Hex;
  weth: Hex;
  markets: ExtraMarket[];
}

const read = <T>(
  ctx: DeployContext,
  address: Hex,
  abi: readonly unknown[],
  functionName: string,
  args: readonly unknown[] = [],
) =>
  ctx
    .sender("probe")
    .then((p) => p.client.wallet.readContract({ address, abi, functionName, args } as never) as Promise<T>);

/** The pools with room, the further reserves spread over them in order. */
async function placeReserves(ctx: DeployContext, markets: ExtraMarket[]): Promise<PoolAt[]> {
  const pools: PoolAt[] = [];
  let next = 0;
  for (const plan of aavePools) {
    const pool = ctx.address(plan.contracts.pool);
    const max = await read<number>(ctx, pool, aave.poolInstanceArtifact.abi, "MAX_NUMBER_RESERVES");
    const listed = (await read<Hex[]>(ctx, pool, aave.poolInstanceArtifact.abi, "getReservesList")).length;
    const taken = markets.slice(next, next + max - listed);
    next += taken.length;
    const c = plan.contracts;
    pools.push({
      plan,
      pool,
      configurator: ctx.address(c.configurator),
      oracle: ctx.address(c.oracle),
      acl: ctx.address(c.aclManager),
      weth: ctx.address("weth"),
      markets: taken,
    });
  }
  if (next < markets.length)
    throw new Error(
      `the devnet's Aave pools have room for ${next} more reserves, not ${markets.length}: set BENCH_CHAIN_INSTRUMENTS lower`,
    );
  return pools.filter((p) => p.markets.length > 0);
}

function initReserveInput(ctx: DeployContext, p: PoolAt, m: ExtraMarket) {
  const rate = rateData(m.index);
  return {
    aTokenImpl: ctx.address(p.plan.contracts.aTokenImpl),
    variableDebtTokenImpl: ctx.address(p.plan.contracts.variableDebtTokenImpl),
    underlyingAsset: m.underlying,
    aTokenName: `Aave Local Bench ${m.token.symbol} ${m.index}`,
    aTokenSymbol: m.symbol,
    variableDebtTokenName: `Aave Local Bench Variable Debt ${m.token.symbol} ${m.index}`,
    variableDebtTokenSymbol: `variableDebtBench${m.token.symbol}-${m.index}`,
    params: "0x" as Hex,
    interestRateData: encodeAbiParameters(parseAbiParameters("uint16, uint32, uint32, uint32"), [
      rate.optimalUsageRatio,
      rate.baseVariableBorrowRate,
      rate.variableRateSlope1,
      rate.variableRateSlope2,
    ]),
  };
}

/** Deploys, lists and fills the further reserves; the number of transactions sent. */
export async function deployAaveExtras(ctx: DeployContext, markets: ExtraMarket[]): Promise<number> {
  if (markets.length === 0) return 0;
  const s = new Sender(ctx, "aave");
  const bench = await benchAccount(ctx, "bench aave");
  const pools = await placeReserves(ctx, markets);
  // The bench account becomes a pool admin of each pool (the ACL admin, the devnet's Aave deployer, adds it).
  const deployer = await ctx.sender(AAVE_DEPLOYER);
  for (const p of pools)
    await deployer.call({
      address: p.acl,
      abi: aave.aCLManagerArtifact.abi,
      functionName: "addPoolAdmin",
      args: [bench.address],
    });
  await listReserves(ctx, s, bench, pools, markets);
  await supplyReserves(s, bench, pools);
  await borrowReserves(ctx, s, pools);
  return s.sent + pools.length;
}

/** Each reserve's own underlying (owned, so minted, by the bench account), its price source, and its listing by initReserves. */
async function listReserves(
  ctx: DeployContext,
  s: Sender,
  bench: BenchAccount,
  pools: PoolAt[],
  markets: ExtraMarket[],
) {
  const tokens = await s.create(
    bench,
    markets.map((m) =>
      createTx(aave.testnetERC20Artifact, [
        `Bench ${m.token.name} ${m.index}`,
        m.token.symbol,
        m.token.decimals,
        bench.address,
      ]),
    ),
    "underlyings",
  );
  markets.forEach((m, i) => (m.underlying = tokens[i]!));
  await s.send(
    bench,
    [
      ...pools.map((p) =>
        callTx({
          address: p.oracle,
          abi: aave.aaveOracleArtifact.abi,
          functionName: "setAssetSources",
          args: [
            p.markets.map((m) => m.underlying),
            p.markets.map((m) => ctx.address(`${m.token.contract}UsdFeed`)),
          ],
        }),
      ),
      ...markets.map((m) =>
        callTx({
          address: m.underlying,
          abi: aave.testnetERC20Artifact.abi,
          functionName: "mint",
          args: [bench.address, m.supply + m.demo],
        }),
      ),
    ],
    "prices and mints",
  );
  // initReserves walks the pool's reserve list for a free slot: later calls cost more than earlier
  // ones (each goes with the devnet's whole allowance, send-all.ts).
  const inits = pools.flatMap((p) =>
    chunks(p.markets, RESERVES_PER_INIT).map((slice) =>
      callTx({
        address: p.configurator,
        abi: aave.poolConfiguratorInstanceArtifact.abi,
        functionName: "initReserves",
        args: [slice.map((m) => initReserveInput(ctx, p, m))],
      }),
    ),
  );
  await s.send(bench, inits, "initReserves");
  for (const p of pools) {
    const data = await Promise.all(
      p.markets.map((m) =>
        read<{ aTokenAddress: Hex }>(ctx, p.pool, aave.poolInstanceArtifact.abi, "getReserveData", [
          m.underlying,
        ]),
      ),
    );
    p.markets.forEach((m, i) => (m.contract = getAddress(data[i]!.aTokenAddress)));
  }
}

/** Borrowing and the reserve factor (configurator), the pools' allowances; then the supplies (the demo wallet's onBehalfOf). */
async function supplyReserves(s: Sender, bench: BenchAccount, pools: PoolAt[]) {
  const configurator = (p: PoolAt, functionName: string, args: readonly unknown[]) =>
    callTx({ address: p.configurator, abi: aave.poolConfiguratorInstanceArtifact.abi, functionName, args });
  await s.send(
    bench,
    pools.flatMap((p) =>
      p.markets.flatMap((m) => [
        configurator(p, "setReserveBorrowing", [m.underlying, true]),
        configurator(p, "setReserveFactor", [m.underlying, RESERVE_FACTOR]),
        approveTx(m.underlying, p.pool),
      ]),
    ),
    "borrowing, reserve factors, approvals",
  );
  const supply = (p: PoolAt, m: ExtraMarket, amount: bigint, onBehalfOf: Hex) =>
    callTx({
      address: p.pool,
      abi: aave.poolInstanceArtifact.abi,
      functionName: "supply",
      args: [m.underlying, amount, onBehalfOf, 0],
    });
  await s.send(
    bench,
    pools.flatMap((p) =>
      p.markets.flatMap((m) => [
        supply(p, m, m.supply, bench.address),
        ...(m.demo > 0n ? [supply(p, m, m.demo, devnetDemoWallet.address)] : []),
      ]),
    ),
    "supplies",
  );
}

/** Borrowers, RESERVES_PER_BORROWER reserves each: WETH wrapped and supplied in the pool, worth twice what they borrow; then the borrows. */
async function borrowReserves(ctx: DeployContext, s: Sender, pools: PoolAt[]) {
  const weth = devnetTokenOf("weth");
  const groups = pools.flatMap((p) =>
    chunks(p.markets, RESERVES_PER_BORROWER).map((slice, n) => ({ p, slice, n })),
  );
  await Promise.all(
    groups.map(async ({ p, slice, n }) => {
      const borrower = await benchAccount(ctx, `bench aave borrower ${p.plan.name} ${n}`);
      const borrows = slice.map((m) => ({ m, amount: ((m.supply + m.demo) * m.utilizationBps) / 10_000n }));
      const usd8 = borrows.reduce(
        (sum, { m, amount }) => sum + (amount * m.token.priceUsd8) / 10n ** BigInt(m.token.decimals),
        0n,
      );
      const collateral = (2n * usd8 * 10n ** BigInt(weth.decimals)) / weth.priceUsd8;
      await s.send(
        borrower,
        [wrapTx(p.weth, collateral), approveTx(p.weth, p.pool)],
        `borrower ${p.plan.name} ${n}: WETH`,
      );
      await s.send(
        borrower,
        [
          callTx({
            address: p.pool,
            abi: aave.poolInstanceArtifact.abi,
            functionName: "supply",
            args: [p.weth, collateral, borrower.address, 0],
          }),
        ],
        `borrower ${p.plan.name} ${n}: collateral`,
      );
      await s.send(
        borrower,
        borrows.map(({ m, amount }) =>
          callTx({
            address: p.pool,
            abi: aave.poolInstanceArtifact.abi,
            functionName: "borrow",
            args: [m.underlying, amount, 2n, 0, borrower.address],
          }),
        ),
        `borrower ${p.plan.name} ${n}: borrows`,
      );
    }),
  );
}
