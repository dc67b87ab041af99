// Compound III on the local chain: Compound's own contracts (vendor/comet), deployed the way
// compound-finance/comet's src/deploy/Network.ts deploys a market on Ethereum, and filled through
// Comet.supply and Comet.withdraw only.
//
// Deployment, from the "compound deployer" account (so its addresses never move), shared by the three
// markets as Ethereum's markets share them: CometProxyAdmin, the Configurator behind its
// ConfiguratorProxy, CometFactory and CometRewards. Per market: CometExt, a first Comet built from
// the market's configuration, and the TransparentUpgradeableProxy everyone calls, created on that
// Comet with initializeStorage(). The governor (Ethereum's Timelock) then sets each market's factory
// and configuration in the Configurator and CometProxyAdmin.deployAndUpgradeTo has the Configurator
// build the implementation the proxy runs, as every Ethereum governance upgrade does.
import { encodeFunctionData, getAddress, getContractAddress, stringToHex, type Hex } from "viem";
import type { FeedDenomination } from "@/lib/machinery/catalog/catalog-data";
import * as comet from "../../generated/comet";
import * as rewards from "../../generated/comet-rewards";
import type { DeployContext, RoleSender } from "../../deploy/context";
import type { Artifact, ContractCall } from "../../deploy/sender";
import { devnetDemoWallet } from "../../plan/accounts";
import {
  baseUnits,
  cometContractsOf,
  compoundContracts as names,
  compoundMarkets,
  compoundRoles,
  percentage,
  plannedBorrow,
  tokenDecimals,
  tokenUnits,
  type CompoundMarketPlan,
} from "../../plan/compound";
import { devnetCometStream } from "../../plan/rewards";
import { fundToken } from "../tokens";
import { approveCall, supplyCall, withdrawCall } from "./actions";

const PRICE_FEED_DECIMALS = 8;

/** Sends each sender's calls in order, every sender at once, then waits until all are mined (throws if one reverted). */
async function sendRound(batches: { sender: RoleSender; calls: ContractCall[] }[]): Promise<void> {
  const sent = await Promise.all(
    batches.map(async ({ sender, calls }) => {
      const hashes: Hex[] = [];
      for (const call of calls) hashes.push(await sender.send(call));
      return hashes.map((hash) => ({ sender, hash }));
    }),
  );
  await Promise.all(sent.flat().map(({ sender, hash }) => sender.mined(hash)));
}

/** Creations sent without waiting for each, recorded at once at the addresses their nonces give. */
function creator(ctx: DeployContext, sender: RoleSender) {
  const pending: { address: Hex; hash: Promise<Hex> }[] = [];
  return {
    create(name: string, artifact: Artifact, args: readonly unknown[]) {
      const address = getContractAddress({ from: sender.address, nonce: BigInt(sender.nonce) });
      pending.push({ address, hash: sender.deploy(artifact, args) });
      return ctx.record(name, address);
    },
    /** Waits for every creation so far, checking each landed where it was recorded. */
    async mined() {
      const batch = pending.splice(0);
      await Promise.all(
        batch.map(async ({ address, hash }) => {
          const receipt = await sender.mined(await hash);
          if (!receipt.contractAddress || getAddress(receipt.contractAddress) !== address)
            throw new Error(`a Compound creation landed at ${receipt.contractAddress}, not at ${address}`);
        }),
      );
    },
  };
}

/** Comet's Configuration (CometConfiguration.sol) for `market`, as getConfiguration builds it from configuration.json. */
function configurationOf(ctx: DeployContext, market: CompoundMarketPlan, extensionDelegate: Hex, governor: Hex, pauseGuardian: Hex) {
  const r = market.rates;
  return {
    governor,
    pauseGuardian,
    baseToken: ctx.address(market.underlying),
    baseTokenPriceFeed: ctx.address(market.baseFeed),
    extensionDelegate,
    supplyKink: percentage(r.supplyKink),
    supplyPerYearInterestRateSlopeLow: percentage(r.supplySlopeLow),
    supplyPerYearInterestRateSlopeHigh: percentage(r.supplySlopeHigh),
    supplyPerYearInterestRateBase: percentage(r.supplyBase),
    borrowKink: percentage(r.borrowKink),
    borrowPerYearInterestRateSlopeLow: percentage(r.borrowSlopeLow),
    borrowPerYearInterestRateSlopeHigh: percentage(r.borrowSlopeHigh),
    borrowPerYearInterestRateBase: percentage(r.borrowBase),
    storeFrontPriceFactor: percentage(market.storeFrontPriceFactor),
    trackingIndexScale: market.tracking.indexScale,
    baseTrackingSupplySpeed: market.tracking.baseSupplySpeed,
    baseTrackingBorrowSpeed: market.tracking.baseBorrowSpeed,
    baseMinForRewards: market.tracking.baseMinForRewards,
    baseBorrowMin: baseUnits(market, market.borrowMin),
    targetReserves: baseUnits(market, market.targetReserves),
    assetConfigs: market.collaterals.map((c) => ({
      asset: ctx.address(c.token),
      priceFeed: ctx.address(c.feed),
      decimals: tokenDecimals(c.token),
      borrowCollateralFactor: percentage(c.borrowCF),
      liquidateCollateralFactor: percentage(c.liquidateCF),
      liquidationFactor: percentage(c.liquidationFactor),
      supplyCap: tokenUnits(c.token, c.supplyCap),
    })),
  };
}

