import { spawnSync } from "node:child_process";
import path from "node:path";

/** The fault tests start the built app: build it first when the sources changed (as `npm run test:api` does). */
export default function setup() {
  const root = path.resolve(import.meta.dirname, "../..");
  const result = spawnSync(process.execPath, [path.join(root, "scripts/ensure-build.mjs")], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("the build failed");
}
