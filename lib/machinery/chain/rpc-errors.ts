/**
 * Why an RPC request failed, in one line fit for /health: the timeout, the HTTP status, the node's
 * own JSON-RPC error, or what was wrong with its answer (checked-fetch.ts), rather than viem's
 * generic "HTTP request failed.". URLs in it are cut to scheme and host (rpc-endpoints.ts: a provider's
 * path often holds its key).
 */
import { BaseError, ExecutionRevertedError, HttpRequestError, RpcRequestError, TimeoutError } from "viem";
import { RpcAnswerError } from "./checked-fetch";
import { rpcNameOf } from "./rpc-endpoints";

const MAX_LENGTH = 300;

export function describeRpcError(error: unknown): string {
  return redactUrls(reasonOf(error)).slice(0, MAX_LENGTH);
}

function reasonOf(error: unknown): string {
  if (!(error instanceof BaseError)) return firstLine((error as Error | undefined)?.message ?? String(error));
  const answer = error.walk((e) => e instanceof RpcAnswerError);
  if (answer) return answer.message;
  if (error.walk((e) => e instanceof TimeoutError)) return "the request took too long to respond (RPC_TIMEOUT_MS)";
  const rpc = error.walk((e) => e instanceof RpcRequestError) as RpcRequestError | null;
  if (rpc) return `${rpc.status ? `HTTP ${rpc.status}, ` : ""}JSON-RPC error ${rpc.code}: ${firstLine(rpc.details)}`;
  const http = error.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null;
  if (http) {
    const details = firstLine(http.details ?? "");
    const code = networkCodeOf(http);
    if (http.status) return `HTTP ${http.status}${details ? `: ${details}` : ""}`;
    return `HTTP request failed: ${details || "no answer"}${code && !details.includes(code) ? ` (${code})` : ""}`;
  }
  return firstLine(error.shortMessage || error.message);
}

/** The system error code under a failed fetch (ECONNREFUSED, ECONNRESET…), if any. */
function networkCodeOf(error: Error): string | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return code;
  }
  return null;
}

const firstLine = (text: string) => text.split("\n")[0]!.trim();

/** Every http(s) URL in `text` cut to its scheme and host. */
export function redactUrls(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s"'<>,;)]+/gi, (url) => rpcNameOf(url));
}

/**
 * Whether `error` is the RPC's failure (no answer in time, an HTTP error, a JSON-RPC error, a
 * malformed answer) rather than the contract's answer (a revert): a reading that met one is not the
 * chain's word and must not be published.
 */
export function isRpcFailure(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  if (error.walk(isRevert)) return false;
  return error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof RpcRequestError || e instanceof RpcAnswerError) !== null;
}

const isRevert = (e: unknown) =>
  e instanceof ExecutionRevertedError || (e instanceof RpcRequestError && (e.code === 3 || ExecutionRevertedError.nodeMessage.test(e.details)));
