import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { isAddress, recoverMessageAddress, type Hex, type PublicClient } from "viem";
import { parseSiweMessage, validateSiweMessage, verifySiweMessage } from "viem/siwe";
import { getChain } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { siweNonces } from "@/lib/machinery/db/schema";
import { ChainUnavailable, InvalidInput, Unauthenticated } from "@/lib/domain/errors";
import { describeSiweDomains, isCrossSiteRequest } from "./siwe-domains";
import { COOKIES } from "@/lib/facts/http.mjs";

export const NONCE_TTL_SECONDS = 10 * 60;
// A signed message is accepted only this long after it was issued, even without expirationTime.
const MAX_MESSAGE_AGE_MS = 10 * 60_000;

/**
 * The sign-in cookie: a secret that binds each nonce to the client that asked for it. The nonce row
 * stores only the secret's hash, so a nonce is worth nothing without the cookie it was issued to.
 */
const BINDING_SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * The client's binding secret if it presented a well-formed one (a browser signing in from two tabs
 * keeps both nonces), otherwise a new one: 32 bytes from the CSPRNG.
 */
export const bindingSecretFor = (presented: string | null) =>
  presented !== null && BINDING_SECRET.test(presented) ? presented : randomBytes(32).toString("base64url");

// The row's key is the nonce and the hash of its binding secret: spending a nonce needs both.
const nonceRow = (nonce: string, bindingSecret: string) =>
  `${nonce}.${createHash("sha256").update(bindingSecret).digest("hex")}`;

/**
 * A single-use nonce for an EIP-4361 message: 128 bits from node:crypto as 32 hex digits
 * (EIP-4361 wants at least 8 alphanumerics), valid ten minutes, bound to `bindingSecret`.
 * Never viem's generateSiweNonce: it is built on Math.random and each nonce is the last one shifted.
 */
export async function issueNonce({ db, bindingSecret, now }: { db: Db; bindingSecret: string; now: Date }) {
  const nonce = randomBytes(16).toString("hex");
  const expiresAt = new Date(now.getTime() + NONCE_TTL_SECONDS * 1000);
  await db.insert(siweNonces).values({ nonce: nonceRow(nonce, bindingSecret), expiresAt });
  // Expired nonces are of no use to anyone: sweep them while we are here.
  await db.delete(siweNonces).where(lt(siweNonces.expiresAt, new Date(now.getTime() - NONCE_TTL_SECONDS * 1000)));
  return { nonce, expiresAt: expiresAt.toISOString() };
}

const rejected = (message: string, details: Record<string, unknown> = {}) =>
  new Unauthenticated(`Sign-in failed: ${message}`, details);

/**
 * Sign-in requests from a browser must come from a page of one of the sign-in domains: a phishing
 * site's page cannot ask for a nonce or spend a signature. Requests without Origin (curl) pass.
 * The 401 lists the domains in `details.signInDomains`, so the dashboard can point to them.
 */
export function assertSignInSite(headers: Headers, domains: readonly string[]) {
  if (!isCrossSiteRequest(headers, domains)) return;
  const origin = headers.get("origin");
  throw rejected(
    `${origin === null ? "a cross-site request" : `a page at ${origin}`} cannot sign in here; ` +
      `sign-in is open to pages of ${describeSiweDomains(domains)}`,
    { signInDomains: domains },
  );
}

/** Where a smart-contract wallet's signature is checked: a public client of the message's chain, or undefined without an RPC URL. */
export type ChainClientOf = (chainId: number) => PublicClient | undefined;

/**
 * Verifies a signed EIP-4361 message: one of our domains, a known chain, fresh and unexpired, a
 * nonce issued to this client (`bindingSecret`) and not used yet (consumed atomically, so a replay
 * or a concurrent second try fails), and a signature by the address: an EOA's, recovered offline,
 * or else a smart-contract wallet's (ERC-1271, or ERC-6492 before it is deployed), checked by viem
 * on the chain's RPC.
 */
export async function verifySiwe({
  db,
  message,
  signature,
  bindingSecret,
  domains,
  clientOf,
  now,
}: {
  db: Db;
  message: string;
  signature: Hex;
  bindingSecret: string | null;
  domains: readonly string[];
  clientOf: ChainClientOf;
  now: Date;
}) {
  const fields = parseSiweMessage(message);
  if (!fields.address || !isAddress(fields.address) || !fields.nonce || !fields.chainId || !fields.issuedAt || !fields.domain)
    throw new InvalidInput("message is not an EIP-4361 message", [{ path: "message", message: "not an EIP-4361 message" }]);
  const { address, chainId, domain, nonce } = fields;
  if (!domains.includes(domain.toLowerCase()))
    throw rejected(`the message is for ${domain}, which is not a sign-in domain of this server (${describeSiweDomains(domains)})`, {
      signInDomains: domains,
    });
  if (!getChain(chainId)) throw rejected(`chain ${chainId} is not supported`);
  if (!validateSiweMessage({ message: fields, time: now })) throw rejected("the message has expired or is not yet valid");
  const age = now.getTime() - fields.issuedAt.getTime();
  if (age > MAX_MESSAGE_AGE_MS || age < -60_000) throw rejected("the message was not issued just now");
  if (bindingSecret === null)
    throw rejected(`no ${COOKIES.siweBinding} cookie: send the cookie that POST /auth/nonce set with the nonce`);

  // Spent before the signature is checked: one nonce buys at most one check, RPC calls included.
  const [spent] = await db
    .update(siweNonces)
    .set({ usedAt: now })
    .where(and(eq(siweNonces.nonce, nonceRow(nonce, bindingSecret)), isNull(siweNonces.usedAt), gt(siweNonces.expiresAt, now)))
    .returning({ nonce: siweNonces.nonce });
  if (!spent) throw rejected("the nonce is unknown, expired, already used or was issued to another client");

  if (!(await signedByOwnKey(address, message, signature))) {
    const client = clientOf(chainId);
    if (!client)
      throw rejected(
        `the signature is not ${address}'s own key's, and chain ${chainId} has no RPC URL (RPC_URL_${chainId}) to check a ` +
          "smart-contract wallet's signature (ERC-1271, ERC-6492): on this chain only wallets with their own key (EOAs) can sign in",
      );
    const unreachable = new ChainUnavailable(
      `Sign-in could not be checked: chain ${chainId}'s RPC did not answer the smart-contract wallet check; try again`,
      { chainId },
    );
    const valid = await verifySiweMessage(client, { message, signature, domain, nonce, time: now }).catch(() => {
      throw unreachable;
    });
    if (!valid) {
      // viem answers false when its eth_call fails for any reason, an unreachable node included:
      // only a node that answers makes the signature wrong rather than unchecked.
      await client.getBlockNumber({ cacheTime: 0 }).catch(() => {
        throw unreachable;
      });
      throw rejected("the signature does not match the address");
    }
  }
  return { address, chainId };
}

/** An EOA's signature, recovered without any RPC. */
async function signedByOwnKey(address: Hex, message: string, signature: Hex) {
  try {
    return (await recoverMessageAddress({ message, signature })).toLowerCase() === address.toLowerCase();
  } catch {
    return false;
  }
}
