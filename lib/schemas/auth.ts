import { z } from "zod";
import { hexAddress, isoDateTime } from "./common";

export const nonceResponseSchema = z
  .object({ data: z.object({ nonce: z.string(), expiresAt: isoDateTime }) })
  .meta({ id: "SiweNonce" });

/**
 * "0x" and up to 4 KiB: a passkey wallet's ERC-6492 signature (WebAuthn data, wrapped with the factory
 * call that deploys the wallet) runs to well over a kilobyte, an EOA's is 65 bytes.
 */
export const SIWE_SIGNATURE_MAX_LENGTH = 2 + 2 * 4096;

export const verifySiweRequestSchema = z
  .strictObject({
    message: z.string().min(1).max(4096).meta({ description: "the EIP-4361 message that was signed" }),
    signature: z
      .string()
      .regex(/^0x[0-9a-fA-F]+$/, "must be a 0x-prefixed hex signature")
      .max(SIWE_SIGNATURE_MAX_LENGTH)
      .meta({
        description:
          "an EOA's 65-byte signature, or a smart-contract wallet's (ERC-1271; ERC-6492 wrapped with its factory call), up to 4 KiB",
      }),
  })
  .meta({ id: "SiweVerifyRequest" });

export const sessionSchema = z
  .object({ address: hexAddress, chainId: z.number().int(), expiresAt: isoDateTime })
  .meta({ id: "Session" });
export const sessionResponseSchema = z.object({ data: sessionSchema }).meta({ id: "SessionResponse" });
export type Session = z.infer<typeof sessionSchema>;
