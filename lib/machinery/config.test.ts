import { describe, expect, it } from "vitest";
import { parseSiweDomains } from "./config";

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
