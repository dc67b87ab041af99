// Fluid's Liquidity layer proxy, lending protocol (factory, fToken, fTokenNativeUnderlying,
// LendingResolver) and Vault T1 protocol (factory, deployment logic, admin and secondary modules, the
// vault itself, FluidGenericOracle), as Ethereum and Base run them: solc 0.8.21, 10,000,000 runs,
// paris (hardhat.config.ts's defaultContractSettings with Hardhat 2.17's default EVM version for
// 0.8.20 and later; every deployments/{mainnet,base}/*.json of these contracts records exactly these
// settings). The Liquidity layer's modules and its resolver are fluid-liquidity.mjs.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "Instadapp/fluid-contracts-public a9949b48",
  compiler: "solc-0.8.21",
  settings: { optimizer: { enabled: true, runs: 10_000_000 }, evmVersion: "paris" },
  remappings: ["@openzeppelin/contracts/=vendor/openzeppelin-contracts/", "solmate/=vendor/solmate/"],
  sources: [
    "vendor/fluid-contracts-public/contracts/liquidity/dummyImpl.sol",
    "vendor/fluid-contracts-public/contracts/liquidity/proxy.sol",
    "vendor/fluid-contracts-public/contracts/protocols/lending/lendingFactory/main.sol",
    "vendor/fluid-contracts-public/contracts/protocols/lending/fToken/main.sol",
    "vendor/fluid-contracts-public/contracts/protocols/lending/fToken/nativeUnderlying/fTokenNativeUnderlying.sol",
    "vendor/fluid-contracts-public/contracts/periphery/resolvers/lending/main.sol",
    "vendor/fluid-contracts-public/contracts/protocols/vault/factory/main.sol",
    "vendor/fluid-contracts-public/contracts/protocols/vault/factory/deploymentLogics/vaultT1Logic.sol",
    "vendor/fluid-contracts-public/contracts/protocols/vault/vaultT1/adminModule/main.sol",
    "vendor/fluid-contracts-public/contracts/protocols/vault/vaultT1/coreModule/main2.sol",
    "vendor/fluid-contracts-public/contracts/oracle/oracles/genericOracle.sol",
  ],
  contracts: [
    "FluidLiquidityDummyImpl",
    "FluidLiquidityProxy",
    "FluidLendingFactory",
    "fToken",
    "fTokenNativeUnderlying",
    "FluidLendingResolver",
    "FluidVaultFactory",
    "FluidVaultT1DeploymentLogic",
    "FluidVaultT1Admin",
    "FluidVaultT1Secondary",
    "FluidVaultT1",
    "FluidGenericOracle",
  ],
  out: "devnet/generated/fluid.ts",
};
export default build;
