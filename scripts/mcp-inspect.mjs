// npm run mcp:inspect -- <server URL> --method tools/list | tools/call --tool-name NAME [--tool-arg k=v …] [--header "X-API-Key: …"]
//
// The MCP inspector's command line (@modelcontextprotocol/inspector-cli, a dev dependency) in CLI
// mode, against a running server: it prints the JSON answer of one method. Run from scripts/: the
// inspector 1.0.3 reads its own package.json at a path it decides by whether the working directory's
// parent holds a package.json (upstream issue modelcontextprotocol/inspector#1503), which the
// repository's root does; from the root itself it stops with ERR_MODULE_NOT_FOUND.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const scripts = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(scripts, "..", "node_modules", "@modelcontextprotocol", "inspector-cli", "build", "cli.js");
const { status } = spawnSync(process.execPath, [cli, "--cli", ...process.argv.slice(2)], { cwd: scripts, stdio: "inherit" });
process.exit(status ?? 1);
