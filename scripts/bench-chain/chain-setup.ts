// The benchmark chain: the standard devnet, Morpho's factories with their vaults DISCOVERY_GAP blocks
// apart, and the further markets on the protocols' own contracts; and what the demo wallet holds on it.
import type { DeployContext } from "@/devnet/deploy/context";
import { deployDevnet } from "@/devnet/deploy/deploy-devnet";
import { deployDiscoveryDevnet } from "@/devnet/deploy/discovery";
import { devnetMarkets } from "@/devnet/plan/markets";
import { DISCOVERY_LISTED, discoveryPlan } from "./discovery-vaults";
import type { ExtraMarket } from "./extra-market";
import { deployExtraMarkets } from "./extra-markets";
import type { Holdings } from "./measure-positions";
import { DISCOVERY_GAP, DISCOVERY_VAULTS, TOTAL, log } from "./settings";

/**
 * Where the demo wallet holds something: the standard devnet's demo positions and every other further
 * market's; "vault" for ERC-4626 shares, "balance" for aTokens and Comets, whose exact balances (their
 * deposits with interest) are read from the chain when positions are measured (measure-positions.ts).
 */
function demoHoldings(ctx: DeployContext, extra: ExtraMarket[]): Holdings {
  const held: Holdings = new Map();
  for (const m of devnetMarkets)
    if (m.demoBalance !== "0")
      held.set(ctx.address(m.contract).toLowerCase(), m.kind === "vault" ? "vault" : "balance");
  for (const m of extra)
    if (m.demo > 0n)
      held.set(
        m.contract.toLowerCase(),
        m.protocol === "morpho" || m.protocol === "fluid" ? "vault" : "balance",
      );
  return held;
}

/**
 * The standard devnet, then Morpho's factories with their vaults DISCOVERY_GAP blocks apart, then the
 * further markets. The vaults come before the further markets because every block costs Anvil time in
 * proportion to the chain's state (it snapshots the state and computes its root per block): their
 * thousand-odd blocks (the gaps, and a block per creation) took two minutes on the state of 1,000
 * markets, seconds on the standard devnet's.
 */
export async function setUpChain(url: string) {
  log(`anvil at ${url}: deploying the standard devnet`);
  const t0 = performance.now();
  const { context: ctx } = await deployDevnet(url);
  const standardMs = performance.now() - t0;
  log(`Morpho factories: ${DISCOVERY_VAULTS} vaults, ${DISCOVERY_GAP} blocks apart`);
  const discoveryStarted = performance.now();
  const discovery = await deployDiscoveryDevnet(ctx, { gapBlocks: DISCOVERY_GAP, vaults: discoveryPlan() });
  const discoveryDeployMs = performance.now() - discoveryStarted;
  log(`deployed in ${(discoveryDeployMs / 1000).toFixed(1)} s`);
  log(`deploying ${TOTAL - devnetMarkets.length} further markets on the protocols' own contracts`);
  const extra = await deployExtraMarkets(ctx);
  const head = await ctx.sender("probe").then((p) => p.client.wallet.getBlockNumber({ cacheTime: 0 }));
  log(
    `deployed: ${extra.transactions} transactions in ${(extra.ms / 1000).toFixed(1)} s; the chain's head is block ${head}`,
  );
  return {
    standardMs,
    extra,
    discovery,
    discoveryDeployMs,
    chainTotal: TOTAL + DISCOVERY_LISTED,
    held: demoHoldings(ctx, extra.markets),
  };
}
export type BenchChain = Awaited<ReturnType<typeof setUpChain>>;
