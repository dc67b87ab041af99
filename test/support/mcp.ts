import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { MCP_PATH } from "@/lib/facts/http.mjs";
import { freshIp } from "./api";
import { answerOf, type HttpAnswer } from "./raw-http";

// Driving the MCP server (/api/mcp) the way agents do: with the SDK's own client, or, for what a
// client never sends (malformed messages), with raw JSON-RPC over HTTP.

export const mcpUrl = (baseUrl: string) => `${baseUrl}${MCP_PATH}`;

/**
 * The SDK's client connected to the server at `baseUrl` (initialize done), sending `headers` with every
 * request; a client address of its own (X-Forwarded-For) unless the headers name one.
 */
export async function connectMcp(baseUrl: string, headers: Record<string, string> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl(baseUrl)), {
    requestInit: { headers: { "x-forwarded-for": freshIp(), ...headers } },
  });
  const client = new Client({ name: "yieldgrid-api-tests", version: "1" });
  await client.connect(transport);
  return client;
}

/** The envelope a tool's error result carries as its text. */
export function envelopeOf(result: CallToolResult): { error: { code: string; message: string; details: Record<string, unknown> } } {
  if (!result.isError) throw new Error(`expected an error result, got ${JSON.stringify(result).slice(0, 300)}`);
  return JSON.parse((result.content[0] as { text: string }).text);
}

/** The text content of a result, parsed. */
export const textOf = (result: CallToolResult): unknown => JSON.parse((result.content[0] as { type: "text"; text: string }).text);

/**
 * One POST of `message` (a value sent as JSON, or raw text) to the MCP endpoint, with the headers a
 * Streamable HTTP client sends, `headers` over them.
 */
export async function postMcp(baseUrl: string, message: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  const res = await fetch(mcpUrl(baseUrl), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
      "x-forwarded-for": freshIp(),
      ...headers,
    },
    body: typeof message === "string" ? message : JSON.stringify(message),
  });
  return answerOf(res.status, res.headers, await res.text());
}

let nextId = 1;
/** A JSON-RPC request of `method` with `params`. */
export const rpcRequest = (method: string, params?: unknown) => ({ jsonrpc: "2.0", id: nextId++, method, ...(params !== undefined && { params }) });
