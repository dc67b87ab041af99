import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  merklOpportunity,
  startMerklFixture,
  type MerklFixture,
  type MerklFixtureCampaign,
} from "@/test/support/merkl-fixture";
import {
  MERKL_MAX_PAGES,
  MerklReadError,
  opportunitiesUrl,
  readMerklRewards,
  type ReadMerklRewardsInput,
} from "./merkl";

const CHAIN = 8453;
const NOW = 1_750_000_000;
const DAY = 86_400;
// Mixed case on purpose: Merkl and the catalog both write checksummed addresses.
const VAULT = "0xBEEF01735c132Ada46AA9aA4c54623cAA92A64CB";
const A_TOKEN = "0x4e65fE4DbA92790696d040ac24Aa414708F5c0AB";
const OTHER = "0x1111111111111111111111111111111111111111";
const MORPHO = {
  address: "0x58D97B57BB95320F9a05dC918Aef65434969c2B2",
  symbol: "MORPHO",
  decimals: 18,
  price: 1.75,
} as const;
const USDC = {
  address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  symbol: "USDC",
  decimals: 6,
  price: 1,
} as const;
const WELL = {
  address: "0xA88594D404727625A9437C3f886C7643872296AE",
  symbol: "WELL",
  decimals: 18,
  price: null,
} as const;

const running = (
  extra: Partial<MerklFixtureCampaign> & Pick<MerklFixtureCampaign, "rewardToken">,
): MerklFixtureCampaign => ({
  startTimestamp: NOW - 10 * DAY,
  endTimestamp: NOW + 20 * DAY,
  ...extra,
});

let fixture: MerklFixture;
beforeAll(async () => {
  fixture = await startMerklFixture();
});
afterAll(() => fixture.close());
beforeEach(() => {
  fixture.fail(null);
  fixture.setOpportunities([]);
  fixture.requests.length = 0;
});

const read = (overrides: Partial<ReadMerklRewardsInput> = {}) =>
  readMerklRewards({
    chainId: CHAIN,
    yieldTokens: [VAULT, A_TOKEN],
    apiUrl: fixture.url,
    atTime: NOW,
    timeoutMs: 5_000,
    ...overrides,
  });

/** A Merkl that ignores the query's filters: what the reader itself keeps. */
const unfiltered: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input);
  for (const name of ["chainId", "status", "action"]) url.searchParams.delete(name);
  return fetch(url, init);
};

