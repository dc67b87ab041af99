/**
 * Where the local chain's (31337) contracts are: the deployment's manifest (devnet/manifest.ts), by
 * name. The Morpho Blue singleton lives at its real address, as on every chain Morpho is on.
 */
import type { Hex } from "viem";
import { localChainManifest } from "../generated/local-chain-manifest";

/** Morpho Blue's address on Ethereum, Base and every chain it is on; the local chain's too. */
export const MORPHO_BLUE_ADDRESS = "0xBBBBBbbBBb9cC5e90e3b3Af64bdAF62C37EEFFCb" as const;

/** Native ETH as Fluid's Liquidity layer (and Morpho's SDK) name it: the token fWETH lends out. */
export const NATIVE_TOKEN_ADDRESS = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE" as const;

export const devnetAddresses: Readonly<Record<DevnetContract, Hex>> = localChainManifest.contracts;
export type DevnetContract = keyof typeof localChainManifest.contracts;
