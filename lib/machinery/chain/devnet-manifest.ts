import "server-only";
/**
 * `npm run devnet` writes where its chain listens to .data/devnet.json and removes the file when
 * it stops. The server reads it so that, with the local chain running, chain 31337 is read and
 * synced with no configuration (RPC_URL_31337 still wins when set).
 */
import { readFileSync, statSync } from "node:fs";
import { devnetManifestFile } from "@/lib/machinery/config";

export interface DevnetManifest {
  rpcUrl: string;
  chainId: number;
  pid: number;
  startedAt: string;
}

export const devnetManifestPath = () => devnetManifestFile();

let cached: { mtimeMs: number; manifest: DevnetManifest | undefined } | undefined;

export function readDevnetManifest(): DevnetManifest | undefined {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(/*turbopackIgnore: true*/ devnetManifestPath()).mtimeMs;
  } catch {
    cached = undefined;
    return undefined;
  }
  if (cached?.mtimeMs === mtimeMs) return cached.manifest;
  let manifest: DevnetManifest | undefined;
  try {
    const parsed = JSON.parse(readFileSync(/*turbopackIgnore: true*/ devnetManifestPath(), "utf8")) as Partial<DevnetManifest>;
    if (typeof parsed.rpcUrl === "string" && typeof parsed.pid === "number" && processAlive(parsed.pid)) manifest = parsed as DevnetManifest;
  } catch {
    manifest = undefined;
  }
  cached = { mtimeMs, manifest };
  return manifest;
}

// A devnet killed with SIGKILL leaves its file behind; a dead pid means no chain.
function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
