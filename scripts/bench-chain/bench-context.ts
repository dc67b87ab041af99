// What every measurement of the chain benchmark works with: the node, the metering proxy in front
// of it, the chain client the code under test reads through, and the database that lists the chain.
import type { createChainClient } from "@/lib/machinery/chain/client";
import type { Database } from "@/lib/machinery/db/client";
import type { RpcMeter } from "../lib/rpc-meter";
import type { Cleanup } from "./databases";

export interface BenchContext {
  /** The node itself, for what is not measured (mining, gas replays). */
  nodeUrl: string;
  meter: RpcMeter;
  /** createChainClient's defaults, through the meter. */
  client: ReturnType<typeof createChainClient>;
  database: Database;
  now: Date;
  cleanup: Cleanup;
}
