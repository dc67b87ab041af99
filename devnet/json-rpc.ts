// Plain JSON-RPC over HTTP to a local node, for the tools around the local chain (its deployment
// checks, the test devnet, the benchmarks): no client library between the caller and the node.

/** POSTs a JSON-RPC body (one call or a batch), as text, to `url`. */
export const postJsonRpc = (url: string, body: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });

/** The batch of `calls` as one JSON-RPC body, ids 0, 1, …. */
export const batchBody = (calls: readonly (readonly [string, readonly unknown[]])[]) =>
  JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: "2.0", id, method, params })));

/** Sends `calls` in one batch; resolves with their results in order, or throws on the first error. */
export async function rpcBatch<T>(url: string, calls: readonly (readonly [string, readonly unknown[]])[]): Promise<T[]> {
  const answers = (await (await postJsonRpc(url, batchBody(calls))).json()) as { id: number; result?: T; error?: { message: string } }[];
  const byId = new Map(answers.map((a) => [a.id, a]));
  return calls.map(([method], id) => {
    const a = byId.get(id);
    if (!a || a.error) throw new Error(`${method}: ${a?.error?.message ?? "no answer"}`);
    return a.result as T;
  });
}

/** One JSON-RPC call; throws with the node's message when it answers an error. */
export const rpc = async <T = unknown>(url: string, method: string, params: readonly unknown[] = []): Promise<T> =>
  (await rpcBatch<T>(url, [[method, params]]))[0]!;
