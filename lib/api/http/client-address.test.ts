import { afterEach, describe, expect, it } from "vitest";
import { HEADERS } from "@/lib/facts/http.mjs";
import { addressBucket, clientAddress, UNKNOWN_ADDRESS } from "./client-address";

const CLIENT_ADDRESS_HEADER = HEADERS.clientAddress;

const marker = Symbol.for("yieldgrid.serve");
const g = globalThis as { [marker]?: unknown };
const request = (headers: Record<string, string>) => new Request("http://localhost/api/v1/health", { headers });

describe("addressBucket", () => {
  it.each([
    ["192.0.2.7", "192.0.2.7"],
    ["::ffff:192.0.2.7", "192.0.2.7"],
    ["::FFFF:c000:0207", "192.0.2.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.7", "64:ff9b:0:0::/64"],
    ["", UNKNOWN_ADDRESS],
    ["not an address", UNKNOWN_ADDRESS],
    ["999.1.1.1", UNKNOWN_ADDRESS],
  ])("%s -> %s", (raw, bucket) => {
    expect(addressBucket(raw)).toBe(bucket);
  });

  it("gives every address of one /64 the same bucket and neighbouring /64s different ones", () => {
    expect(addressBucket("2001:db8:aa:bb:1::1")).toBe(addressBucket("2001:db8:aa:bb:ffff::9"));
    expect(addressBucket("2001:db8:aa:bb::1")).not.toBe(addressBucket("2001:db8:aa:bc::1"));
  });
});

describe("clientAddress", () => {
  afterEach(() => {
    delete g[marker];
  });

  it("with 0 hops takes the address serve.mjs stamped and ignores X-Forwarded-For", () => {
    g[marker] = { internalUrl: "http://127.0.0.1:0" };
    const req = request({ [CLIENT_ADDRESS_HEADER]: "::ffff:203.0.113.9", "x-forwarded-for": "198.51.100.1" });
    expect(clientAddress(req, 0)).toBe("203.0.113.9");
  });

  it("with 0 hops and no serve.mjs in the process believes no header: one shared bucket", () => {
    const req = request({ [CLIENT_ADDRESS_HEADER]: "203.0.113.9", "x-forwarded-for": "198.51.100.1" });
    expect(clientAddress(req, 0)).toBe(UNKNOWN_ADDRESS);
  });

  it("with N hops takes the N-th X-Forwarded-For entry from the right, ports and brackets removed", () => {
    const req = request({ "x-forwarded-for": "6.6.6.6, [2001:db8:1:2::7]:5000, 192.0.2.1:8080" });
    expect(clientAddress(req, 1)).toBe("192.0.2.1");
    expect(clientAddress(req, 2)).toBe("2001:db8:1:2::/64");
    expect(clientAddress(req, 3)).toBe("6.6.6.6");
    expect(clientAddress(req, 4)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(request({}), 1)).toBe(UNKNOWN_ADDRESS);
  });
});
