import "server-only";
// The route of the MCP server (app/api/mcp/route.ts): a POST carries MCP messages and is answered by
// a server made for it (./server.ts); the transport is stateless, so there is no event stream to GET
// and no session to DELETE: every other method is a 405, OPTIONS a CORS preflight. Each goes through
// the API's one wrapper: the request id, the caller (a bad key is a 401 here as on every endpoint),
// the error envelope and the log line. Only the tool calls count against the caller's rate limit,
// each as the REST request it is run as (./call.ts); the protocol's own messages (initialize,
// tools/list, the 405 a client's GET gets) are free, except a refused one, which counts as REST's do.
import type { Endpoint } from "@/lib/api/http/endpoint";
import { methodNotAllowed, methods, preflight, requestMethod, type RouteHandlers } from "@/lib/api/http/route";
import { wrap, type Operation } from "@/lib/api/http/wrapper";
import { HEADERS, MCP_PATH } from "@/lib/facts/http.mjs";
import { answerMessages } from "./server";
import { mcpToolsOf } from "./tools";

const ALLOWED = "POST, OPTIONS";

/** What a browser-based MCP client sends beyond the CORS-safelisted headers (Streamable HTTP's own included). */
const MCP_REQUEST_HEADERS = [HEADERS.apiKey, HEADERS.authorization, "Content-Type", "Mcp-Protocol-Version", "Mcp-Session-Id", "Last-Event-ID"];

/** The handlers of the MCP route, one per method, serving the tools of `endpoints`. */
export function mcpRoutes(endpoints: readonly Endpoint[]): RouteHandlers {
  const tools = mcpToolsOf(endpoints);
  const messages: Operation = {
    path: MCP_PATH,
    auth: "open",
    counting: "refusals",
    readsInput: false,
    handler: ({ request }) => answerMessages(tools, request),
  };
  const noStream: Operation = { ...methodNotAllowed(MCP_PATH, ALLOWED), counting: "refusals" };
  const cors = preflight(MCP_PATH, ALLOWED, MCP_REQUEST_HEADERS);
  const handlers = {} as RouteHandlers;
  for (const method of methods) {
    const operation = method === "POST" ? messages : method === "OPTIONS" ? cors : noStream;
    handlers[method] = (request) =>
      wrap(operation, withBearerKey(request), {}, { method: requestMethod(request), headOnly: method === "HEAD", url: new URL(request.url) });
  }
  return handlers;
}

/**
 * MCP clients send a key as `Authorization: Bearer <key>`; the API reads X-API-Key. Without an
 * X-API-Key, the Authorization header's credentials are the key: a value of another scheme is then an
 * invalid key (401), never ignored, as a key that is sent must be valid.
 */
function withBearerKey(request: Request): Request {
  const authorization = request.headers.get(HEADERS.authorization);
  if (authorization === null || request.headers.has(HEADERS.apiKey)) return request;
  const headers = new Headers(request.headers);
  headers.set(HEADERS.apiKey, /^Bearer +(\S+)$/i.exec(authorization.trim())?.[1] ?? authorization);
  return new Request(request, { headers });
}
