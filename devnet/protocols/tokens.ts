// The local chain's ERC-20 tokens and Chainlink-style price feeds, which every protocol's deployment
// takes as given: deployed first, from the "tokens" role, and recorded in the manifest under
// plan/tokens.ts's names. All upstream code:
// - USDC, EURC, WBTC, COMP and AAVE: Aave's TestnetERC20 (vendor/aave-v3-origin,
//   src/contracts/mocks/testnet-helpers), an OpenZeppelin 5.1 ERC20 with permit whose owner (the
//   "tokens" role) mints;
// - WETH: WETH9 (vendor/aave-v3-origin, src/contracts/dependencies/weth), so funding with WETH wraps ETH;
// - every feed: Chainlink's MockV3Aggregator (vendor/chainlink-contracts, npm @chainlink/contracts
//   1.5.0) with 8 decimals. It answers latestAnswer (Aave's oracle), latestRoundData and decimals
//   (Comet, Morpho's oracles), and description() is its own fixed "v0.8/tests/MockV3Aggregator.sol",
//   whatever it prices: what a feed is denominated in is known by its address from the deployment.
import { getContractAddress, parseEther, type Hex } from "viem";
import { testnetERC20Artifact, wETH9Artifact } from "../generated/aave-v3";
import { mockV3AggregatorArtifact } from "../generated/chainlink";
import { devnetRewardTokens } from "../plan/rewards";
import { devnetTokens } from "../plan/tokens";
import type { DeployContext } from "../deploy/context";

const TOKENS = "tokens";
/** Chainlink USD feeds' precision, which every reader of the local chain's feeds assumes. */
const FEED_DECIMALS = 8;
/** ETH the tokens account keeps for gas beside the ETH it wraps. */
const GAS_ETH = parseEther("1000000");

/**
 * A price feed of the local chain: its manifest name, answer (8 decimals) and what it prices
 * (`description`: documentation only, the MockV3Aggregator answers its own description).
 */
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

/** Deploys every token and feed of the plan, recording each under its name; one wait for all. */
export async function deployTokens(ctx: DeployContext): Promise<void> {
  const tx = await ctx.sender(TOKENS);
  let last: Hex | undefined;
  const create = async (name: string, artifact: Parameters<typeof tx.deploy>[0], args: readonly unknown[]) => {
    ctx.record(name, getContractAddress({ from: tx.address, nonce: BigInt(tx.nonce) }));
    last = await tx.deploy(artifact, args);
  };
  for (const t of [...devnetTokens, ...devnetRewardTokens])
    if (t.contract === "weth") await create(t.contract, wETH9Artifact, []);
    else await create(t.contract, testnetERC20Artifact, [t.name, t.symbol, t.decimals, tx.address]);
  for (const f of devnetFeedPlans) await create(f.name, mockV3AggregatorArtifact, [FEED_DECIMALS, f.answer]);
  if (last) await tx.mined(last);
}

/** Gives `to` `amount` of the token recorded as `token`: minted by its owner, or ETH wrapped for WETH. */
export async function fundToken(ctx: DeployContext, token: string, to: Hex, amount: bigint): Promise<void> {
  const tx = await ctx.sender(TOKENS);
  const address = ctx.address(token);
  if (token === "weth") {
    await tx.client.test.setBalance({ address: tx.address, value: amount + GAS_ETH });
    await tx.call({ address, abi: wETH9Artifact.abi, functionName: "deposit", args: [], value: amount });
    await tx.call({ address, abi: wETH9Artifact.abi, functionName: "transfer", args: [to, amount] });
    return;
  }
  await tx.call({ address, abi: testnetERC20Artifact.abi, functionName: "mint", args: [to, amount] });
}

/** Sets the answer of the feed recorded as `feed` (8 decimals): a new round. */
export async function setFeedAnswer(ctx: DeployContext, feed: string, answer: bigint): Promise<void> {
  const tx = await ctx.sender(TOKENS);
  await tx.call({ address: ctx.address(feed), abi: mockV3AggregatorArtifact.abi, functionName: "updateAnswer", args: [answer] });
}