describe("readMerklRewards: reading Merkl's format", () => {
  it("reads each campaign as a stream: Merkl's APR in percent and price, lowercase addresses, unix seconds", async () => {
    fixture.setOpportunities([
      merklOpportunity({
        chainId: CHAIN,
        type: "MORPHOVAULT",
        identifier: VAULT,
        explorerAddress: VAULT,
        campaigns: [
          running({
            rewardToken: MORPHO,
            apr: 2.35,
            dailyRewards: 640,
            startTimestamp: NOW - DAY,
            endTimestamp: String(NOW + 30 * DAY),
          }),
        ],
      }),
    ]);
    const { readings } = await read();
    expect(readings).toEqual([
      {
        source: "merkl",
        yieldTokenAddress: VAULT.toLowerCase(),
        tokenAddress: MORPHO.address.toLowerCase(),
        tokenSymbol: "MORPHO",
        tokenDecimals: 18,
        tokensPerYear: null,
        aprPercent: 2.35,
        protocolPriceUsd: null,
        sourcePriceUsd: 1.75,
        startsAt: NOW - DAY,
        endsAt: NOW + 30 * DAY,
      },
    ]);
  });

  it("asks once per chain for its live and coming supply-side opportunities with their campaigns", async () => {
    await read();
    expect(fixture.requests).toHaveLength(1);
    const url = fixture.requests[0]!;
    expect(url.pathname).toBe("/v4/opportunities");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      chainId: String(CHAIN),
      status: "LIVE,SOON",
      action: "LEND,HOLD",
      campaigns: "true",
      items: "100",
      page: "0",
    });
  });

  it("asks nothing when there is no yield token", async () => {
    expect(await read({ yieldTokens: [] })).toEqual({ readings: [] });
    expect(fixture.requests).toHaveLength(0);
  });

  it("takes the API's base URL with or without a trailing slash or a path", () => {
    expect(opportunitiesUrl("https://api.merkl.xyz", 1, 0).href).toMatch(
      /^https:\/\/api\.merkl\.xyz\/v4\/opportunities\?chainId=1&/,
    );
    expect(opportunitiesUrl("https://api.merkl.xyz/", 1, 2).href).toMatch(
      /^https:\/\/api\.merkl\.xyz\/v4\/opportunities\?.*&page=2$/,
    );
    expect(opportunitiesUrl("http://proxy.local/merkl", 10, 0).pathname).toBe("/merkl/v4/opportunities");
  });

  it("has no price when Merkl's is missing, null or 0 (never a stream valued at 0)", async () => {
    fixture.setOpportunities([
      merklOpportunity({
        chainId: CHAIN,
        identifier: A_TOKEN,
        campaigns: [
          running({ rewardToken: WELL, apr: 1 }),
          running({ rewardToken: { ...USDC, price: 0 }, apr: 1 }),
          running({ rewardToken: { ...MORPHO, price: undefined }, apr: 1 }),
        ],
      }),
    ]);
    const { readings } = await read();
    expect(readings.map((reading) => reading.sourcePriceUsd)).toEqual([null, null, null]);
  });

  it("keeps ended and not yet started campaigns with their start and end: the caller judges them", async () => {
    fixture.setOpportunities([
      merklOpportunity({
        chainId: CHAIN,
        identifier: VAULT,
        campaigns: [
          { rewardToken: MORPHO, apr: 3, startTimestamp: NOW - 40 * DAY, endTimestamp: NOW - DAY },
          { rewardToken: USDC, apr: 4, startTimestamp: NOW + DAY, endTimestamp: NOW + 8 * DAY },
        ],
      }),
    ]);
    const { readings } = await read();
    expect(
      readings.map(({ tokenSymbol, startsAt, endsAt, aprPercent }) => ({
        tokenSymbol,
        startsAt,
        endsAt,
        aprPercent,
      })),
    ).toEqual([
      { tokenSymbol: "MORPHO", startsAt: NOW - 40 * DAY, endsAt: NOW - DAY, aprPercent: 3 },
      { tokenSymbol: "USDC", startsAt: NOW + DAY, endsAt: NOW + 8 * DAY, aprPercent: 4 },
    ]);
  });
});

describe("readMerklRewards: only campaigns paying suppliers of the given tokens on the chain", () => {
  beforeEach(() => {
    const campaigns = [running({ rewardToken: MORPHO, apr: 1 })];
    fixture.setOpportunities([
      merklOpportunity({
        chainId: CHAIN,
        identifier: VAULT.toLowerCase(),
        action: "HOLD",
        campaigns: [running({ rewardToken: USDC, apr: 5 })],
      }),
      // Matched by its explorer address: the market id is its identifier.
      merklOpportunity({
        chainId: CHAIN,
        identifier: "0x" + "ab".repeat(32),
        explorerAddress: A_TOKEN,
        type: "AAVE_SUPPLY",
        campaigns: [running({ rewardToken: WELL, apr: 7 })],
      }),
      merklOpportunity({ chainId: 1, identifier: VAULT, campaigns }),
      merklOpportunity({ chainId: CHAIN, identifier: OTHER, campaigns }),
      merklOpportunity({ chainId: CHAIN, identifier: A_TOKEN, action: "BORROW", campaigns }),
      merklOpportunity({
        chainId: CHAIN,
        identifier: OTHER,
        action: "POOL",
        tokens: [{ ...USDC, address: VAULT }],
        campaigns,
      }),
      merklOpportunity({
        chainId: CHAIN,
        identifier: OTHER,
        action: "LEND",
        tokens: [{ ...USDC, address: A_TOKEN }],
        campaigns,
      }),
      merklOpportunity({
        chainId: CHAIN,
        identifier: VAULT,
        campaigns: [
          running({ rewardToken: { ...MORPHO, type: "POINT" }, apr: 1 }),
          running({ rewardToken: { ...MORPHO, isTest: true }, apr: 1 }),
        ],
      }),
      null,
    ]);
  });

  it.each([
    ["Merkl applying the query's filters", undefined],
    ["a Merkl ignoring them", unfiltered],
  ])("with %s", async (_label, fetchImpl) => {
    const { readings } = await read({ fetchImpl });
    expect(
      readings.map(({ yieldTokenAddress, tokenSymbol, aprPercent }) => ({
        yieldTokenAddress,
        tokenSymbol,
        aprPercent,
      })),
    ).toEqual([
      { yieldTokenAddress: VAULT.toLowerCase(), tokenSymbol: "USDC", aprPercent: 5 },
      { yieldTokenAddress: A_TOKEN.toLowerCase(), tokenSymbol: "WELL", aprPercent: 7 },
    ]);
    for (const reading of readings) {
      expect(reading.yieldTokenAddress).toBe(reading.yieldTokenAddress.toLowerCase());
      expect(reading.tokenAddress).toBe(reading.tokenAddress.toLowerCase());
    }
  });
});

