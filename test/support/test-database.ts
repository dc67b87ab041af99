import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, openPglite, migrateDatabase, type Database } from "@/lib/machinery/db/client";
import { seedCatalog } from "@/lib/machinery/db/seed";

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or, when
 * TEST_DATABASE_SERVER is a PostgreSQL URL, a new database on that server, dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const server = process.env.TEST_DATABASE_SERVER;
  let database: Database;
  let drop = async () => undefined as void;
  if (server) {
    const name = `yg_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    database = await openDatabase(url.toString());
    drop = async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openPglite("memory://");
  }
  await migrateDatabase(database);
  await seedCatalog({ db: database.db, now: new Date() });
  const close = database.close;
  return { ...database, close: async () => { await close(); await drop(); } };
}
