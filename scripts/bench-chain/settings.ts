// What the chain benchmark builds and how often it measures (scripts/bench-chain.ts says why).
import { protocolNames, type ProtocolName } from "@/lib/facts/protocols";

export const TOTAL = Number(process.env.BENCH_CHAIN_INSTRUMENTS ?? 1_000);
export const POSITIONS_SUBSET = 200;
export const STEADY_RUNS = 5;
export const POSITIONS_RUNS = 50;
export const PING_RUNS = 50;
export const MULTICALL_RUNS = 5;
/** Anvil's default block gas limit, which it also uses as the gas of an eth_call that names none. */
export const ETH_CALL_GAS_CAP = 30_000_000;
export const PROTOCOLS: readonly ProtocolName[] = protocolNames;
/** The first block's number: a scan from block 0 reads this many blocks before the chain's own. */
export const GENESIS_BLOCK = Number(process.env.BENCH_CHAIN_GENESIS ?? 100_000);
/** Vaults the devnet's Morpho factories create, DISCOVERY_GAP blocks apart; every fifth is dust. */
export const DISCOVERY_VAULTS = 40;
export const DISCOVERY_GAP = 25;
/** A provider's eth_getLogs span limit (Alchemy's free tier), for the scan through a limiting proxy. */
export const LIMITED_GETLOGS_BLOCKS = 2_000;

if (!Number.isInteger(GENESIS_BLOCK) || GENESIS_BLOCK < 0)
  throw new Error("BENCH_CHAIN_GENESIS must be a block number");
if (!Number.isInteger(TOTAL) || TOTAL % 4 !== 0 || TOTAL < POSITIONS_SUBSET)
  throw new Error(`BENCH_CHAIN_INSTRUMENTS must be a multiple of 4 and at least ${POSITIONS_SUBSET}`);

export const log = (message: string) => console.error(`[bench:chain] ${message}`);
