import { describe, expect, expectTypeOf, it } from "vitest";
import { listInstrumentsQuerySchema } from "@/lib/schemas/instruments";
import { createApiClient } from "./api-client";
import { ApiClientError, unwrap } from "./api-fetch";
import { toListInstrumentsParams } from "./queries/instruments";

const base = "http://yieldgrid.test/api/v1";

/** A client whose fetch records each request and answers with `answer`. */
function clientAnswering(answer: () => Response | Promise<Response>) {
  const requests: Request[] = [];
  const api = createApiClient(base, {
    fetch: async (request) => {
      requests.push(request);
      return answer();
    },
  });
  return { api, requests };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const emptyPage = { data: [], pagination: { total: 0, limit: 10, offset: 0, hasMore: false } };

/** What `run` throws (the test fails when it throws nothing). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected an error");
}

describe("the typed client's requests", () => {
  it("writes the explorer's query in the API's own parameters, which the API's schema reads back unchanged", async () => {
    const { api, requests } = clientAnswering(() => json(200, emptyPage));
    const query = {
      chainId: [1, 8453],
      protocol: "aave" as const,
      isActive: true,
      isStablecoin: false,
      minApy: 2.5,
      search: "usd coin",
      sort: [
        { field: "apy" as const, order: "desc" as const },
        { field: "tvl" as const, order: "asc" as const },
      ],
      limit: 25,
      page: 2,
    };
    await api.GET("/instruments", { params: { query: toListInstrumentsParams(query) } });

    const url = new URL(requests[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/instruments`);
    // One value per parameter, a list comma-separated: the API answers a repeated parameter with 400.
    expect([...url.searchParams.keys()]).toEqual([
      "chainId",
      "protocol",
      "isStablecoin",
      "isActive",
      "minApy",
      "search",
      "sort",
      "limit",
      "page",
    ]);
    expect(url.searchParams.get("chainId")).toBe("1,8453");
    expect(url.searchParams.get("sort")).toBe("apy:desc,tvl:asc");
    expect(listInstrumentsQuerySchema.parse(Object.fromEntries(url.searchParams))).toEqual(query);
  });

  it("leaves out what the query does not set, and an empty chain list", async () => {
    const { api, requests } = clientAnswering(() => json(200, emptyPage));
    await api.GET("/instruments", { params: { query: toListInstrumentsParams({ chainId: [], limit: 10 }) } });
    expect(new URL(requests[0]!.url).search).toBe("?limit=10");
  });

  it("writes an array parameter as one comma-separated value, never as repeated parameters", async () => {
    const { api, requests } = clientAnswering(() => json(200, emptyPage));
    // No parameter of today's document is an array (lists are strings the API splits), so the call
    // needs a cast; the serializer must still write one the way the API reads lists.
    const query = { chainId: [1, 8453], protocol: "aave" } as unknown as { chainId: string };
    await api.GET("/instruments", { params: { query } });
    expect(new URL(requests[0]!.url).search).toBe("?chainId=1,8453&protocol=aave");
  });

  it("asks for JSON and sends a body as JSON", async () => {
    const { api, requests } = clientAnswering(() => json(200, { data: { nonce: "n" } }));
    await api.POST("/auth/verify", { body: { message: "m", signature: "0x01" } });
    const request = requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.headers.get("accept")).toBe("application/json");
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(await request.json()).toEqual({ message: "m", signature: "0x01" });
  });
});

describe("unwrap: an answer's data, or an ApiClientError", () => {
  it("returns the data of a success, and nothing for 204", async () => {
    const { api } = clientAnswering(() => json(200, emptyPage));
    expect(unwrap(await api.GET("/instruments"))).toEqual(emptyPage);
    const { api: noContent } = clientAnswering(() => new Response(null, { status: 204 }));
    expect(unwrap(await noContent.DELETE("/auth/session"))).toBeUndefined();
  });

  it("throws the envelope's status, code, message, request id and issues", async () => {
    const details = {
      timestamp: "2026-01-01T00:00:00.000Z",
      requestId: "req_0123456789abcdef",
      issues: [{ path: "limit", message: "too big" }],
    };
    const { api } = clientAnswering(() =>
      json(
        400,
        { error: { code: "BAD_REQUEST", message: "limit: too big", details } },
        { "x-request-id": details.requestId },
      ),
    );
    const outcome = await api.GET("/instruments", { params: { query: { limit: 1000 } } });
    // The error body is typed by the document: the codes this operation can answer, and no other.
    expectTypeOf(outcome.error!.error.code).toEqualTypeOf<
      | "BAD_REQUEST"
      | "UNAUTHORIZED"
      | "INVALID_API_KEY"
      | "FORBIDDEN"
      | "RATE_LIMIT_EXCEEDED"
      | "INTERNAL_ERROR"
      | "SERVICE_UNAVAILABLE"
    >();
    expect(outcome.error?.error.code).toBe("BAD_REQUEST");

    const error = thrownBy(() => unwrap(outcome));
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({
      name: "ApiClientError",
      status: 400,
      code: "BAD_REQUEST",
      message: "limit: too big",
      requestId: details.requestId,
      details,
    });
    expect((error as ApiClientError).issues).toEqual(details.issues);
  });

  it("throws HTTP_ERROR, with the X-Request-Id header, for an answer that is not an envelope", async () => {
    const { api } = clientAnswering(
      () =>
        new Response("<html>Bad gateway</html>", {
          status: 502,
          headers: { "content-type": "text/html", "x-request-id": "req_fromtheheader00" },
        }),
    );
    const outcome = await api.GET("/health");
    expect(() => unwrap(outcome)).toThrow(
      expect.objectContaining({
        status: 502,
        code: "HTTP_ERROR",
        message: "The server answered 502.",
        requestId: "req_fromtheheader00",
      }),
    );
  });

  it("rejects with NETWORK_ERROR (status 0) when the server cannot be reached", async () => {
    const { api } = clientAnswering(() => Promise.reject(new TypeError("fetch failed")));
    await expect(api.GET("/health")).rejects.toMatchObject({
      name: "ApiClientError",
      status: 0,
      code: "NETWORK_ERROR",
      requestId: null,
    });
  });
});
