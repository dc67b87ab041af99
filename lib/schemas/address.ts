import { z } from "zod";
import { getAddress, isAddress } from "viem";

// Apart from common.ts because checking EIP-55 needs keccak: only the pages that validate an
// address (positions) should ship it.

/** An EVM address: 0x + 40 hex; mixed case must pass the EIP-55 checksum. Normalised to its checksummed form. */
export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be 0x followed by 40 hex digits")
  // Only mixed case carries an EIP-55 checksum; all-lower and all-upper hex are plain addresses.
  .refine((v) => /^0x([0-9a-f]{40}|[0-9A-F]{40})$/.test(v) || isAddress(v, { strict: true }), { message: "fails the EIP-55 checksum" })
  .transform((v) => getAddress(v))
  .meta({ description: "EVM address (EIP-55 checksum when mixed case)", example: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045" });
