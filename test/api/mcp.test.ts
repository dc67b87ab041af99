import { execFile } from "node:child_process";
import http from "node:http";
import { promisify } from "node:util";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { apiEndpoints } from "@/lib/api/endpoints";
import { exampleIds, type Endpoint } from "@/lib/api/http/endpoint";
import { LOCAL_CHAIN_ID, chainsOf } from "@/lib/facts/chains";
import packageJson from "@/package.json";
import { api, fixture, freshIp, type ApiResponse } from "../support/api";
import { connectMcp, envelopeOf, mcpUrl, postMcp, rpcRequest, textOf } from "../support/mcp";

// The MCP server at /api/mcp (issue 29), driven by the SDK's own client against the built app: the
// tools are the registry's public reads, each call answers what REST answers for the same input,
// with the same keys, environments, limits and errors. REQUIRE_API_KEY and an exhausted limit are
// in mcp-require-key.test.ts, on a server of their own.

const keys = () => fixture().keys;
const baseUrl = () => fixture().baseUrl;
const clients: Client[] = [];
/** A client of the server, closed after the file's tests. */
async function client(headers: Record<string, string> = {}) {
  const connected = await connectMcp(baseUrl(), headers);
  clients.push(connected);
  return connected;
}
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

const TOOL_NAMES = [
  "listProtocols",
  "getProtocol",
  "listProtocolVersions",
  "getLatestProtocolVersion",
  "listInstruments",
  "listInstrumentsByChain",
  "getInstrumentHistories",
  "getInstrument",
  "getInstrumentHistory",
  "getInstrumentQuote",
  "getPositions",
  "getHealth",
];

/** The endpoint a tool runs as, by its operation id. */
const endpointOf = (name: string) => apiEndpoints.find((e) => e.operationId === name)!;

/** The REST request that stands for a tool's arguments, sent with `key`: what a client of the REST API would send. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON
function restCall(endpoint: Endpoint, args: Record<string, unknown>, key?: string): Promise<ApiResponse<any>> {
  const inPath = Object.keys(endpoint.params?.shape ?? {});
  const inBody = Object.keys(endpoint.body?.shape ?? {});
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(args[name])));
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (inBody.includes(name)) body[name] = value;
    else if (!inPath.includes(name)) query.set(name, String(value));
  }
  return api(`${path}${query.size > 0 ? `?${query}` : ""}`, { method: endpoint.method, key, ...(endpoint.body && { json: body }) });
}

/** What differs between two answers to the same question asked a moment apart: the server's clock. */
const withoutClock = (body: unknown) => (body && typeof body === "object" && "time" in body ? { ...body, time: "(the server's clock)" } : body);

