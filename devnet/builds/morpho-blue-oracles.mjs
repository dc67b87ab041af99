// Morpho's MorphoChainlinkOracleV2 and its factory (vendor/morpho-blue-oracles) at v2.0.0, the release
// of the factories deployed on Ethereum and Base. Settings of its foundry.toml (via-ir, optimizer_runs
// 999999, paris). lib/morpho-blue (55d2d99 = v1.0.0) and lib/openzeppelin-contracts (932fddf = v5.0.0)
// resolve to vendor/morpho-blue and vendor/openzeppelin-contracts-v5.0.0.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "morpho-org/morpho-blue-oracles v2.0.0",
  compiler: "solc-0.8.21",
  settings: { viaIR: true, optimizer: { enabled: true, runs: 999_999 }, evmVersion: "paris" },
  remappings: [
    "vendor/morpho-blue-oracles/lib/morpho-blue/=vendor/morpho-blue/",
    "vendor/morpho-blue-oracles/lib/openzeppelin-contracts/=vendor/openzeppelin-contracts-v5.0.0/",
  ],
  sources: ["vendor/morpho-blue-oracles/src/morpho-chainlink/MorphoChainlinkOracleV2Factory.sol"],
  contracts: ["MorphoChainlinkOracleV2Factory", "MorphoChainlinkOracleV2"],
  out: "devnet/generated/morpho-blue-oracles.ts",
};
export default build;
