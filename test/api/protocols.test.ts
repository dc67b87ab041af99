import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/domain/api-keys/key-format";
import { api, expectError, expectIssues, fixture } from "../support/api";

// GET /protocols, /protocols/:id, /protocols/by-name/:name/chain/:chainId and .../latest against
// the documented contract (docs/api.md). Expected answers are computed here from the full lists.

interface Protocol {
  id: string;
  name: string;
  version: number;
  displayName: string;
  chainId: number;
  protocolAddress: string;
  icon: string;
  docsUrl: string;
  deprecated: boolean;
  deprecationReason: string | null;
  createdAt: string;
  updatedAt: string;
}

const LIVE_CHAINS = [1, 8453, 42161, 10, 137];
const TEST_CHAINS = [11155111, 84532, 31337];
const PROTOCOL_FIELDS = [
  "id",
  "name",
  "version",
  "displayName",
  "chainId",
  "protocolAddress",
  "icon",
  "docsUrl",
  "deprecated",
  "deprecationReason",
  "createdAt",
  "updatedAt",
].sort();
/** the versions of each protocol, and which of them are deprecated. */
const VERSIONS: Record<string, { all: number[]; deprecated: number[] }> = {
  aave: { all: [2, 3], deprecated: [2] },
  compound: { all: [2, 3], deprecated: [2] },
  morpho: { all: [0, 1, 2], deprecated: [0] },
  fluid: { all: [1], deprecated: [] },
};
const DISPLAY = { aave: "Aave", compound: "Compound", morpho: "Morpho", fluid: "Fluid" } as Record<
  string,
  string
