// Part of `npm run generate` (scripts/generate.ts runs it in a process of its own, because the
// deployment's modules read the manifest this writes): deploys the local chain on a throwaway Anvil
// and writes its manifest; with --check, exits 1 when the committed manifest differs.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startAnvil } from "@/devnet/anvil";
import { deployDevnet } from "@/devnet/deploy/deploy-devnet";
import { LOCAL_CHAIN_MANIFEST_FILE, localChainManifestModule } from "@/devnet/manifest";
const root = path.resolve(import.meta.dirname, "..");

const check = process.argv.includes("--check");
const anvil = await startAnvil();
try {
  const started = performance.now();
  const { addresses } = await deployDevnet(anvil.url, { checkManifest: false });
  const text = localChainManifestModule(addresses);
  const file = path.join(root, LOCAL_CHAIN_MANIFEST_FILE);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (check) {
    let committed = "";
    try {
      committed = readFileSync(file, "utf8");
    } catch {}
    if (committed !== text) {
      console.error(`stale: ${LOCAL_CHAIN_MANIFEST_FILE}`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${LOCAL_CHAIN_MANIFEST_FILE} (${Object.keys(addresses).length} contracts, deployed in ${seconds} s)`);
  }
} finally {
  await anvil.stop();
}
