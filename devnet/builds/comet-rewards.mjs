// Compound's CometRewards (vendor/comet), with the release's settings (comet.mjs).
import { cometSettings } from "./comet.mjs";

/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "compound-finance/comet d5a30b0a",
  compiler: "solc-0.8.15",
  settings: cometSettings,
  sources: ["vendor/comet/contracts/CometRewards.sol"],
  contracts: ["CometRewards"],
  out: "devnet/generated/comet-rewards.ts",
};
export default build;
