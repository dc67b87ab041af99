/**
 * The local chain (31337) that `npm run devnet`, the chain tests and the offline demo run on: where
 * its contracts are.
 *
 * A fresh Anvil chain and one deployer account make every contract address deterministic: the
 * deployer's n-th creation lands at getContractAddress(deployer, n). `deployDevnet` creates the
 * contracts in exactly the order of `devnetAddresses`, and a unit test checks the addresses below
 * against that rule, so the catalog can list chain 31337's markets like any other chain's.
 */
import type { Hex } from "viem";

/**
 * The Morpho Blue singleton and Fluid's Liquidity contract at their real addresses. The devnet
 * places a Morpho Blue mock at MORPHO_BLUE_ADDRESS; Fluid's Liquidity is an identifier only.
 */
export const MORPHO_BLUE_ADDRESS = "0xBBBBBbbBBb9cC5e90e3b3Af64bdAF62C37EEFFCb" as const;
export const FLUID_LIQUIDITY_ADDRESS = "0x52Aa899454998Be5b000Ad077a46Bbe360F4e497" as const;

/** Native ETH as Fluid's Liquidity layer (and Morpho's SDK) name it: the token fWETH lends out. */
export const NATIVE_TOKEN_ADDRESS = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE" as const;

export const devnetAddresses = {
  usdc: "0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35",
  weth: "0xA15BB66138824a1c7167f5E85b957d04Dd34E468",
  eurc: "0xb19b36b1456E65E3A6D514D3F715f204BD59f431",
  wbtc: "0x8ce361602B935680E8DeC218b820ff5056BeB7af",
  aaveOracle: "0xe1Aa25618fA0c7A1CFDab5d6B456af611873b629",
  aavePool: "0xe1DA8919f262Ee86f9BE05059C9280142CF23f48",
  aUsdc: "0x0C8E79F3534B00D9a3D4a856B665Bf4eBC22f2ba",
  aWeth: "0xeD1DB453C3156Ff3155a97AD217b3087D5Dc5f6E",
  aEurc: "0xf7Cd8fa9b94DB2Aa972023b379c7f72c65E4De9D",
  aWbtc: "0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84",
  usdcPriceFeed: "0x82Dc47734901ee7d4f4232f398752cB9Dd5dACcC",
  wethConstantPriceFeed: "0x196dBCBb54b8ec4958c959D8949EBFE87aC2Aaaf",
  cometUsdc: "0x82C6D3ed4cD33d8EC1E51d0B5Cc1d822Eaa0c3dC",
  cometWeth: "0x05B4CB126885fb10464fdD12666FEb25E2563B76",
  morphoUsdcVault: "0x2a264F26859166C5BF3868A54593eE716AeBC848",
  morphoWethVault: "0xd04fF4A75Edd737A73E92b2F2274Cb887d96E110",
  fluidLendingResolver: "0xc6B8FBF96CF7bbE45576417EC2163AcecFA88ECC",
  fUsdc: "0x29a79095352a718B3D7Fe84E1F14E9F34A35598e",
  fWeth: "0x6379ebD504941f50D5BfDE9348B37593bd29C835",
  fEurc: "0x5B3120d0dA5FDcBA7aef87A9c3c64829C1c0D76B",
  multicall3Template: "0x33b1B5Aa9Aa4Da83a332F0bC5cAC6A903FDE5d92",
  /** Its code is copied to MORPHO_BLUE_ADDRESS, where the vaults' MORPHO() points. */
  morphoBlueTemplate: "0x19A1c09fE3399C4Daaa2C98b936a8E460fC5Eaa4",
  morphoIrm: "0x49B8E3b089d4ebf9F37B1dA9B839Ec013C2cD8c9",
  fluidLiquidityResolver: "0x067c804bb006836469379D4A2A69a81803bd1F45",
  // Added for issue 10, after everything above so that no earlier address moves.
  /** A WBTC/BTC feed: the WBTC Comet's prices are in BTC, as cWBTCv3's on Ethereum. */
  wbtcBtcPriceFeed: "0x45009DD3aBBE29Db54fc5D893CeAa98a624882DF",
  cometWbtc: "0xf56AA3aCedDf88Ab12E494d0B96DA3C09a5d264e",
  /** A Vault V2 that allocates into morphoUsdcVault through a MorphoVaultV1Adapter. */
  morphoUsdcVaultV2: "0xdBD296711eC8eF9Aacb623ee3F1C0922dce0D7b2",
  morphoVaultV1Adapter: "0xDFD787c807DEA8d7e53311b779BC0c6a4704D286",
  morphoMarketAdapter: "0x6d014319E0F36651997697C98Da594c7Cf235fa4",
  /** A second Aave v3 pool with its own oracle (as Ethereum's Prime market), found by discovery. */
  aavePrimePool: "0x5621d0B4D8043524Ac5837918D6a95b1050eF228",
  aavePrimeOracle: "0x2c4b93b614DdbfAF0807e8F4Ca982e9f9c2e2Aa4",
  aPrimeUsdc: "0x04fc820176617A99AE134904935Bc854b2e51628",
  aPrimeWeth: "0xF1078fD568Ad76E49E6F88D1fF485402a086976b",
  // The reward streams (plan/rewards.ts), after everything above so that no earlier address moves.
  comp: "0xe8F76a822B57b973c7a89006092364fFF8f69040",
  /** COMP / USD, the USD Comet's feed for its COMP collateral. */
  compPriceFeed: "0x4e85DC48a70DA1298489d5B6FC2492767d98f384",
  /** Compound's CometRewards (vendor/comet). */
  cometRewards: "0x4d8E02BBfCf205828A8352Af4376b165E123D7b0",
  aaveToken: "0xEAb25969e5285dF34a3B245324d0B2B91E31cAD4",
  /** AAVE / USD, the RewardsController's reward oracle for AAVE. */
  aaveTokenPriceFeed: "0x150890d6984e98f408162eE65684779804bFf858",
  /** Aave's RewardsController (vendor/aave-v3-periphery): aLocUSDC's incentives controller. */
  aaveRewardsController: "0xc525e1beD21174d5615252a16eE2b283B894A318",
  /** Aave's PullRewardsTransferStrategy: pays claims from the deployer's AAVE. */
  aaveTransferStrategy: "0xE8ecF644D9a3432Dab3A0725308f265990eEDca9",
  /** Fluid's LendingRewardsRateModel (vendor/fluid-contracts-public) of fUSDC. */
  fluidRewardsModel: "0x3A1D75769758705caB1385377d4D88b8193A5f37",
} as const satisfies Record<string, Hex>;
export type DevnetContract = keyof typeof devnetAddresses;
