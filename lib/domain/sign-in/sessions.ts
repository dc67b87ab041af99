import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { getAddress } from "viem";
import type { Db } from "@/lib/machinery/db/client";
import { sessions } from "@/lib/machinery/db/schema";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession({ db, account, chainId, ttlSeconds, now }: { db: Db; account: string; chainId: number; ttlSeconds: number; now: Date }) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), account: account.toLowerCase(), chainId, createdAt: now, expiresAt });
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return { token, session: { address: getAddress(account), chainId, expiresAt: expiresAt.toISOString() } };
}

export async function findSession({ db, token, now }: { db: Db; token: string; now: Date }) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)));
  return row ? { address: getAddress(row.account), chainId: row.chainId, expiresAt: row.expiresAt.toISOString() } : null;
}

export async function deleteSession({ db, token }: { db: Db; token: string }) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
