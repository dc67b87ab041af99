import { encodeAbiParameters, keccak256 } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/domain/api-keys/key-format";
import { api, expectError, expectIssues, fixture } from "../support/api";

// GET /instruments, /instruments/by-chain/:chainId and /instruments/:instrumentId against the documented
// contract (docs/api.md). Expected lists are computed here from the full catalog, fetched once per environment.

interface ProtocolInfo {
  id: string;
  name: string;
  version: number;
  displayName: string;
  icon: string;
  docsUrl: string;
  deprecated: boolean;
}

interface Instrument {
  instrumentId: string;
  protocol: string;
  protocolInfo: ProtocolInfo;
  chainId: number;
  protocolAddress: string;
  marketId: string;
  adapterAddress: string;
  tokenAddress: string;
  tokenSymbol: string;
  yieldTokenAddress: string;
  yieldTokenSymbol: string;
  description: string;
  symbol: string;
  currentApy: number;
  tvl: number;
  rewards: unknown[];
  apyReward: number;
  apyTotal: number;
  rewardsComplete: boolean;
  lastSyncedAt: string;
  asOfBlock: number | null;
  asOfTime: string | null;
  availableLiquidityUsd: number | null;
  utilization: number | null;
  isActive: boolean;
  isStablecoin: boolean;
  assetCategory: string;
  createdAt: string;
  updatedAt: string;
}

interface Pagination {
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
}

interface InstrumentPage {
  data: Instrument[];
  pagination: Pagination;
}

const LIVE_CHAINS = [1, 8453, 42161, 10, 137];
const TEST_CHAINS = [11155111, 84532, 31337];
const PROTOCOLS = ["aave", "compound", "morpho", "fluid"];
const CATEGORIES = ["USD", "EUR", "ETH", "BTC"];
const INSTRUMENT_FIELDS = [
  "instrumentId",
  "protocol",
  "protocolInfo",
  "chainId",
  "protocolAddress",
  "marketId",
  "adapterAddress",
  "tokenAddress",
  "tokenSymbol",
  "yieldTokenAddress",
  "yieldTokenSymbol",
  "description",
  "symbol",
  "currentApy",
  "tvl",
  // yield over time (test/api/yield-over-time.test.ts checks their values)
  "apy7d",
  "apy30d",
  "apyChange7d",
  "lastSyncedAt",
  // the block the values were read at (null on sample data)
  "asOfBlock",
  "asOfTime",
  // rewards (test/chain covers the values a sync reads)
  "rewards",
  "apyReward",
  "apyTotal",
  "rewardsComplete",
  // exit liquidity (null on sample data)
  "availableLiquidityUsd",
  "utilization",
  "isActive",
  "isStablecoin",
  "assetCategory",
  "createdAt",
  "updatedAt",
].sort();
const PROTOCOL_INFO_FIELDS = ["id", "name", "version", "displayName", "icon", "docsUrl", "deprecated"].sort();

const BYTES32 = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

type SortField = "apy" | "apyTotal" | "tvl" | "createdAt";
type SortKey = { field: SortField; order: "asc" | "desc" };

const valueOf = (item: Instrument, field: SortField) =>
  field === "apy" ? item.currentApy : field === "apyTotal" ? item.apyTotal : field === "tvl" ? item.tvl : Date.parse(item.createdAt);

/** The documented order: the given keys, then instrumentId ascending. */
function sorted(items: Instrument[], keys: SortKey[]): Instrument[] {
  return [...items].sort((a, b) => {
    for (const { field, order } of keys) {
      const d = valueOf(a, field) - valueOf(b, field);
      if (d !== 0) return order === "asc" ? d : -d;
    }
    return a.instrumentId < b.instrumentId ? -1 : a.instrumentId > b.instrumentId ? 1 : 0;
  });
}

const DEFAULT_ORDER: SortKey[] = [{ field: "tvl", order: "desc" }];
const ids = (items: Instrument[]) => items.map((i) => i.instrumentId);
const withQuery = (path: string, query: string) =>
  query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;

