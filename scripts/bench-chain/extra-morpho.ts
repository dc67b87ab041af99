// The benchmark's further Morpho vaults, on the standard devnet's Morpho (devnet/protocols/morpho):
// MetaMorpho v1.1 vaults created by the real factory, each supplying to two Morpho Blue markets of its
// own (the AdaptiveCurveIrm, MorphoChainlinkOracleV2s of the bench from Morpho's oracle factory over
// the devnet's USD feeds; the second with Morpho's 5 % market fee) and an idle one, through its
// supply queue and caps (70 %, 20 %, the rest). Morpho Blue's owner enables an LLTV per market (a
// market is its loan token, collateral, oracle, IRM and LLTV: the LLTV tells each vault's markets
// apart) and sets the fees; the bench account owns and curates the vaults and deposits (for itself,
// and on every other vault for the demo wallet: ERC-4626 deposit's receiver); a borrower posts
// collateral worth twice its debt's LLTV allowance and borrows the planned share of each market.
import { encodeFunctionData, stringToHex, zeroAddress, type Abi, type Hex } from "viem";
import type { DeployContext } from "@/devnet/deploy/context";
import { morphoArtifact } from "@/devnet/generated/morpho-blue";
import {
  morphoChainlinkOracleV2Artifact,
  morphoChainlinkOracleV2FactoryArtifact,
} from "@/devnet/generated/morpho-blue-oracles";
import {
  metaMorphoV1_1Artifact,
  metaMorphoV1_1FactoryArtifact,
} from "@/devnet/generated/morpho-metamorpho-v1.1";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { MORPHO_BLUE_ADDRESS } from "@/devnet/plan/addresses";
import { morphoContracts, morphoRoles, type MorphoBlueMarketPlan } from "@/devnet/plan/morpho";
import { WAD } from "@/devnet/plan/rates";
import type { DevnetToken } from "@/devnet/plan/tokens";
import { fundToken } from "@/devnet/protocols/tokens";
import { create2 } from "@/devnet/protocols/morpho/deploy";
import { collateralFor } from "@/devnet/protocols/morpho/populate";
import { idleMarketParams, marketIdOf, type MarketParams } from "@/devnet/protocols/morpho/actions";
import { approveTx, benchAccount, callTx, Sender, wrapTx } from "./bench-tx";
import { BENCH_VAULT_FEE, tokenCycle, type ExtraMarket } from "./extra-market";
import type { BenchAccount } from "./send-all";

type Token = DevnetToken["contract"];
/** Morpho's fee on each vault's second market, WAD. */
const MARKET_FEE = (5n * WAD) / 100n;
/** The borrowers' loan-to-value, in basis points of the LLTV. */
const BORROWER_LTV_OF_LLTV_BPS = 5_000n;
/** The idle market's cap: no limit the plan reaches. */
const IDLE_CAP = 10n ** 36n;
const ORACLE_SALT = stringToHex("bench", { size: 32 });

const morphoBlue = { address: MORPHO_BLUE_ADDRESS, abi: morphoArtifact.abi } as const;

interface BorrowedMarket {
  plan: MorphoBlueMarketPlan;
  params: MarketParams;
  /** The vault's cap there, which its deposits fill: the market's supply. */
  cap: bigint;
  fee: bigint;
}

interface BenchVault {
  m: ExtraMarket;
  borrowed: BorrowedMarket[];
  idle: MarketParams;
  salt: Hex;
}

/** A vault's markets: 70 % and 20 % of its assets in two borrowed markets of its own, the rest idle. */
function marketsOf(
  ctx: DeployContext,
  m: ExtraMarket,
  oracleOf: (collateral: Token, loan: Token) => Hex,
): BenchVault {
  const collaterals = tokenCycle.filter((t) => t.contract !== m.token.contract).map((t) => t.contract);
  const assets = m.supply + m.demo;
  const market = (collateral: Token, lltvPercent: bigint, shareBps: bigint, fee: bigint): BorrowedMarket => {
    const lltv = (lltvPercent * WAD) / 100n + BigInt(m.index + 1); // an LLTV, so a market, per vault
    const plan: MorphoBlueMarketPlan = {
      key: `bench ${m.index} ${collateral}`,
      loan: m.token.contract,
      collateral,
      oracle: null,
      lltv,
      fee,
      utilizationBps: m.utilizationBps,
      borrowerLtvOfLltvBps: BORROWER_LTV_OF_LLTV_BPS,
      source: "the benchmark",
    };
    const params = {
      loanToken: m.underlying,
      collateralToken: ctx.address(collateral),
      oracle: oracleOf(collateral, m.token.contract),
      irm: ctx.address(morphoContracts.irm),
      lltv,
    };
    return { plan, params, cap: (assets * shareBps) / 10_000n, fee };
  };
  return {
    m,
    borrowed: [
      market(collaterals[m.index % 3]!, 86n, 7_000n, 0n),
      market(collaterals[(m.index + 1) % 3]!, 77n, 2_000n, MARKET_FEE),
    ],
    idle: { ...idleMarketParams(m.underlying), lltv: BigInt(m.index + 1) },
    salt: stringToHex(`bench vault ${m.index}`, { size: 32 }),
  };
}

