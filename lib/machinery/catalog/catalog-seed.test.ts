import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openPglite, type Database } from "@/lib/machinery/db/client";
import { catalogRow, seedCatalog } from "@/lib/machinery/db/seed";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { catalogInstruments } from "./catalog-data";

// A database seeded by an earlier catalog keeps its instruments (same ids) when the catalog re-files
// one under another version: 0x8c106E…A3D0, once listed as a MetaMorpho vault, is a Vault V2.

let database: Database;
beforeAll(async () => {
  database = await openPglite("memory://");
  await migrateDatabase(database);
});
afterAll(() => database?.close());

describe("seeding an existing database", () => {
  it("re-files a catalog instrument whose protocol version changed, keeping its id and history", async () => {
    await seedCatalog({ db: database.db, now: new Date() });
    const gauntletV2 = catalogInstruments.find((i) => i.marketAddress === "0x8c106EEDAd96553e64287A5A6839c3Cc78afA3D0")!;
    const { instrumentId } = catalogRow(gauntletV2);
    const recordOf = async (version: number) =>
      (
        await database.db
          .select()
          .from(protocols)
          .where(and(eq(protocols.name, "morpho"), eq(protocols.version, version), eq(protocols.chainId, 1)))
      )[0]!;
    const [v1, v2] = [await recordOf(1), await recordOf(2)];
    // As the earlier catalog filed it.
    await database.db
      .update(instruments)
      .set({ protocolId: v1.id, description: "Gauntlet USDC MetaMorpho vault on Ethereum" })
      .where(eq(instruments.instrumentId, instrumentId));
    const before = (await database.db.select().from(instruments).where(eq(instruments.instrumentId, instrumentId)))[0]!;

    expect(await seedCatalog({ db: database.db, now: new Date() })).toBe(true);
    const after = (await database.db.select().from(instruments).where(eq(instruments.instrumentId, instrumentId)))[0]!;
    expect(after).toMatchObject({ protocolId: v2.id, description: "Gauntlet USDC Prime Vault V2 on Ethereum" });
    expect({ ...after, protocolId: before.protocolId, description: before.description, updatedAt: before.updatedAt }).toEqual(before);
    // Nothing else to do on the next start.
    expect(await seedCatalog({ db: database.db, now: new Date() })).toBe(false);
  });
});