/** Pages through a list with the given page size (offset paging), checking every pagination object on the way. */
async function walk(path: string, { limit, key }: { limit: number; key?: string }): Promise<Instrument[]> {
  const items: Instrument[] = [];
  let total: number | undefined;
  for (let offset = 0; ; offset += limit) {
    const res = await api<InstrumentPage>(withQuery(path, `limit=${limit}&offset=${offset}`), { key });
    expect(res.status, `${path} offset ${offset}: ${res.text.slice(0, 300)}`).toBe(200);
    total ??= res.body.pagination.total;
    const expectedLength = Math.max(0, Math.min(limit, total - offset));
    expect(res.body.data).toHaveLength(expectedLength);
    expect(res.body.pagination).toEqual({ total, limit, offset, hasMore: offset + expectedLength < total });
    items.push(...res.body.data);
    if (!res.body.pagination.hasMore) break;
    if (offset > 10_000) throw new Error("pagination does not end");
  }
  expect(items).toHaveLength(total!);
  return items;
}

/** The same walk with page= instead of offset=. */
async function walkPages(
  path: string,
  { limit, key }: { limit: number; key?: string },
): Promise<Instrument[]> {
  const items: Instrument[] = [];
  for (let page = 1; ; page++) {
    const res = await api<InstrumentPage>(withQuery(path, `limit=${limit}&page=${page}`), { key });
    expect(res.status, `${path} page ${page}: ${res.text.slice(0, 300)}`).toBe(200);
    const { total } = res.body.pagination;
    const offset = (page - 1) * limit;
    const expectedLength = Math.max(0, Math.min(limit, total - offset));
    expect(res.body.data).toHaveLength(expectedLength);
    expect(res.body.pagination).toEqual({ total, limit, offset, hasMore: offset + expectedLength < total });
    items.push(...res.body.data);
    if (!res.body.pagination.hasMore) break;
    if (page > 1_000) throw new Error("pagination does not end");
  }
  return items;
}

let live: Instrument[] = [];
let testEnv: Instrument[] = [];
const keys = () => fixture().keys;

beforeAll(async () => {
  live = await walk("/instruments", { limit: 100 });
  testEnv = await walk("/instruments", { limit: 100, key: keys().A.test.key });
});

