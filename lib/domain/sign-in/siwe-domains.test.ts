import { describe, expect, it } from "vitest";
import { isAcceptedOrigin, isCrossSiteRequest } from "./siwe-domains";

describe("a browser's Origin", () => {
  const domains = ["app.example.com", "localhost:3000", "[::1]:3000", "admin.example.com:8443"];

  it("is accepted when its host and port are a domain; a port-less domain is the default port", () => {
    for (const origin of [
      "https://app.example.com",
      "http://app.example.com",
      "https://APP.example.com",
      "https://app.example.com:443",
      "http://localhost:3000",
      "http://[::1]:3000",
      "https://admin.example.com:8443",
    ])
      expect(isAcceptedOrigin(origin, domains), origin).toBe(true);
  });

  it("is refused for another host, port or scheme, and for null or garbage", () => {
    for (const origin of [
      "https://evil.example",
      "https://app.example.com.evil.example",
      "https://app.example.com:8443",
      "http://localhost:3001",
      "http://127.0.0.1:3000",
      "https://admin.example.com",
      "null",
      "",
      "app.example.com",
      "file:///etc/passwd",
      "chrome-extension://abc",
    ])
      expect(isAcceptedOrigin(origin, domains), origin).toBe(false);
  });

  it("makes a request cross-site when it is another site's or Sec-Fetch-Site says so; no header at all is not a browser page", () => {
    const cross = (headers: Record<string, string>) => isCrossSiteRequest(new Headers(headers), domains);
    expect(cross({})).toBe(false);
    expect(cross({ origin: "https://app.example.com", "sec-fetch-site": "same-origin" })).toBe(false);
    expect(cross({ "sec-fetch-site": "same-site" })).toBe(false);
    expect(cross({ "sec-fetch-site": "none" })).toBe(false);
    expect(cross({ origin: "https://evil.example" })).toBe(true);
    expect(cross({ "sec-fetch-site": "cross-site" })).toBe(true);
    expect(cross({ origin: "https://app.example.com", "sec-fetch-site": "cross-site" })).toBe(true);
  });
});
