// Where the browser tests' server (scripts/e2e-server.mjs) keeps its files, one set per port, so
// that runs on different ports never meet: its database folder and its local chain's manifest,
// which the specs read for the chain's RPC URL (e2e/support/devnet.ts).
import os from "node:os";
import path from "node:path";

/** The port of the app under test: E2E_PORT, or 3210. */
export const e2ePort = () => Number(process.env.E2E_PORT ?? 3210);

export const e2eDataDir = (port) => path.join(os.tmpdir(), `yieldgrid-e2e-${port}-data`);
export const e2eDevnetManifest = (port) => path.join(os.tmpdir(), `yieldgrid-e2e-${port}-devnet.json`);