describe("the catalog", () => {
  it("is non-empty in both environments, with unique instrument ids", () => {
    expect(live.length).toBeGreaterThan(10);
    expect(testEnv.length).toBeGreaterThan(0);
    expect(new Set(ids(live)).size).toBe(live.length);
    expect(new Set(ids(testEnv)).size).toBe(testEnv.length);
  });

  it("gives every instrument the documented fields with the documented types", () => {
    for (const item of [...live, ...testEnv]) {
      const where = `${item.instrumentId} (${item.description})`;
      expect(Object.keys(item).sort(), where).toEqual(INSTRUMENT_FIELDS);
      expect(item.instrumentId, where).toMatch(BYTES32);
      expect(item.marketId, where).toMatch(BYTES32);
      for (const field of ["protocolAddress", "adapterAddress", "tokenAddress", "yieldTokenAddress"] as const)
        expect(item[field], `${where} ${field}`).toMatch(ADDRESS);
      expect(PROTOCOLS, where).toContain(item.protocol);
      expect(Number.isInteger(item.chainId), where).toBe(true);
      expect(item.tokenSymbol.length, where).toBeGreaterThan(0);
      expect(item.yieldTokenSymbol.length, where).toBeGreaterThan(0);
      expect(item.symbol, where).toBe(item.tokenSymbol);
      expect(typeof item.description, where).toBe("string");
      expect(item.description.length, where).toBeGreaterThan(0);
      expect(
        Number.isFinite(item.currentApy) && item.currentApy >= 0 && item.currentApy < 100,
        `${where} apy ${item.currentApy}`,
      ).toBe(true);
      expect(Number.isFinite(item.tvl) && item.tvl >= 0, `${where} tvl ${item.tvl}`).toBe(true);
      for (const field of ["lastSyncedAt", "createdAt", "updatedAt"] as const) {
        expect(item[field], `${where} ${field}`).toMatch(ISO);
        expect(Number.isNaN(Date.parse(item[field])), `${where} ${field}`).toBe(false);
      }
      expect(typeof item.isActive, where).toBe("boolean");
      // No chain of the API tests' server is synced: every record shows sample data, read at no block,
      // and its exit liquidity is unknown (null), never a made-up figure or 0.
      expect([item.asOfBlock, item.asOfTime], where).toEqual([null, null]);
      // …and no reward source has read it: its rewards are unknown, not 0.
      expect([item.rewards, item.apyReward, item.apyTotal, item.rewardsComplete], where).toEqual([[], 0, item.currentApy, false]);
      expect([item.availableLiquidityUsd, item.utilization], where).toEqual([null, null]);
      expect(CATEGORIES, where).toContain(item.assetCategory);
      expect(item.isStablecoin, where).toBe(item.assetCategory === "USD" || item.assetCategory === "EUR");

      const info = item.protocolInfo;
      expect(Object.keys(info).sort(), where).toEqual(PROTOCOL_INFO_FIELDS);
      expect(info.id, where).toMatch(UUID);
      expect(info.name, where).toBe(item.protocol);
      expect(Number.isInteger(info.version), where).toBe(true);
      expect(info.displayName, where).toBe(
        `${info.name[0]!.toUpperCase()}${info.name.slice(1)} V${info.version}`,
      );
      expect(new URL(info.docsUrl).protocol, where).toBe("https:");
      expect(typeof info.deprecated, where).toBe("boolean");
      const icon = new URL(info.icon);
      expect(["http:", "https:"], where).toContain(icon.protocol);
      expect(icon.pathname.endsWith(".svg"), `${where} icon ${info.icon}`).toBe(true);
    }
  });

  it("derives instrumentId as keccak256(abi.encode(chainId, protocolAddress, marketId))", () => {
    for (const item of [...live, ...testEnv]) {
      const expected = keccak256(
        encodeAbiParameters(
          [{ type: "uint256" }, { type: "address" }, { type: "bytes32" }],
          [BigInt(item.chainId), item.protocolAddress as `0x${string}`, item.marketId as `0x${string}`],
        ),
      );
      expect(item.instrumentId, item.description).toBe(expected);
    }
  });

  it("uses the documented marketId: underlying for Aave and Compound, the vault for ERC-4626", () => {
    for (const item of [...live, ...testEnv]) {
      expect(item.marketId.slice(0, 26), item.description).toBe("0x" + "0".repeat(24));
      const padded =
        "0x" +
        "0".repeat(24) +
        (item.protocol === "aave" || item.protocol === "compound"
          ? item.tokenAddress
          : item.yieldTokenAddress
        )
          .slice(2)
          .toLowerCase();
      expect(item.marketId, item.description).toBe(padded);
    }
  });

  it("serves each protocol icon URL as an SVG image", async () => {
    const icons = new Set([...live, ...testEnv].map((i) => i.protocolInfo.icon));
    expect(icons.size).toBeGreaterThan(0);
    for (const icon of icons) {
      const res = await fetch(icon);
      expect(res.status, icon).toBe(200);
      expect(res.headers.get("content-type") ?? "", icon).toMatch(/^image\/svg\+xml/);
      expect(await res.text(), icon).toContain("<svg");
    }
  });

  it("builds the icon URL on the origin the client called, so that it can be fetched from elsewhere", () => {
    // The fixture server is reached at 127.0.0.1:<port>; an icon on another host (e.g. localhost) only works
    // for a client on the server's own machine.
    const origin = new URL(fixture().baseUrl).origin;
    for (const item of [...live.slice(0, 3), ...testEnv.slice(0, 1)])
      expect(item.protocolInfo.icon).toBe(`${origin}/icons/protocols/${item.protocol}.svg`);
  });

  it("embeds ProtocolInfo that matches the protocol record of the same chain", async () => {
    const byProtocol = new Map<string, Instrument[]>();
    for (const item of live)
      byProtocol.set(item.protocolInfo.id, [...(byProtocol.get(item.protocolInfo.id) ?? []), item]);
    for (const [id, items] of byProtocol) {
      const res = await api(`/protocols/${id}`);
      expect(res.status, res.text).toBe(200);
      for (const item of items) {
        const { icon, ...info } = item.protocolInfo;
        expect(info).toEqual({
          id: res.body.id,
          name: res.body.name,
          version: res.body.version,
          displayName: res.body.displayName,
          docsUrl: res.body.docsUrl,
          deprecated: res.body.deprecated,
        });
        expect(icon.endsWith(`/${res.body.icon}.svg`), icon).toBe(true);
        expect(res.body.chainId).toBe(item.chainId);
        // Compound v3 records carry the chain's USDC Comet, every instrument its own Comet.
        if (item.protocol !== "compound")
          expect(item.protocolAddress.toLowerCase()).toBe(res.body.protocolAddress.toLowerCase());
      }
    }
  });

  it("returns one instrument directly, equal to its list entry", async () => {
    for (const item of [...live.slice(0, 5), live.at(-1)!]) {
      const res = await api<Instrument>(`/instruments/${item.instrumentId}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual(item);
    }
    const first = testEnv[0]!;
    const res = await api<Instrument>(`/instruments/${first.instrumentId}`, { key: keys().A.test.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(first);
  });

  it("answers a repeated list the same, byte for byte, from many clients at once, each with its own request id", async () => {
    // The first request computes and stores the answer; the others are served the stored bytes.
    const path = "/instruments?limit=100&sortBy=apy&sortOrder=desc";
    const first = await api(path);
    expect(first.status, first.text).toBe(200);
    const repeats = await Promise.all(Array.from({ length: 12 }, () => api(path)));
    for (const res of repeats) {
      expect(res.status).toBe(200);
      expect(res.text).toBe(first.text);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    }
    const ids = new Set([first, ...repeats].map((r) => r.headers.get("x-request-id")));
    expect(ids.size).toBe(13);
    // HEAD of the same answer: the headers, no body.
    const head = await fetch(`${fixture().baseUrl}/api/v1${path}`, { method: "HEAD", headers: { "x-forwarded-for": "198.51.100.77" } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("accepts an instrument id written in upper-case hex", async () => {
    const item = live[0]!;
    const res = await api<Instrument>(`/instruments/0x${item.instrumentId.slice(2).toUpperCase()}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(item);
  });
});

describe("pagination", () => {
  it("defaults to limit 10, offset 0 and tvl descending with the instrumentId tie-break", async () => {
    const res = await api<InstrumentPage>("/instruments");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "pagination"]);
    expect(res.body.pagination).toEqual({
      total: live.length,
      limit: 10,
      offset: 0,
      hasMore: live.length > 10,
    });
    expect(ids(res.body.data)).toEqual(ids(sorted(live, DEFAULT_ORDER).slice(0, 10)));
    expect(ids(live)).toEqual(ids(sorted(live, DEFAULT_ORDER)));
  });

  it("answers an offset past the end with an empty page", async () => {
    const res = await api<InstrumentPage>(`/instruments?offset=${live.length + 5}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [],
      pagination: { total: live.length, limit: 10, offset: live.length + 5, hasMore: false },
    });
  });

  it("ends exactly at the last item", async () => {
    const res = await api<InstrumentPage>(`/instruments?offset=${live.length - 3}&limit=3`);
    expect(res.body.pagination).toEqual({
      total: live.length,
      limit: 3,
      offset: live.length - 3,
      hasMore: false,
    });
    expect(ids(res.body.data)).toEqual(ids(live.slice(-3)));
    const one = await api<InstrumentPage>(`/instruments?offset=${live.length - 4}&limit=3`);
    expect(one.body.pagination.hasMore).toBe(true);
  });

  it("answers far-away offsets and pages with an empty page, not an error", async () => {
    for (const [query, offset] of [
      ["offset=1000000000", 1_000_000_000],
      ["page=1000000&limit=100", 99_999_900],
    ] as const) {
      const res = await api<InstrumentPage>(`/instruments?${query}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.pagination).toMatchObject({ total: live.length, offset, hasMore: false });
    }
  });

  it("maps page to offset (page-1)*limit", async () => {
    const res = await api<InstrumentPage>("/instruments?page=3&limit=7");
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({
      total: live.length,
      limit: 7,
      offset: 14,
      hasMore: live.length > 21,
    });
    expect(ids(res.body.data)).toEqual(ids(live.slice(14, 21)));
  });

  const orderings: { query: string; keys: SortKey[] }[] = [
    { query: "", keys: DEFAULT_ORDER },
    ...(["apy", "apyTotal", "tvl", "createdAt"] as const).flatMap((field) =>
      (["asc", "desc"] as const).map((order) => ({
        query: `sortBy=${field}&sortOrder=${order}`,
        keys: [{ field, order }],
      })),
    ),
    { query: "sortBy=apy", keys: [{ field: "apy", order: "desc" }] },
    { query: "sortOrder=asc", keys: [{ field: "tvl", order: "asc" }] },
    { query: "sortBy=createdAt", keys: [{ field: "createdAt", order: "desc" }] },
    {
      query: "sort=apy:desc,tvl:asc",
      keys: [
        { field: "apy", order: "desc" },
        { field: "tvl", order: "asc" },
      ],
    },
    { query: "sort=tvl:asc", keys: [{ field: "tvl", order: "asc" }] },
    {
      query: "sort=createdAt:asc,apy:asc,tvl:desc",
      keys: [
        { field: "createdAt", order: "asc" },
        { field: "apy", order: "asc" },
        { field: "tvl", order: "desc" },
      ],
    },
    {
      query: "sort=createdAt:desc,tvl:asc",
      keys: [
        { field: "createdAt", order: "desc" },
        { field: "tvl", order: "asc" },
      ],
    },
  ];

  it.each(orderings)(
    "walks the whole catalog without duplicates or gaps: $query",
    async ({ query, keys: sortKeys }) => {
      const expected = ids(sorted(live, sortKeys));
      for (const limit of [7, 100]) {
        const got = ids(await walk(withQuery("/instruments", query), { limit }));
        expect(new Set(got).size, `limit ${limit}: duplicates`).toBe(got.length);
        expect(got, `limit ${limit}`).toEqual(expected);
      }
      expect(ids(await walkPages(withQuery("/instruments", query), { limit: 7 }))).toEqual(expected);
    },
  );

  it("walks the test environment's catalog with a test key", async () => {
    const got = ids(
      await walk("/instruments?sortBy=apy&sortOrder=asc", { limit: 2, key: keys().A.test.key }),
    );
    expect(got).toEqual(ids(sorted(testEnv, [{ field: "apy", order: "asc" }])));
  });

  it("walks one chain's list with by-chain in the requested order", async () => {
    const expected = ids(
      sorted(
        live.filter((i) => i.chainId === 1),
        [{ field: "apy", order: "asc" }],
      ),
    );
    expect(ids(await walk("/instruments/by-chain/1?sortBy=apy&sortOrder=asc", { limit: 7 }))).toEqual(
      expected,
    );
    expect(ids(await walkPages("/instruments/by-chain/1?sort=apy:asc", { limit: 7 }))).toEqual(expected);
  });
});

