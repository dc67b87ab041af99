// Start opening, migrating and seeding the database when the server starts, not on the first
// request; once it is open, start the in-process chain sync (lib/machinery/sync/scheduler.ts). A database that
// cannot be opened yet does not stop the server: it answers 503 and keeps trying (lib/api/services.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // A malformed setting (SIWE_DOMAIN, limits, …) stops the server at start, with the reason.
    const { readConfig } = await import("@/lib/machinery/config");
    try {
      readConfig();
    } catch (error) {
      console.error(`Yieldgrid cannot start: ${(error as Error).message}`);
      process.exit(1);
    }
    const { startServices } = await import("@/lib/api/services");
    const { startSyncScheduler } = await import("@/lib/machinery/sync/scheduler");
    const { writtenByChainSync } = await import("@/lib/machinery/cache/cache-sources");
    await startServices({
      onReady: (services) =>
        startSyncScheduler({
          db: services.db,
          config: services.config,
          now: services.now,
          // The answers computed from what a chain's sync writes, and only those, are computed afresh.
          onDataChanged: (chainIds) => services.responses.clear(writtenByChainSync(chainIds)),
        }),
    });
  }
}