>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const keys = () => fixture().keys;
const byVersion = (a: Protocol, b: Protocol) => a.version - b.version;
const sortedById = (list: Protocol[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** the highest version that is not deprecated; if all are deprecated, the highest. */
function latestOf(versions: Protocol[]): Protocol {
  const desc = [...versions].sort((a, b) => b.version - a.version);
  return desc.find((p) => !p.deprecated) ?? desc[0]!;
}

/** The distinct (name, chainId) pairs of a list. */
function deployments(list: Protocol[]): { name: string; chainId: number }[] {
  const seen = new Map<string, { name: string; chainId: number }>();
  for (const p of list) seen.set(`${p.name}:${p.chainId}`, { name: p.name, chainId: p.chainId });
  return [...seen.values()];
}

let live: Protocol[] = [];
let testEnv: Protocol[] = [];

beforeAll(async () => {
  const anonymous = await api<Protocol[]>("/protocols");
  expect(anonymous.status, anonymous.text).toBe(200);
  live = anonymous.body;
  const withTestKey = await api<Protocol[]>("/protocols", { key: keys().A.test.key });
  expect(withTestKey.status, withTestKey.text).toBe(200);
  testEnv = withTestKey.body;
});

describe("GET /protocols", () => {
  it("returns a JSON array of Protocol records with the documented fields", () => {
    expect(Array.isArray(live)).toBe(true);
    expect(live.length).toBeGreaterThan(0);
    for (const p of [...live, ...testEnv]) {
      const where = `${p.name} v${p.version} on ${p.chainId}`;
      expect(Object.keys(p).sort(), where).toEqual(PROTOCOL_FIELDS);
      expect(p.id, where).toMatch(UUID);
      expect(Number.isInteger(p.version), where).toBe(true);
      expect(Number.isInteger(p.chainId), where).toBe(true);
      expect(p.protocolAddress, where).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(new URL(p.docsUrl).protocol, where).toBe("https:");
      expect(typeof p.deprecated, where).toBe("boolean");
      for (const field of ["createdAt", "updatedAt"] as const) {
        expect(p[field], where).toMatch(ISO);
        expect(Number.isNaN(Date.parse(p[field])), where).toBe(false);
      }
    }
  });

  it("uses the four lower-case names, display names like 'Aave V3' and icon identifiers", () => {
    for (const p of [...live, ...testEnv]) {
      const where = `${p.name} v${p.version} on ${p.chainId}`;
      expect(Object.keys(VERSIONS), where).toContain(p.name);
      expect(p.displayName, where).toBe(`${DISPLAY[p.name]} V${p.version}`);
      expect(p.icon, where).toBe(p.name);
    }
    for (const name of Object.keys(VERSIONS))
      expect(
        live.some((p) => p.name === name),
        name,
      ).toBe(true);
  });

  it("keeps one record per (name, version, chainId), with unique ids", () => {
    const all = [...live, ...testEnv];
    expect(new Set(all.map((p) => `${p.name}:${p.version}:${p.chainId}`)).size).toBe(all.length);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
  });

  it("has only the documented versions, deprecated exactly for Aave v2, Compound v2 and Morpho v0", () => {
    for (const p of [...live, ...testEnv]) {
      const where = `${p.name} v${p.version} on ${p.chainId}`;
      const expected = VERSIONS[p.name]!;
      expect(expected.all, where).toContain(p.version);
      expect(p.deprecated, where).toBe(expected.deprecated.includes(p.version));
      if (p.deprecated) {
        expect(typeof p.deprecationReason, where).toBe("string");
        expect(p.deprecationReason!.trim().length, where).toBeGreaterThan(0);
      } else {
        expect(p.deprecationReason, where).toBeNull();
      }
    }
    // The deprecated versions are listed somewhere, so the check above is not vacuous.
    for (const [name, version] of [
      ["aave", 2],
      ["compound", 2],
      ["morpho", 0],
    ] as const)
      expect(
        live.some((p) => p.name === name && p.version === version),
        `${name} v${version}`,
      ).toBe(true);
  });

  it("lists Aave V3 on every live chain and Fluid nowhere on Optimism", () => {
    for (const chainId of LIVE_CHAINS)
      expect(
        live.some((p) => p.name === "aave" && p.version === 3 && p.chainId === chainId),
        String(chainId),
      ).toBe(true);
    expect(live.some((p) => p.name === "fluid" && p.chainId === 10)).toBe(false);
    expect(live.some((p) => p.name === "fluid")).toBe(true);
  });

  it("filters by chainId exactly", async () => {
    for (const chainId of LIVE_CHAINS) {
      const res = await api<Protocol[]>(`/protocols?chainId=${chainId}`);
      expect(res.status, res.text).toBe(200);
      const expected = live.filter((p) => p.chainId === chainId);
      expect(expected.length, String(chainId)).toBeGreaterThan(0);
      expect(sortedById(res.body), String(chainId)).toEqual(sortedById(expected));
    }
    for (const chainId of TEST_CHAINS) {
      const res = await api<Protocol[]>(`/protocols?chainId=${chainId}`, { key: keys().A.test.key });
      expect(res.status, res.text).toBe(200);
      expect(sortedById(res.body), String(chainId)).toEqual(
        sortedById(testEnv.filter((p) => p.chainId === chainId)),
      );
    }
  });
});

describe("GET /protocols/:id", () => {
  it("returns each record directly, equal to its list entry", async () => {
    for (const p of live) {
      const res = await api<Protocol>(`/protocols/${p.id}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual(p);
    }
    for (const p of testEnv) {
      const res = await api<Protocol>(`/protocols/${p.id}`, { key: keys().B.test.key });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual(p);
    }
  });

  it("accepts the UUID in upper case", async () => {
    const p = live[0]!;
    const res = await api<Protocol>(`/protocols/${p.id.toUpperCase()}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(p);
  });
});

describe("GET /protocols/by-name/:name/chain/:chainId and /latest", () => {
  it("returns all versions of a protocol on a chain", async () => {
    for (const { name, chainId } of deployments(live)) {
      const res = await api<Protocol[]>(`/protocols/by-name/${name}/chain/${chainId}`);
      expect(res.status, res.text).toBe(200);
      const expected = live.filter((p) => p.name === name && p.chainId === chainId).sort(byVersion);
      expect([...res.body].sort(byVersion), `${name} on ${chainId}`).toEqual(expected);
    }
  });

  it("returns the highest non-deprecated version as latest", async () => {
    for (const { name, chainId } of deployments(live)) {
      const res = await api<Protocol>(`/protocols/by-name/${name}/chain/${chainId}/latest`);
      expect(res.status, res.text).toBe(200);
      expect(res.body, `${name} on ${chainId}`).toEqual(
        latestOf(live.filter((p) => p.name === name && p.chainId === chainId)),
      );
    }
  });

  it("picks Aave V3 over the deprecated Aave V2 on Ethereum, and Morpho's highest live version", async () => {
    const aave = await api<Protocol>("/protocols/by-name/aave/chain/1/latest");
    expect(aave.status).toBe(200);
    expect(aave.body).toMatchObject({
      name: "aave",
      version: 3,
      deprecated: false,
      deprecationReason: null,
      chainId: 1,
    });
    const morpho = await api<Protocol>("/protocols/by-name/morpho/chain/1/latest");
    expect(morpho.status).toBe(200);
    const morphoVersions = live
      .filter((p) => p.name === "morpho" && p.chainId === 1 && !p.deprecated)
      .map((p) => p.version);
    expect(morpho.body.version).toBe(Math.max(...morphoVersions));
    expect(morpho.body.deprecated).toBe(false);
  });

  it("serves the test environment's deployments to a test key", async () => {
    expect(testEnv.length).toBeGreaterThan(0);
    for (const { name, chainId } of deployments(testEnv)) {
      const versions = await api<Protocol[]>(`/protocols/by-name/${name}/chain/${chainId}`, {
        key: keys().A.test.key,
      });
      expect(versions.status, versions.text).toBe(200);
      expect([...versions.body].sort(byVersion)).toEqual(
        testEnv.filter((p) => p.name === name && p.chainId === chainId).sort(byVersion),
      );
      const latest = await api<Protocol>(`/protocols/by-name/${name}/chain/${chainId}/latest`, {
        key: keys().A.test.key,
      });
      expect(latest.status, latest.text).toBe(200);
      expect(latest.body).toEqual(latestOf(versions.body));
    }
  });

  it("answers 404 where a protocol has no deployment: Fluid on Optimism", async () => {
    const error = expectError(await api("/protocols/by-name/fluid/chain/10"), 404, "NOT_FOUND");
    expect(error.details.issues).toBeUndefined();
    expectError(await api("/protocols/by-name/fluid/chain/10/latest"), 404, "NOT_FOUND");
    // Fluid has no testnet deployment either (docs/data.md).
    expectError(
      await api("/protocols/by-name/fluid/chain/11155111", { key: keys().A.test.key }),
      404,
      "NOT_FOUND",
    );
    expectError(
      await api("/protocols/by-name/fluid/chain/84532/latest", { key: keys().A.test.key }),
      404,
      "NOT_FOUND",
    );
  });
});

describe("environments", () => {
  it("shows anonymous callers and live keys only live chains", async () => {
    for (const p of live) expect(LIVE_CHAINS, `${p.name} ${p.chainId}`).toContain(p.chainId);
    const withLiveKey = await api<Protocol[]>("/protocols", { key: keys().A.live.key });
    expect(withLiveKey.status).toBe(200);
    expect(sortedById(withLiveKey.body)).toEqual(sortedById(live));
  });

  it("shows test keys only test chains, Sepolia included", async () => {
    for (const p of testEnv) expect(TEST_CHAINS, `${p.name} ${p.chainId}`).toContain(p.chainId);
    expect(testEnv.some((p) => p.chainId === 11155111)).toBe(true);
    const otherAccount = await api<Protocol[]>("/protocols", { key: keys().B.test.key });
    expect(sortedById(otherAccount.body)).toEqual(sortedById(testEnv));
  });

  const sepolia = () => testEnv.find((p) => p.chainId === 11155111)!;
  const forbidden: { what: string; path: () => string; key: () => string | undefined }[] = [
    { what: "anonymous ?chainId=11155111", path: () => "/protocols?chainId=11155111", key: () => undefined },
    { what: "live key ?chainId=84532", path: () => "/protocols?chainId=84532", key: () => keys().A.live.key },
    { what: "test key ?chainId=1", path: () => "/protocols?chainId=1", key: () => keys().A.test.key },
    { what: "anonymous, a Sepolia record", path: () => `/protocols/${sepolia().id}`, key: () => undefined },
    {
      what: "live key, a Sepolia record",
      path: () => `/protocols/${sepolia().id}`,
      key: () => keys().B.live.key,
    },
    {
      what: "test key, a mainnet record",
      path: () => `/protocols/${live[0]!.id}`,
      key: () => keys().A.test.key,
    },
    {
      what: "anonymous by-name on Sepolia",
      path: () => `/protocols/by-name/${sepolia().name}/chain/11155111`,
      key: () => undefined,
    },
    {
      what: "anonymous latest on Sepolia",
      path: () => `/protocols/by-name/${sepolia().name}/chain/11155111/latest`,
      key: () => undefined,
    },
    {
      what: "test key by-name on Ethereum",
      path: () => "/protocols/by-name/aave/chain/1",
      key: () => keys().A.test.key,
    },
    {
      what: "test key latest on Base",
      path: () => "/protocols/by-name/aave/chain/8453/latest",
      key: () => keys().A.test.key,
    },
    {
      what: "anonymous by-name on the local chain",
      path: () => "/protocols/by-name/aave/chain/31337",
      key: () => undefined,
    },
    { what: "anonymous ?chainId=31337", path: () => "/protocols?chainId=31337", key: () => undefined },
  ];

  it.each(forbidden)("answers 403 FORBIDDEN across environments: $what", async ({ path, key }) => {
    expectError(await api(path(), { key: key() }), 403, "FORBIDDEN");
  });
});

describe("errors", () => {
  const rows: { path: string; status: number; code: string; issue?: string[] }[] = [
    { path: "/protocols/not-a-uuid", status: 400, code: "BAD_REQUEST", issue: ["id"] },
    { path: "/protocols/12345", status: 400, code: "BAD_REQUEST", issue: ["id"] },
    {
      path: "/protocols/00000000-0000-0000-0000-00000000000g",
      status: 400,
      code: "BAD_REQUEST",
      issue: ["id"],
    },
    { path: `/protocols/${randomUUID()}`, status: 404, code: "NOT_FOUND" },
    { path: "/protocols?chainId=abc", status: 400, code: "BAD_REQUEST", issue: ["chainId"] },
    { path: "/protocols?chainId=1.5", status: 400, code: "BAD_REQUEST", issue: ["chainId"] },
    { path: "/protocols?chainId=999", status: 400, code: "BAD_REQUEST", issue: ["chainId"] },
    { path: "/protocols?chainId=0", status: 400, code: "BAD_REQUEST", issue: ["chainId"] },
    { path: "/protocols?chainId=1&chainId=8453", status: 400, code: "BAD_REQUEST", issue: ["chainId"] },
    { path: "/protocols?name=aave", status: 400, code: "BAD_REQUEST", issue: ["name"] },
    { path: "/protocols/by-name/uniswap/chain/1", status: 404, code: "NOT_FOUND" },
    { path: "/protocols/by-name/uniswap/chain/1/latest", status: 404, code: "NOT_FOUND" },
    { path: "/protocols/by-name/aave/chain/abc", status: 400, code: "BAD_REQUEST", issue: ["chainId"] },
    {
      path: "/protocols/by-name/aave/chain/abc/latest",
      status: 400,
      code: "BAD_REQUEST",
      issue: ["chainId"],
    },
    { path: "/protocols/by-name/aave/chain/999", status: 404, code: "NOT_FOUND" },
    { path: "/protocols/by-name/aave/chain/999/latest", status: 404, code: "NOT_FOUND" },
  ];

  it.each(rows)("$path → $status $code", async ({ path, status, code, issue }) => {
    const error = expectError(await api(path), status, code);
    expectIssues(error, issue);
  });
});

describe("security", () => {
  it("serves anonymous callers", async () => {
    const res = await api<Protocol[]>("/protocols?chainId=1");
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
  });

  it("rejects malformed, unknown, expired and revoked keys with the same 401 INVALID_API_KEY body", async () => {
    const liveKey = keys().A.live.key;
    const badKeys = [
      "yg_sk_live_nope",
      liveKey.slice(0, -1) + (liveKey.at(-1) === "A" ? "B" : "A"),
      generateApiKey("live").key,
      keys().A.expired.key,
      keys().A.revoked.key,
    ];
    const bodies = new Set<string>();
    for (const path of [
      "/protocols",
      `/protocols/${live[0]!.id}`,
      "/protocols/by-name/aave/chain/1/latest",
    ]) {
      for (const key of badKeys) {
        const error = expectError(await api(path, { key }), 401, "INVALID_API_KEY");
        const { timestamp, requestId, ...rest } = error.details;
        expect([typeof timestamp, typeof requestId]).toEqual(["string", "string"]);
        bodies.add(JSON.stringify({ code: error.code, message: error.message, details: rest }));
      }
    }
    expect(bodies.size, [...bodies].join("\n")).toBe(1);
  });
});
