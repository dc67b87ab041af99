import { expect } from "vitest";
import type { RunningServer } from "../support/server";

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON
  body: any;
  text: string;
  /** The API key the request carried, if any. */
  key?: string;
}

/** One request to `server` (path relative to /api/v1); a refused connection is status 0. */
export async function call(
  server: RunningServer,
  path: string,
  { key, cookie, ip = "192.0.2.77", method = "GET" }: { key?: string; cookie?: string; ip?: string; method?: string } = {},
): Promise<Answer> {
  // A connection per request: servers here pause for seconds between requests, and a kept-alive
  // connection the server closes at that moment would fail a request for no fault of the server.
  const headers: Record<string, string> = { "x-forwarded-for": ip, connection: "close" };
  if (key) headers["x-api-key"] = key;
  if (cookie) headers.cookie = cookie;
  try {
    const res = await fetch(`${server.baseUrl}/api/v1${path}`, { method, headers });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, headers: res.headers, body, text, key };
  } catch {
    return { status: 0, headers: new Headers(), body: null, text: "", key };
  }
}

/** A 503 SERVICE_UNAVAILABLE in the envelope, with the request id and Retry-After. */
export function expectUnavailable(answer: Answer, reason: string) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(503);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  const error = answer.body?.error;
  expect(error?.code).toBe("SERVICE_UNAVAILABLE");
  expect(error.details.reason).toBe(reason);
  expect(typeof error.message).toBe("string");
  expect(error.details.requestId).toBe(answer.headers.get("x-request-id"));
  expect(Date.parse(error.details.timestamp)).not.toBeNaN();
  expect(answer.headers.get("retry-after")).toBe("1");
  expect(answer.text).not.toMatch(/\bat \S+ \(|node_modules|SELECT /);
  return error as { code: string; message: string; details: Record<string, unknown> };
}

/** Polls `probe` until `done` holds for its result, or fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs / 1000} s: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
