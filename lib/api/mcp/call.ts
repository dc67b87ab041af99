import "server-only";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Endpoint } from "@/lib/api/http/endpoint";
import { ApiError, badRequest } from "@/lib/api/http/errors";
import { endpointOperation } from "@/lib/api/http/route";
import { wrap, type Operation } from "@/lib/api/http/wrapper";
import type { Issue } from "@/lib/domain/errors";
import { API_BASE_PATH, HEADERS, RATE_LIMIT_HEADERS } from "@/lib/facts/http.mjs";
import type { ErrorCode } from "@/lib/schemas/error-codes";
import { filledPath, restRequestOf } from "./arguments";
import type { McpTool } from "./tools";

// A tool call is run as the REST request it stands for, through the same wrapper as every /api/v1
// request: the caller's key and environment, one request counted against its rate limit, the input
// parsed by the endpoint's schemas, the handler, the response cache and the log line. Its answer is
// then the tool's result: a 200 body as structured content (and as text), an error envelope as a
// result with isError, so that the model reads the code and the message and can correct its call.

/**
 * The headers that say who calls and where from, as the REST machinery reads them: the client
 * address (X-Yieldgrid-Client-Address, written by scripts/serve.mjs, or X-Forwarded-For behind
 * trusted proxies) and the origin links in answers are built on. The key is set apart; cookies and
 * X-Yieldgrid-Environment (the dashboard session's) are never passed: an MCP caller is its key or anonymous.
 */
const CONTEXT_HEADERS = ["host", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", HEADERS.clientAddress];

/** What the tool calls of one MCP request leave for its HTTP answer. */
export class CallOutcomes {
  /** The rate-limit headers of the latest call's answer: the caller's count after it. */
  limitHeaders: Record<string, string> = {};
  /**
   * A call REST refused for the caller's credentials (401: an anonymous call under REQUIRE_API_KEY):
   * the whole HTTP request is answered with it, as REST answers it.
   */
  refusal: ApiError | null = null;
}

interface Envelope {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

/** Calls `tool` with `args` for the MCP request `request` (its key already in X-API-Key). */
export async function callTool(tool: McpTool, args: Record<string, unknown>, request: Request, outcomes: CallOutcomes): Promise<CallToolResult> {
  const { endpoint } = tool;
  const planned = restRequestOf(tool, args);
  const parts = "parts" in planned ? planned.parts : { params: {}, query: new URLSearchParams(), body: undefined };
  const url = new URL(`${API_BASE_PATH}${filledPath(endpoint.path, parts.params)}`, request.url);
  url.search = parts.query.toString();
  const headers = new Headers();
  for (const name of [...CONTEXT_HEADERS, HEADERS.apiKey]) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const body = parts.body && JSON.stringify(parts.body);
  if (body !== undefined) headers.set("content-type", "application/json");
  const operation = "issues" in planned ? refusedArguments(endpoint, planned.issues) : endpointOperation(endpoint);
  const response = await wrap(operation, new Request(url, { method: endpoint.method, headers, body }), parts.params, {
    method: endpoint.method,
    headOnly: false,
    url,
  });
  return resultOf(tool, response, outcomes);
}

/**
 * Arguments a URL cannot carry, refused as REST refuses a malformed request: after the caller is
 * admitted and counted (so a 429 or a 401 still comes first), a 400 with each issue.
 */
function refusedArguments(endpoint: Endpoint, issues: Issue[]): Operation {
  return {
    path: endpoint.path,
    auth: endpoint.auth,
    counting: "all",
    readsInput: false,
    handler: async () => {
      throw badRequest(`Invalid request: ${issues[0]!.path} ${issues[0]!.message}`, issues);
    },
  };
}

async function resultOf(tool: McpTool, response: Response, outcomes: CallOutcomes): Promise<CallToolResult> {
  const text = await response.text();
  for (const name of RATE_LIMIT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) outcomes.limitHeaders[name] = value;
  }
  if (response.ok) {
    // The REST body is the JSON of the answer: the text content is that JSON, wrapped like the structured content.
    const answer: unknown = JSON.parse(text);
    return tool.arrayProperty
      ? { content: [{ type: "text", text: `{${JSON.stringify(tool.arrayProperty)}:${text}}` }], structuredContent: { [tool.arrayProperty]: answer } }
      : { content: [{ type: "text", text }], structuredContent: answer as Record<string, unknown> };
  }
  if (response.status === 401) {
    const { error } = JSON.parse(text) as Envelope;
    // The HTTP answer's envelope gets that answer's own request id and time.
    const details = Object.fromEntries(Object.entries(error.details ?? {}).filter(([name]) => name !== "timestamp" && name !== "requestId"));
    outcomes.refusal = new ApiError(error.code, error.message, details, outcomes.limitHeaders);
  }
  // The envelope as REST answered it: its code, its message, its details (issues, limit and resetAt, …).
  return { content: [{ type: "text", text }], isError: true };
}