/** The accounts the further vaults are made from. */
interface Accounts {
  bench: BenchAccount;
  owner: BenchAccount;
  borrower: BenchAccount;
}

/** Deploys and fills the further MetaMorpho vaults; the number of transactions sent. */
export async function deployMorphoExtras(ctx: DeployContext, markets: ExtraMarket[]): Promise<number> {
  if (markets.length === 0) return 0;
  const s = new Sender(ctx, "morpho");
  const a: Accounts = {
    bench: await benchAccount(ctx, "bench morpho"),
    owner: await benchAccount(ctx, morphoRoles.morphoOwner),
    borrower: await benchAccount(ctx, "bench morpho borrower"),
  };
  for (const m of markets) m.underlying = ctx.address(m.token.contract);
  const vaults = await createVaultsAndMarkets(ctx, s, a, markets);
  await fillVaults(ctx, s, a, vaults);
  return s.sent;
}

/**
 * The bench's oracles (one per collateral and loan token, from Morpho's oracle factory) and vaults,
 * while Morpho's owner enables every market's LLTV; then the markets (anyone may create one).
 */
async function createVaultsAndMarkets(
  ctx: DeployContext,
  s: Sender,
  { bench, owner }: Accounts,
  markets: ExtraMarket[],
): Promise<BenchVault[]> {
  const oracleFactory = ctx.address(morphoContracts.oracleFactory);
  const oracles = new Map<string, { address: Hex; args: readonly unknown[] }>();
  for (const base of tokenCycle)
    for (const quote of tokenCycle.filter((t) => t !== base)) {
      const args = [
        zeroAddress,
        1n,
        ctx.address(`${base.contract}UsdFeed`),
        zeroAddress,
        BigInt(base.decimals),
        zeroAddress,
        1n,
        ctx.address(`${quote.contract}UsdFeed`),
        zeroAddress,
        BigInt(quote.decimals),
      ] as const;
      oracles.set(`${base.contract}/${quote.contract}`, {
        address: create2(oracleFactory, ORACLE_SALT, morphoChainlinkOracleV2Artifact, args),
        args,
      });
    }
  const vaults = markets.map((m) =>
    marketsOf(ctx, m, (collateral, loan) => oracles.get(`${collateral}/${loan}`)!.address),
  );
  const factory = ctx.address(morphoContracts.metaMorphoFactory);
  for (const v of vaults)
    v.m.contract = create2(factory, v.salt, metaMorphoV1_1Artifact, [
      bench.address,
      MORPHO_BLUE_ADDRESS,
      0n,
      v.m.underlying,
      `Bench ${v.m.symbol}`,
      v.m.symbol,
    ]);
  await Promise.all([
    s.send(
      owner,
      vaults
        .flatMap((v) => [...v.borrowed.map((b) => b.params.lltv), v.idle.lltv])
        .map((lltv) => callTx({ ...morphoBlue, functionName: "enableLltv", args: [lltv] })),
      "LLTVs",
    ),
    s.send(
      bench,
      [
        ...[...oracles.values()].map(({ args }) =>
          callTx({
            address: oracleFactory,
            abi: morphoChainlinkOracleV2FactoryArtifact.abi,
            functionName: "createMorphoChainlinkOracleV2",
            args: [...args, ORACLE_SALT],
          }),
        ),
        ...vaults.map((v) =>
          callTx({
            address: factory,
            abi: metaMorphoV1_1FactoryArtifact.abi,
            functionName: "createMetaMorpho",
            args: [bench.address, 0n, v.m.underlying, `Bench ${v.m.symbol}`, v.m.symbol, v.salt],
          }),
        ),
      ],
      "oracles and vaults",
    ),
  ]);
  await s.send(
    bench,
    vaults
      .flatMap((v) => [...v.borrowed.map((b) => b.params), v.idle])
      .map((p) => callTx({ ...morphoBlue, functionName: "createMarket", args: [p] })),
    "markets",
  );
  return vaults;
}

/** `items`' amounts of `token`. */
const sumOf = <T>(items: T[], token: Token, of: (item: T) => [Token, bigint]) =>
  items.reduce((total, item) => total + (of(item)[0] === token ? of(item)[1] : 0n), 0n);

