// MetaMorpho v1.0 and its factory (vendor/metamorpho) at tag v1.0.0, the release of the MetaMorphoFactory
// Ethereum and Base list vaults of (0xA9c3D3a366466Fa809d1Ae982Fb2c46E5fC41101, from block 18,925,584 on
// Ethereum). Settings of that tag: foundry.toml's build profile (via-ir, paris; its
// `optimization_runs = 999999` is no Foundry key, so Foundry's default optimizer, on with 200 runs, as
// hardhat.config.ts and the repository's later foundry.toml write out), solc 0.8.21 as its pragma pins,
// the default ipfs metadata hash. lib/morpho-blue (55d2d99 = v1.0.0) and lib/openzeppelin-contracts
// (932fddf = v5.0.0) resolve to vendor/morpho-blue and vendor/openzeppelin-contracts-v5.0.0.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "morpho-org/metamorpho v1.0.0",
  compiler: "solc-0.8.21",
  settings: { viaIR: true, optimizer: { enabled: true, runs: 200 }, evmVersion: "paris" },
  remappings: [
    "vendor/metamorpho/lib/morpho-blue/=vendor/morpho-blue/",
    "vendor/metamorpho/lib/openzeppelin-contracts/=vendor/openzeppelin-contracts-v5.0.0/",
  ],
  sources: ["vendor/metamorpho/src/MetaMorphoFactory.sol"],
  contracts: ["MetaMorphoFactory", "MetaMorpho"],
  out: "devnet/generated/morpho-metamorpho-v1.0.ts",
};
export default build;
