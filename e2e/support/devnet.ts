import { readFileSync } from "node:fs";
import { e2eDevnetManifest, e2ePort } from "@/scripts/lib/e2e-files.mjs";

/** The local chain scripts/e2e-server.mjs started beside the app under test. */
export function e2eDevnetRpcUrl(): string {
  const manifest = JSON.parse(readFileSync(e2eDevnetManifest(e2ePort()), "utf8")) as { rpcUrl: string };
  return manifest.rpcUrl;
}
