// Open, migrate and seed the database when the server starts, not on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getServices } = await import("@/lib/server/services");
    await getServices();
  }
}
