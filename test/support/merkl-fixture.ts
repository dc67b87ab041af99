// A local stand-in for Merkl's public API: an HTTP server on 127.0.0.1 answering
// `GET /v4/opportunities` in Merkl's documented format (the route's types in the @merkl/api npm
// package, 1.19.27, dist/src/modules/v4/opportunity/opportunity.controller.d.ts; Merkl's guide
// "Integrate Merkl API", github.com/AngleProtocol/merkl-docs, integrate-merkl/app.md), with the query
// filters Yieldgrid uses (chainId, status, action: comma-separated lists; campaigns; page from 0;
// items 1 to 100, 20 by default). It serves the opportunities a test gives it and can fail the
// ways a real one does: HTTP 500, a body that is not JSON, or no answer at all.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Address = `0x${string}`;

export interface MerklFixtureToken {
  address: Address;
  symbol: string;
  decimals: number;
  /** USD; omitted or null: Merkl has no price. */
  price?: number | null;
}

export interface MerklFixtureCampaign {
  rewardToken: MerklFixtureToken & { type?: "TOKEN" | "POINT" | "PRETGE"; isTest?: boolean };
  /** Unix seconds; a string is sent as Merkl may (its types allow `string | number`). */
  startTimestamp: number | string;
  endTimestamp: number | string;
  /** The campaign's own `apr` (percent); omitted: Merkl sends none. */
  apr?: number;
  /** The campaign's entry in the opportunity's `aprRecord.breakdowns` (percent); omitted: none. */
  recordedApr?: number;
  /** USD a day. */
  dailyRewards?: number;
  /** The on-chain campaign id; made up from the database id when omitted. */
  campaignId?: Address;
  /** Merkl's database id; made up when omitted. */
  id?: string;
}

export interface MerklFixtureOpportunityInput {
  chainId: number;
  /** What the campaigns target (Merkl's `identifier`, its "mainParameter"): a token, a vault, a market id. */
  identifier: string;
  explorerAddress?: string;
  /** Campaign type, e.g. "ERC20", "MORPHOVAULT", "AAVE_SUPPLY", "COMPOUND_V3". */
  type?: string;
  action?: "POOL" | "HOLD" | "DROP" | "LEND" | "BORROW" | "LONG" | "SHORT" | "SWAP" | "INVALID" | "STAKE";
  status?: "LIVE" | "SOON" | "PAST" | "NONE";
  /** The opportunity's APR in percent; by default the sum of its campaigns' `apr` or `recordedApr`. */
  apr?: number;
  tvl?: number;
  /** Tokens a participant brings (Merkl's `tokens`). */
  tokens?: MerklFixtureToken[];
  campaigns: MerklFixtureCampaign[];
}

/** One opportunity as Merkl serves it with `campaigns=true`. */
export type MerklOpportunityJson = Record<string, unknown> & {
  chainId: number;
  status: string;
  action: string;
};

export type MerklFailure = "http-500" | "malformed-body" | "never-answer";

export interface MerklFixture {
  /** Base URL, as MERKL_API_URL takes it. */
  url: string;
  /** Replaces what the server serves: opportunities built by merklOpportunity, or anything else as is. */
  setOpportunities(opportunities: readonly (MerklOpportunityJson | Record<string, unknown> | null)[]): void;
  /** Fails every request from now on the given way; null answers normally again. */
  fail(mode: MerklFailure | null): void;
  /** Every request received, in order. */
  readonly requests: URL[];
  close(): Promise<void>;
}

let nextId = 1;

function tokenJson(chainId: number, token: MerklFixtureToken) {
  return {
    id: `${chainId}-${token.address.toLowerCase()}`,
    name: token.symbol,
    chainId,
    address: token.address,
    decimals: token.decimals,
    symbol: token.symbol,
    icon: "",
    verified: true,
    isNative: false,
    isTest: false,
    type: "TOKEN",
    price: token.price ?? null,
  };
}

function chainJson(chainId: number) {
  return {
    id: chainId,
    name: `Chain ${chainId}`,
    icon: "",
    liveCampaigns: 0,
    endOfDisputePeriod: 0,
    explorers: [],
  };
}

function campaignJson(chainId: number, type: string, opportunityId: string, campaign: MerklFixtureCampaign) {
  const id = campaign.id ?? String(10_000_000_000 + nextId++);
  const campaignId = campaign.campaignId ?? (`0x${BigInt(id).toString(16).padStart(64, "0")}` as Address);
  const { rewardToken } = campaign;
  return {
    id,
    computeChainId: chainId,
    distributionChainId: chainId,
    campaignId,
    type,
    subType: null,
    amount: "1000000000000000000000",
    startTimestamp: campaign.startTimestamp,
    endTimestamp: campaign.endTimestamp,
    creatorAddress: "0x0000000000000000000000000000000000000001",
    ...(campaign.apr === undefined ? {} : { apr: campaign.apr }),
    ...(campaign.dailyRewards === undefined ? {} : { dailyRewards: campaign.dailyRewards }),
    params: {},
    chain: chainJson(chainId),
    rewardTokenId: `${chainId}-${rewardToken.address.toLowerCase()}`,
    rewardToken: {
      ...tokenJson(chainId, rewardToken),
      type: rewardToken.type ?? "TOKEN",
      isTest: rewardToken.isTest ?? false,
    },
    opportunityId,
    distributionChain: chainJson(chainId),
    distributionType: "DUTCH_AUCTION",
    campaignStatus: {
      campaignId,
      computedUntil: 0,
      processingStarted: 0,
      status: "SUCCESS",
      preComputeProcessingStarted: 0,
      preComputeStatus: "SUCCESS",
    },
    createdAt: new Date(0).toISOString(),
    isPrivate: false,
  };
}

