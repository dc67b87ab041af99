import { describe, expect, it } from "vitest";
import { isAcceptedOrigin, isCrossSiteRequest, parseSiweDomains } from "./siwe-domains";

describe("SIWE_DOMAIN", () => {
  it("unset or empty: the loopback hosts on the serving port", () => {
    for (const value of [undefined, "", "  "])
      expect(parseSiweDomains(value, 3000)).toEqual(["localhost:3000", "127.0.0.1:3000", "[::1]:3000"]);
    expect(parseSiweDomains(undefined, 8080)).toEqual(["localhost:8080", "127.0.0.1:8080", "[::1]:8080"]);
  });

  it("a comma-separated list of host[:port], trimmed, in lower case, without repeats", () => {
    expect(parseSiweDomains("App.Example.com, localhost:3000 ,app.example.com,10.0.0.7:443,[::1]:3000,[2001:db8::1]", 3000)).toEqual([
      "app.example.com",
      "localhost:3000",
      "10.0.0.7:443",
      "[::1]:3000",
      "[2001:db8::1]",
    ]);
  });

  it.each([
    ["a scheme", "https://app.example.com"],
    ["a path", "app.example.com/login"],
    ["an empty entry", "app.example.com,,localhost:3000"],
    ["a trailing comma", "app.example.com,"],
    ["port 0", "app.example.com:0"],
    ["a port above 65535", "app.example.com:65536"],
    ["a port that is not a number", "app.example.com:http"],
    ["a space inside", "app example.com"],
    ["a user", "me@app.example.com"],
    ["an IPv6 address without brackets", "::1"],
    ["a malformed IPv6 address", "[::g]"],
    ["a label ending in a hyphen", "app-.example.com"],
  ])("refuses %s with a message naming SIWE_DOMAIN and the entry", (_label, value) => {
    expect(() => parseSiweDomains(value, 3000)).toThrow(/^SIWE_DOMAIN must be a comma-separated list of host\[:port\]/);
    expect(() => parseSiweDomains(value, 3000)).toThrow(JSON.stringify(value));
  });
});

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
