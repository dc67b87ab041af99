// Morpho's AdaptiveCurveIrm (vendor/morpho-blue-irm) at v1.0.0, the release deployed with Morpho Blue on
// Ethereum (v1.1.0 only moved files: the contract's code is the same). Settings of its foundry.toml's
// build profile (via-ir, optimizer_runs 999999, solc 0.8.19's default EVM, paris). Its imports of
// lib/morpho-blue (pinned at 55d2d99, which is morpho-blue v1.0.0) resolve to vendor/morpho-blue.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "morpho-org/morpho-blue-irm v1.0.0",
  compiler: "solc-0.8.19",
  settings: { viaIR: true, optimizer: { enabled: true, runs: 999_999 }, evmVersion: "paris" },
  remappings: ["vendor/morpho-blue-irm/lib/morpho-blue/=vendor/morpho-blue/"],
  sources: ["vendor/morpho-blue-irm/src/AdaptiveCurveIrm.sol"],
  contracts: ["AdaptiveCurveIrm"],
  out: "devnet/generated/morpho-blue-irm.ts",
};
export default build;
