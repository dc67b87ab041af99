import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, fixture, recordedExchanges, type ApiResponse } from "../support/api";
import {
  documentProblems,
  loadOpenApiValidator,
  type OpenApiDocument,
  type OpenApiValidator,
} from "../support/openapi-validator";
import { signInAs } from "../support/siwe";

// GET /openapi.json – the document itself, and one real request per endpoint validated against it.

let validator: OpenApiValidator;
let doc: OpenApiDocument;

beforeAll(async () => {
  validator = await loadOpenApiValidator();
  doc = validator.document;
});

const httpMethods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
/** Asserts that the last exchange recorded by `api()` conforms to the document, with the problems in the message. */
function expectConforms(res: ApiResponse) {
  const exchange = recordedExchanges.at(-1)!;
  expect(exchange.status).toBe(res.status);
  expect(validator.check(exchange), `${exchange.method} ${exchange.path} -> ${exchange.status}`).toEqual([]);
}

const instrumentListQuery = [
  "assetCategory",
  "depositAmountUsd",
  "isActive",
  "isStablecoin",
  "limit",
  "minApy",
  "minApy30d",
  "minApyTotal",
  "minTvl",
  "offset",
  "page",
  "protocol",
  "search",
  "sort",
  "sortBy",
  "sortOrder",
];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  $ref?: string;
  items?: Schema;
  anyOf?: Schema[];
};
const schemaOf = (name: string) => doc.components.schemas[name] as Schema | undefined;
const deref = (s: Schema): Schema =>
  s.$ref ? (schemaOf(s.$ref.replace("#/components/schemas/", "")) ?? s) : s;

