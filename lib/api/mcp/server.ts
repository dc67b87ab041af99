import "server-only";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  isJSONRPCRequest,
  ListToolsRequestSchema,
  PingRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { ZodType } from "zod";
import { CachedJson, Reply } from "@/lib/api/http/endpoint";
import packageJson from "@/package.json";
import { CallOutcomes, callTool } from "./call";
import type { McpTool } from "./tools";

// One MCP request answered by a server made for it: stateless Streamable HTTP (no session between
// requests, nothing kept), answers as JSON rather than an event stream (every answer is ready at once),
// built on the SDK's low-level Server so that the protocol's errors are the specification's.

export const SERVER_INFO = { name: "Yieldgrid", version: packageJson.version };

const INSTRUCTIONS =
  "Yieldgrid reads yield-bearing lending instruments (Aave, Compound, Morpho, Fluid markets) on EVM chains. " +
  "APYs are percentages (4.85 means 4.85 %), TVL and values are US dollars, times ISO 8601 in UTC. " +
  "Each tool is a read of Yieldgrid's REST API and answers exactly what it answers. Without an API key the tools read the live chains; " +
  "a test key reads the test chains. Every tool call counts as one request against the caller's rate limit; an error result names its code, " +
  "and RATE_LIMIT_EXCEEDED says when to retry.";

/**
 * The largest request body read: a tool's arguments are at most what a REST request carries (a body
 * of 16 KiB), plus the JSON-RPC message around them.
 */
const MAX_MESSAGE_BYTES = 64 * 1024;

// Only used to check what a client returns to an elicitation, which this server never asks for;
// made once rather than with every request's server.
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * The SDK's Server answers a request whose params do not fit its method's schema (a tools/call
 * without a name) with -32603, an internal error; the specification says -32602, invalid params.
 */
const REQUEST_SCHEMAS = new Map<string, ZodType>([
  ["initialize", InitializeRequestSchema],
  ["ping", PingRequestSchema],
  ["tools/list", ListToolsRequestSchema],
  ["tools/call", CallToolRequestSchema],
]);

const listed = (tool: McpTool): Tool => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: tool.inputSchema,
  outputSchema: tool.outputSchema,
  // Every tool is a read: it changes nothing, so calling it again is harmless.
  annotations: { title: tool.title, readOnlyHint: true },
});

/**
 * The answer to one POST of MCP messages (`request`, its key in X-API-Key), as the wrapper sends it:
 * the transport's status and JSON, with the rate-limit headers of the last tool call. A tool call that
 * REST refused for the caller's credentials makes the whole answer that refusal (thrown: the wrapper
 * answers it in the envelope).
 */
export async function answerMessages(tools: readonly McpTool[], request: Request): Promise<Reply<number, unknown>> {
  const outcomes = new CallOutcomes();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map(listed) }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = byName.get(params.name);
    if (!tool) throw protocolError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}; tools/list names the tools`);
    return callTool(tool, params.arguments ?? {}, request, outcomes);
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_MESSAGE_BYTES,
  });
  await server.connect(transport);
  answerInvalidParams(transport);
  try {
    const response = await transport.handleRequest(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (outcomes.refusal) throw outcomes.refusal;
    return new Reply(response.status, bytes.byteLength > 0 ? new CachedJson(bytes) : undefined, outcomes.limitHeaders);
  } finally {
    await server.close();
  }
}

/**
 * An error the SDK answers with its code and message as they are (an McpError would put "MCP error
 * -32602: " in front of the message on the wire).
 */
const protocolError = (code: ErrorCode, message: string) => Object.assign(new Error(message), { code });

/** Requests whose params do not fit their method are answered -32602 before they reach the server. */
function answerInvalidParams(transport: WebStandardStreamableHTTPServerTransport) {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    // A Map, not an object: a method named "constructor" or "__proto__" is just an unknown method.
    const schema = isJSONRPCRequest(message) ? REQUEST_SCHEMAS.get(message.method) : undefined;
    const checked = schema?.safeParse(message);
    if (isJSONRPCRequest(message) && checked && !checked.success) {
      const problems = checked.error.issues.map((issue) => `${issue.path.join(".") || "params"}: ${issue.message}`).join("; ");
      void transport.send({ jsonrpc: "2.0", id: message.id, error: { code: ErrorCode.InvalidParams, message: `Invalid params of ${message.method}: ${problems}` } });
      return;
    }
    deliver?.(message, extra);
  };
}