describe("readMerklRewards: an opportunity paying several tokens, split per campaign", () => {
  const aprsOf = async (opportunity: Parameters<typeof merklOpportunity>[0]) => {
    fixture.setOpportunities([merklOpportunity(opportunity)]);
    const { readings } = await read();
    return readings.map((reading) => [reading.tokenSymbol, reading.aprPercent]);
  };

  it("each campaign's own APR", async () => {
    const campaigns = [
      running({ rewardToken: MORPHO, apr: 2.5, dailyRewards: 100 }),
      running({ rewardToken: USDC, apr: 1.25, dailyRewards: 900 }),
    ];
    expect(await aprsOf({ chainId: CHAIN, identifier: VAULT, apr: 3.75, campaigns })).toEqual([
      ["MORPHO", 2.5],
      ["USDC", 1.25],
    ]);
  });

  it("else its entry in the opportunity's APR breakdown", async () => {
    const campaigns = [
      running({ rewardToken: MORPHO, recordedApr: 4 }),
      running({ rewardToken: USDC, recordedApr: 0.5 }),
    ];
    expect(await aprsOf({ chainId: CHAIN, identifier: VAULT, apr: 4.5, campaigns })).toEqual([
      ["MORPHO", 4],
      ["USDC", 0.5],
    ]);
  });

  it("else the opportunity's APR shared by daily rewards, after the campaigns with their own", async () => {
    const campaigns = [
      running({ rewardToken: WELL, apr: 2, dailyRewards: 500 }),
      running({ rewardToken: MORPHO, dailyRewards: 300 }),
      running({ rewardToken: USDC, dailyRewards: 100 }),
    ];
    expect(await aprsOf({ chainId: CHAIN, identifier: VAULT, apr: 10, campaigns })).toEqual([
      ["WELL", 2],
      ["MORPHO", 6],
      ["USDC", 2],
    ]);
  });

  it("a lone campaign without its own APR takes what is left; one that does not run has no share", async () => {
    const campaigns = [
      running({ rewardToken: MORPHO }),
      { rewardToken: USDC, startTimestamp: NOW - 30 * DAY, endTimestamp: NOW - DAY, dailyRewards: 1_000 },
      { rewardToken: WELL, startTimestamp: NOW + DAY, endTimestamp: NOW + 9 * DAY },
    ];
    expect(await aprsOf({ chainId: CHAIN, identifier: VAULT, apr: 6.5, campaigns })).toEqual([
      ["MORPHO", 6.5],
      ["USDC", null],
      ["WELL", null],
    ]);
  });

  it("no figure when campaigns without their own APR cannot be told apart, or the figures disagree", async () => {
    const withoutDaily = [running({ rewardToken: MORPHO }), running({ rewardToken: USDC, dailyRewards: 10 })];
    expect(await aprsOf({ chainId: CHAIN, identifier: VAULT, apr: 3, campaigns: withoutDaily })).toEqual([
      ["MORPHO", null],
      ["USDC", null],
    ]);
    const moreThanTheWhole = [running({ rewardToken: MORPHO, apr: 5 }), running({ rewardToken: USDC })];
    expect(await aprsOf({ chainId: CHAIN, identifier: VAULT, apr: 3, campaigns: moreThanTheWhole })).toEqual([
      ["MORPHO", 5],
      ["USDC", null],
    ]);
  });
});