describe("the OpenAPI document", () => {
  it("is served as OpenAPI 3.1.0 JSON with the server url /api/v1", async () => {
    const res = await api("/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.servers).toEqual([{ url: "/api/v1" }]);
    expect(typeof res.body.info.title).toBe("string");
    expect(typeof res.body.info.version).toBe("string");
    expectConforms(res);
  });

  it("is a valid OpenAPI 3.1 document by the specification's own schema", async () => {
    expect(await documentProblems(doc)).toEqual([]);
    // The check can fail: a parameter without a schema or content is not OpenAPI.
    const broken = structuredClone(doc) as unknown as { paths: Record<string, Record<string, { parameters: object[] }>> };
    broken.paths["/protocols"]!.get!.parameters.push({ name: "x", in: "query" });
    expect(await documentProblems(broken)).not.toEqual([]);
  });

  it("declares boolean query parameters as the strings the server accepts, and the sort format", () => {
    const param = (name: string) => (doc.paths["/instruments"]!.get!.parameters ?? []).find((p) => p.name === name) as unknown as { schema: Schema & { pattern?: string } };
    for (const name of ["isActive", "isStablecoin"]) expect(param(name).schema).toMatchObject({ type: "string", enum: ["true", "false"] });
    const sort = new RegExp(param("sort").schema.pattern!);
    for (const ok of ["apy", "tvl:asc", "apy:desc,tvl:desc,createdAt"]) expect(ok).toMatch(sort);
    for (const bad of ["apy:up", "volume", "apy,,tvl"]) expect(bad).not.toMatch(sort);
  });

  it("declares each path parameter of a template as a required path parameter", () => {
    for (const [template, item] of Object.entries(doc.paths)) {
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, operation] of Object.entries(item)) {
        if (!httpMethods.has(method)) continue;
        const pathParams = (operation.parameters ?? []).filter((p) => p.in === "path");
        expect(pathParams.map((p) => p.name).sort(), `${method} ${template}`).toEqual(names);
        for (const p of pathParams) expect(p.required, `${method} ${template} ${p.name}`).toBe(true);
      }
    }
  });

  it("declares the query parameters of the list and history endpoints", () => {
    const queryOf = (template: string) =>
      (doc.paths[template]?.get?.parameters ?? [])
        .filter((p) => p.in === "query")
        .map((p) => p.name)
        .sort();
    expect(queryOf("/protocols")).toEqual(["chainId"]);
    expect(queryOf("/instruments")).toEqual(["chainId", ...instrumentListQuery].sort());
    expect(queryOf("/instruments/by-chain/{chainId}")).toEqual(instrumentListQuery);
    expect(queryOf("/instruments/{instrumentId}/history")).toEqual(["from", "interval", "to"]);
    expect(queryOf("/instruments/{instrumentId}/quote")).toEqual(["amount", "amountUsd"]);
    expect(queryOf("/instruments/history")).toEqual(["from", "instrumentIds", "interval", "to"]);
    for (const template of ["/protocols/{id}", "/instruments/{instrumentId}", "/health"])
      expect(queryOf(template), template).toEqual([]);
  });

  it("has the documented component schemas with their fields", () => {
    const fieldsOf = (name: string) => {
      const s = schemaOf(name);
      expect(s, `components.schemas.${name}`).toBeDefined();
      return {
        properties: Object.keys(s!.properties ?? {}).sort(),
        required: [...(s!.required ?? [])].sort(),
        schema: s!,
      };
    };
    const instrumentFields = [
      "instrumentId", "protocol", "protocolInfo", "chainId", "protocolAddress", "marketId", "adapterAddress", "tokenAddress",
      "tokenSymbol", "yieldTokenAddress", "yieldTokenSymbol", "description", "symbol", "currentApy", "tvl", "lastSyncedAt",
      "isActive", "isStablecoin", "assetCategory", "createdAt", "updatedAt",
      // yield over time
      "apy7d", "apy30d", "apyChange7d",
      // the block the values were read at
      "asOfBlock", "asOfTime",
      // rewards
      "rewards", "apyReward", "apyTotal", "rewardsComplete",
      // exit liquidity
      "availableLiquidityUsd", "utilization",
    ].sort(); // prettier-ignore
    const instrument = fieldsOf("Instrument");
    // quote: only in lists asked with depositAmountUsd (issue 28), so not required.
    expect(instrument.properties).toEqual([...instrumentFields, "quote"].sort());
    expect(instrument.required).toEqual(instrumentFields);
    expect(fieldsOf("ListQuote").properties).toEqual(["apyAfter", "apyTotalAfter", "fits"]);
    const quoteFields = [
      "instrumentId", "tokenSymbol", "amount", "amountRaw", "amountUsd", "apyBefore", "apyAfter", "apyRewardAfter",
      "apyTotalAfter", "utilizationAfter", "maxDeposit", "maxDepositRaw", "sharesOut", "allocation", "rateModel",
      "sampleData", "asOfBlock", "asOfTime",
    ].sort(); // prettier-ignore
    expect(fieldsOf("InstrumentQuote").properties).toEqual(quoteFields);
    expect(fieldsOf("InstrumentQuote").required).toEqual(quoteFields);
    expect(instrument.schema.properties!.assetCategory!.enum).toEqual(["USD", "EUR", "ETH", "BTC"]);
    // Exit liquidity: nullable (unknown is never 0), utilization a fraction.
    for (const field of ["availableLiquidityUsd", "utilization"]) expect(JSON.stringify(instrument.schema.properties![field]), field).toContain("null");
    expect(JSON.stringify(instrument.schema.properties!.utilization)).toMatch(/"maximum":1/);
    expect(deref(instrument.schema.properties!.protocolInfo!).properties).toBeDefined();
    expect(Object.keys(deref(instrument.schema.properties!.protocolInfo!).properties!).sort()).toEqual(
      ["id", "name", "version", "displayName", "icon", "docsUrl", "deprecated"].sort(),
    );

    const protocol = fieldsOf("Protocol");
    expect(protocol.properties).toEqual(
      [
        "id",
        "name",
        "version",
        "displayName",
        "chainId",
        "protocolAddress",
        "icon",
        "docsUrl",
        "deprecated",
        "deprecationReason",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
    expect(protocol.required).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "version",
        "displayName",
        "chainId",
        "protocolAddress",
        "deprecated",
        "createdAt",
        "updatedAt",
      ]),
    );

    const pagination = fieldsOf("Pagination");
    expect(pagination.properties).toEqual(["hasMore", "limit", "offset", "total"]);
    expect(pagination.required).toEqual(["hasMore", "limit", "offset", "total"]);

    const position = fieldsOf("Position");
    expect(position.properties).toEqual(
      [
        "instrumentId",
        "protocol",
        "symbol",
        "yieldTokenSymbol",
        "balance",
        "balanceRaw",
        "decimals",
        "currentApy",
        "tvl",
        "yieldTokenAddress",
        "tokenAddress",
        // additive: the position's USD price and value
        "priceUsd",
        "valueUsd",
        // additive: what of it could be withdrawn now
        "withdrawableNow",
        "withdrawableNowRaw",
        "withdrawableNowUsd",
      ].sort(),
    );
    expect(position.required).toEqual([
      "balance",
      "balanceRaw",
      "decimals",
      "instrumentId",
      "protocol",
      "symbol",
      "tokenAddress",
      "yieldTokenAddress",
    ]);

    const positions = fieldsOf("PositionsResponse");
    // blockNumber (the block the balances were read at) is always sent, but optional to a spec-shaped record.
    expect(positions.properties).toEqual([
      "address",
      "blockNumber",
      "chainId",
      "positions",
      "totalValueUsd",
      "usdcBalance",
      "usdcBalanceRaw",
    ]);
    expect(positions.required).toEqual(["address", "chainId", "positions", "usdcBalance", "usdcBalanceRaw"]);

    const apiKey = fieldsOf("ApiKey");
    expect(apiKey.properties).toEqual([
      "createdAt",
      "expiresAt",
      "id",
      "lastUsed",
      "name",
      "prefix",
      "previousKey",
      "rolledAt",
      "status",
      "type",
    ]);
    expect(apiKey.schema.properties!.status!.enum).toEqual(["active", "revoked", "expired"]);
    expect(apiKey.properties).not.toContain("key");

    const error = fieldsOf("Error");
    expect(error.required).toEqual(["error"]);
    const inner = deref(error.schema.properties!.error!);
    expect([...(inner.required ?? [])].sort()).toEqual(["code", "details", "message"]);
    expect([...(deref(inner.properties!.details!).required ?? [])].sort()).toEqual([
      "requestId",
      "timestamp",
    ]);
  });

  it("accepts spec-shaped records and rejects ones that break the contract", () => {
    const address = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
    const position = {
      instrumentId: "0x" + "ab".repeat(32),
      protocol: "aave",
      symbol: "USDC",
      balance: "1.5",
      balanceRaw: "1500000",
      decimals: 6,
      yieldTokenAddress: address,
      tokenAddress: address,
    };
    const response = {
      address,
      chainId: 1,
      usdcBalance: "2",
      usdcBalanceRaw: "2000000",
      positions: [position, { ...position, yieldTokenSymbol: "aUSDC", currentApy: 4.85, tvl: 1e9 }],
    };
    expect(validator.validate(validator.component("PositionsResponse"), response)).toEqual([]);
    // With the additive USD fields, null where no price is known.
    const valued = { ...response, totalValueUsd: null, positions: [{ ...position, priceUsd: 1, valueUsd: 1.5 }, { ...position, priceUsd: null, valueUsd: null }] };
    expect(validator.validate(validator.component("PositionsResponse"), valued)).toEqual([]);
    expect(validator.validate(validator.component("Position"), { ...position, valueUsd: "1.5" })).not.toEqual([]);
    // What could be withdrawn now: a decimal string like balance, null when unknown.
    const limited = { ...position, priceUsd: 1, valueUsd: 1.5, withdrawableNow: "0.25", withdrawableNowRaw: "250000", withdrawableNowUsd: 0.25 };
    const unknown = { ...position, withdrawableNow: null, withdrawableNowRaw: null, withdrawableNowUsd: null };
    expect(validator.validate(validator.component("PositionsResponse"), { ...response, positions: [limited, unknown] })).toEqual([]);
    expect(validator.validate(validator.component("Position"), { ...limited, withdrawableNow: 0.25 })).not.toEqual([]);
    // Balances are strings (exact to the smallest unit), never numbers.
    expect(
      validator.validate(validator.component("PositionsResponse"), { ...response, usdcBalance: 2 }),
    ).not.toEqual([]);
    expect(
      validator.validate(validator.component("Position"), { ...position, balanceRaw: 1500000 }),
    ).not.toEqual([]);
    const withoutDecimals: Partial<typeof position> = { ...position };
    delete withoutDecimals.decimals;
    expect(validator.validate(validator.component("Position"), withoutDecimals)).not.toEqual([]);
  });

  it("offers the X-API-Key header scheme, required by the key endpoints and optional on the data endpoints", () => {
    const schemes = Object.entries(doc.components.securitySchemes ?? {});
    const keyScheme = schemes.find(
      ([, s]) => s.type === "apiKey" && s.in === "header" && s.name === "X-API-Key",
    );
    expect(keyScheme, "an apiKey scheme in the X-API-Key header").toBeDefined();
    const name = keyScheme![0];
    const securityOf = (template: string, method: string) => doc.paths[template]?.[method]?.security;
    for (const [template, method] of [
      ["/auth/keys", "get"],
      ["/auth/keys", "post"],
      ["/auth/keys/{id}", "delete"],
      ["/auth/keys/{id}/roll", "post"],
      ["/auth/keys/{id}/usage", "get"],
    ] as const) {
      const security = securityOf(template, method);
      expect(security, `${method} ${template}`).toContainEqual({ [name]: [] });
      expect(security, `${method} ${template} must not allow anonymous`).not.toContainEqual({});
    }
    for (const template of [
      "/protocols",
      "/protocols/{id}",
      "/instruments",
      "/instruments/{instrumentId}",
      "/instruments/{instrumentId}/history",
      "/instruments/history",
    ]) {
      expect(securityOf(template, "get"), template).toContainEqual({ [name]: [] });
      expect(securityOf(template, "get"), `${template} accepts anonymous requests`).toContainEqual({});
    }
    expect(securityOf("/positions", "post")).toContainEqual({});
  });

  it("requires the session cookie where a request without one is refused, and only there", () => {
    const securityOf = (method: string) => doc.paths["/auth/session"]?.[method]?.security;
    // Signed out, GET /auth/session is 401; sign-out answers 204 whether or not a session was there.
    expect(securityOf("get")).toEqual([{ session: [] }]);
    expect(securityOf("delete")).toEqual([{ session: [] }, {}]);
  });

  it("documents on every operation the answers any request can get: 401 (a bad X-API-Key), 429 and 500", () => {
    const missing: string[] = [];
    for (const [template, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item)) {
        if (!httpMethods.has(method)) continue;
        for (const status of ["401", "429", "500"])
          if (!operation.responses?.[status]) missing.push(`${method.toUpperCase()} ${template} ${status}`);
      }
    expect(missing).toEqual([]);
  });

  it("documents the rate-limit headers and X-Request-Id on every response", () => {
    const missing: string[] = [];
    for (const [template, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item)) {
        if (!httpMethods.has(method)) continue;
        for (const [status, response] of Object.entries(operation.responses ?? {}))
          for (const header of [
            "X-RateLimit-Limit",
            "X-RateLimit-Remaining",
            "X-RateLimit-Reset",
            "X-Request-Id",
          ])
            if (!response.headers?.[header])
              missing.push(`${method.toUpperCase()} ${template} ${status} ${header}`);
      }
    expect(missing).toEqual([]);
  });

  it("documents the quote's 422s, both codes under the one status", () => {
    const responses = doc.paths["/instruments/{instrumentId}/quote"]!.get!.responses ?? {};
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(["200", "400", "403", "404", "422"]));
    const codes = JSON.stringify(responses["422"]);
    for (const code of ["DEPOSIT_EXCEEDS_CAPACITY", "INSTRUMENT_NOT_ACCEPTING_DEPOSITS"]) expect(codes).toContain(code);
  });

  it("documents 400, 413 and 415 on every operation that takes a JSON body", () => {
    for (const [template, method] of [
      ["/positions", "post"],
      ["/auth/keys", "post"],
      ["/auth/keys/{id}/roll", "post"],
      ["/auth/verify", "post"],
    ] as const)
      expect(Object.keys(doc.paths[template]![method]!.responses ?? {}), `${method} ${template}`).toEqual(
        expect.arrayContaining(["400", "413", "415"]),
      );
  });
});