/**
 * What each Comet's base price feed answers in, by feed address (lowercase): the catalog's
 * ChainDeployment.priceFeeds entries for the local chain's Comets.
 */
export function compoundPriceFeeds(ctx: Pick<DeployContext, "address">): Record<string, FeedDenomination> {
  return Object.fromEntries(compoundMarkets.map((m) => [ctx.address(m.baseFeed).toLowerCase(), m.baseFeedDenomination]));
}

/**
 * Deploys Compound III's contracts and the plan's three Comets (plan/compound.ts), configured and
 * upgraded through the Configurator, with CometRewards paying the USD Comet's COMP (plan/rewards.ts)
 * and funded. Needs the tokens and feeds of protocols/tokens.ts.
 */
export async function deployCompound(ctx: DeployContext): Promise<void> {
  const [deployer, governor, guardian] = await Promise.all([
    ctx.sender(compoundRoles.deployer),
    ctx.sender(compoundRoles.governor),
    ctx.sender(compoundRoles.pauseGuardian),
  ]);
  const d = creator(ctx, deployer);

  // Shared contracts, the feeds the markets add, and each market's CometExt.
  const proxyAdmin = d.create(names.proxyAdmin, comet.cometProxyAdminArtifact, [governor.address]);
  const configuratorImpl = d.create(names.configuratorImplementation, comet.configuratorArtifact, []);
  const factory = d.create(names.factory, comet.cometFactoryArtifact, []);
  const cometRewards = d.create(names.rewards, rewards.cometRewardsArtifact, [governor.address]);
  d.create(names.wethConstantPriceFeed, comet.constantPriceFeedArtifact, [PRICE_FEED_DECIMALS, 10n ** 8n]);
  d.create(names.wbtcEthPriceFeed, comet.reverseMultiplicativePriceFeedArtifact, [ctx.address("wbtcUsdFeed"), ctx.address("wethUsdFeed"), PRICE_FEED_DECIMALS, "WBTC / ETH"]);
  d.create(names.wethBtcPriceFeed, comet.reverseMultiplicativePriceFeedArtifact, [ctx.address("wethUsdFeed"), ctx.address("wbtcUsdFeed"), PRICE_FEED_DECIMALS, "WETH / BTC"]);
  const extensions = compoundMarkets.map((m) =>
    d.create(cometContractsOf(m).extension, comet.cometExtArtifact, [{ name32: stringToHex(m.yieldTokenName, { size: 32 }), symbol32: stringToHex(m.yieldTokenSymbol, { size: 32 }) }]),
  );
  await d.mined();

  // The Configurator's proxy, initialised with its governor, and each market's first Comet.
  const configurator = d.create(names.configurator, comet.configuratorProxyArtifact, [
    configuratorImpl,
    proxyAdmin,
    encodeFunctionData({ abi: comet.configuratorArtifact.abi, functionName: "initialize", args: [governor.address] }),
  ]);
  const configurations = compoundMarkets.map((m, i) => configurationOf(ctx, m, extensions[i]!, governor.address, guardian.address));
  const initial = compoundMarkets.map((m, i) => d.create(cometContractsOf(m).initialImplementation, comet.cometArtifact, [configurations[i]]));
  await d.mined();

  // The Comets' proxies, their storage initialised (lastAccrualTime, the indices) as they are created.
  const proxies = compoundMarkets.map((m, i) =>
    d.create(cometContractsOf(m).proxy, comet.transparentUpgradeableProxyArtifact, [initial[i], proxyAdmin, encodeFunctionData({ abi: comet.cometArtifact.abi, functionName: "initializeStorage" })]),
  );
  await d.mined();

  // Governance: each market's factory and configuration, the USD Comet's reward token.
  const configuratorAt = (functionName: string, args: readonly unknown[]): ContractCall => ({ address: configurator, abi: comet.configuratorArtifact.abi, functionName, args });
  const stream = compoundMarkets.findIndex((m) => m.contract === devnetCometStream.comet);
  await sendRound([
    {
      sender: governor,
      calls: [
        ...proxies.flatMap((proxy, i) => [configuratorAt("setFactory", [proxy, factory]), configuratorAt("setConfiguration", [proxy, configurations[i]])]),
        { address: cometRewards, abi: rewards.cometRewardsArtifact.abi, functionName: "setRewardConfig", args: [proxies[stream], ctx.address(devnetCometStream.reward)] },
      ],
    },
  ]);
  // …then the implementation each proxy runs, built by the Configurator through CometFactory.
  await sendRound([
    {
      sender: governor,
      calls: proxies.map((proxy) => ({ address: proxyAdmin, abi: comet.cometProxyAdminArtifact.abi, functionName: "deployAndUpgradeTo", args: [configurator, proxy] })),
    },
  ]);
  const implementations = await Promise.all(
    proxies.map(
      (proxy) =>
        deployer.client.wallet.readContract({ address: proxyAdmin, abi: comet.cometProxyAdminArtifact.abi, functionName: "getProxyImplementation", args: [proxy] }) as Promise<Hex>,
    ),
  );
  compoundMarkets.forEach((m, i) => ctx.record(cometContractsOf(m).implementation, implementations[i]!));

  await fundToken(ctx, devnetCometStream.reward, cometRewards, devnetCometStream.funding);
}

