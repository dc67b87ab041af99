// Chainlink's MockV3Aggregator (vendor/chainlink-contracts, npm @chainlink/contracts 1.5.0): every
// price feed of the local chain. Settings: the package's foundry.toml, profile "shared" (src/v0.8/shared):
// solc 0.8.26, 1,000,000 optimizer runs, paris, bytecode_hash none.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "npm @chainlink/contracts 1.5.0",
  compiler: "solc-0.8.26",
  settings: { optimizer: { enabled: true, runs: 1_000_000 }, evmVersion: "paris", metadata: { bytecodeHash: "none" } },
  sources: ["vendor/chainlink-contracts/src/v0.8/shared/mocks/MockV3Aggregator.sol"],
  contracts: ["MockV3Aggregator"],
  out: "devnet/generated/chainlink.ts",
};
export default build;