describe("filters", () => {
  const lower = (s: string) => s.toLowerCase();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  type Case = { query: string; match: (i: Instrument) => boolean };

  // Built lazily: the thresholds come from the catalog fetched in beforeAll.
  function cases(): Case[] {
    const apyMid = median(live.map((i) => i.currentApy));
    const tvlMid = median(live.map((i) => i.tvl));
    const search = (text: string) => (i: Instrument) =>
      lower(i.tokenSymbol).includes(lower(text)) || lower(i.yieldTokenSymbol).includes(lower(text));
    return [
      ...LIVE_CHAINS.map((chainId) => ({
        query: `chainId=${chainId}`,
        match: (i: Instrument) => i.chainId === chainId,
      })),
      { query: "chainId=1,8453", match: (i) => i.chainId === 1 || i.chainId === 8453 },
      { query: "chainId=137,10,42161", match: (i) => [137, 10, 42161].includes(i.chainId) },
      ...PROTOCOLS.map((p) => ({ query: `protocol=${p}`, match: (i: Instrument) => i.protocol === p })),
      { query: "isActive=true", match: (i) => i.isActive },
      { query: "isActive=false", match: (i) => !i.isActive },
      { query: "isStablecoin=true", match: (i) => i.isStablecoin },
      { query: "isStablecoin=false", match: (i) => !i.isStablecoin },
      ...CATEGORIES.map((c) => ({
        query: `assetCategory=${c}`,
        match: (i: Instrument) => i.assetCategory === c,
      })),
      { query: `minApy=${apyMid}`, match: (i) => i.currentApy >= apyMid },
      { query: "minApy=0", match: (i) => i.currentApy >= 0 },
      { query: "minApy=1000", match: () => false },
      { query: `minApyTotal=${apyMid}`, match: (i) => i.apyTotal >= apyMid },
      { query: `minTvl=${tvlMid}`, match: (i) => i.tvl >= tvlMid },
      { query: "minTvl=1e6", match: (i) => i.tvl >= 1e6 },
      { query: "search=usdc", match: search("usdc") },
      { query: "search=WETH", match: search("weth") },
      { query: "search=cUSDCv3", match: search("cusdcv3") },
      { query: "search=Usdc.E", match: search("usdc.e") },
      { query: "search=aeth", match: search("aeth") },
      { query: "search=%25", match: search("%") },
      { query: "search=_", match: search("_") },
      { query: "search=U%25C", match: search("u%c") },
      { query: "search=US_C", match: search("us_c") },
      { query: "search=%25usdc%25", match: search("%usdc%") },
      {
        query: "chainId=1&protocol=aave&isStablecoin=true",
        match: (i) => i.chainId === 1 && i.protocol === "aave" && i.isStablecoin,
      },
      {
        query: `assetCategory=USD&minApy=${apyMid}&isActive=true`,
        match: (i) => i.assetCategory === "USD" && i.currentApy >= apyMid && i.isActive,
      },
      {
        query: `chainId=8453,42161&search=usdc&minTvl=${tvlMid}`,
        match: (i) => [8453, 42161].includes(i.chainId) && search("usdc")(i) && i.tvl >= tvlMid,
      },
      {
        query: "protocol=morpho&isStablecoin=false",
        match: (i) => i.protocol === "morpho" && !i.isStablecoin,
      },
      { query: "protocol=fluid&chainId=10", match: () => false },
    ];
  }

  it("returns exactly the matching instruments, with the exact total", async () => {
    for (const { query, match } of cases()) {
      const expected = ids(sorted(live.filter(match), DEFAULT_ORDER));
      const got = await walk(`/instruments?${query}`, { limit: 100 });
      expect(ids(got), query).toEqual(expected);
      const first = await api<InstrumentPage>(`/instruments?${query}&limit=5`);
      expect(first.body.pagination, query).toEqual({
        total: expected.length,
        limit: 5,
        offset: 0,
        hasMore: expected.length > 5,
      });
      expect(ids(first.body.data), query).toEqual(expected.slice(0, 5));
    }
  });

  it("has something to filter: every filter value above selects a proper, non-empty subset somewhere", () => {
    // Guards against a catalog where the filter tests above would pass vacuously.
    expect(live.some((i) => !i.isActive)).toBe(true);
    expect(live.some((i) => i.isStablecoin) && live.some((i) => !i.isStablecoin)).toBe(true);
    for (const c of CATEGORIES)
      expect(
        live.some((i) => i.assetCategory === c),
        c,
      ).toBe(true);
    for (const chainId of LIVE_CHAINS)
      expect(
        live.some((i) => i.chainId === chainId),
        String(chainId),
      ).toBe(true);
    for (const p of PROTOCOLS)
      expect(
        live.some((i) => i.protocol === p),
        p,
      ).toBe(true);
  });

  it("filters by-chain lists the same way", async () => {
    for (const chainId of LIVE_CHAINS) {
      const expected = ids(
        sorted(
          live.filter((i) => i.chainId === chainId),
          DEFAULT_ORDER,
        ),
      );
      expect(ids(await walk(`/instruments/by-chain/${chainId}`, { limit: 100 })), String(chainId)).toEqual(
        expected,
      );
    }
    const expected = ids(
      sorted(
        live.filter((i) => i.chainId === 1 && i.isStablecoin && i.protocol === "aave"),
        [{ field: "apy", order: "asc" }],
      ),
    );
    expect(
      ids(
        await walk("/instruments/by-chain/1?isStablecoin=true&protocol=aave&sortBy=apy&sortOrder=asc", {
          limit: 100,
        }),
      ),
    ).toEqual(expected);
  });

  it("filters the test environment by chain with a test key", async () => {
    for (const chainId of TEST_CHAINS) {
      const expected = ids(
        sorted(
          testEnv.filter((i) => i.chainId === chainId),
          DEFAULT_ORDER,
        ),
      );
      expect(
        ids(await walk(`/instruments?chainId=${chainId}`, { limit: 100, key: keys().A.test.key })),
        String(chainId),
      ).toEqual(expected);
      expect(
        ids(await walk(`/instruments/by-chain/${chainId}`, { limit: 100, key: keys().A.test.key })),
        String(chainId),
      ).toEqual(expected);
    }
  });
});

