// Fluid's Liquidity layer modules as Base (and Arbitrum, Polygon) run them behind the Liquidity proxy
// (FluidLiquidityAdminModuleOthers, FluidLiquidityUserModuleOthers), and the FluidLiquidityResolver
// every chain runs: their pragma (>=0.8.21 <=0.8.29) makes Hardhat pick hardhat.config.ts's
// newContractSettings, solc 0.8.29, 10,000,000 runs, cancun, as deployments/base/{AdminModule,
// UserModule,LiquidityResolver}.json record.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "Instadapp/fluid-contracts-public a9949b48",
  compiler: "solc-0.8.29",
  settings: { optimizer: { enabled: true, runs: 10_000_000 }, evmVersion: "cancun" },
  remappings: ["@openzeppelin/contracts/=vendor/openzeppelin-contracts/", "solmate/=vendor/solmate/"],
  sources: [
    "vendor/fluid-contracts-public/contracts/liquidity/adminModule/mainOthers.sol",
    "vendor/fluid-contracts-public/contracts/liquidity/userModule/mainOthers.sol",
    "vendor/fluid-contracts-public/contracts/periphery/resolvers/liquidity/main.sol",
  ],
  contracts: ["FluidLiquidityAdminModuleOthers", "FluidLiquidityUserModuleOthers", "FluidLiquidityResolver"],
  out: "devnet/generated/fluid-liquidity.ts",
};
export default build;
