import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/client/api-client";
import { ApiClientError, unwrap } from "@/lib/client/api-fetch";
import { toListInstrumentsParams } from "@/lib/client/queries/instruments";
import { API_BASE_PATH } from "@/lib/facts/http.mjs";
import { API_TYPES_FILE, apiTypesModule } from "@/scripts/lib/api-types-module";
import { api, expectError, fixture, freshIp } from "../support/api";

// The typed client (lib/client/api-client.ts) against the running server: its types are those of the
// document the server serves, and its requests are the ones the API reads.

/** A client as a programmatic user makes one, from its own client address (rate limits stay apart). */
const client = () =>
  createApiClient(`${fixture().baseUrl}${API_BASE_PATH}`, { headers: { "x-forwarded-for": freshIp() } });

/** What `run` throws (the test fails when it throws nothing). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected an error");
}

describe("the client's types", () => {
  it("are exactly what openapi-typescript writes from the document the server serves", async () => {
    const served = await api(`/openapi.json`);
    expect(served.status).toBe(200);
    const committed = readFileSync(path.resolve(import.meta.dirname, "../..", API_TYPES_FILE), "utf8");
    expect(
      await apiTypesModule(served.body as object),
      `${API_TYPES_FILE} is not the served document's: run npm run generate`,
    ).toBe(committed);
  });
});

describe("the typed client against the server", () => {
  it("lists instruments of several chains with one comma-separated chainId, as the API reads lists", async () => {
    const params = toListInstrumentsParams({ chainId: [1, 8453], limit: 100 });
    const page = unwrap(await client().GET("/instruments", { params: { query: params } }));
    expect(page.data.length).toBeGreaterThan(0);
    expect(new Set(page.data.map((i) => i.chainId))).toEqual(new Set([1, 8453]));
    // The repeated form, which the client never writes, is refused.
    expectError(await api("/instruments?chainId=1&chainId=8453"), 400, "BAD_REQUEST");
  });

  it("reads one instrument and its history by path parameter", async () => {
    const [first] = unwrap(await client().GET("/instruments", { params: { query: { limit: 1 } } })).data;
    const instrument = unwrap(
      await client().GET("/instruments/{instrumentId}", {
        params: { path: { instrumentId: first!.instrumentId } },
      }),
    );
    expect(instrument).toEqual(first);
    const history = unwrap(
      await client().GET("/instruments/{instrumentId}/history", {
        params: { path: { instrumentId: first!.instrumentId }, query: { interval: "day" } },
      }),
    );
    expect(history.data.length).toBeGreaterThan(0);
  });

  it("throws an ApiClientError with the envelope's code, message and request id", async () => {
    const outcome = await client().GET("/instruments/{instrumentId}", {
      params: { path: { instrumentId: `0x${"0".repeat(64)}` } },
    });
    expect(outcome.response.status).toBe(404);
    expect(outcome.error?.error.code).toBe("NOT_FOUND");
    const error = thrownBy(() => unwrap(outcome));
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      requestId: outcome.response.headers.get("x-request-id"),
    });
    expect((error as ApiClientError).message).toBe(outcome.error?.error.message);
  });

  it("gives a 400's validation problems as issues", async () => {
    const outcome = await client().GET("/instruments", { params: { query: { limit: 1000 } } });
    const error = thrownBy(() => unwrap(outcome)) as ApiClientError;
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 400, code: "BAD_REQUEST" });
    expect(error.issues?.map((i) => i.path)).toEqual(["limit"]);
  });
});