/**
 * The plan's state, through Comet's own entry points: the supplier and the demo wallet supply, each
 * borrower supplies its collateral and withdraws base beyond its balance, so that each Comet's
 * utilization, and with it both rates, are what Comet computes from them.
 */
export async function populateCompound(ctx: DeployContext): Promise<void> {
  const supplier = await ctx.sender(compoundRoles.supplier);
  const demo = await ctx.senderOf(devnetDemoWallet);
  const markets = await Promise.all(
    compoundMarkets.map(async (m) => ({
      plan: m,
      comet: ctx.address(m.contract),
      base: ctx.address(m.underlying),
      borrowers: await Promise.all(m.borrowers.map((b, n) => ctx.sender(compoundRoles.borrower(m.contract, n + 1)).then((sender) => ({ sender, plan: b, n })))),
    })),
  );

  // Who puts how much of which token into which Comet.
  type Deposit = { sender: RoleSender; comet: Hex; token: string; amount: bigint };
  const deposits: Deposit[] = [
    ...markets.map(({ plan, comet }) => ({ sender: supplier, comet, token: plan.underlying, amount: baseUnits(plan, plan.supply) })),
    ...markets
      .filter(({ plan }) => baseUnits(plan, plan.demoBalance) > 0n)
      .map(({ plan, comet }) => ({ sender: demo, comet, token: plan.underlying, amount: baseUnits(plan, plan.demoBalance) })),
    ...markets.flatMap(({ comet, borrowers }) =>
      borrowers.map(({ sender, plan }) => ({ sender, comet, token: plan.token, amount: tokenUnits(plan.token, plan.collateral) })),
    ),
  ];
  const bySender = (calls: { sender: RoleSender; call: ContractCall }[]) =>
    [...new Set(calls.map((c) => c.sender))].map((sender) => ({ sender, calls: calls.filter((c) => c.sender === sender).map((c) => c.call) }));

  // Tokens (from their owner) and approvals at once, then the supplies, then the borrows.
  await Promise.all([
    Promise.all(deposits.map((d) => fundToken(ctx, d.token, d.sender.address, d.amount))),
    sendRound(bySender(deposits.map((d) => ({ sender: d.sender, call: approveCall(ctx.address(d.token), d.comet, d.amount) })))),
  ]);
  await sendRound(bySender(deposits.map((d) => ({ sender: d.sender, call: supplyCall(d.comet, ctx.address(d.token), d.amount) }))));
  await sendRound(
    bySender(markets.flatMap(({ plan, comet, base, borrowers }) => borrowers.map(({ sender, n }) => ({ sender, call: withdrawCall(comet, base, plannedBorrow(plan, n)) })))),
  );
}
