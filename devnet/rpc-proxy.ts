// The skeleton of the HTTP proxies that stand between code under test and the local node: one that
// records or plays a node that is down (test/support/devnet.ts), one that plays a provider with
// limits (limited-rpc.ts), one that meters (scripts/lib/rpc-meter.ts). Each decides what to do
// with a request's body; this serves them on a free port of 127.0.0.1 and closes them.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RpcProxyServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `handle` on 127.0.0.1 (a free port): it gets each request with its whole body as text (and
 * when the request arrived, performance.now()) and answers on `res`. `onClose` runs before the server closes (to end requests left unanswered).
 */
export async function serveRpcProxy(
  handle: (body: string, res: http.ServerResponse, req: http.IncomingMessage, arrivedMs: number) => Promise<void> | void,
  { keepAliveTimeoutMs, onClose }: { keepAliveTimeoutMs?: number; onClose?: () => void } = {},
): Promise<RpcProxyServer> {
  const server = http.createServer((req, res) => {
    const arrivedMs = performance.now();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void handle(Buffer.concat(chunks).toString("utf8"), res, req, arrivedMs));
  });
  if (keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = keepAliveTimeoutMs;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        onClose?.();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers `res` with a JSON body (an object, or text that already is JSON). */
export function answerJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(typeof body === "string" ? body : JSON.stringify(body));
}
