import { afterEach, describe, expect, it, vi } from "vitest";
import { configuredRpcUrls, MERKL_PUBLIC_API_URL, merklApiUrl, parseRpcUrls, parseSiweDomains, readConfig } from "./config";

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

describe("MERKL_API_URL", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("unset or empty: Merkl's public API while public RPCs are on, none when PUBLIC_RPC=false", () => {
    expect(MERKL_PUBLIC_API_URL).toBe("https://api.merkl.xyz");
    for (const value of [undefined, "", "  "]) {
      vi.stubEnv("MERKL_API_URL", value);
      vi.stubEnv("PUBLIC_RPC", undefined);
      expect(merklApiUrl()).toBe("https://api.merkl.xyz");
      vi.stubEnv("PUBLIC_RPC", "true");
      expect(merklApiUrl()).toBe("https://api.merkl.xyz");
      vi.stubEnv("PUBLIC_RPC", "false");
      expect(merklApiUrl()).toBeNull();
    }
  });

  it("set: it wins over PUBLIC_RPC, without its trailing slashes", () => {
    vi.stubEnv("PUBLIC_RPC", "false");
    vi.stubEnv("MERKL_API_URL", "http://127.0.0.1:4010/");
    expect(merklApiUrl()).toBe("http://127.0.0.1:4010");
    vi.stubEnv("MERKL_API_URL", "https://merkl.internal.example/proxy");
    expect(merklApiUrl()).toBe("https://merkl.internal.example/proxy");
    expect(readConfig().merklApiUrl).toBe("https://merkl.internal.example/proxy");
  });

  it("off turns it off, even with public RPCs on", () => {
    vi.stubEnv("PUBLIC_RPC", "true");
    for (const value of ["off", "OFF", " off "]) {
      vi.stubEnv("MERKL_API_URL", value);
      expect(merklApiUrl()).toBeNull();
    }
  });

  it.each(["api.merkl.xyz", "ftp://api.merkl.xyz", "https://api.merkl.xyz/?chainId=1", "false", "no"])("refuses %j with a message naming MERKL_API_URL", (value) => {
    vi.stubEnv("MERKL_API_URL", value);
    expect(() => merklApiUrl()).toThrow(/^MERKL_API_URL must be an http\(s\) base URL without query .* or "off", got /);
    expect(() => readConfig()).toThrow(/^MERKL_API_URL must be/);
  });
});

describe("RPC_URL_<chainId>", () => {
  it("a comma-separated list of http(s) URLs, trimmed, empty entries dropped, in the order given", () => {
    expect(parseRpcUrls("RPC_URL_8453", " https://a.example/v2/KEY , ,http://127.0.0.1:8545,")).toEqual(["https://a.example/v2/KEY", "http://127.0.0.1:8545"]);
    expect(parseRpcUrls("RPC_URL_8453", "https://one.example")).toEqual(["https://one.example"]);
    for (const value of [undefined, "", " , "]) expect(parseRpcUrls("RPC_URL_8453", value)).toEqual([]);
  });

  it("is parsed once: the same list every time", () => {
    const value = "https://a.example,https://b.example";
    expect(parseRpcUrls("RPC_URL_1", value)).toBe(parseRpcUrls("RPC_URL_1", value));
  });

  it.each([
    ["a URL without scheme", "rpc.example/v2/SECRETKEY", "entry 1 is not a URL"],
    ["another scheme", "https://ok.example,wss://rpc.example/SECRETKEY", 'entry 2 has the scheme "wss:"'],
    ["a host and port without scheme", "localhost:8545", 'entry 1 has the scheme "localhost:"'],
    ["words", "https://ok.example,not a url SECRETKEY", "entry 2 is not a URL"],
  ])("refuses %s, naming the variable and the entry's position but never the entry", (_label, value, problem) => {
    expect(() => parseRpcUrls("RPC_URL_8453", value)).toThrow(/^RPC_URL_8453 must be a comma-separated list of http:\/\/ or https:\/\/ URLs/);
    expect(() => parseRpcUrls("RPC_URL_8453", value)).toThrow(problem);
    expect(() => parseRpcUrls("RPC_URL_8453", value)).not.toThrow(/SECRETKEY/);
  });

  it("every RPC_URL_<chainId> is checked when the configuration is read (the server's start)", () => {
    vi.stubEnv("RPC_URL_10", "https://a.example/KEY, https://b.example");
    vi.stubEnv("RPC_URL_8453", "https://ok.example,ftp://files.example");
    try {
      expect(() => readConfig()).toThrow(/^RPC_URL_8453 must be .*entry 2 has the scheme "ftp:"/);
      vi.stubEnv("RPC_URL_8453", "");
      expect(readConfig().rpcUrls).toMatchObject({ 10: ["https://a.example/KEY", "https://b.example"], 8453: [] });
      expect(configuredRpcUrls(10)).toEqual(["https://a.example/KEY", "https://b.example"]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("RESPONSE_CACHE_MB", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("sets the response cache's budget in MiB (default 64; 0 keeps no answers)", () => {
    vi.stubEnv("RESPONSE_CACHE_MB", undefined);
    expect(readConfig().responseCacheBytes).toBe(64 * 1024 * 1024);
    vi.stubEnv("RESPONSE_CACHE_MB", "16");
    expect(readConfig().responseCacheBytes).toBe(16 * 1024 * 1024);
    vi.stubEnv("RESPONSE_CACHE_MB", "0");
    expect(readConfig().responseCacheBytes).toBe(0);
  });

  it.each(["-1", "1.5", "lots"])("refuses %j with a message naming it", (value) => {
    vi.stubEnv("RESPONSE_CACHE_MB", value);
    expect(() => readConfig()).toThrow(`RESPONSE_CACHE_MB must be an integer >= 0, got "${value}"`);
  });
});
