import { beforeAll, describe, expect, it } from "vitest";
import { endpointMethods, exampleIds, type Endpoint } from "@/lib/api/http/endpoint";
import { errorCodes } from "@/lib/schemas/error-codes";
import { api, expectError, fixture, type ApiInit, type ApiResponse } from "./api";
import { loadOpenApiValidator } from "./openapi-validator";

// The conventions every endpoint of a registry shares, checked for each one it lists, so a new
// declaration is covered without a line here: wrong methods, unknown and malformed parameters, a
// bad key, body limits, the headers promised on every answer, and its worked example sent as the docs
// page shows it. Run on the app's registry (test/api/endpoint-conventions.test.ts) and on scratch
// registries (test/support/scratch-registry.ts).

const MAX_BODY = 16 * 1024;
const BAD_KEY = "yg_sk_live_" + "0".repeat(49);

/** The endpoint's path with its example's parameters (well-formed; an id may still be unknown: 404), or `values`. */
const pathOf = (endpoint: Endpoint, values: Record<string, string> = {}) =>
  endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? endpoint.example.params![name]!),
  );

/** The request each endpoint is sent, with a key where it needs an account. */
function requestOf(endpoint: Endpoint, init: ApiInit = {}): ApiInit {
  return {
    method: endpoint.method,
    ...(endpoint.auth === "account" && { key: fixture().keys.A.live.key }),
    ...(endpoint.body && { json: {} }),
    ...init,
  };
}

