// Multicall3 (vendor/multicall), which the local chain places at its canonical address as every
// chain has it: the sync's and viem's batched reads go through it.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "mds1/multicall 19da7a5 (v3.1.0's Multicall3.sol)",
  compiler: "solc-0.8.12",
  // foundry.toml: solc 0.8.12, optimizer_runs 10_000_000 (the EVM version is 0.8.12's default, london).
  settings: { optimizer: { enabled: true, runs: 10_000_000 }, evmVersion: "london" },
  sources: ["vendor/multicall/src/Multicall3.sol"],
  contracts: ["Multicall3"],
  out: "devnet/generated/multicall3.ts",
};
export default build;
