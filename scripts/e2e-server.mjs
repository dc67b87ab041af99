// The app as the browser tests see it: the current build, on a fresh embedded database.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = process.argv[2] ?? "3210";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "yieldgrid-e2e-"));
const server = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", port, "-H", "127.0.0.1"], {
  cwd: root,
  env: { ...process.env, DATA_DIR: path.join(dataDir, "pglite") },
  stdio: "inherit",
});
const stop = (signal) => server.kill(signal);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
