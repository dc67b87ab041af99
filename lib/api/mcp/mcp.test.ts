import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiDocument, apiEndpoints } from "@/lib/api/endpoints";
import { defineEndpoint, Reply, type Endpoint } from "@/lib/api/http/endpoint";
import { apiRoutes, type RouteHandlers } from "@/lib/api/http/route";
import { getServices } from "@/lib/api/services";
import { queryInt } from "@/lib/schemas/common";
import { mcpRoutes } from "./route";
import { isMcpTool, mcpToolsOf } from "./tools";

// The tools follow the registry: which operations are tools, and their schemas, are read from the
// declarations; a read added to the registry is a tool with no other edit. The in-process server
// here runs on a database of its own (a temporary embedded folder); test/api/mcp*.test.ts drive the
// built app.

describe("the tools of the registry", () => {
  it("are its public reads, in its order, and nothing that writes, manages keys or signs in", () => {
    expect(mcpToolsOf(apiEndpoints).map((t) => t.name)).toEqual([
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
    ]);
    for (const endpoint of apiEndpoints.filter((e) => e.auth === "account" || e.tag === "Sign-in" || (e.method !== "GET" && !e.readOnly)))
      expect(isMcpTool(endpoint), endpoint.operationId).toBe(false);
  });

  it("take the JSON Schemas the OpenAPI document gives the same parameters and bodies, merged into one object", () => {
    const document = apiDocument() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };
    // The same converter writes both; only where named schemas live differs.
    const asDocumentWritesIt = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll("#/$defs/", "#/components/schemas/"));
    for (const tool of mcpToolsOf(apiEndpoints)) {
      const operation = document.paths[tool.endpoint.path]![tool.endpoint.method.toLowerCase()]!;
      const parameters = operation.parameters.filter((p) => p.in === "path" || p.in === "query");
      const bodyRef = operation.requestBody?.content["application/json"].schema.$ref;
      const body = bodyRef ? (apiDocument().components!.schemas![bodyRef.split("/").at(-1)!] as JsonObjectSchema) : undefined;
      const expected = { ...Object.fromEntries(parameters.map((p) => [p.name, p.schema])), ...body?.properties };
      expect(asDocumentWritesIt(tool.inputSchema.properties), tool.name).toEqual({ ...expected });
      expect(new Set(tool.inputSchema.required ?? []), tool.name).toEqual(
        new Set([...parameters.filter((p) => p.required).map((p) => p.name), ...(body?.required ?? [])]),
      );
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      expect(tool.outputSchema.type, tool.name).toBe("object");
    }
  });

  it("refuse a registry in which one argument would be both a path parameter and a query parameter", () => {
    const clash = defineEndpoint({
      method: "GET",
      path: "/clash/{chainId}",
      operationId: "clash",
      summary: "A declaration whose tool could not tell its arguments apart",
      tag: "Service",
      auth: "public",
      params: z.strictObject({ chainId: z.string() }),
      query: z.strictObject({ chainId: z.string().optional() }),
      responses: { 200: z.object({}) },
      errors: [],
      example: {},
      handler: async () => ({}),
    });
    expect(() => mcpToolsOf([clash])).toThrow(/chainId is both a path and a query parameter/);
  });
});

