// Aave's RewardsController and PullRewardsTransferStrategy from the release the pools run
// (vendor/aave-v3-origin, src/contracts/rewards), with the settings of devnet/builds/aave-v3.mjs.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "aave-dao/aave-v3-origin fd1fbd91 (v3.7)",
  compiler: "solc-0.8.27",
  settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun", metadata: { bytecodeHash: "none" } },
  remappings: ["openzeppelin-contracts/=vendor/openzeppelin-contracts-v5.1.0/"],
  sources: [
    "vendor/aave-v3-origin/src/contracts/rewards/RewardsController.sol",
    "vendor/aave-v3-origin/src/contracts/rewards/transfer-strategies/PullRewardsTransferStrategy.sol",
  ],
  contracts: ["RewardsController", "PullRewardsTransferStrategy"],
  out: "devnet/generated/aave-rewards.ts",
};
export default build;
