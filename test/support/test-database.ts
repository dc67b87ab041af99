import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, openPglite, migrateDatabase, type Database } from "@/lib/machinery/db/client";
import { seedCatalog } from "@/lib/machinery/db/seed";

/** Runs one statement on the PostgreSQL database at `url` over a connection of its own. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database `<prefix>_<random>` on the PostgreSQL server that `serverUrl` reaches, its
 * URL, and `drop`, which removes it (sessions still open on it included).
 */
export async function createThrowawayDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or, when
 * TEST_DATABASE_SERVER is a PostgreSQL URL, a new database on that server, dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const server = process.env.TEST_DATABASE_SERVER;
  const throwaway = server ? await createThrowawayDatabase(server, "yg_test") : null;
  const database = throwaway ? await openDatabase(throwaway.url) : await openPglite("memory://");
  await migrateDatabase(database);
  await seedCatalog({ db: database.db, now: new Date() });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      await throwaway?.drop();
    },
  };
}
