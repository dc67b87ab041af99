// The benchmark chain: the standard devnet, the further markets from the same deployer, and Morpho's
// factories with their vaults DISCOVERY_GAP blocks apart; and what the demo wallet holds on it.
import { deployDevnet } from "@/devnet/deploy/deploy-devnet";
import { deployDiscoveryDevnet } from "@/devnet/deploy/discovery";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { devnetMarkets, devnetUnits } from "@/devnet/plan/markets";
import { DISCOVERY_LISTED, discoveryPlan } from "./discovery-vaults";
import { deployExtraMarkets, type ExtraMarket } from "./extra-markets";
import type { Holdings } from "./measure-positions";
import { DISCOVERY_GAP, DISCOVERY_VAULTS, TOTAL, log } from "./settings";

/** Who holds what: the standard devnet's demo positions and every other further market's. */
function demoHoldings(extra: ExtraMarket[]): Holdings {
  const held: Holdings = new Map();
  for (const m of devnetMarkets)
    if (m.demoBalance !== "0") held.set(devnetAddresses[m.contract].toLowerCase(), m.rate.kind === "vault" ? "vault" : devnetUnits(m, "demoBalance"));
  for (const m of extra) if (m.demo > 0n) held.set(m.contract.toLowerCase(), m.protocol === "morpho" || m.protocol === "fluid" ? "vault" : m.demo);
  return held;
}

export async function setUpChain(url: string) {
  log(`anvil at ${url}: deploying the standard devnet`);
  const t0 = performance.now();
  await deployDevnet(url);
  const standardMs = performance.now() - t0;
  log(`deploying ${TOTAL - devnetMarkets.length} further markets`);
  const extra = await deployExtraMarkets(url);
  log(`deployed: ${extra.transactions} transactions in ${(extra.ms / 1000).toFixed(1)} s`);
  log(`Morpho factories: ${DISCOVERY_VAULTS} vaults, ${DISCOVERY_GAP} blocks apart`);
  const discoveryStarted = performance.now();
  const discovery = await deployDiscoveryDevnet(url, { gapBlocks: DISCOVERY_GAP, vaults: discoveryPlan() });
  const discoveryDeployMs = performance.now() - discoveryStarted;
  log(`deployed in ${(discoveryDeployMs / 1000).toFixed(1)} s; the chain's head is block ${discovery.lastBlock}`);
  return { standardMs, extra, discovery, discoveryDeployMs, chainTotal: TOTAL + DISCOVERY_LISTED, held: demoHoldings(extra.markets) };
}
export type BenchChain = Awaited<ReturnType<typeof setUpChain>>;
