// Morpho on the local chain from Morpho's own contracts: deploy, then populate (plan/morpho.ts).
export { deployMorpho, morphoMarketParams } from "./deploy";
export { populateMorpho, plannedMarketSupply, plannedVaultAssets, oraclePrice, collateralFor, borrowerRole } from "./populate";
export * as morphoActions from "./actions";
