import "server-only";
import type { ProtocolName } from "@/lib/facts/protocols";
import { readAaveV3 } from "./aave-v3";
import { readCompoundV3 } from "./compound-v3";
import { readFluidFTokens } from "./fluid-ftokens";
import { readMorphoVaults } from "./morpho-vaults";
import type { Adapter } from "./types";

/** The adapter of each protocol's current version. */
export const adapters: Record<ProtocolName, Adapter> = {
  aave: readAaveV3,
  compound: readCompoundV3,
  morpho: readMorphoVaults,
  fluid: readFluidFTokens,
};
