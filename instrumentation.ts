// Open, migrate and seed the database when the server starts, not on the first request; then
// start the in-process chain sync (lib/sync/scheduler.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getServices } = await import("@/lib/server/services");
    const { startSyncScheduler } = await import("@/lib/sync/scheduler");
    startSyncScheduler(await getServices());
  }
}
