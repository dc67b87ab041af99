// npm test: the whole suite. Unit and API tests (vitest, on the embedded database unless DATABASE_URL
// is set), then the browser tests (Playwright with Debian's Chromium, installed here when missing).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "./ensure-build.mjs";
import { chromiumPath } from "./lib/chromium.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromiumPath}: run as root so that the tests can apt-get install it, or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update", "-qq"], { env });
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"], { env });
}

const hasBrowserTests = existsSync(path.join(root, "e2e")) && readdirSync(path.join(root, "e2e")).some((f) => f.endsWith(".spec.ts"));

await ensureBuild();
run(process.execPath, [path.join(root, "node_modules/vitest/vitest.mjs"), "run"]);
if (hasBrowserTests) {
  ensureChromium();
  run(process.execPath, [path.join(root, "node_modules/@playwright/test/cli.js"), "test"]);
}