/** A tool's result against REST's answer: the same body (an array as `data`), or the same error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON
function expectSameAnswer(result: CallToolResult, rest: ApiResponse<any>, arrayAnswer: boolean, label: string) {
  if (rest.status === 200) {
    expect(result.isError, `${label}: ${JSON.stringify(result).slice(0, 300)}`).toBeFalsy();
    const expected = arrayAnswer ? { data: rest.body } : rest.body;
    expect(withoutClock(result.structuredContent), label).toEqual(withoutClock(expected));
    expect(textOf(result), `${label}: the text is the same JSON`).toEqual(result.structuredContent);
  } else {
    const { error } = envelopeOf(result);
    expect({ code: error.code, message: error.message, issues: error.details.issues }, label).toEqual({
      code: rest.body.error.code,
      message: rest.body.error.message,
      issues: rest.body.error.details.issues,
    });
  }
}

describe("initialize", () => {
  it("names Yieldgrid and its version, offers tools, and keeps no session", async () => {
    const res = await postMcp(baseUrl(), rpcRequest("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.result).toMatchObject({
      protocolVersion: "2025-11-25",
      serverInfo: { name: "Yieldgrid", version: packageJson.version },
      capabilities: { tools: { listChanged: false } },
      instructions: expect.stringContaining("rate limit"),
    });
    expect(res.headers.get("mcp-session-id")).toBeNull();

    const sdk = await client();
    expect(sdk.getServerVersion()).toEqual({ name: "Yieldgrid", version: packageJson.version });
  });

  it("needs no session: a tool call without an initialize before it is answered", async () => {
    const res = await postMcp(baseUrl(), rpcRequest("tools/call", { name: "listProtocols", arguments: { chainId: 1 } }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.structuredContent.data.length).toBeGreaterThan(0);
  });
});

describe("tools/list", () => {
  it("lists one tool per public read, named, titled and described from its operation in the served document", async () => {
    const { tools } = await (await client()).listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    const document = (await api("/openapi.json")).body as { paths: Record<string, Record<string, OpenApiOperation>> };
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    for (const tool of tools) {
      const operation = operations.find((o) => o.operationId === tool.name)!;
      expect(tool.title).toBe(operation.summary);
      expect(tool.description).toBe(operation.description ? `${operation.summary}.\n\n${operation.description}` : `${operation.summary}.`);
      expect(tool.annotations?.readOnlyHint).toBe(true);
      const parameters = (operation.parameters ?? []).filter((p) => p.in === "path" || p.in === "query").map((p) => p.name);
      const bodyFields = Object.keys(endpointOf(tool.name).body?.shape ?? {});
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort(), tool.name).toEqual([...parameters, ...bodyFields].sort());
      expect(tool.outputSchema?.type).toBe("object");
    }
    // An answer that is an array is the structured content's `data`.
    expect(tools.find((t) => t.name === "listProtocols")!.outputSchema).toMatchObject({ properties: { data: { type: "array" } }, required: ["data"] });
  });
});

describe("every tool answers what REST answers for the same input", () => {
  const realIds: Partial<Record<keyof typeof exampleIds, string>> = {};
  beforeAll(async () => {
    const [protocols, instruments] = await Promise.all([api("/protocols?chainId=1"), api("/instruments?chainId=1&limit=1")]);
    realIds.protocolId = protocols.body[0].id;
    realIds.instrumentId = instruments.body.data[0].instrumentId;
  });
  const withRealIds = (value: unknown): unknown =>
    typeof value === "string"
      ? Object.entries(exampleIds).reduce((out, [name, placeholder]) => out.split(placeholder).join(realIds[name as keyof typeof exampleIds] ?? placeholder), value)
      : value;

  // Each tool with its operation's documented example (the docs page's curl), so a new tool is covered too.
  it.each(TOOL_NAMES)("%s, with the documented example", async (name) => {
    const endpoint = endpointOf(name);
    const { params, query, body } = endpoint.example;
    const args = Object.fromEntries(Object.entries({ ...params, ...query, ...body }).map(([k, v]) => [k, withRealIds(v)]));
    const sdk = await client({ "x-api-key": keys().A.live.key });
    const result = (await sdk.callTool({ name, arguments: args })) as CallToolResult;
    const rest = await restCall(endpoint, args, keys().A.live.key);
    expectSameAnswer(result, rest, Array.isArray(rest.body), name);
  });

  it("getPositions, read from the local chain with a test key: one chain, and every chain of the environment", async () => {
    const sdk = await client({ "x-api-key": keys().A.test.key });
    for (const args of [{ address: devnetDemoWallet.address, chainId: LOCAL_CHAIN_ID }, { address: devnetDemoWallet.address, chainIds: "all" }]) {
      const result = (await sdk.callTool({ name: "getPositions", arguments: args })) as CallToolResult;
      const rest = await restCall(endpointOf("getPositions"), args, keys().A.test.key);
      expect(rest.status).toBe(200);
      expectSameAnswer(result, rest, false, JSON.stringify(args));
    }
  });

  it("takes numbers and booleans for query values, as the URL writes them", async () => {
    const sdk = await client();
    const result = (await sdk.callTool({ name: "listInstruments", arguments: { chainId: 8453, isStablecoin: true, limit: 3, sort: "apy:desc" } })) as CallToolResult;
    const rest = await api("/instruments?chainId=8453&isStablecoin=true&limit=3&sort=apy:desc");
    expectSameAnswer(result, rest, false, "listInstruments");
    expect((result.structuredContent as { data: unknown[] }).data).toHaveLength(3);
  });

  it("is what `npm run mcp:inspect` (the MCP inspector's command line) lists and calls, as the README shows", async () => {
    const inspect = async (...args: string[]) => {
      const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "mcp:inspect", "--", mcpUrl(baseUrl()), ...args, "--header", `X-Forwarded-For: ${freshIp()}`], { timeout: 90_000 });
      return JSON.parse(stdout);
    };
    expect((await inspect("--method", "tools/list")).tools.map((t: { name: string }) => t.name)).toEqual(TOOL_NAMES);
    const called = await inspect("--method", "tools/call", "--tool-name", "listInstruments", "--tool-arg", "assetCategory=USD", "--tool-arg", "limit=3");
    expect(called.structuredContent).toEqual((await api("/instruments?assetCategory=USD&limit=3")).body);
  });
});

describe("an error of the operation is a result the model can read and correct", () => {
  const call = async (name: string, args: Record<string, unknown>, key = keys().A.live.key) =>
    (await (await client({ "x-api-key": key })).callTool({ name, arguments: args })) as CallToolResult;

  it("with the envelope's code and message, as REST answers them", async () => {
    for (const [name, args, code] of [
      ["getInstrument", { instrumentId: `0x${"ab".repeat(32)}` }, "NOT_FOUND"],
      ["listInstruments", { limit: 1000 }, "BAD_REQUEST"],
      ["listProtocols", { chainId: 11155111 }, "FORBIDDEN"],
      ["getInstrumentHistory", { instrumentId: "not-an-id" }, "BAD_REQUEST"],
      ["getPositions", { address: "0x1234" }, "BAD_REQUEST"],
    ] as const) {
      const result = await call(name, args);
      expect(envelopeOf(result).error.code, name).toBe(code);
      expectSameAnswer(result, await restCall(endpointOf(name), args, keys().A.live.key), false, `${name} ${code}`);
    }
  });

  it("naming an argument the tool does not take, or one that is missing, or a value a URL cannot carry", async () => {
    const issuesOf = async (name: string, args: Record<string, unknown>) => {
      const { error } = envelopeOf(await call(name, args));
      expect(error.code).toBe("BAD_REQUEST");
      return error.details.issues;
    };
    expect(await issuesOf("listInstruments", { noSuchArgument: 1 })).toEqual([{ path: "noSuchArgument", message: "is not a known field or parameter" }]);
    expect(await issuesOf("getInstrument", {})).toContainEqual(expect.objectContaining({ path: "instrumentId" }));
    expect(await issuesOf("listInstruments", { chainId: [1, 8453], limit: null })).toEqual([
      { path: "chainId", message: "must be a string, a number or a boolean, not an array" },
      { path: "limit", message: "must be a string, a number or a boolean, not null" },
    ]);
  });

  it("whatever the arguments: never an HTTP 5xx, never an internal error", async () => {
    const json = fc.jsonValue({ maxDepth: 2 });
    for (const name of TOOL_NAMES) {
      const known = Object.keys({ ...endpointOf(name).params?.shape, ...endpointOf(name).query?.shape, ...endpointOf(name).body?.shape });
      const args = fc.dictionary(fc.oneof(fc.constantFrom(...known, "x"), fc.string({ maxLength: 6 })), json, { maxKeys: 4 });
      await fc.assert(
        fc.asyncProperty(args, async (generated) => {
          const res = await postMcp(baseUrl(), rpcRequest("tools/call", { name, arguments: generated }), { "x-api-key": keys().A.test.key });
          expect(res.status, res.text.slice(0, 300)).toBe(200);
          expect(res.body.error, res.text.slice(0, 300)).toBeUndefined();
          const result = res.body.result as CallToolResult;
          if (result.isError) expect(envelopeOf(result).error.code, res.text.slice(0, 300)).not.toMatch(/INTERNAL_ERROR/);
          else expect(result.structuredContent).toBeTypeOf("object");
        }),
        { numRuns: 12 },
      );
    }
  });
});

describe("the protocol's own errors", () => {
  it("an unknown tool, a tools/call without a name, or arguments that are not an object: -32602 invalid params", async () => {
    await expect((await client()).callTool({ name: "deleteEverything", arguments: {} })).rejects.toMatchObject({ code: -32602 });
    for (const params of [{ name: "deleteEverything" }, { arguments: {} }, { name: "getHealth", arguments: [1] }]) {
      const res = await postMcp(baseUrl(), rpcRequest("tools/call", params));
      expect(res.status).toBe(200);
      expect(res.body.error.code, JSON.stringify(params)).toBe(-32602);
    }
  });

  it("an unknown method: -32601; a body that is not JSON, or not a JSON-RPC message: HTTP 400 with -32700", async () => {
    for (const method of ["resources/list", "constructor", "__proto__", "toString"]) {
      const unknown = await postMcp(baseUrl(), rpcRequest(method));
      expect(unknown.status, method).toBe(200);
      expect(unknown.body.error.code, method).toBe(-32601);
    }
    for (const body of ['{"jsonrpc":', '{"hello":"world"}']) {
      const res = await postMcp(baseUrl(), body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
    }
  });

  it("no event stream and no session to end: GET, DELETE and TRACE are 405 in the envelope; OPTIONS a preflight", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(mcpUrl(baseUrl()), { method, headers: { accept: "text/event-stream", "x-forwarded-for": freshIp() } });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
      expect((await res.json()).error.code).toBe("METHOD_NOT_ALLOWED");
    }
    const trace = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.request(mcpUrl(baseUrl()), { method: "TRACE", agent: false }, resolve).on("error", reject).end(),
    );
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toBe("POST, OPTIONS");
    trace.resume();
    const preflight = await fetch(mcpUrl(baseUrl()), { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization.*Mcp-Protocol-Version/);
  });
});

describe("keys and environments, as REST has them", () => {
  const chainsOfProtocols = async (headers: Record<string, string>) => {
    const result = (await (await client(headers)).callTool({ name: "listProtocols", arguments: {} })) as CallToolResult;
    return new Set((result.structuredContent as { data: { chainId: number }[] }).data.map((p) => p.chainId));
  };
  const liveChains = new Set(chainsOf("live").map((c) => c.id));
  const testChains = new Set(chainsOf("test").map((c) => c.id));

  it("reads the key from X-API-Key or Authorization: Bearer, and the key decides the environment", async () => {
    expect([...(await chainsOfProtocols({ authorization: `Bearer ${keys().A.test.key}` }))].every((id) => testChains.has(id))).toBe(true);
    expect([...(await chainsOfProtocols({ "x-api-key": keys().A.test.key }))].every((id) => testChains.has(id))).toBe(true);
    expect([...(await chainsOfProtocols({ authorization: `Bearer ${keys().A.live.key}` }))].every((id) => liveChains.has(id))).toBe(true);
    // Anonymous: the live environment. X-API-Key wins when both headers are sent.
    expect([...(await chainsOfProtocols({}))].every((id) => liveChains.has(id))).toBe(true);
    expect([...(await chainsOfProtocols({ "x-api-key": keys().A.live.key, authorization: `Bearer ${keys().A.test.key}` }))].every((id) => liveChains.has(id))).toBe(true);
    const forbidden = (await (await client({ authorization: `Bearer ${keys().A.test.key}` })).callTool({ name: "listInstruments", arguments: { chainId: "1" } })) as CallToolResult;
    expect(envelopeOf(forbidden).error.code).toBe("FORBIDDEN");
  });

  it("refuses a bad key on every message with HTTP 401 in the envelope, as REST does", async () => {
    const { A } = keys();
    const badKeys: Record<string, string>[] = [
      { "x-api-key": A.revoked.key },
      { authorization: `Bearer ${A.expired.key}` },
      { authorization: `Bearer yg_sk_live_${"0".repeat(49)}` },
      { authorization: "Basic dXNlcjpwYXNz" },
    ];
    for (const headers of badKeys) {
      for (const message of [rpcRequest("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } }), rpcRequest("tools/list")]) {
        const res = await postMcp(baseUrl(), message, headers);
        expect(res.status, JSON.stringify(headers)).toBe(401);
        expect(res.body.error).toMatchObject({ code: "INVALID_API_KEY", details: { requestId: res.headers.get("x-request-id") } });
      }
    }
    await expect(connectMcp(baseUrl(), { "x-api-key": A.revoked.key })).rejects.toMatchObject({ code: 401 });
  });
});

describe("rate limits", () => {
  it("count each tool call as one request against the key, and initialize and tools/list not at all", async () => {
    const created = await api("/auth/keys", { key: keys().A.live.key, json: { name: "mcp counting" } });
    const { id, key } = created.body.data as { id: string; key: string };
    const remaining = (res: { headers: Headers }) => Number(res.headers.get("x-ratelimit-remaining"));
    const init = await postMcp(baseUrl(), rpcRequest("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } }), { "x-api-key": key });
    const list = await postMcp(baseUrl(), rpcRequest("tools/list"), { "x-api-key": key });
    expect(remaining(list)).toBe(remaining(init));
    const first = await postMcp(baseUrl(), rpcRequest("tools/call", { name: "getHealth", arguments: {} }), { "x-api-key": key });
    const second = await postMcp(baseUrl(), rpcRequest("tools/call", { name: "listInstruments", arguments: { limit: "1" } }), { "x-api-key": key });
    expect([remaining(first), remaining(second)]).toEqual([remaining(init) - 1, remaining(init) - 2]);
    // The key's own usage, read from the rate limiter's counts: the two tool calls.
    const usage = await api(`/auth/keys/${id}/usage`, { key: keys().A.live.key });
    expect(usage.body.data.total).toBe(2);
  });
});

interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  parameters?: { name: string; in: string }[];
}
