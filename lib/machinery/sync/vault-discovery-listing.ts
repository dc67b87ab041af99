import "server-only";
import { sql } from "drizzle-orm";
import { discoveredVaults } from "@/lib/machinery/db/schema";

/**
 * SQL: the instrument ids of Morpho vaults that discovery delisted (a day below
 * DISCOVERY_MIN_TVL_USD; lib/machinery/sync/vault-discovery.ts). Default listings leave them out, and the
 * sync keeps their active flag false. Its own module, so that listings need none of discovery's code.
 */
export const delistedVaultIds = sql`(select ${discoveredVaults.instrumentId} from ${discoveredVaults} where ${discoveredVaults.delisted} and ${discoveredVaults.instrumentId} is not null)`;
