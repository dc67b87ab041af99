// npm start: build when needed, then serve on PORT (default 3000) with the configured database.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "./ensure-build.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
ensureBuild();
const port = process.env.PORT ?? "3000";
const server = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", port], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
