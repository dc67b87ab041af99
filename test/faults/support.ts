import { expect } from "vitest";
import type { Answer } from "../support/server";

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