describe("the validator of recorded exchanges", () => {
  it("maps paths to templates as Next routes them (literal segments first)", () => {
    expect(validator.matchPath("/instruments")).toBe("/instruments");
    expect(validator.matchPath("/instruments/by-chain/8453?limit=1")).toBe("/instruments/by-chain/{chainId}");
    expect(validator.matchPath("/instruments/0xab/history")).toBe("/instruments/{instrumentId}/history");
    expect(validator.matchPath("/instruments/0xab/quote?amount=1")).toBe("/instruments/{instrumentId}/quote");
    expect(validator.matchPath("/instruments/history?instrumentIds=0xab")).toBe("/instruments/history");
    expect(validator.matchPath("/protocols/by-name/aave/chain/1/latest")).toBe(
      "/protocols/by-name/{name}/chain/{chainId}/latest",
    );
    expect(validator.matchPath("/protocols/not-a-uuid")).toBe("/protocols/{id}");
    expect(validator.matchPath("/nothing/here")).toBeUndefined();
  });

  it("rejects an undocumented status, a body that breaks the schema and an unknown path", () => {
    const base = { contentType: "application/json" };
    expect(validator.check({ ...base, method: "GET", path: "/health", status: 418, body: {} })[0]).toMatch(
      /status 418 is not documented for GET \/health/,
    );
    const page = {
      data: [{ instrumentId: "0x12" }],
      pagination: { total: 1, limit: 10, offset: 0, hasMore: false },
    };
    expect(
      validator.check({ ...base, method: "GET", path: "/instruments", status: 200, body: page }).join("\n"),
    ).toMatch(/must have required property/);
    expect(
      validator.check({ ...base, method: "GET", path: "/nothing", status: 200, body: {} }).join("\n"),
    ).toMatch(/no path/);
    expect(
      validator.check({ ...base, method: "PUT", path: "/instruments", status: 200, body: {} }).join("\n"),
    ).toMatch(/no PUT operation/);
  });
});

