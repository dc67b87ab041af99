import { z } from "zod";
import { hexAddress, isoDateTime } from "./common";

export const nonceResponseSchema = z
  .object({ data: z.object({ nonce: z.string(), expiresAt: isoDateTime }) })
  .meta({ id: "SiweNonce" });

export const verifySiweRequestSchema = z
  .strictObject({
    message: z.string().min(1).max(4096).meta({ description: "the EIP-4361 message that was signed" }),
    signature: z.string().regex(/^0x[0-9a-fA-F]+$/, "must be a 0x-prefixed hex signature").max(1024),
  })
  .meta({ id: "SiweVerifyRequest" });

export const sessionSchema = z
  .object({ address: hexAddress, chainId: z.number().int(), expiresAt: isoDateTime })
  .meta({ id: "Session" });
export const sessionResponseSchema = z.object({ data: sessionSchema }).meta({ id: "SessionResponse" });
export type Session = z.infer<typeof sessionSchema>;
