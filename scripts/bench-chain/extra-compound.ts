// The benchmark's further Comets, on the standard devnet's Compound III deployment
// (devnet/protocols/compound), made as governance adds a market: the bench account creates each
// market's CometExt and its TransparentUpgradeableProxy (admin CometProxyAdmin, storage initialised
// through an existing Comet implementation, as the devnet's proxies are created on a first Comet);
// the governor sets the proxy's factory and configuration in the Configurator and has
// CometProxyAdmin.deployAndUpgradeTo build its own implementation through CometFactory. Each Comet is
// configured like the devnet's cUSDCv3 or cWETHv3 (one collateral, WETH or WBTC, a supply slope of its
// own); the bench account supplies (and, on every other Comet, supplies to the demo wallet:
// Comet.supplyTo), a borrower posts collateral and withdraws base beyond its balance.
import { stringToHex, type Hex } from "viem";
import type { DeployContext } from "@/devnet/deploy/context";
import * as comet from "@/devnet/generated/comet";
import { cometAbi } from "@/devnet/protocols/compound/actions";
import { fundToken } from "@/devnet/protocols/tokens";
import { devnetDemoWallet, devnetRoleAccount } from "@/devnet/plan/accounts";
import {
  baseUnits,
  cometContractsOf,
  compoundContracts,
  compoundMarketOf,
  compoundRoles,
  percentage,
  tokenDecimals,
  tokenUnits,
  type CompoundMarketPlan,
} from "@/devnet/plan/compound";
import { devnetTokenOf } from "@/devnet/plan/tokens";
import { approveTx, benchAccount, callTx, createTx, Sender, wrapTx } from "./bench-tx";
import type { ExtraMarket } from "./extra-market";
import type { BenchAccount } from "./send-all";

/** The devnet Comet each bench Comet is configured like, by its base token. */
const templateOf = (m: ExtraMarket): CompoundMarketPlan =>
  compoundMarketOf(m.token.contract === "weth" ? "cometWeth" : "cometUsdc");
/** The template's one collateral the bench Comet takes: WETH for USDC, WBTC for WETH. */
const collateralOf = (m: ExtraMarket) =>
  templateOf(m).collaterals.find((c) => c.token === (m.token.contract === "weth" ? "wbtc" : "weth"))!;

/** CometConfiguration.Configuration of a bench Comet (as devnet/protocols/compound configurationOf builds the devnet's). */
function configurationOf(ctx: DeployContext, m: ExtraMarket, extensionDelegate: Hex) {
  const t = templateOf(m);
  const r = t.rates;
  const c = collateralOf(m);
  return {
    governor: devnetRoleAccount(compoundRoles.governor).address,
    pauseGuardian: devnetRoleAccount(compoundRoles.pauseGuardian).address,
    baseToken: m.underlying,
    baseTokenPriceFeed: ctx.address(t.baseFeed),
    extensionDelegate,
    supplyKink: percentage(r.supplyKink),
    // A slope of its own, so that the Comets' rates differ.
    supplyPerYearInterestRateSlopeLow: percentage(r.supplySlopeLow * (1 + (m.index % 50) / 100)),
    supplyPerYearInterestRateSlopeHigh: percentage(r.supplySlopeHigh),
    supplyPerYearInterestRateBase: percentage(r.supplyBase),
    borrowKink: percentage(r.borrowKink),
    borrowPerYearInterestRateSlopeLow: percentage(r.borrowSlopeLow * (1 + (m.index % 50) / 100)),
    borrowPerYearInterestRateSlopeHigh: percentage(r.borrowSlopeHigh),
    borrowPerYearInterestRateBase: percentage(r.borrowBase),
    storeFrontPriceFactor: percentage(t.storeFrontPriceFactor),
    trackingIndexScale: t.tracking.indexScale,
    baseTrackingSupplySpeed: 0n,
    baseTrackingBorrowSpeed: 0n,
    baseMinForRewards: t.tracking.baseMinForRewards,
    baseBorrowMin: baseUnits(t, t.borrowMin),
    targetReserves: baseUnits(t, t.targetReserves),
    assetConfigs: [
      {
        asset: ctx.address(c.token),
        priceFeed: ctx.address(c.feed),
        decimals: tokenDecimals(c.token),
        borrowCollateralFactor: percentage(c.borrowCF),
        liquidateCollateralFactor: percentage(c.liquidateCF),
        liquidationFactor: percentage(c.liquidationFactor),
        supplyCap: tokenUnits(c.token, c.supplyCap),
      },
    ],
  };
}

/** The accounts the further Comets are made from. */
interface Accounts {
  bench: BenchAccount;
  governor: BenchAccount;
  borrower: BenchAccount;
}

/** Deploys and fills the further Comets; the number of transactions sent. */
export async function deployCompoundExtras(ctx: DeployContext, markets: ExtraMarket[]): Promise<number> {
  if (markets.length === 0) return 0;
  const s = new Sender(ctx, "compound");
  const a: Accounts = {
    bench: await benchAccount(ctx, "bench compound"),
    governor: await benchAccount(ctx, compoundRoles.governor),
    borrower: await benchAccount(ctx, "bench compound borrower"),
  };
  for (const m of markets) m.underlying = ctx.address(m.token.contract);
  const extensions = await createProxies(ctx, s, a.bench, markets);
  await configureComets(ctx, s, a.governor, markets, extensions);
  const collaterals = await fundAccounts(ctx, s, a, markets);
  await supplyAndBorrow(ctx, s, a, markets, collaterals);
  return s.sent;
}

