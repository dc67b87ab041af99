import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openPglite, type Database, type Db } from "@/lib/machinery/db/client";
import { apiKeys } from "@/lib/machinery/db/schema";
import { listApiKeys } from "./list-api-keys";
import { ApiKeyStore, type StoredApiKey } from "./key-store";

describe("ApiKeyStore lastUsed write-back", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite("memory://");
    await migrateDatabase(database);
  });
  afterAll(() => database.close());

  let counter = 0;
  async function insertKey(): Promise<StoredApiKey> {
    counter += 1;
    const [row] = await database.db
      .insert(apiKeys)
      .values({ account: "0x00000000000000000000000000000000000000aa", name: `k${counter}`, type: "test", prefix: "yg_test_", hash: `hash-${counter}` })
      .returning();
    return row!;
  }
  const lastUsedInDb = async (store: ApiKeyStore, id: string) =>
    (await listApiKeys({ db: database.db, keyStore: store, account: "0x00000000000000000000000000000000000000aa", type: null, now: new Date() })).find(
      (k) => k.id === id,
    )!.lastUsed;

  it("still reports a use while its write-back is in flight, and writes it to the database", async () => {
    const store = new ApiKeyStore(database.db, null);
    const record = await insertKey();
    const at = new Date("2026-11-22T08:00:00.000Z");
    store.markUsed(record, at);
    const flushing = store.flush();
    // A listing that reads the row before the write commits must still see the use.
    expect(store.lastUsedOf(record.id)).toEqual(at);
    await flushing;
    expect(store.lastUsedOf(record.id)).toBeUndefined();
    expect(await lastUsedInDb(new ApiKeyStore(database.db, null), record.id)).toBe(at.toISOString());
  });

  it("keeps a newer use made during the write-back for the next flush", async () => {
    const store = new ApiKeyStore(database.db, null);
    const record = await insertKey();
    const first = new Date("2026-11-22T08:00:00.000Z");
    const second = new Date("2026-11-22T08:00:05.000Z");
    store.markUsed(record, first);
    const flushing = store.flush();
    store.markUsed(record, second);
    await flushing;
    expect(store.lastUsedOf(record.id)).toEqual(second);
    await store.flush();
    expect(await lastUsedInDb(new ApiKeyStore(database.db, null), record.id)).toBe(second.toISOString());
  });

  it("keeps a use whose write failed, and writes it on the next flush", async () => {
    const record = await insertKey();
    let down = true;
    const flaky = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop === "update" && down) throw new Error("database unavailable");
        return Reflect.get(target, prop, receiver) as unknown;
      },
    }) as Db;
    const store = new ApiKeyStore(flaky, null);
    const at = new Date("2026-11-22T09:00:00.000Z");
    store.markUsed(record, at);
    await expect(store.flush()).rejects.toThrow("database unavailable");
    expect(store.lastUsedOf(record.id)).toEqual(at);
    down = false;
    await store.flush();
    expect(store.lastUsedOf(record.id)).toBeUndefined();
    expect(await lastUsedInDb(new ApiKeyStore(database.db, null), record.id)).toBe(at.toISOString());
  });
});
