// Fluid's LendingRewardsRateModel (vendor/fluid-contracts-public).
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "Instadapp/fluid-contracts-public a9949b48",
  compiler: "solc-0.8.21",
  settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "shanghai" },
  remappings: ["@openzeppelin/contracts/=vendor/openzeppelin-contracts/"],
  sources: ["vendor/fluid-contracts-public/contracts/protocols/lending/lendingRewardsRateModel/main.sol"],
  contracts: ["FluidLendingRewardsRateModel"],
  out: "devnet/generated/fluid-rewards.ts",
};
export default build;
