// Compound III (vendor/comet): Comet with its CometExt, and what Ethereum's markets are deployed with:
// CometFactory, Configurator behind its ConfiguratorProxy, CometProxyAdmin and the
// TransparentUpgradeableProxy every Comet lives behind (src/deploy/Network.ts), and the price feeds
// of contracts/pricefeeds the local markets use: ConstantPriceFeed (the WETH Comet's base, as
// cWETHv3's) and ReverseMultiplicativePriceFeed (a collateral priced in the Comet's own unit).
/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild["settings"]} */
export const cometSettings = {
  // hardhat.config.ts at d5a30b0a: solc 0.8.15, viaIR, 1 run and these Yul optimizer steps. It sets
  // no evmVersion, so solc 0.8.15's default, london, named here.
  optimizer: {
    enabled: true,
    runs: 1,
    details: {
      yulDetails: {
        optimizerSteps:
          "dhfoDgvulfnTUtnIf [xa[r]scLM cCTUtTOntnfDIul Lcul Vcul [j] Tpeul xa[rul] xa[r]cL gvif CTUca[r]LsTOtfDnca[r]Iulc] jmul[jul] VcTOcul jmul",
      },
    },
  },
  viaIR: true,
  evmVersion: "london",
};

/** @type {import("../../scripts/lib/solidity.mjs").VendoredBuild} */
const build = {
  upstream: "compound-finance/comet d5a30b0a",
  compiler: "solc-0.8.15",
  settings: cometSettings,
  sources: [
    "vendor/comet/contracts/Comet.sol",
    "vendor/comet/contracts/CometExt.sol",
    "vendor/comet/contracts/CometFactory.sol",
    "vendor/comet/contracts/Configurator.sol",
    "vendor/comet/contracts/ConfiguratorProxy.sol",
    "vendor/comet/contracts/CometProxyAdmin.sol",
    "vendor/comet/contracts/vendor/proxy/transparent/TransparentUpgradeableProxy.sol",
    "vendor/comet/contracts/pricefeeds/ConstantPriceFeed.sol",
    "vendor/comet/contracts/pricefeeds/ReverseMultiplicativePriceFeed.sol",
  ],
  contracts: [
    "Comet",
    "CometExt",
    "CometFactory",
    "Configurator",
    "ConfiguratorProxy",
    "CometProxyAdmin",
    "TransparentUpgradeableProxy",
    "ConstantPriceFeed",
    "ReverseMultiplicativePriceFeed",
  ],
  out: "devnet/generated/comet.ts",
};
export default build;
