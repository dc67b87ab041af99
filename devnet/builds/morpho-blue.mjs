// Morpho Blue (vendor/morpho-blue), the singleton every market lives in. Settings of the release's
// foundry.toml at v1.0.0 (via-ir, optimizer_runs 999999; no evm_version, so solc 0.8.19's default,
// paris; no bytecode_hash, so the default ipfs metadata hash), the compiler its pragma pins.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "morpho-org/morpho-blue v1.0.0",
  compiler: "solc-0.8.19",
  settings: { viaIR: true, optimizer: { enabled: true, runs: 999_999 }, evmVersion: "paris" },
  sources: ["vendor/morpho-blue/src/Morpho.sol"],
  contracts: ["Morpho"],
  out: "devnet/generated/morpho-blue.ts",
};
export default build;
