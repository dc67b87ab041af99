// npm run sync: one sync of every chain that has an RPC URL (RPC_URL_<chainId>, or a running
// `npm run devnet` for 31337), on the configured database. Prints one JSON line per chain and
// exits 1 if any chain failed. On the embedded database it takes the folder's lock: beside a running
// server it stops at once and says so (the server syncs by itself; see SYNC_INTERVAL_SECONDS).
// With PostgreSQL it runs at any time.
import { DataDirLockedError } from "@/lib/machinery/db/data-dir-lock";
import { openMigratedDatabase } from "@/lib/api/services";
import { readConfig } from "@/lib/machinery/config";
import { syncAllChains } from "@/lib/machinery/sync/run-sync";

// A malformed setting (an RPC_URL_<chainId> entry that is not a URL, …) stops it before any chain is read.
try {
  readConfig();
} catch (error) {
  console.error(`npm run sync cannot start: ${(error as Error).message}`);
  process.exit(1);
}

const database = await openMigratedDatabase(undefined, { command: "npm run sync" }).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  const results = await syncAllChains({ db: database.db });
  if (results.length === 0) console.error("No chain has an RPC URL: set RPC_URL_<chainId>, or start the local chain with `npm run devnet`.");
  for (const r of results) console.log(JSON.stringify(r));
  process.exitCode = results.some((r) => r.error) ? 1 : 0;
} finally {
  await database.close();
}