describe("environments", () => {
  it("shows anonymous callers and live keys only live chains", async () => {
    for (const item of live) expect(LIVE_CHAINS, item.description).toContain(item.chainId);
    expect(ids(await walk("/instruments", { limit: 100, key: keys().A.live.key }))).toEqual(ids(live));
    expect(ids(await walk("/instruments", { limit: 100, key: keys().B.live.key }))).toEqual(ids(live));
  });

  it("shows test keys only test chains", async () => {
    for (const item of testEnv) expect(TEST_CHAINS, item.description).toContain(item.chainId);
    expect(testEnv.some((i) => i.chainId === 11155111 || i.chainId === 84532)).toBe(true);
    expect(ids(await walk("/instruments", { limit: 100, key: keys().B.test.key }))).toEqual(ids(testEnv));
  });

  const forbidden: { what: string; path: () => string; key: () => string | undefined }[] = [
    {
      what: "anonymous ?chainId=11155111",
      path: () => "/instruments?chainId=11155111",
      key: () => undefined,
    },
    { what: "anonymous ?chainId=31337", path: () => "/instruments?chainId=31337", key: () => undefined },
    { what: "anonymous ?chainId=1,84532", path: () => "/instruments?chainId=1,84532", key: () => undefined },
    {
      what: "live key ?chainId=84532",
      path: () => "/instruments?chainId=84532",
      key: () => keys().A.live.key,
    },
    { what: "test key ?chainId=1", path: () => "/instruments?chainId=1", key: () => keys().A.test.key },
    {
      what: "test key ?chainId=11155111,8453",
      path: () => "/instruments?chainId=11155111,8453",
      key: () => keys().A.test.key,
    },
    {
      what: "anonymous by-chain/11155111",
      path: () => "/instruments/by-chain/11155111",
      key: () => undefined,
    },
    {
      what: "live key by-chain/31337",
      path: () => "/instruments/by-chain/31337",
      key: () => keys().B.live.key,
    },
    {
      what: "test key by-chain/8453",
      path: () => "/instruments/by-chain/8453",
      key: () => keys().A.test.key,
    },
    {
      what: "anonymous, a test instrument",
      path: () => `/instruments/${testEnv[0]!.instrumentId}`,
      key: () => undefined,
    },
    {
      what: "live key, a test instrument",
      path: () => `/instruments/${testEnv[0]!.instrumentId}`,
      key: () => keys().A.live.key,
    },
    {
      what: "test key, a live instrument",
      path: () => `/instruments/${live[0]!.instrumentId}`,
      key: () => keys().A.test.key,
    },
  ];

  it.each(forbidden)("answers 403 FORBIDDEN across environments: $what", async ({ path, key }) => {
    expectError(await api(path(), { key: key() }), 403, "FORBIDDEN");
  });
});

