import { sql } from "drizzle-orm";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import type { Db } from "@/lib/machinery/db/client";
import { apiKeys } from "@/lib/machinery/db/schema";
import { testAccounts, type ApiFixture, type FixtureKey } from "./fixture";

/**
 * The keys every API test may use (ApiFixture["keys"]), made in `db` through the same domain code the
 * API uses: for the shared test server before it starts, and for a scratch registry's own database.
 */
export async function makeFixtureKeys(db: Db, now = new Date()): Promise<ApiFixture["keys"]> {
  const make = async (
    account: string,
    name: string,
    type: "test" | "live",
    rateLimit: number | null = null,
  ): Promise<FixtureKey> => {
    const created = await createApiKey({ db, account, name, type, rateLimit, now });
    return { id: created.id, key: created.key, prefix: created.prefix, type };
  };
  const A = testAccounts.A.address;
  const B = testAccounts.B.address;
  const keys: ApiFixture["keys"] = {
    A: {
      test: await make(A, "A test", "test"),
      live: await make(A, "A live", "live"),
      limited: await make(A, "A limited", "live", 25),
      expired: await make(A, "A expired", "live"),
      revoked: await make(A, "A revoked", "live"),
    },
    B: { test: await make(B, "B test", "test"), live: await make(B, "B live", "live") },
  };
  await db
    .update(apiKeys)
    .set({ expiresAt: sql`now() - interval '1 hour'` })
    .where(sql`${apiKeys.id} = ${keys.A.expired.id}`);
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(sql`${apiKeys.id} = ${keys.A.revoked.id}`);
  return keys;
}