describe("readMerklRewards: pages", () => {
  const many = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      merklOpportunity({
        chainId: CHAIN,
        identifier: index % 50 === 0 ? VAULT : OTHER,
        campaigns: [running({ rewardToken: MORPHO, apr: 1 })],
      }),
    );

  it("reads every page until a short one", async () => {
    fixture.setOpportunities(many(150));
    const { readings } = await read();
    expect(fixture.requests.map((url) => url.searchParams.get("page"))).toEqual(["0", "1"]);
    expect(readings).toHaveLength(3);
  });

  it(`refuses more than ${MERKL_MAX_PAGES} full pages rather than read a part`, async () => {
    fixture.setOpportunities(many(MERKL_MAX_PAGES * 100 + 1));
    await expect(read()).rejects.toThrow(/more than 1000 opportunities/);
    expect(fixture.requests).toHaveLength(MERKL_MAX_PAGES);
  });
});

describe("readMerklRewards: every failure is a MerklReadError", () => {
  const failsWith = async (reason: RegExp, overrides: Partial<ReadMerklRewardsInput> = {}) => {
    const error = await read(overrides).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(MerklReadError);
    expect((error as MerklReadError).chainId).toBe(CHAIN);
    expect((error as MerklReadError).reason).toMatch(reason);
    expect((error as MerklReadError).message).toMatch(
      new RegExp(`^Merkl rewards for chain ${CHAIN} could not be read: `),
    );
  };

  it("an HTTP error", async () => {
    fixture.fail("http-500");
    await failsWith(/\/v4\/opportunities answered HTTP 500/);
  });

  it("a body that is not JSON", async () => {
    fixture.fail("malformed-body");
    await failsWith(/answered something that is not JSON/);
  });

  it("no answer within the deadline", async () => {
    fixture.fail("never-answer");
    const started = Date.now();
    await failsWith(/did not answer within 300 ms/, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("nobody listening", async () => {
    const closed = await startMerklFixture();
    await closed.close();
    await failsWith(/could not be reached/, { apiUrl: closed.url });
  });

  it("an answer that is not a list of opportunities", async () => {
    const wrapped: typeof fetch = async () => Response.json({ opportunities: [], total: 0 });
    await failsWith(/page 0 does not match Merkl's documented format/, { fetchImpl: wrapped });
  });

  it("an opportunity without what matches it to a token", async () => {
    const opportunity = merklOpportunity({ chainId: CHAIN, identifier: OTHER, campaigns: [] });
    delete opportunity.identifier;
    fixture.setOpportunities([opportunity]);
    await failsWith(/page 0 does not match Merkl's documented format at 0\.identifier/);
  });

  it("a matched opportunity's campaign without its reward token's decimals", async () => {
    const opportunity = merklOpportunity({
      chainId: CHAIN,
      identifier: VAULT,
      campaigns: [running({ rewardToken: MORPHO, apr: 1 })],
    });
    delete ((opportunity.campaigns as Record<string, unknown>[])[0]!.rewardToken as Record<string, unknown>)
      .decimals;
    fixture.setOpportunities([opportunity]);
    await failsWith(
      new RegExp(
        `opportunity ${opportunity.id as string} does not match Merkl's documented format at campaigns\\.0\\.rewardToken\\.decimals`,
      ),
    );
  });

  it("a matched opportunity whose end is not unix seconds", async () => {
    fixture.setOpportunities([
      merklOpportunity({
        chainId: CHAIN,
        identifier: VAULT,
        campaigns: [running({ rewardToken: MORPHO, apr: 1, endTimestamp: "2026-01-01T00:00:00Z" })],
      }),
    ]);
    await failsWith(/at campaigns\.0\.endTimestamp/);
  });

  it("but an opportunity on another token is not read in full", async () => {
    const elsewhere = merklOpportunity({ chainId: CHAIN, identifier: OTHER, campaigns: [] });
    delete elsewhere.campaigns;
    fixture.setOpportunities([
      elsewhere,
      merklOpportunity({
        chainId: CHAIN,
        identifier: VAULT,
        campaigns: [running({ rewardToken: MORPHO, apr: 1 })],
      }),
    ]);
    expect((await read()).readings).toHaveLength(1);
  });
});
