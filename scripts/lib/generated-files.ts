// Every file the repository commits but does not write by hand, with the text its sources give
// today: `npm run generate` writes them, and generated-files.test.ts fails when one is stale. The
// vendored protocol builds (scripts/lib/solidity.mjs) are the exception: compiling them takes
// minutes, so they are written by `npm run generate` and checked by their build records.
import path from "node:path";
import { localChainCatalogModule, localChainFactsModule } from "@/devnet/local-chain-catalog";
import { apiDocument } from "@/lib/api/endpoints";
import { API_TYPES_FILE, apiTypesModule } from "./api-types-module";
import { ownModules } from "./solidity.mjs";

export const root = path.resolve(import.meta.dirname, "../..");

/** Repository-relative path → text, for everything but the vendored builds. */
export async function generatedFiles(): Promise<Record<string, string>> {
  return {
    ...ownModules(root),
    "lib/machinery/catalog/local-chain.ts": localChainCatalogModule(),
    "lib/facts/local-chain.ts": localChainFactsModule(),
    [API_TYPES_FILE]: await apiTypesModule(apiDocument()),
  };
}
