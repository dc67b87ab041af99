import { ApiClientError } from "@/lib/client/api-fetch";

/** True when the user said no in the wallet (EIP-1193 code 4001), anywhere in the error's cause chain. */
export function isUserRejection(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; depth++) {
    if (typeof e !== "object" || e === null) return false;
    if (("code" in e && e.code === 4001) || ("name" in e && e.name === "UserRejectedRequestError"))
      return true;
    e = "cause" in e ? e.cause : undefined;
  }
  return false;
}

/** A sentence for an error from the wallet or the API; viem's errors carry a short form without the stack of docs links. */
export function walletErrorMessage(error: unknown): string {
  if (isUserRejection(error)) return "The request was rejected in your wallet.";
  if (error instanceof ApiClientError) return error.message;
  if (
    typeof error === "object" &&
    error !== null &&
    "shortMessage" in error &&
    typeof error.shortMessage === "string"
  )
    return error.shortMessage;
  if (error instanceof Error) return error.message;
  return "Something went wrong. Try again.";
}
