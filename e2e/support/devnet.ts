import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The local chain scripts/e2e-server.mjs started beside the app under test. */
export function e2eDevnetRpcUrl(): string {
  const port = process.env.E2E_PORT ?? "3210";
  const manifest = JSON.parse(readFileSync(path.join(os.tmpdir(), `yieldgrid-e2e-${port}-devnet.json`), "utf8")) as { rpcUrl: string };
  return manifest.rpcUrl;
}
