import type { ProtocolName } from "@/lib/catalog/catalog-data";
import { readAaveV3 } from "./aave-v3";
import { readCompoundV3 } from "./compound-v3";
import { readErc4626 } from "./erc4626";
import type { Adapter } from "./types";

/** The adapter of each protocol's current version (decisions D1). */
export const adapters: Record<ProtocolName, Adapter> = {
  aave: readAaveV3,
  compound: readCompoundV3,
  morpho: readErc4626,
  fluid: readErc4626,
};