describe("errors", () => {
  const unknownId = "0x" + "0".repeat(63) + "1";
  const rows: { path: string; status: number; code: string; issue?: string[] }[] = [
    { path: "/instruments?limit=0", status: 400, code: "BAD_REQUEST", issue: ["limit"] },
    { path: "/instruments?limit=101", status: 400, code: "BAD_REQUEST", issue: ["limit"] },
    { path: "/instruments?limit=abc", status: 400, code: "BAD_REQUEST", issue: ["limit"] },
    { path: "/instruments?limit=1.5", status: 400, code: "BAD_REQUEST", issue: ["limit"] },
    { path: "/instruments?limit=", status: 400, code: "BAD_REQUEST", issue: ["limit"] },
    { path: "/instruments?offset=-1", status: 400, code: "BAD_REQUEST", issue: ["offset"] },
    { path: "/instruments?offset=abc", status: 400, code: "BAD_REQUEST", issue: ["offset"] },
    { path: "/instruments?page=0", status: 400, code: "BAD_REQUEST", issue: ["page"] },
    { path: "/instruments?page=-2", status: 400, code: "BAD_REQUEST", issue: ["page"] },
    { path: "/instruments?page=2&offset=0", status: 400, code: "BAD_REQUEST", issue: ["page", "offset"] },
    {
      path: "/instruments?sort=apy:desc&sortBy=tvl",
      status: 400,
      code: "BAD_REQUEST",
      issue: ["sort", "sortBy"],
    },
    {
      path: "/instruments?sort=apy:desc&sortOrder=asc",
      status: 400,
      code: "BAD_REQUEST",
      issue: ["sort", "sortOrder"],
    },
    { path: "/instruments?sort=apy:up", status: 400, code: "BAD_REQUEST", issue: ["sort"] },
    { path: "/instruments?sort=name:asc", status: 400, code: "BAD_REQUEST", issue: ["sort"] },
    { path: "/instruments?sortBy=name", status: 400, code: "BAD_REQUEST", issue: ["sortBy"] },
    { path: "/instruments?sortBy=APY", status: 400, code: "BAD_REQUEST", issue: ["sortBy"] },
    { path: "/instruments?sortOrder=up", status: 400, code: "BAD_REQUEST", issue: ["sortOrder"] },
    { path: "/instruments?protocol=uniswap", status: 400, code: "BAD_REQUEST", issue: ["protocol"] },
    { path: "/instruments?assetCategory=GOLD", status: 400, code: "BAD_REQUEST", issue: ["assetCategory"] },
    { path: "/instruments?isActive=yes", status: 400, code: "BAD_REQUEST", issue: ["isActive"] },
    { path: "/instruments?isStablecoin=1", status: 400, code: "BAD_REQUEST", issue: ["isStablecoin"] },
    { path: "/instruments?minApy=abc", status: 400, code: "BAD_REQUEST", issue: ["minApy"] },
    { path: "/instruments?minTvl=lots", status: 400, code: "BAD_REQUEST", issue: ["minTvl"] },
    { path: "/instruments?foo=bar", status: 400, code: "BAD_REQUEST", issue: ["foo"] },
    { path: "/instruments?limit=5&limit=6", status: 400, code: "BAD_REQUEST", issue: ["limit"] },
    { path: "/instruments?chainId=999", status: 400, code: "BAD_REQUEST", issue: ["chainId"] },
    { path: "/instruments?chainId=abc", status: 400, code: "BAD_REQUEST", issue: ["chainId"] },
    { path: "/instruments?chainId=1,abc", status: 400, code: "BAD_REQUEST", issue: ["chainId"] },
    { path: "/instruments/by-chain/1?limit=0", status: 400, code: "BAD_REQUEST", issue: ["limit"] },
    { path: "/instruments/by-chain/1?chainId=1", status: 400, code: "BAD_REQUEST", issue: ["chainId"] },
    {
      path: "/instruments/by-chain/1?protocol=uniswap",
      status: 400,
      code: "BAD_REQUEST",
      issue: ["protocol"],
    },
    { path: "/instruments/by-chain/abc", status: 400, code: "BAD_REQUEST", issue: ["chainId"] },
    { path: "/instruments/by-chain/999", status: 404, code: "NOT_FOUND" },
    { path: "/instruments/0x1234", status: 400, code: "BAD_REQUEST", issue: ["instrumentId"] },
    { path: "/instruments/abc", status: 400, code: "BAD_REQUEST", issue: ["instrumentId"] },
    { path: `/instruments/0x${"a".repeat(63)}`, status: 400, code: "BAD_REQUEST", issue: ["instrumentId"] },
    { path: `/instruments/0x${"a".repeat(65)}`, status: 400, code: "BAD_REQUEST", issue: ["instrumentId"] },
    { path: `/instruments/0x${"g".repeat(64)}`, status: 400, code: "BAD_REQUEST", issue: ["instrumentId"] },
    { path: `/instruments/${"a".repeat(66)}`, status: 400, code: "BAD_REQUEST", issue: ["instrumentId"] },
    { path: `/instruments/${unknownId}`, status: 404, code: "NOT_FOUND" },
  ];

  it.each(rows)("$path → $status $code", async ({ path, status, code, issue }) => {
    const error = expectError(await api(path), status, code);
    expectIssues(error, issue);
  });

  it("never takes the API key from the query string", async () => {
    const error = expectError(await api(`/instruments?apiKey=${keys().A.test.key}`), 400, "BAD_REQUEST");
    expect(JSON.stringify(error)).not.toContain(keys().A.test.key);
  });
});