describe("the independent validation of requests and response headers", () => {
  const page = { data: [], pagination: { total: 0, limit: 10, offset: 0, hasMore: false } };
  const exchange = (path: string, responseHeaders: Record<string, string>, status = 200) => ({
    method: "GET",
    path,
    requestHeaders: {},
    status,
    contentType: "application/json",
    responseHeaders,
    body: page,
  });
  const promised = { "x-request-id": "req_AAAAAAAAAAAAAAAA", "x-ratelimit-limit": "1000", "x-ratelimit-remaining": "999", "x-ratelimit-reset": "1800000000" };

  it("accepts a conforming exchange", () => {
    expect(validator.check(exchange("/instruments?isStablecoin=true&sort=apy:desc", promised))).toEqual([]);
  });

  it("flags a request the document refuses that was answered below 400, not one answered 400", () => {
    for (const path of ["/instruments?isStablecoin=yes", "/instruments?sort=volume", "/instruments?limit=abc"]) {
      expect(validator.check(exchange(path, promised)).join("\n"), path).toMatch(/the document refuses this request/);
      expect(validator.check({ ...exchange(path, promised), status: 400, body: null }).join("\n"), path).not.toMatch(/refuses/);
    }
  });

  it("flags a request answered below 400 without the credentials the document requires", () => {
    const listKeys = { ...exchange("/auth/keys", promised), body: { data: [] } };
    expect(validator.check(listKeys).join("\n")).toMatch(/none of the credentials the document requires: apiKey or session/);
    expect(validator.check({ ...listKeys, requestHeaders: { "x-api-key": "yg_sk_live_…" } })).toEqual([]);
    expect(validator.check({ ...listKeys, requestHeaders: { cookie: "yg_session=s" } })).toEqual([]);
    // The data endpoints take a key but do not need one.
    expect(validator.check(exchange("/instruments", promised))).toEqual([]);
  });

  it("flags a missing required header and a header that breaks its schema", () => {
    const withoutRemaining: Record<string, string> = { ...promised };
    delete withoutRemaining["x-ratelimit-remaining"];
    expect(validator.check(exchange("/instruments", withoutRemaining)).join("\n")).toMatch(/required header X-RateLimit-Remaining is missing/);
    expect(validator.check(exchange("/instruments", { ...promised, "x-ratelimit-reset": "soon" })).join("\n")).toMatch(/headers:/);
  });
});

