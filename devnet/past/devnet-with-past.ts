/**
 * The local chain with its year of past (chain-past.ts), as `npm run devnet`, the history tests and
 * the benchmark start it: Anvil started a year and a day before `presentAt` and keeping every past
 * block's state in memory (so that the past can be read), the protocols deployed at its start, then
 * the past laid block by block up to shortly before `presentAt`.
 */
import { startAnvil, type RunningAnvil } from "../anvil";
import { deployDevnet, type DevnetDeployment } from "../deploy/deploy-devnet";
import { buildPast, devnetPast, type PastResult } from "./chain-past";

const DAY = 86_400;
/** States Anvil keeps (--prune-history): every block of the past, the deployment's and the present's, with room to spare. */
export const PAST_STATES = 10_000;

export interface DevnetWithPast {
  anvil: RunningAnvil;
  deployment: DevnetDeployment;
  past: PastResult;
  /** The chain's first block's time (Unix seconds). */
  genesis: number;
  /** Seconds it took: Anvil, the deployment and the past. */
  seconds: number;
}

/** The genesis time of a chain whose past ends at `presentAt`: an hour into the day before the past's first day. */
export const genesisFor = (presentAt: number, past = devnetPast) =>
  (Math.floor(presentAt / DAY) - past.days - 1) * DAY + 3_600;

export async function startDevnetWithPast({
  presentAt = Math.floor(Date.now() / 1000),
  port = 0,
  pastStates = PAST_STATES,
}: {
  presentAt?: number;
  port?: number;
  /** Anvil's --prune-history: a small number plays a node that keeps only the recent states. */
  pastStates?: number;
} = {}): Promise<DevnetWithPast> {
  const started = performance.now();
  const genesis = genesisFor(presentAt);
  const anvil = await startAnvil({ port, genesisTimestamp: genesis, pastStates });
  try {
    const deployment = await deployDevnet(anvil.url);
    const past = await buildPast(deployment.context, presentAt);
    return { anvil, deployment, past, genesis, seconds: (performance.now() - started) / 1000 };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}
