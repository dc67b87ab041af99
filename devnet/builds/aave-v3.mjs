// Aave v3 as Base and Ethereum run it (vendor/aave-v3-origin at aave-dao/aave-v3-origin fd1fbd91, the
// v3.7 code: PoolInstance POOL_REVISION 11, PoolConfiguratorInstance CONFIGURATOR_REVISION 8), with
// OpenZeppelin 5.1.0 (vendor/openzeppelin-contracts-v5.1.0) as its solidity-utils submodule pins it.
// The pool and what it deploys (addresses provider, ACL manager, configurator, oracle, the rate
// strategy, AToken and VariableDebtToken), the libraries the Pool links, and the local chain's test
// tokens (TestnetERC20, WETH9) from the same release.
//
// Settings: the repository's foundry.toml (solc 0.8.27, optimizer 200 runs, bytecode_hash none, no
// via-IR), with evmVersion cancun instead of its shanghai: Base's and Ethereum's Pool, PoolConfigurator,
// AToken and VariableDebtToken implementations were compiled by bgd-labs/protocol-v3.6-upgrade and
// protocol-v3.7-upgrade, whose foundry.toml and verified settings set evm_version cancun.
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "aave-dao/aave-v3-origin fd1fbd91 (v3.7)",
  compiler: "solc-0.8.27",
  settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun", metadata: { bytecodeHash: "none" } },
  remappings: ["openzeppelin-contracts/=vendor/openzeppelin-contracts-v5.1.0/"],
  sources: [
    "vendor/aave-v3-origin/src/contracts/protocol/configuration/PoolAddressesProvider.sol",
    "vendor/aave-v3-origin/src/contracts/protocol/configuration/ACLManager.sol",
    "vendor/aave-v3-origin/src/contracts/instances/PoolInstance.sol",
    "vendor/aave-v3-origin/src/contracts/instances/PoolConfiguratorInstance.sol",
    "vendor/aave-v3-origin/src/contracts/misc/AaveOracle.sol",
    "vendor/aave-v3-origin/src/contracts/misc/DefaultReserveInterestRateStrategyV2.sol",
    "vendor/aave-v3-origin/src/contracts/instances/ATokenInstance.sol",
    "vendor/aave-v3-origin/src/contracts/instances/VariableDebtTokenInstance.sol",
    "vendor/aave-v3-origin/src/contracts/mocks/testnet-helpers/TestnetERC20.sol",
    "vendor/aave-v3-origin/src/contracts/dependencies/weth/WETH9.sol",
  ],
  contracts: [
    "PoolAddressesProvider",
    "ACLManager",
    "PoolInstance",
    "PoolConfiguratorInstance",
    "AaveOracle",
    "DefaultReserveInterestRateStrategyV2",
    "ATokenInstance",
    "VariableDebtTokenInstance",
    "SupplyLogic",
    "BorrowLogic",
    "LiquidationLogic",
    "FlashLoanLogic",
    "PoolLogic",
    "TestnetERC20",
    "WETH9",
  ],
  out: "devnet/generated/aave-v3.ts",
};
export default build;