describe("security", () => {
  it("serves anonymous callers", async () => {
    const res = await api<InstrumentPage>("/instruments?limit=3");
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual(ids(live.slice(0, 3)));
    expect(res.headers.get("x-request-id")).toMatch(/\S/);
  });

  function badKeys() {
    const live = keys().A.live.key;
    const last = live.at(-1)!;
    return {
      malformed: "not-a-key",
      "wrong prefix": live.replace("yg_sk_live_", "yg_sk_prod_"),
      "bad checksum": live.slice(0, -1) + (last === "A" ? "B" : "A"),
      "unknown but well-formed": generateApiKey("live").key,
      "unknown well-formed test key": generateApiKey("test").key,
      expired: keys().A.expired.key,
      revoked: keys().A.revoked.key,
    };
  }

  const paths = () => ["/instruments", "/instruments/by-chain/1", `/instruments/${live[0]!.instrumentId}`];

  it("rejects every bad key with the same 401 INVALID_API_KEY body", async () => {
    const bodies: string[] = [];
    for (const path of paths()) {
      for (const [what, key] of Object.entries(badKeys())) {
        const res = await api(path, { key });
        const error = expectError(res, 401, "INVALID_API_KEY");
        const { timestamp, requestId, ...rest } = error.details;
        expect(typeof timestamp).toBe("string");
        expect(typeof requestId).toBe("string");
        bodies.push(JSON.stringify({ code: error.code, message: error.message, details: rest }));
        expect(res.text, `${what} on ${path}`).not.toContain(key);
      }
    }
    expect(new Set(bodies).size, bodies.join("\n")).toBe(1);
  });

  it("does not fall back to anonymous access when a bad key is sent", async () => {
    const res = await api<InstrumentPage>("/instruments", { key: keys().A.revoked.key });
    expect(res.status).toBe(401);
    expect((res.body as unknown as { data?: unknown }).data).toBeUndefined();
  });
});