/** A vault owner's one multicall (the owner is curator and allocator too): its fee, its caps accepted, its supply queue. */
function openVault(bench: BenchAccount, v: BenchVault) {
  const vaultCall = (functionName: string, args: readonly unknown[]) =>
    encodeFunctionData({ abi: metaMorphoV1_1Artifact.abi as Abi, functionName, args: args as unknown[] });
  const caps = [
    ...v.borrowed.map((b) => ({ params: b.params, cap: b.cap })),
    { params: v.idle, cap: IDLE_CAP },
  ];
  const calls = [
    vaultCall("setFeeRecipient", [bench.address]),
    vaultCall("setFee", [BENCH_VAULT_FEE]),
    ...caps.flatMap(({ params, cap }) => [
      vaultCall("submitCap", [params, cap]),
      vaultCall("acceptCap", [params]),
    ]),
    vaultCall("setSupplyQueue", [caps.map(({ params }) => marketIdOf(params))]),
  ];
  return callTx({
    address: v.m.contract,
    abi: metaMorphoV1_1Artifact.abi,
    functionName: "multicall",
    args: [calls],
  });
}

/** What the borrower posts on each vault's borrowed markets, in the vaults' order (two per vault). */
const collateralOf = (vaults: BenchVault[]) =>
  vaults.flatMap((v) =>
    v.borrowed.map((b) => ({
      token: b.plan.collateral!,
      amount: collateralFor(b.plan, (b.cap * v.m.utilizationBps) / 10_000n),
    })),
  );

/**
 * Tokens for the bench account and the borrower (minted, or WETH wrapped from their own ETH); the
 * vaults opened, Morpho's market fees set, the allowances; then the deposits and the borrower's
 * collateral; then the borrows.
 */
async function fillVaults(ctx: DeployContext, s: Sender, a: Accounts, vaults: BenchVault[]) {
  const collateral = collateralOf(vaults);
  await fundAndOpen(ctx, s, a, vaults, collateral);
  await depositAndPost(s, a, vaults, collateral);
  await s.send(
    a.borrower,
    vaults.flatMap((v) =>
      v.borrowed.map((b) =>
        callTx({
          ...morphoBlue,
          functionName: "borrow",
          args: [
            b.params,
            (b.cap * v.m.utilizationBps) / 10_000n,
            0n,
            a.borrower.address,
            a.borrower.address,
          ],
        }),
      ),
    ),
    "borrows",
  );
}

/** The tokens minted and wrapped, the vaults opened, the market fees set and the borrower's allowances. */
async function fundAndOpen(
  ctx: DeployContext,
  s: Sender,
  { bench, owner, borrower }: Accounts,
  vaults: BenchVault[],
  collateral: ReturnType<typeof collateralOf>,
) {
  const markets = vaults.map((v) => v.m);
  for (const t of ["usdc", "eurc", "wbtc"] as const) {
    await fundToken(
      ctx,
      t,
      bench.address,
      sumOf(markets, t, (m) => [m.token.contract, m.supply + m.demo]),
    );
    await fundToken(
      ctx,
      t,
      borrower.address,
      sumOf(collateral, t, (c) => [c.token, c.amount]),
    );
  }
  const weth = ctx.address("weth");
  await Promise.all([
    s.send(
      bench,
      [
        wrapTx(
          weth,
          sumOf(markets, "weth", (m) => [m.token.contract, m.supply + m.demo]),
        ),
        ...vaults.flatMap((v) => [approveTx(v.m.underlying, v.m.contract), openVault(bench, v)]),
      ],
      "vaults' caps and queues",
    ),
    s.send(
      owner,
      vaults
        .flatMap((v) => v.borrowed.filter((b) => b.fee > 0n))
        .map((b) => callTx({ ...morphoBlue, functionName: "setFee", args: [b.params, b.fee] })),
      "market fees",
    ),
    s.send(
      borrower,
      [
        wrapTx(
          weth,
          sumOf(collateral, "weth", (c) => [c.token, c.amount]),
        ),
        ...tokenCycle.map((t) => approveTx(ctx.address(t.contract), MORPHO_BLUE_ADDRESS)),
      ],
      "borrower's WETH and approvals",
    ),
  ]);
}

/** The deposits (the demo wallet's on every other vault) and, beside them, the borrower's collateral. */
async function depositAndPost(
  s: Sender,
  { bench, borrower }: Accounts,
  vaults: BenchVault[],
  collateral: ReturnType<typeof collateralOf>,
) {
  const deposit = (v: BenchVault, amount: bigint, receiver: Hex) =>
    callTx({
      address: v.m.contract,
      abi: metaMorphoV1_1Artifact.abi,
      functionName: "deposit",
      args: [amount, receiver],
    });
  await Promise.all([
    s.send(
      bench,
      vaults.flatMap((v) => [
        deposit(v, v.m.supply, bench.address),
        ...(v.m.demo > 0n ? [deposit(v, v.m.demo, devnetDemoWallet.address)] : []),
      ]),
      "deposits",
    ),
    s.send(
      borrower,
      vaults.flatMap((v, i) =>
        v.borrowed.map((b, j) =>
          callTx({
            ...morphoBlue,
            functionName: "supplyCollateral",
            args: [b.params, collateral[2 * i + j]!.amount, borrower.address, "0x"],
          }),
        ),
      ),
      "collateral",
    ),
  ]);
}
