// The local chain's ERC-20 tokens and Chainlink-style price feeds, which every protocol's deployment
// takes as given: deployed first, from the "tokens" role, and recorded in the manifest under
// plan/tokens.ts's names.
//
// TODO(aave helper): the token and feed contracts below are still Mocks.sol's; they become upstream
// code (Aave's TestnetERC20 and WETH9, Chainlink's MockV3Aggregator) without changing this module's
// exports.
import type { Hex } from "viem";
import * as artifacts from "../generated/contracts";
import { devnetRewardTokens } from "../plan/rewards";
import { devnetTokens } from "../plan/tokens";
import type { DeployContext } from "../deploy/context";

const TOKENS = "tokens";

/** A USD (or other) price feed of the local chain: its manifest name, answer (8 decimals) and description. */
export interface DevnetFeedPlan {
  name: string;
  answer: bigint;
  description: string;
}

/** Feeds every deployment may read: a USD feed per token (Aave's oracle sources), and Comets' own. */
export const devnetFeedPlans: readonly DevnetFeedPlan[] = [
  ...devnetTokens.map((t) => ({ name: `${t.contract}UsdFeed`, answer: t.priceUsd8, description: `${t.symbol} / USD` })),
  ...devnetRewardTokens.map((t) => ({ name: t.feed, answer: t.priceUsd8, description: `${t.symbol} / USD` })),
  { name: "usdcPriceFeed", answer: 100_000_000n, description: "USDC / USD" },
  // As Chainlink's WBTC/BTC feed that cWBTCv3 reads on Ethereum: 1 WBTC = 0.9998 BTC.
  { name: "wbtcBtcPriceFeed", answer: 99_980_000n, description: "WBTC / BTC" },
];

/** Deploys every token and feed of the plan, recording each under its name. */
export async function deployTokens(ctx: DeployContext): Promise<void> {
  const tx = await ctx.sender(TOKENS);
  for (const t of [...devnetTokens, ...devnetRewardTokens])
    ctx.record(t.contract, await tx.create(artifacts.mockERC20Artifact, [t.name, t.symbol, t.decimals]));
  for (const f of devnetFeedPlans) ctx.record(f.name, await tx.create(artifacts.mockPriceFeedArtifact, [f.answer, f.description]));
}

/** Gives `to` `amount` of the token recorded as `token` (minted by its owner). */
export async function fundToken(ctx: DeployContext, token: string, to: Hex, amount: bigint): Promise<void> {
  const tx = await ctx.sender(TOKENS);
  await tx.call({ address: ctx.address(token), abi: artifacts.mockERC20Artifact.abi, functionName: "mint", args: [to, amount] });
}

/** Sets the answer of the feed recorded as `feed` (8 decimals). */
export async function setFeedAnswer(ctx: DeployContext, feed: string, answer: bigint): Promise<void> {
  const tx = await ctx.sender(TOKENS);
  await tx.call({ address: ctx.address(feed), abi: artifacts.mockPriceFeedArtifact.abi, functionName: "setAnswer", args: [answer] });
}