/** Signs in with Sign-In with Ethereum as a brand-new wallet, so that the keys made here belong to nobody else. */
async function signIn() {
  const account = privateKeyToAccount(generatePrivateKey());
  return { account, cookie: (await signInAs(account)).cookie };
}

describe("one real request per endpoint conforms to the document", () => {
  let protocolId: string;
  let instrumentId: string;

  beforeAll(async () => {
    const protocols = await api("/protocols?chainId=1");
    protocolId = protocols.body[0].id;
    const instruments = await api("/instruments?chainId=1&limit=1");
    instrumentId = instruments.body.data[0].instrumentId;
  });

  it.each([
    ["/protocols"],
    ["/protocols?chainId=8453"],
    ["/protocols/by-name/aave/chain/1"],
    ["/protocols/by-name/aave/chain/1/latest"],
    ["/instruments?limit=5&sortBy=apy&sortOrder=asc"],
    ["/instruments?chainId=1,8453&isStablecoin=true&page=2&limit=3"],
    ["/instruments/by-chain/8453?limit=2"],
    ["/health"],
  ])("GET %s", async (path) => {
    const res = await api(path);
    expect(res.status).toBe(200);
    expectConforms(res);
  });

  it("GET /protocols/:id, /instruments/:id and /instruments/:id/history", async () => {
    for (const path of [
      `/protocols/${protocolId}`,
      `/instruments/${instrumentId}`,
      `/instruments/${instrumentId}/history?interval=day`,
      `/instruments/history?instrumentIds=${instrumentId}&interval=day`,
      `/instruments?sortBy=apy30d&minApy30d=1&limit=3`,
    ]) {
      const res = await api(path);
      expect(res.status, path).toBe(200);
      expectConforms(res);
    }
    const history = await api(`/instruments/${instrumentId}/history?interval=hour`);
    expect(history.body.data.length).toBeGreaterThan(0);
    expectConforms(history);
  });

  it("data endpoints with a test key", async () => {
    for (const path of ["/protocols", "/instruments?limit=2", "/instruments/by-chain/11155111"]) {
      const res = await api(path, { key: fixture().keys.A.test.key });
      expect(res.status, path).toBe(200);
      expectConforms(res);
    }
  });

  it("DELETE /auth/session without a session is the documented 204, to a request the document accepts", async () => {
    const res = await api("/auth/session", { method: "DELETE" });
    expect(res.status).toBe(204);
    expectConforms(res);
  });

  it("POST /positions answers the documented 503 when the chain cannot be read", async () => {
    const res = await api("/positions", {
      json: { address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", chainId: 1 },
    });
    expectError(res, 503, "UPSTREAM_UNAVAILABLE");
    expectConforms(res);
  });

  it("the key lifecycle: sign in, create, list, revoke, sign out", async () => {
    const { cookie } = await signIn();
    const session = await api("/auth/session", { cookie });
    expect(session.status).toBe(200);
    expectConforms(session);

    const created = await api("/auth/keys", { cookie, json: { name: "openapi test", type: "live" } });
    expect(created.status).toBe(201);
    expectConforms(created);
    const key: string = created.body.data.key;

    const listed = await api("/auth/keys", { key });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((k: { id: string }) => k.id)).toEqual([created.body.data.id]);
    expectConforms(listed);

    const withExpiry = await api("/auth/keys", {
      key,
      json: { name: "expiring", expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(withExpiry.status).toBe(201);
    expectConforms(withExpiry);

    const revoked = await api(`/auth/keys/${withExpiry.body.data.id}`, { method: "DELETE", key });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.status).toBe("revoked");
    expectConforms(revoked);

    const signedOut = await api("/auth/session", { method: "DELETE", cookie });
    expect(signedOut.status).toBe(204);
    expectConforms(signedOut);
  });
});
