// The app as the browser tests see it: the current build, on a fresh embedded database, with a
// local chain (npm run devnet) of its own. The devnet's manifest, which the tests read for the
// chain's RPC URL, is at the path e2eDevnetManifest(port) gives (e2e/support/devnet.ts).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = process.argv[2] ?? "3210";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "yieldgrid-e2e-"));
const manifest = path.join(os.tmpdir(), `yieldgrid-e2e-${port}-devnet.json`);
rmSync(manifest, { force: true });

const children = [];
const stopAll = (signal) => children.forEach((child) => child.exitCode === null && child.kill(signal));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(signal));

const devnet = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/devnet.ts"], {
  cwd: root,
  env: { ...process.env, DEVNET_PORT: String(Number(port) + 1), DEVNET_MANIFEST: manifest },
  stdio: ["ignore", "ignore", "inherit"],
});
children.push(devnet);
devnet.on("exit", (code) => {
  if (code) process.exit(code);
});
for (let waited = 0; !existsSync(manifest); waited += 50) {
  if (waited > 30_000) throw new Error("the local chain did not start");
  await new Promise((r) => setTimeout(r, 50));
}

const server = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", port, "-H", "127.0.0.1"], {
  cwd: root,
  env: { ...process.env, DATA_DIR: path.join(dataDir, "pglite"), DEVNET_MANIFEST: manifest },
  stdio: "inherit",
});
children.push(server);
server.on("exit", (code) => {
  stopAll("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
