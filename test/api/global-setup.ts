import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openMigratedDatabase } from "@/lib/api/services";
import { deadRpcUrl, startRpcProxy, startTestDevnet } from "../support/devnet";
import { startServer } from "../support/server";
import type { ApiFixture } from "../support/fixture";
import { makeFixtureKeys } from "../support/fixture-keys";

/**
 * Starts one built app for the API tests: on a fresh embedded database in a temporary folder, or on
 * DATABASE_URL when it is set. Keys are made beforehand through the same domain code the API uses
 * (the embedded database can be opened by one process at a time, so this happens before the server starts).
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const workDir = await mkdtemp(path.join(os.tmpdir(), "yieldgrid-api-"));
  const dataDir = path.join(workDir, "pglite");
  if (!databaseUrl) process.env.DATA_DIR = dataDir;

  const database = await openMigratedDatabase(databaseUrl);
  const keys = await makeFixtureKeys(database.db);
  await database.close();

  // Chain 31337 is a local Anvil chain behind a recording proxy; Base Sepolia's RPC is down; every
  // other chain has no RPC URL. A developer's running `npm run devnet` must not leak in.
  const devnet = await startTestDevnet();
  const proxy = await startRpcProxy(devnet.url);
  const chainEnv = { PUBLIC_RPC: "false", RPC_URL_31337: proxy.url, RPC_URL_84532: await deadRpcUrl(), RPC_RETRIES: "0", DEVNET_MANIFEST: path.join(workDir, "no-devnet.json") };

  const logFile = path.join(workDir, "server.log");
  // One trusted proxy hop: the tests give each request its own client address in X-Forwarded-For
  // (support/api.ts freshIp), as a proxy in front would; security-limits.test.ts starts a server with
  // the default (0) to show that a client cannot do the same.
  const env = { ...chainEnv, TRUSTED_PROXY_HOPS: "1", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }) };
  const server = await startServer({ env, logFile });
  const fixture: ApiFixture = {
    baseUrl: server.baseUrl,
    logFile,
    databaseKind: databaseUrl ? "postgres" : "pglite",
    databaseUrl: databaseUrl ?? null,
    chain: { proxyUrl: proxy.url, downChainId: 84532 },
    keys,
  };
  project.provide("api", fixture);

  return async () => {
    await server.stop();
    await proxy.close();
    await devnet.stop();
    await rm(workDir, { recursive: true, force: true });
  };
}