describe("a read added to the registry", () => {
  // Scratch declarations, as a new file in lib/api/endpoints would add them: a public GET with a path
  // parameter and a query, a POST declared readOnly, and two that must not become tools.
  const echo = defineEndpoint({
    method: "GET",
    path: "/scratch/{word}",
    operationId: "echoScratchWord",
    summary: "Repeat a word",
    description: "The word, as many times as asked, and the caller's environment.",
    tag: "Service",
    auth: "public",
    params: z.strictObject({ word: z.string().min(1).max(12) }),
    query: z.strictObject({ times: queryInt({ min: 1, max: 3 }).optional() }),
    responses: { 200: z.object({ words: z.array(z.string()), environment: z.string() }) },
    errors: [],
    example: { params: { word: "yield" } },
    handler: async ({ params, query, caller }) => ({ words: Array<string>(query.times ?? 1).fill(params.word), environment: caller.environment }),
  });
  const count = defineEndpoint({
    method: "POST",
    path: "/scratch/count",
    operationId: "countScratchLetters",
    summary: "Count letters",
    tag: "Service",
    auth: "public",
    readOnly: true,
    body: z.strictObject({ text: z.string().max(64) }),
    responses: { 200: z.array(z.number().int()) },
    errors: [],
    example: { body: { text: "aave" } },
    handler: async ({ body }) => [body.text.length, new Set(body.text).size],
  });
  const write = defineEndpoint({
    method: "POST",
    path: "/scratch/notes",
    operationId: "createScratchNote",
    summary: "Keep a note",
    tag: "Service",
    auth: "public",
    body: z.strictObject({ text: z.string() }),
    responses: { 201: z.object({ kept: z.boolean() }) },
    errors: [],
    example: { body: { text: "a note" } },
    handler: async () => new Reply(201, { kept: true }),
  });
  const account = defineEndpoint({
    method: "GET",
    path: "/scratch/mine",
    operationId: "getScratchOfAccount",
    summary: "Something of the caller's account",
    tag: "API keys",
    auth: "account",
    responses: { 200: z.object({ account: z.string() }) },
    errors: [],
    example: {},
    handler: async ({ caller }) => ({ account: caller.account }),
  });
  const registry: readonly Endpoint[] = [...apiEndpoints, echo, count, write, account];
  const rest = apiRoutes(registry);
  const mcp = mcpRoutes(registry);
  let workDir = "";
  let client: Client;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), "yieldgrid-mcp-unit-"));
    process.env.DATABASE_URL = "";
    process.env.DATA_DIR = path.join(workDir, "pglite");
    await getServices();
    client = await connectInProcess(mcp);
  });

  afterAll(async () => {
    await client?.close();
    await (globalThis as { [key: symbol]: (() => Promise<void>) | undefined })[Symbol.for("yieldgrid.shutdown")]?.();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("is listed as a tool, with its path parameter, query and body as arguments; a write and an account's operation are not", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toContain("echoScratchWord");
    expect(names).toContain("countScratchLetters");
    expect(names).not.toContain("createScratchNote");
    expect(names).not.toContain("getScratchOfAccount");
    const listed = tools.find((t) => t.name === "echoScratchWord")!;
    expect(listed.description).toBe("Repeat a word.\n\nThe word, as many times as asked, and the caller's environment.");
    expect(listed.inputSchema).toMatchObject({
      type: "object",
      properties: { word: { type: "string", minLength: 1, maxLength: 12 }, times: { type: "integer", minimum: 1, maximum: 3 } },
      required: ["word"],
      additionalProperties: false,
    });
    expect(tools.find((t) => t.name === "countScratchLetters")!.outputSchema).toMatchObject({
      type: "object",
      properties: { data: { type: "array" } },
      required: ["data"],
    });
  });

  it("answers what its REST endpoint answers for the same input", async () => {
    const viaRest = await (await rest.GET(new Request("http://127.0.0.1/api/v1/scratch/yield?times=2"))).json();
    expect(viaRest).toEqual({ words: ["yield", "yield"], environment: "live" });
    const viaMcp = await client.callTool({ name: "echoScratchWord", arguments: { word: "yield", times: 2 } });
    expect(viaMcp.structuredContent).toEqual(viaRest);
    expect(JSON.parse((viaMcp.content as { text: string }[])[0]!.text)).toEqual(viaRest);

    const counted = await (
      await rest.POST(new Request("http://127.0.0.1/api/v1/scratch/count", { method: "POST", headers: { "content-type": "application/json" }, body: '{"text":"aave"}' }))
    ).json();
    expect(counted).toEqual([4, 3]);
    expect((await client.callTool({ name: "countScratchLetters", arguments: { text: "aave" } })).structuredContent).toEqual({ data: counted });
  });

  it("refuses arguments its schemas refuse, with REST's own issues", async () => {
    const result = await client.callTool({ name: "echoScratchWord", arguments: { word: "a-word-far-too-long", times: 9 } });
    expect(result.isError).toBe(true);
    const envelope = JSON.parse((result.content as { text: string }[])[0]!.text);
    expect(envelope.error.code).toBe("BAD_REQUEST");
    expect(envelope.error.details.issues.map((i: { path: string }) => i.path)).toEqual(["word"]);
  });
});

interface OpenApiOperation {
  parameters: { name: string; in: string; required?: boolean; schema: unknown }[];
  requestBody?: { content: { "application/json": { schema: { $ref?: string } } } };
}
type JsonObjectSchema = { properties?: Record<string, unknown>; required?: string[] };

/** The SDK's client talking to `handlers` in this process, as it would to the route over HTTP. */
async function connectInProcess(handlers: RouteHandlers): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/api/mcp"), {
    fetch: (url, init) => handlers[(init?.method ?? "GET") as keyof RouteHandlers](new Request(url, init)),
  });
  const client = new Client({ name: "yieldgrid-unit-test", version: "1" });
  await client.connect(transport);
  return client;
}
