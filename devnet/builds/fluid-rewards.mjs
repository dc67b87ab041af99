// Fluid's LendingRewardsRateModel (vendor/fluid-contracts-public), with the settings of the rest of
// the release (fluid.mjs): solc 0.8.21, 10,000,000 runs, paris, as deployments/{mainnet,base}/
// fToken_*_LendingRewards.json record.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "Instadapp/fluid-contracts-public a9949b48",
  compiler: "solc-0.8.21",
  settings: { optimizer: { enabled: true, runs: 10_000_000 }, evmVersion: "paris" },
  remappings: ["@openzeppelin/contracts/=vendor/openzeppelin-contracts/"],
  sources: ["vendor/fluid-contracts-public/contracts/protocols/lending/lendingRewardsRateModel/main.sol"],
  contracts: ["FluidLendingRewardsRateModel"],
  out: "devnet/generated/fluid-rewards.ts",
};
export default build;
