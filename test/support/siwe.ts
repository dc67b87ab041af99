import type { Hex } from "viem";
import type { LocalAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { expect } from "vitest";
import { api, fixture, type ApiInit, type ApiResponse } from "./api";

// Sign-In with Ethereum as the dashboard does it: a nonce bound to this client by the
// yg_siwe cookie, an EIP-4361 message for the server's domain, the signature, then /auth/verify
// with the same cookie.

/** `name=value` of a cookie the response sets, or undefined. */
export function cookieSetBy(res: ApiResponse, name: string): string | undefined {
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];
}

type NonceResponse = ApiResponse<{ data: { nonce: string; expiresAt: string } }>;

/** A nonce and the binding cookie that comes with it (`yg_siwe=…`). */
export async function requestNonce(init: ApiInit = {}): Promise<{ nonce: string; bindingCookie: string; res: NonceResponse }> {
  const res = await api<{ data: { nonce: string; expiresAt: string } }>("/auth/nonce", { method: "POST", ...init });
  expect(res.status, res.text).toBe(200);
  const bindingCookie = cookieSetBy(res, "yg_siwe");
  expect(bindingCookie, "Set-Cookie yg_siwe").toBeDefined();
  return { nonce: res.body.data.nonce, bindingCookie: bindingCookie!, res };
}

/** The server's own host, as a browser on its origin writes the message's domain. */
export const serverHost = () => new URL(fixture().baseUrl).host;

export interface MessageFields {
  address: Hex;
  nonce: string;
  domain?: string;
  chainId?: number;
  issuedAt?: Date;
  expirationTime?: Date;
  notBefore?: Date;
}

export const siweMessage = (fields: MessageFields) =>
  createSiweMessage({
    domain: fields.domain ?? serverHost(),
    address: fields.address,
    statement: "Sign in to Yieldgrid",
    uri: fixture().baseUrl,
    version: "1",
    chainId: fields.chainId ?? 1,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt ?? new Date(),
    ...(fields.expirationTime && { expirationTime: fields.expirationTime }),
    ...(fields.notBefore && { notBefore: fields.notBefore }),
  });

export const verifySignIn = (body: unknown, bindingCookie: string | undefined, init: ApiInit = {}) =>
  api("/auth/verify", { json: body, ...(bindingCookie && { cookie: bindingCookie }), ...init });

/** Signs in as `account` (an EOA) on `chainId`; returns the session cookie (`yg_session=…`). */
export async function signInAs(account: LocalAccount, chainId = 1): Promise<{ cookie: string; res: ApiResponse }> {
  const { nonce, bindingCookie } = await requestNonce();
  const message = siweMessage({ address: account.address, nonce, chainId });
  const res = await verifySignIn({ message, signature: await account.signMessage({ message }) }, bindingCookie);
  expect(res.status, res.text).toBe(200);
  const cookie = cookieSetBy(res, "yg_session");
  expect(cookie, "Set-Cookie yg_session").toBeDefined();
  return { cookie: cookie!, res };
}
