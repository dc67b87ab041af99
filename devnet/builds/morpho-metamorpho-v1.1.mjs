// MetaMorpho v1.1 and its factory (vendor/metamorpho-v1.1) at 5a0717b, the head of the repository when
// MetaMorphoV1_1Factory was deployed on Ethereum (block 21439510, 19 December 2024); the repository has
// no tags. Settings of that commit: foundry.toml's via-ir and cancun with Foundry's default optimizer
// (on, 200 runs, as its hardhat.config.ts writes out), solc 0.8.26 as its pragma pins, and the default
// ipfs metadata hash: its README says the factory was deployed "with the metadata hash included" (the
// bytecode_hash = "none" of later commits came after). lib/morpho-blue (4844569, which differs from
// v1.0.0 in comments only) and lib/openzeppelin-contracts (932fddf = v5.0.0) resolve to
// vendor/morpho-blue and vendor/openzeppelin-contracts-v5.0.0.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "morpho-org/metamorpho-v1.1 5a0717b",
  compiler: "solc-0.8.26",
  settings: { viaIR: true, optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun" },
  remappings: [
    "vendor/metamorpho-v1.1/lib/morpho-blue/=vendor/morpho-blue/",
    "vendor/metamorpho-v1.1/lib/openzeppelin-contracts/=vendor/openzeppelin-contracts-v5.0.0/",
  ],
  sources: ["vendor/metamorpho-v1.1/src/MetaMorphoV1_1Factory.sol"],
  contracts: ["MetaMorphoV1_1Factory", "MetaMorphoV1_1"],
  out: "devnet/generated/morpho-metamorpho-v1.1.ts",
};
export default build;
