import { describe, expect, it } from "vitest";
import { apiResponseHeaders } from "@/lib/facts/http.mjs";
import { ResponseHeaders } from "./response-headers";

describe("ResponseHeaders", () => {
  it("starts with every API answer's headers for its request id, and a Response carries them as Headers would", () => {
    const headers = new ResponseHeaders("req_abc");
    headers.set("X-RateLimit-Limit", "10");
    headers.set("x-ratelimit-limit", "11"); // one header whatever the case it is set in
    expect(headers.has("X-RATELIMIT-LIMIT")).toBe(true);
    expect(headers.has("Retry-After")).toBe(false);
    const sent = new Response(null, { headers: headers.values }).headers;
    const expected = new Headers(apiResponseHeaders("req_abc"));
    expected.set("X-RateLimit-Limit", "11");
    expect([...sent]).toEqual([...expected]);
  });
});