/** What docs/api.md promises on every answer that went through the rate limiter. */
function expectPromisedHeaders(res: ApiResponse, label: string) {
  for (const header of ["x-request-id", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"])
    expect(res.headers.get(header), `${label}: ${header}`).not.toBeNull();
}

const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** Every convention, for every endpoint of `registry`, as served by the server under test (`fixture`). */
export function describeEndpointConventions(registry: readonly Endpoint[]) {
  describeTheRegistry(registry);
  describeMethodsAndParameters(registry);
  describeExamples(registry);
}

function describeTheRegistry(registry: readonly Endpoint[]) {
  describe("the registry", () => {
    it("has unique operation ids and no two endpoints on one method and path", () => {
      const ids = registry.map((e) => e.operationId);
      expect(new Set(ids).size).toBe(ids.length);
      const routes = registry.map((e) => label(e));
      expect(new Set(routes).size).toBe(routes.length);
    });

    it("is exactly what the served document lists, operation for operation", async () => {
      const { document } = await loadOpenApiValidator();
      const documented = Object.entries(document.paths).flatMap(([template, item]) =>
        Object.entries(item).map(
          ([method, operation]) => `${method.toUpperCase()} ${template} ${operation.operationId}`,
        ),
      );
      expect(documented.sort()).toEqual(registry.map((e) => `${label(e)} ${e.operationId}`).sort());
    });

    it("declares what clears the answers of every endpoint answered from the cache", () => {
      // Without it a cached answer would outlive the next write of its data (the wrapper refuses to cache then).
      expect(registry.filter((e) => e.answeredFromCache && !e.clearedBy).map(label)).toEqual([]);
    });
  });
}

function describeMethodsAndParameters(registry: readonly Endpoint[]) {
  const paths = [...new Set(registry.map((e) => e.path))];
  const withParams = registry.filter((e) => e.params);
  const withBody = registry.filter((e) => e.body);

  describe.each(paths)("%s", (template) => {
    const declared = registry.filter((e) => e.path === template);
    const other = endpointMethods.filter((m) => !declared.some((e) => e.method === m));
    const allowed = [
      ...declared.map((e) => e.method),
      ...(declared.some((e) => e.method === "GET") ? ["HEAD"] : []),
      "OPTIONS",
    ];

    it.each(other)("%s is 405 with the path's methods in Allow", async (method) => {
      const res = await api(pathOf(declared[0]!), { method, ...(method !== "GET" && { json: {} }) });
      expectError(res, 405, "METHOD_NOT_ALLOWED");
      expect(res.headers.get("allow")?.split(", ").sort()).toEqual([...allowed].sort());
      expectPromisedHeaders(res, `${method} ${template}`);
    });
  });

  describe.each(registry.map((e) => [label(e), e] as const))("%s", (_, endpoint) => {
    it("refuses an unknown query parameter with a 400 naming it", async () => {
      const res = await api(`${pathOf(endpoint)}?noSuchParameter=1`, requestOf(endpoint));
      const error = expectError(res, 400, "BAD_REQUEST");
      expect(error.details.issues).toContainEqual({
        path: "noSuchParameter",
        message: "is not a known field or parameter",
      });
      expectPromisedHeaders(res, label(endpoint));
    });

    it("refuses a query parameter given twice with a 400, before anything is done", async () => {
      const res = await api(`${pathOf(endpoint)}?x=1&x=2`, requestOf(endpoint));
      const error = expectError(res, 400, "BAD_REQUEST");
      expect(error.details.issues).toEqual([{ path: "x", message: "given more than once" }]);
    });

    it("refuses a bad API key with 401 INVALID_API_KEY", async () => {
      const res = await api(pathOf(endpoint), requestOf(endpoint, { key: BAD_KEY }));
      expectError(res, 401, "INVALID_API_KEY");
      expectPromisedHeaders(res, label(endpoint));
    });
  });

  describe.each(withParams.map((e) => [label(e), e] as const))("%s", (_, endpoint) => {
    const names = Object.keys(endpoint.params!.shape);
    it.each(names)("refuses a malformed %s with a 400 at its path", async (name) => {
      // The first candidate the declared schema refuses: malformed by the endpoint's own definition.
      const candidates = ["not-well-formed", "0x12", "x".repeat(65), "-1"];
      const own = endpoint.example.params!;
      const malformed = candidates.find(
        (value) => !endpoint.params!.safeParse({ ...own, [name]: value }).success,
      );
      expect(malformed, `a value ${name} refuses`).toBeDefined();
      const res = await api(pathOf(endpoint, { [name]: malformed! }), requestOf(endpoint));
      const error = expectError(res, 400, "BAD_REQUEST");
      expect((error.details.issues as { path: string }[]).map((i) => i.path)).toContain(name);
      expectPromisedHeaders(res, label(endpoint));
    });
  });

  describe.each(withBody.map((e) => [label(e), e] as const))("%s body", (_, endpoint) => {
    it("is 415 unless JSON, 413 over 16 KiB, 400 for malformed JSON or an unknown field", async () => {
      const cases: [ApiInit, number, string][] = [
        [{ rawBody: "{}", headers: { "content-type": "text/plain" } }, 415, "UNSUPPORTED_MEDIA_TYPE"],
        [
          {
            rawBody: JSON.stringify({ pad: "x".repeat(MAX_BODY) }),
            headers: { "content-type": "application/json" },
          },
          413,
          "PAYLOAD_TOO_LARGE",
        ],
        [{ rawBody: "{", headers: { "content-type": "application/json" } }, 400, "BAD_REQUEST"],
        [{ rawBody: "[]", headers: { "content-type": "application/json" } }, 400, "BAD_REQUEST"],
      ];
      for (const [init, status, code] of cases) {
        const res = await api(pathOf(endpoint), requestOf(endpoint, { json: undefined, ...init }));
        expectError(res, status, code);
        expectPromisedHeaders(res, `${label(endpoint)} ${status}`);
      }
      const unknown = await api(pathOf(endpoint), requestOf(endpoint, { json: { noSuchField: 1 } }));
      const error = expectError(unknown, 400, "BAD_REQUEST");
      expect(error.details.issues).toContainEqual({
        path: "noSuchField",
        message: "is not a known field or parameter",
      });
    });
  });
}

// The worked example every declaration carries is what the docs page shows as curl and TypeScript:
// sent as it is (ids of this deployment in place of the placeholders), the server accepts it.
function describeExamples(registry: readonly Endpoint[]) {
  describe("every documented example", () => {
    const realIds: Partial<Record<keyof typeof exampleIds, string>> = {};
    // Ids of this deployment, read where a registry has the endpoints to read them from.
    beforeAll(async () => {
      if (registry.some((e) => e.path === "/protocols"))
        realIds.protocolId = (await api("/protocols?chainId=1")).body[0].id;
      if (registry.some((e) => e.path === "/instruments"))
        realIds.instrumentId = (await api("/instruments?chainId=1&limit=1")).body.data[0].instrumentId;
    });
    const withRealIds = (value: string) =>
      Object.entries(exampleIds).reduce(
        (out, [name, placeholder]) =>
          out.split(placeholder).join(realIds[name as keyof typeof exampleIds] ?? placeholder),
        value,
      );
    // A key of account A made for the example: rolling, revoking or reading it disturbs no other test.
    const freshKeyId = async () =>
      (await api("/auth/keys", { key: fixture().keys.A.live.key, json: { name: "example" } })).body.data
        .id as string;
    // Examples a reader must complete first (a signed message) are shown, not sent.
    const runnable = registry.filter((e) => !JSON.stringify(e.example).includes("<"));

    it.each(runnable.map((e) => [label(e), e] as const))(
      "%s is answered with a declared status, never a 400",
      async (_, endpoint) => {
        if (Object.values(endpoint.example.params ?? {}).includes(exampleIds.keyId))
          realIds.keyId = await freshKeyId();
        const params = Object.fromEntries(
          Object.entries(endpoint.example.params ?? {}).map(([name, value]) => [name, withRealIds(value)]),
        );
        const query = new URLSearchParams(
          Object.entries(endpoint.example.query ?? {}).map(([name, value]) => [name, withRealIds(value)]),
        );
        const res = await api(
          `${pathOf(endpoint, params)}${query.size > 0 ? `?${query}` : ""}`,
          requestOf(endpoint, { json: endpoint.example.body }),
        );
        // A success, or an answer the endpoint's own rules give (positions on a chain this test server cannot read: 503).
        const declared = [
          ...Object.keys(endpoint.responses).map(Number),
          ...endpoint.errors.map((code) => errorCodes[code].status),
        ];
        expect(declared, `${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
        if (res.status >= 400) expect(endpoint.errors).toContain(res.body.error.code);
        expect(res.status, `a well-formed example: ${res.text.slice(0, 200)}`).not.toBe(400);
      },
    );
  });
}
