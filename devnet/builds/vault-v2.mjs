// Morpho Vault V2, its factory and the factories of its adapters (vendor/vault-v2) at tag 2025-12-04:
// the release of MorphoMarketV1AdapterV2Factory (deployed on Ethereum at block 23981459 and on Base at
// 39285528); VaultV2, VaultV2Factory, MorphoVaultV1Adapter and its factory are deployed from tag
// 2025-09-15 and differ from this tag in comments and an interface's parameter names only, so with
// bytecode_hash = "none" their code is the same. Settings of its foundry.toml (via_ir, optimizer_runs
// 100000, cancun, bytecode_hash none), solc 0.8.28 as its pragmas pin. lib/morpho-blue (cf3f0ce, whose
// files used here differ from v1.0.0 in comments only) resolves to vendor/morpho-blue;
// lib/morpho-blue-irm (2bce6da, the AdaptiveCurveIrmLib the market adapter reads rates with) is vendored
// at vendor/vault-v2/lib/morpho-blue-irm.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "morpho-org/vault-v2 2025-12-04",
  compiler: "solc-0.8.28",
  settings: { viaIR: true, optimizer: { enabled: true, runs: 100_000 }, evmVersion: "cancun", metadata: { bytecodeHash: "none" } },
  remappings: [
    "vendor/vault-v2/lib/morpho-blue/=vendor/morpho-blue/",
    "vendor/vault-v2/lib/morpho-blue-irm/lib/morpho-blue/=vendor/morpho-blue/",
  ],
  sources: [
    "vendor/vault-v2/src/VaultV2Factory.sol",
    "vendor/vault-v2/src/adapters/MorphoVaultV1AdapterFactory.sol",
    "vendor/vault-v2/src/adapters/MorphoMarketV1AdapterV2Factory.sol",
  ],
  contracts: ["VaultV2Factory", "VaultV2", "MorphoVaultV1AdapterFactory", "MorphoVaultV1Adapter", "MorphoMarketV1AdapterV2Factory", "MorphoMarketV1AdapterV2"],
  out: "devnet/generated/vault-v2.ts",
};
export default build;
