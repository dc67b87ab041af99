// Aave's RewardsController and PullRewardsTransferStrategy (vendor/aave-v3-periphery), with the Aave
// core files they import (vendor/aave-core-v3).
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "aave/aave-v3-periphery v2.5.2",
  compiler: "solc",
  settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "shanghai" },
  remappings: ["@aave/core-v3/=vendor/aave-core-v3/"],
  sources: [
    "vendor/aave-v3-periphery/contracts/rewards/RewardsController.sol",
    "vendor/aave-v3-periphery/contracts/rewards/transfer-strategies/PullRewardsTransferStrategy.sol",
  ],
  contracts: ["RewardsController", "PullRewardsTransferStrategy"],
  out: "devnet/generated/aave-rewards.ts",
};
export default build;