/** An opportunity in Merkl's format, every documented field filled, from the few a test cares about. */
export function merklOpportunity(input: MerklFixtureOpportunityInput): MerklOpportunityJson {
  const type = input.type ?? "ERC20";
  const id = String(20_000_000_000 + nextId++);
  const campaigns = input.campaigns.map((campaign) => campaignJson(input.chainId, type, id, campaign));
  const apr =
    input.apr ??
    input.campaigns.reduce((sum, campaign) => sum + (campaign.apr ?? campaign.recordedApr ?? 0), 0);
  const breakdowns = input.campaigns.flatMap((campaign, index) =>
    campaign.recordedApr === undefined
      ? []
      : [
          {
            identifier: campaigns[index]!.campaignId,
            type: "CAMPAIGN",
            value: campaign.recordedApr,
            timestamp: "0",
            distributionType: "DUTCH_AUCTION",
          },
        ],
  );
  const dailyRewards = input.campaigns.reduce((sum, campaign) => sum + (campaign.dailyRewards ?? 0), 0);
  return {
    id,
    type,
    identifier: input.identifier,
    chainId: input.chainId,
    name: `Opportunity ${id}`,
    description: "",
    howToSteps: [],
    status: input.status ?? "LIVE",
    action: input.action ?? "LEND",
    tags: [],
    ...(input.explorerAddress === undefined ? {} : { explorerAddress: input.explorerAddress }),
    tvl: input.tvl ?? 1_000_000,
    apr,
    dailyRewards,
    liveCampaigns: campaigns.length,
    lastCampaignCreatedAt: 0,
    tokens: (input.tokens ?? []).map((token) => tokenJson(input.chainId, token)),
    chain: chainJson(input.chainId),
    activePrograms: [],
    aprRecord: { cumulated: apr, timestamp: "0", breakdowns },
    campaigns,
  };
}

const listOf = (value: string | null): string[] | null =>
  value === null || value === "" ? null : value.split(",");

function serveOpportunities(
  url: URL,
  opportunities: readonly (Record<string, unknown> | null)[],
  response: ServerResponse,
) {
  const items = url.searchParams.has("items") ? Number(url.searchParams.get("items")) : 20;
  const page = url.searchParams.has("page") ? Number(url.searchParams.get("page")) : 0;
  if (!Number.isInteger(items) || items < 1 || items > 100 || !Number.isInteger(page) || page < 0) {
    response.writeHead(422, { "content-type": "application/json" });
    response.end(
      JSON.stringify({ type: "validation", on: "query", message: "items must be 1 to 100 and page >= 0" }),
    );
    return;
  }
  const chainIds = listOf(url.searchParams.get("chainId"));
  const statuses = listOf(url.searchParams.get("status"));
  const actions = listOf(url.searchParams.get("action"));
  const withCampaigns = url.searchParams.get("campaigns") === "true";
  const matching = opportunities.filter(
    (opportunity) =>
      opportunity === null ||
      ((chainIds === null || chainIds.includes(String(opportunity.chainId))) &&
        (statuses === null || statuses.includes(String(opportunity.status))) &&
        (actions === null || actions.includes(String(opportunity.action)))),
  );
  const body = matching.slice(page * items, (page + 1) * items).map((opportunity) => {
    if (opportunity === null || withCampaigns) return opportunity;
    return Object.fromEntries(Object.entries(opportunity).filter(([key]) => key !== "campaigns"));
  });
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startMerklFixture(
  initial: readonly (MerklOpportunityJson | Record<string, unknown> | null)[] = [],
): Promise<MerklFixture> {
  let opportunities = [...initial];
  let failure: MerklFailure | null = null;
  const requests: URL[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    if (failure === "never-answer") return; // held open until the client gives up or the fixture closes
    if (failure === "http-500") {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: "Internal Server Error" }));
      return;
    }
    if (failure === "malformed-body") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('[{"id":"1","chainId":1,"identifier":"0x');
      return;
    }
    if (request.method !== "GET" || url.pathname.replace(/\/+$/, "") !== "/v4/opportunities") {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: "Not Found" }));
      return;
    }
    serveOpportunities(url, opportunities, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setOpportunities(next) {
      opportunities = [...next];
    },
    fail(mode) {
      failure = mode;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
