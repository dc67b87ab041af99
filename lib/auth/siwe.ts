import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { isAddress, verifyMessage, type Hex } from "viem";
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from "viem/siwe";
import { getChain } from "@/lib/chains";
import type { Db } from "@/lib/db/client";
import { siweNonces } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";

const NONCE_TTL_MS = 10 * 60_000;
// A signed message is accepted only this long after it was issued, even without expirationTime.
const MAX_MESSAGE_AGE_MS = 10 * 60_000;

export async function issueNonce({ db, now }: { db: Db; now: Date }) {
  const nonce = generateSiweNonce();
  const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
  await db.insert(siweNonces).values({ nonce, expiresAt });
  // Expired nonces are of no use to anyone: sweep them while we are here.
  await db.delete(siweNonces).where(lt(siweNonces.expiresAt, new Date(now.getTime() - NONCE_TTL_MS)));
  return { nonce, expiresAt: expiresAt.toISOString() };
}

const rejected = (message: string) => new ApiError("UNAUTHORIZED", `Sign-in failed: ${message}`);

/**
 * Verifies a signed EIP-4361 message: our domain, a known chain, fresh and unexpired, signed by its
 * address, and a nonce we issued that has not been used (consumed atomically, so a replay fails).
 */
export async function verifySiwe({ db, message, signature, domain, now }: { db: Db; message: string; signature: Hex; domain: string; now: Date }) {
  const fields = parseSiweMessage(message);
  if (!fields.address || !isAddress(fields.address) || !fields.nonce || !fields.chainId || !fields.issuedAt)
    throw new ApiError("BAD_REQUEST", "message is not an EIP-4361 message", { issues: [{ path: "message", message: "not an EIP-4361 message" }] });
  if (fields.domain !== domain) throw rejected(`the message is for ${fields.domain ?? "no domain"}, not ${domain}`);
  if (!getChain(fields.chainId)) throw rejected(`chain ${fields.chainId} is not supported`);
  if (!validateSiweMessage({ message: fields, domain, time: now })) throw rejected("the message has expired or is not yet valid");
  const age = now.getTime() - fields.issuedAt.getTime();
  if (age > MAX_MESSAGE_AGE_MS || age < -60_000) throw rejected("the message was not issued just now");
  let valid = false;
  try {
    valid = await verifyMessage({ address: fields.address, message, signature });
  } catch {
    valid = false;
  }
  if (!valid) throw rejected("the signature does not match the address");
  const [used] = await db
    .update(siweNonces)
    .set({ usedAt: now })
    .where(and(eq(siweNonces.nonce, fields.nonce), isNull(siweNonces.usedAt), gt(siweNonces.expiresAt, now)))
    .returning({ nonce: siweNonces.nonce });
  if (!used) throw rejected("the nonce is unknown, expired or already used");
  return { address: fields.address, chainId: fields.chainId };
}
