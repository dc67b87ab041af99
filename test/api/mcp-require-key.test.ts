import path from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { openMigratedDatabase } from "@/lib/api/services";
import { fixture, freshIp } from "../support/api";
import { connectMcp, envelopeOf, postMcp, rpcRequest } from "../support/mcp";
import { serversOfFile, type RunningServer } from "../support/server";
import { createThrowawayDatabase } from "../support/test-database";

// The MCP server on a deployment with REQUIRE_API_KEY=true and a small anonymous limit (a server of
// this file's own): an anonymous call REST would refuse is refused as REST refuses it, HTTP 401 in the
// envelope; what REST answers anonymously (the service's health) is answered; and a spent limit is an
// error result that says when to retry.

const ANON_LIMIT = 4;

const servers = serversOfFile("mcp-require-key");
let server: RunningServer;
let liveKey = "";
let dropDatabase = async () => {};

beforeAll(async () => {
  const shared = fixture().databaseUrl;
  const own = shared ? await createThrowawayDatabase(shared, "yg_mcp") : null;
  if (own) dropDatabase = own.drop;
  const dataDir = path.join(servers.workDir, "pglite");
  // The key is written before the server holds the embedded folder (one process at a time).
  process.env.DATA_DIR = dataDir;
  const database = await openMigratedDatabase(own?.url);
  liveKey = (await createApiKey({ db: database.db, account: "0x00000000000000000000000000000000000000aa", name: "mcp", type: "live", rateLimit: null, now: new Date() })).key;
  await database.close();
  server = await servers.start("server", {
    ...(own ? { DATABASE_URL: own.url } : { DATABASE_URL: "", DATA_DIR: dataDir }),
    REQUIRE_API_KEY: "true",
    RATE_LIMIT_ANON: String(ANON_LIMIT),
    TRUSTED_PROXY_HOPS: "1",
  });
});

afterAll(async () => {
  await server?.stop();
  await dropDatabase();
});

const initialize = rpcRequest("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } });

describe("REQUIRE_API_KEY=true", () => {
  it("lets an anonymous client connect, list the tools and read the service's health, as REST serves /health", async () => {
    const client = await connectMcp(server.baseUrl);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("listInstruments");
    const health = (await client.callTool({ name: "getHealth", arguments: {} })) as CallToolResult;
    expect(health.isError).toBeFalsy();
    expect(health.structuredContent).toMatchObject({ status: "ok" });
    await client.close();
  });

  it("answers an anonymous call of a data tool with REST's 401 in the envelope, counted like REST's", async () => {
    const ip = freshIp();
    const rest = await fetch(`${server.baseUrl}/api/v1/instruments?limit=1`, { headers: { "x-forwarded-for": ip } });
    const restBody = await rest.json();
    expect(rest.status).toBe(401);
    const res = await postMcp(server.baseUrl, rpcRequest("tools/call", { name: "listInstruments", arguments: { limit: 1 } }), { "x-forwarded-for": ip });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: restBody.error.code, message: restBody.error.message, details: { requestId: res.headers.get("x-request-id") } });
    // REST's refusal and this one are the address's first two requests.
    expect(rest.headers.get("x-ratelimit-remaining")).toBe(String(ANON_LIMIT - 1));
    expect(res.headers.get("x-ratelimit-remaining")).toBe(String(ANON_LIMIT - 2));
    // The SDK's client sees the HTTP status, with the envelope's words.
    const client = await connectMcp(server.baseUrl);
    await expect(client.callTool({ name: "listInstruments", arguments: {} })).rejects.toMatchObject({ code: 401, message: expect.stringContaining("UNAUTHORIZED") });
    await client.close();
  });

  it("serves a data tool to a key", async () => {
    const client = await connectMcp(server.baseUrl, { authorization: `Bearer ${liveKey}` });
    const result = (await client.callTool({ name: "listInstruments", arguments: { limit: 2 } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { data: unknown[] }).data).toHaveLength(2);
    await client.close();
  });
});

describe("a spent rate limit", () => {
  it("is an error result that says when to retry, while the protocol's own messages are still answered", async () => {
    const ip = freshIp();
    const call = () => postMcp(server.baseUrl, rpcRequest("tools/call", { name: "getHealth", arguments: {} }), { "x-forwarded-for": ip });
    for (let i = 1; i <= ANON_LIMIT; i++) {
      const res = await call();
      expect(res.body.result.isError, res.text.slice(0, 200)).toBeFalsy();
      expect(res.headers.get("x-ratelimit-remaining")).toBe(String(ANON_LIMIT - i));
    }
    const spent = await call();
    expect(spent.status).toBe(200);
    const { error } = envelopeOf(spent.body.result as CallToolResult);
    expect(error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(error.message).toMatch(/retry after \d+ s/);
    expect(error.details).toMatchObject({ limit: ANON_LIMIT, resetAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(Date.parse(error.details.resetAt as string)).toBeGreaterThan(Date.now());
    expect(spent.headers.get("x-ratelimit-remaining")).toBe("0");
    // Not counted: initialize and tools/list go on being answered.
    for (const message of [initialize, rpcRequest("tools/list")]) {
      const res = await postMcp(server.baseUrl, message, { "x-forwarded-for": ip });
      expect(res.status).toBe(200);
      expect(res.body.result).toBeDefined();
    }
  });
});
