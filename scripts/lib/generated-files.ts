// Every file the repository commits but does not write by hand, with the text its sources give
// today: `npm run generate` writes them, and generated-files.test.ts fails when one is stale.
import path from "node:path";
import { localChainCatalogModule } from "@/devnet/local-chain-catalog";
import { apiDocument } from "@/lib/api/endpoints";
import { API_TYPES_FILE, apiTypesModule } from "./api-types-module";
import { generatedModules } from "./solidity.mjs";

export const root = path.resolve(import.meta.dirname, "../..");

/** Repository-relative path → text. */
export async function generatedFiles(): Promise<Record<string, string>> {
  return {
    ...generatedModules(root),
    "lib/machinery/catalog/local-chain.ts": localChainCatalogModule(),
    [API_TYPES_FILE]: await apiTypesModule(apiDocument()),
  };
}
