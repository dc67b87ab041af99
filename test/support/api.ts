import http from "node:http";
import { randomInt } from "node:crypto";
import { inject } from "vitest";
import type { ApiFixture } from "./fixture";
import { answerOf, readIncoming, type HttpAnswer } from "./raw-http";

/** Parsed JSON as `body`, or null for an empty one. */
export type ApiResponse<T = unknown> = HttpAnswer<T>;

export interface RecordedExchange {
  method: string;
  /** Relative to /api/v1, with the query. */
  path: string;
  /** The request as sent (header names in lower case), for validating it against the document too. */
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  status: number;
  contentType: string | null;
  responseHeaders?: Record<string, string>;
  body: unknown;
}

/** Every exchange made through `api`, so that a test can check them against the OpenAPI document. */
export const recordedExchanges: RecordedExchange[] = [];

let servedInThisFile: ApiFixture | undefined;

/** The server under test: the one the API project's global setup started, or this file's own (`useApiFixture`). */
export const fixture = (): ApiFixture => servedInThisFile ?? inject("api");

/** From now on in this test file, `api`, `fixture` and the OpenAPI checks go to `served` (undefined: back to the shared server). */
export function useApiFixture(served: ApiFixture | undefined) {
  servedInThisFile = served;
}

/** A client address nobody else uses, so anonymous rate-limit buckets never collide between tests. */
export const freshIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export interface ApiInit {
  method?: string;
  key?: string;
  /** A JSON value to send (sets Content-Type: application/json), or a raw string with `rawBody`. */
  json?: unknown;
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** Client address in X-Forwarded-For; a fresh one per request unless given. */
  ip?: string;
  cookie?: string;
}

/** Calls the API under test. `path` is relative to /api/v1 (e.g. "/instruments?limit=5"). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON
export async function api<T = any>(path: string, init: ApiInit = {}): Promise<ApiResponse<T>> {
  const { baseUrl } = fixture();
  const headers: Record<string, string> = { "x-forwarded-for": init.ip ?? freshIp(), ...init.headers };
  if (init.key !== undefined) headers["x-api-key"] = init.key;
  if (init.cookie) headers.cookie = init.cookie;
  let body: string | Uint8Array<ArrayBuffer> | undefined = init.rawBody;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers["content-type"] ??= "application/json";
  }
  const method = init.method ?? (body !== undefined ? "POST" : "GET");
  const res = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body });
  const answer = answerOf(res.status, res.headers, await res.text());
  recordedExchanges.push({
    method,
    path,
    requestHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
    requestBody: typeof body === "string" ? body : body && new TextDecoder().decode(body),
    status: res.status,
    contentType: res.headers.get("content-type"),
    responseHeaders: Object.fromEntries(res.headers),
    body: answer.body,
  });
  return answer as ApiResponse<T>;
}

/** Asserts the documented error envelope and returns it. */
export function expectError(res: ApiResponse, status: number, code: string) {
  const body = res.body as { error?: { code?: unknown; message?: unknown; details?: Record<string, unknown> } };
  const problems: string[] = [];
  if (res.status !== status) problems.push(`status ${res.status} != ${status}`);
  if (body?.error?.code !== code) problems.push(`code ${String(body?.error?.code)} != ${code}`);
  if (typeof body?.error?.message !== "string" || body.error.message.length === 0) problems.push("no message");
  const details = body?.error?.details;
  if (!details || typeof details.timestamp !== "string" || Number.isNaN(Date.parse(details.timestamp))) problems.push("no details.timestamp");
  if (!details || typeof details.requestId !== "string" || details.requestId !== res.headers.get("x-request-id"))
    problems.push("details.requestId does not match X-Request-Id");
  if (problems.length) throw new Error(`expected ${status} ${code}: ${problems.join("; ")}\n${res.text.slice(0, 500)}`);
  return body.error as { code: string; message: string; details: Record<string, unknown> };
}

/**
 * An error's `details.issues`: with `paths`, a list in which every issue has a message and one names
 * one of `paths`; without, none at all.
 */
export function expectIssues(error: { details: Record<string, unknown> }, paths: string[] | undefined) {
  const issues = error.details.issues as { path: string; message: string }[] | undefined;
  if (!paths) {
    if (issues !== undefined) throw new Error(`expected no issues, got ${JSON.stringify(issues)}`);
    return;
  }
  if (!Array.isArray(issues) || issues.length === 0) throw new Error(`expected issues, got ${JSON.stringify(error)}`);
  for (const i of issues) if (typeof i.message !== "string" || i.message.length === 0) throw new Error(`an issue without a message: ${JSON.stringify(i)}`);
  if (!issues.some((i) => paths.includes(i.path))) throw new Error(`issues ${JSON.stringify(issues)} name none of ${paths.join(", ")}`);
}

/**
 * A POST whose body arrives chunked (no Content-Length): `start`, then filler up to about `total`
 * bytes of a JSON-looking object that never ends. Sent with node:http on a connection of its own;
 * see http-conventions.test.ts for what a rejected chunked body does to a reused keep-alive connection.
 */
export function chunkedPost(path: string, headers: Record<string, string>, start: string, total: number): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      `${fixture().baseUrl}/api/v1${path}`,
      { method: "POST", agent: false, headers: { "x-forwarded-for": freshIp(), ...headers } },
      (res) => {
        answered = true;
        readIncoming(res).then(resolve, reject);
      },
    );
    // The server may answer and stop reading before the whole body is sent.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    if (req.getHeader("content-length") !== undefined) throw new Error("the body must be chunked");
    req.write(start);
    for (let sent = start.length; sent < total; sent += 1024) req.write("x".repeat(1024));
    req.end();
  });
}

/**
 * A request with headers fetch does not let a caller choose (Host), sent with node:http on a
 * connection of its own, as a relay or a raw client sends it. `path` is relative to /api/v1.
 */
export function rawRequest(path: string, { method, headers, body }: { method: string; headers: Record<string, string>; body?: string }): Promise<ApiResponse> {
  const { hostname, port } = new URL(fixture().baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, path: `/api/v1${path}`, method, agent: false, headers: { "x-forwarded-for": freshIp(), ...headers } },
      (res) => void readIncoming(res).then(resolve, reject),
    );
    req.on("error", reject);
    req.end(body);
  });
}
