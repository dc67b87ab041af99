// Aave v3 on the local chain: deployAave (both pools and the AAVE stream), populateAave (the planned
// positions, by real flows), and the pool's entry points for any account.
export { deployAave } from "./deploy";
export { populateAave } from "./populate";
export * as aaveActions from "./actions";