/**
 * CometExt (name and symbol) and the proxy of each Comet, whose addresses the markets take; the
 * CometExts' addresses, in the markets' order.
 */
async function createProxies(ctx: DeployContext, s: Sender, bench: BenchAccount, markets: ExtraMarket[]) {
  const proxyAdmin = ctx.address(compoundContracts.proxyAdmin);
  const initial = ctx.address(cometContractsOf(compoundMarketOf("cometUsdc")).implementation);
  const created = await s.create(
    bench,
    markets.flatMap((m) => [
      createTx(comet.cometExtArtifact, [
        {
          name32: stringToHex(`Compound Bench ${m.token.symbol} ${m.index}`.slice(0, 32), { size: 32 }),
          symbol32: stringToHex(m.symbol, { size: 32 }),
        },
      ]),
      createTx(comet.transparentUpgradeableProxyArtifact, [
        initial,
        proxyAdmin,
        callTx({
          address: initial,
          abi: comet.cometArtifact.abi,
          functionName: "initializeStorage",
          args: [],
        }).data,
      ]),
    ]),
    "CometExts and proxies",
  );
  markets.forEach((m, i) => (m.contract = created[2 * i + 1]!));
  return markets.map((_, i) => created[2 * i]!);
}

/** Governance: each proxy's factory and configuration, then the implementation it runs. */
async function configureComets(
  ctx: DeployContext,
  s: Sender,
  governor: BenchAccount,
  markets: ExtraMarket[],
  extensions: Hex[],
) {
  const configurator = ctx.address(compoundContracts.configurator);
  const at = (functionName: string, args: readonly unknown[]) =>
    callTx({ address: configurator, abi: comet.configuratorArtifact.abi, functionName, args });
  await s.send(
    governor,
    markets.flatMap((m, i) => [
      at("setFactory", [m.contract, ctx.address(compoundContracts.factory)]),
      at("setConfiguration", [m.contract, configurationOf(ctx, m, extensions[i]!)]),
    ]),
    "factories and configurations",
  );
  await s.send(
    governor,
    markets.map((m) =>
      callTx({
        address: ctx.address(compoundContracts.proxyAdmin),
        abi: comet.cometProxyAdminArtifact.abi,
        functionName: "deployAndUpgradeTo",
        args: [configurator, m.contract],
      }),
    ),
    "deployAndUpgradeTo",
  );
}

/** What each market's borrower borrows: its planned share of what is supplied. */
const borrowOf = (m: ExtraMarket) => ((m.supply + m.demo) * m.utilizationBps) / 10_000n;

/**
 * Tokens: the bench account's USDC minted, its WETH and the borrower's wrapped, WBTC for the WETH
 * Comets' borrower; the approvals. The borrower's collateral on each market (worth twice its borrow),
 * in the markets' order.
 */
async function fundAccounts(
  ctx: DeployContext,
  s: Sender,
  { bench, borrower }: Accounts,
  markets: ExtraMarket[],
) {
  const total = (token: "usdc" | "weth") =>
    markets.filter((m) => m.token.contract === token).reduce((sum, m) => sum + m.supply + m.demo, 0n);
  const collaterals = markets.map((m) => {
    const c = devnetTokenOf(collateralOf(m).token as "weth" | "wbtc");
    const usd8 = (borrowOf(m) * m.token.priceUsd8) / 10n ** BigInt(m.token.decimals);
    return (2n * usd8 * 10n ** BigInt(c.decimals)) / c.priceUsd8;
  });
  const collateralTotal = (token: "weth" | "wbtc") =>
    markets.reduce((sum, m, i) => sum + (collateralOf(m).token === token ? collaterals[i]! : 0n), 0n);
  await fundToken(ctx, "usdc", bench.address, total("usdc"));
  await fundToken(ctx, "wbtc", borrower.address, collateralTotal("wbtc"));
  const weth = ctx.address("weth");
  await Promise.all([
    s.send(
      bench,
      [wrapTx(weth, total("weth")), ...markets.map((m) => approveTx(m.underlying, m.contract))],
      "supplier's WETH and approvals",
    ),
    s.send(
      borrower,
      [
        wrapTx(weth, collateralTotal("weth")),
        ...markets.map((m) => approveTx(ctx.address(collateralOf(m).token), m.contract)),
      ],
      "borrower's WETH and approvals",
    ),
  ]);
  return collaterals;
}

/** Supplies, the borrower's collateral, then its borrows (Comet.withdraw of base it does not have). */
async function supplyAndBorrow(
  ctx: DeployContext,
  s: Sender,
  { bench, borrower }: Accounts,
  markets: ExtraMarket[],
  collaterals: bigint[],
) {
  const cometCall = (m: ExtraMarket, functionName: string, args: readonly unknown[]) =>
    callTx({ address: m.contract, abi: cometAbi, functionName, args });
  await Promise.all([
    s.send(
      bench,
      markets.flatMap((m) => [
        cometCall(m, "supply", [m.underlying, m.supply]),
        ...(m.demo > 0n ? [cometCall(m, "supplyTo", [devnetDemoWallet.address, m.underlying, m.demo])] : []),
      ]),
      "supplies",
    ),
    s.send(
      borrower,
      markets.map((m, i) => cometCall(m, "supply", [ctx.address(collateralOf(m).token), collaterals[i]!])),
      "collateral",
    ),
  ]);
  await s.send(
    borrower,
    markets.map((m) => cometCall(m, "withdraw", [m.underlying, borrowOf(m)])),
    "borrows",
  );
}
