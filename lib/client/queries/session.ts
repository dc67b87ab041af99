import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { Hex } from "viem";
import { ApiClientError } from "@/lib/client/api-fetch";
import { apiRequest } from "@/lib/client/api-request";
import type { components } from "@/lib/client/api-types";
import { apiKeyKeys, apiKeysQueryOptions } from "./api-keys";

type Session = components["schemas"]["Session"];

export const sessionKeys = { all: ["session"] as const };

/** The dashboard session (SIWE cookie): the session, or null when signed out (401). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: async (): Promise<Session | null> => {
      try {
        return (await apiRequest((api) => api.GET("/auth/session"))).data;
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 401) return null;
        throw error;
      }
    },
  });

export const SIWE_STATEMENT = "Sign in to Yieldgrid: manage your API keys and read test networks.";
// The server accepts a message only for 10 minutes after it was issued (lib/domain/sign-in/siwe.ts).
const MESSAGE_LIFETIME_MS = 10 * 60_000;

export interface SignInVariables {
  address: `0x${string}`;
  chainId: number;
}

/**
 * Sign-In with Ethereum: a nonce from the API, an EIP-4361 message for this site, the wallet's
 * signature, and the API's verdict (which sets the httpOnly session cookie).
 */
export const signInMutationOptions = (sign: (message: string) => Promise<Hex>) =>
  mutationOptions({
    mutationKey: [...sessionKeys.all, "sign-in"],
    mutationFn: async ({ address, chainId }: SignInVariables) => {
      // viem's SIWE message builder loads with the sign-in, not with the page.
      const [{ createSiweMessage }, nonceAnswer] = await Promise.all([
        import("./siwe-message"),
        apiRequest((api) => api.POST("/auth/nonce")),
      ]);
      const { nonce } = nonceAnswer.data;
      // The nonce request carried the httpOnly cookie it is bound to; the verification sends it back.
      const issuedAt = new Date();
      let message: string;
      try {
        message = createSiweMessage({
          domain: window.location.host,
          uri: window.location.origin,
          version: "1",
          address,
          chainId,
          nonce,
          statement: SIWE_STATEMENT,
          issuedAt,
          expirationTime: new Date(issuedAt.getTime() + MESSAGE_LIFETIME_MS),
        });
      } catch (error) {
        // viem's EIP-4361 messages take host names and IPv4 addresses only, not an IPv6 literal such as [::1].
        if (error instanceof Error && error.message.includes('field "domain"'))
          throw new Error(
            `A sign-in message cannot name ${window.location.host}: open Yieldgrid at a host name (such as localhost) to sign in.`,
          );
        throw error;
      }
      const signature = await sign(message);
      return (await apiRequest((api) => api.POST("/auth/verify", { body: { message, signature } }))).data;
    },
    onSuccess: async (session, _variables, _onMutate, { client }) => {
      // Load the account's keys first, so the signed-in view opens on them rather than on a skeleton
      // (a failure is left for the view to show).
      await client
        .fetchQuery({ ...apiKeysQueryOptions(session.address), staleTime: 0 })
        .catch(() => undefined);
      client.setQueryData(sessionKeys.all, session);
    },
  });

export const signOutMutationOptions = () =>
  mutationOptions({
    mutationKey: [...sessionKeys.all, "sign-out"],
    mutationFn: async () => {
      await apiRequest((api) => api.DELETE("/auth/session"));
      return null;
    },
    onSuccess: (_data, _variables, _onMutate, { client }) => {
      client.setQueryData(sessionKeys.all, null);
      // The keys belong to the account that just left: nothing of them stays in memory.
      client.removeQueries({ queryKey: apiKeyKeys.all });
    },
  });
