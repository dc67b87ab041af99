import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, inject } from "vitest";
import { getOpenApiDocumentEndpoint } from "@/lib/api/endpoints";
import type { Endpoint } from "@/lib/api/http/endpoint";
import { apiRoutes } from "@/lib/api/http/route";
import { getServices } from "@/lib/api/services";
import { buildOpenApiDocument } from "@/lib/api/openapi/document";
import { useApiFixture } from "./api";
import { makeFixtureKeys } from "./fixture-keys";
import { validateRecordedExchanges } from "./openapi-validator";

/*
 * A scratch registry: endpoints the built app does not serve (the README's worked example, an endpoint
 * a test makes up), served in this test process through the app's own route and wrapper
 * (lib/api/http/route.ts) on an in-memory embedded database of their own, migrated and seeded as
 * `npm start` does, with the fixture's keys made in it. For the rest of the file `api`, `fixture` and
 * the OpenAPI checks of every exchange go to it, so the conventions and API tests run on it unchanged.
 */

/** `endpoints` and an OpenAPI document of them at /openapi.json, as the app's registry serves its own. */
function registryOf(endpoints: readonly Endpoint[]): Endpoint[] {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  const registry: Endpoint[] = [...endpoints];
  registry.push({
    ...getOpenApiDocumentEndpoint,
    handler: async () => ({ ...(document ??= buildOpenApiDocument(registry)) }),
  });
  return registry;
}

/** A request as the route handlers take it, from Node's. */
function requestOf(incoming: http.IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < incoming.rawHeaders.length; i += 2)
    headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
  const method = incoming.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(incoming.url ?? "/", origin), {
    method,
    headers,
    ...(hasBody && { body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>, duplex: "half" }),
  } as RequestInit);
}

async function send(response: Response, outgoing: http.ServerResponse) {
  outgoing.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") outgoing.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing.setHeader("set-cookie", cookies);
  if (response.body) for await (const chunk of response.body) outgoing.write(chunk);
  outgoing.end();
}

/**
 * Serves `endpoints` (and their document) for the test file that calls it, from its first test to its
 * last; returns the registry served. The services start with the first test, on the settings made here.
 */
export function serveScratchRegistry(endpoints: readonly Endpoint[]): readonly Endpoint[] {
  let server: http.Server | undefined;
  let shutdown: (() => Promise<void>) | undefined;
  const registry = registryOf(endpoints);
  beforeAll(async () => {
    // Read by the services when they start (lib/machinery/config.ts), which the first request does:
    // a database of its own (never the shared server's folder), one trusted proxy hop as the shared
    // server has (each test request carries its own client address), no local chain.
    Object.assign(process.env, {
      DATABASE_URL: "",
      DATA_DIR: "memory://",
      TRUSTED_PROXY_HOPS: "1",
      DEVNET_MANIFEST: "/nonexistent/devnet.json",
    });
    const services = await getServices();
    shutdown = (globalThis as { [key: symbol]: () => Promise<void> })[Symbol.for("yieldgrid.shutdown")];
    const keys = await makeFixtureKeys(services.db);
    const handlers = apiRoutes(registry);
    server = http.createServer((incoming, outgoing) => {
      const method = (incoming.method ?? "GET") as keyof typeof handlers;
      (handlers[method] ?? handlers.GET)(requestOf(incoming, origin)).then(
        (response) => send(response, outgoing),
        (error: unknown) => outgoing.destroy(error as Error),
      );
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    useApiFixture({ ...inject("api"), baseUrl: origin, keys, databaseKind: "pglite", databaseUrl: null });
  }, 300_000); // seeding the database as on first start takes a minute or more on a busy machine
  afterAll(async () => {
    try {
      // Checked here, while the server still answers /openapi.json (the setup file's own check runs after this).
      await validateRecordedExchanges();
    } finally {
      useApiFixture(undefined);
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      await shutdown?.();
    }
  });
  return registry;
}
