// The local chain's markets, every protocol's together (each protocol's plan: plan/aave.ts,
// compound.ts, morpho.ts, fluid.ts): which protocol, token and contract each is, and who holds what.
// No market has a rate of its own here: each comes out of its protocol's rate model at the
// utilization real borrows leave. Their contracts' addresses are in the deployment's manifest
// (plan/addresses.ts).
import { aaveMarkets, aavePoolOf } from "./aave";
import { compoundMarkets } from "./compound";
import { fluidMarkets } from "./fluid";
import { morphoMarkets } from "./morpho";
import type { DevnetMarket } from "./market-shape";
import { units, devnetTokenOf } from "./tokens";

export type { DevnetMarket } from "./market-shape";

const common = (m: DevnetMarket): DevnetMarket => ({
  protocol: m.protocol,
  version: m.version,
  contract: m.contract,
  underlying: m.underlying,
  yieldTokenName: m.yieldTokenName,
  yieldTokenSymbol: m.yieldTokenSymbol,
  inCatalog: m.inCatalog,
  kind: m.kind,
  ...(m.aavePool && { aavePool: m.aavePool }),
  supply: m.supply,
  demoBalance: m.demoBalance,
});

export const devnetMarkets: readonly DevnetMarket[] = [
  ...aaveMarkets.map((m) => common({ ...m, kind: "aToken", aavePool: m.pool })),
  ...compoundMarkets.map((m) => common({ ...m, kind: "comet" })),
  ...morphoMarkets.map((m) => common({ ...m, kind: "vault" })),
  ...fluidMarkets.map((m) => common({ ...m, kind: "vault" })),
];

export const devnetMarketOf = (contract: string) => {
  const market = devnetMarkets.find((m) => m.contract === contract);
  if (!market) throw new Error(`the local chain has no market ${contract}`);
  return market;
};

/** The manifest names of an Aave reserve's pool and oracle. */
export const devnetAavePoolOf = (market: DevnetMarket) => aavePoolOf(market.aavePool!).contracts;

export const devnetUnits = (market: DevnetMarket, field: "supply" | "demoBalance") =>
  units(market[field], devnetTokenOf(market.underlying).decimals);
