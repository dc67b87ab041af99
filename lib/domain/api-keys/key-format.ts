import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { API_KEY_PATTERN, apiKeyPrefixOf } from "@/lib/facts/api-keys";
import type { Environment } from "@/lib/facts/chains";

// Key layout: type prefix, 43 base62 characters of CSPRNG output (32 bytes),
// then a 6-character base62 CRC32 of everything before it, like GitHub's tokens.
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 43; // 62^43 > 2^256
const CHECKSUM_LENGTH = 6; // 62^6 > 2^32

function toBase62(value: bigint, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out;
}

const checksumOf = (body: string) => toBase62(BigInt(crc32(body)), CHECKSUM_LENGTH);

export function generateApiKey(type: Environment): { key: string; prefix: string; hash: string } {
  const random = toBase62(BigInt("0x" + randomBytes(32).toString("hex")), RANDOM_LENGTH);
  const body = apiKeyPrefixOf(type) + random;
  const key = body + checksumOf(body);
  return { key, prefix: displayPrefix(type, random), hash: hashApiKey(key) };
}

const displayPrefix = (type: Environment, random: string) => apiKeyPrefixOf(type) + random.slice(0, 6);

/** Type and display prefix of a well-formed key with a valid checksum, or null: no database needed to reject typos. */
export function parseApiKey(key: string): { type: Environment; prefix: string } | null {
  const match = API_KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, type, random, checksum] = match as unknown as [string, Environment, string, string];
  if (checksumOf(apiKeyPrefixOf(type) + random) !== checksum) return null;
  return { type, prefix: displayPrefix(type, random) };
}

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** How many presented keys `hashOfPresentedKey` remembers (each about 150 bytes with its hash). */
const REMEMBERED_KEYS = 1_000;
const rememberedHashes = new Map<string, string>();

/**
 * The hash of a presented key that is well-formed with a valid checksum, or null. A key presented
 * before is neither parsed nor hashed again: the same text always has the same hash, so remembering
 * it changes no answer (whether the key is still accepted is the key store's and `acceptsSecret`'s to
 * say, on every request). Malformed text is not remembered; the memory stays bounded.
 */
export function hashOfPresentedKey(key: string): string | null {
  const known = rememberedHashes.get(key);
  if (known !== undefined) return known;
  if (!parseApiKey(key)) return null;
  const hash = hashApiKey(key);
  if (rememberedHashes.size >= REMEMBERED_KEYS) rememberedHashes.clear();
  rememberedHashes.set(key, hash);
  return hash;
}
