// The app as the browser tests see it: the current build, on a fresh embedded database, with a
// local chain (npm run devnet) of its own. The devnet's manifest, which the tests read for the
// chain's RPC URL, is at the path e2eDevnetManifest(port) gives (scripts/lib/e2e-files.mjs).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { e2eDataDir, e2eDevnetManifest } from "./lib/e2e-files.mjs";
import { serverNodeArgs } from "./lib/server-heap.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = process.argv[2] ?? "3210";
// One folder per port, emptied at start: Playwright may kill this process before it cleans up, and a
// folder per run would then pile up.
const dataDir = e2eDataDir(port);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const manifest = e2eDevnetManifest(port);
rmSync(manifest, { force: true });

const children = [];
const stopAll = (signal) => children.forEach((child) => child.exitCode === null && child.kill(signal));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(signal));

const devnet = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/devnet.ts"], {
  cwd: root,
  // Without the year of past: the specs read the plan's present (balances, utilizations) and need no
  // history (the chain tests cover the backfill), and the past would add a minute and a gigabyte.
  env: { ...process.env, DEVNET_PORT: String(Number(port) + 1), DEVNET_MANIFEST: manifest, DEVNET_PAST: "false" },
  stdio: ["ignore", "ignore", "inherit"],
});
children.push(devnet);
devnet.on("exit", (code) => {
  if (code) process.exit(code);
});
// npm run devnet deploys the protocols' own contracts and fills them by real flows: about half a minute
// on a quiet 2-core machine, more under load.
for (let waited = 0; !existsSync(manifest); waited += 50) {
  if (waited > 120_000) throw new Error("the local chain did not start");
  await new Promise((r) => setTimeout(r, 50));
}

const server = spawn(process.execPath, [...serverNodeArgs, path.join(root, "scripts/serve.mjs"), "-p", port, "-H", "127.0.0.1"], {
  cwd: root,
  // No public RPCs: the browser tests never reach the internet.
  env: { ...process.env, PUBLIC_RPC: "false", DATA_DIR: path.join(dataDir, "pglite"), DEVNET_MANIFEST: manifest, PORT: port },
  stdio: "inherit",
});
children.push(server);
server.on("exit", (code) => {
  stopAll("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
