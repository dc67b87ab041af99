import { privateKeyToAccount } from "viem/accounts";

export interface FixtureKey {
  id: string;
  key: string;
  prefix: string;
  type: "test" | "live";
}

export interface ApiFixture {
  baseUrl: string;
  /** The server's stdout and stderr: one JSON line per request. */
  logFile: string;
  databaseKind: "pglite" | "postgres";
  databaseUrl: string | null;
  /** The local chain the server reads as chain 31337, behind a proxy that records each RPC request. */
  chain: { proxyUrl: string; downChainId: number };
  keys: {
    /** Account A: an active test key, an active live key, a live key limited to 25 requests per window, an expired and a revoked key. */
    A: { test: FixtureKey; live: FixtureKey; limited: FixtureKey; expired: FixtureKey; revoked: FixtureKey };
    /** Account B: another account's keys, for isolation tests. */
    B: { test: FixtureKey; live: FixtureKey };
  };
}

// Well-known development keys (Anvil's default accounts): never hold real funds.
export const testAccounts = {
  A: privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"),
  B: privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"),
  C: privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3faa4d7f3f0e8e1f"),
};

declare module "vitest" {
  export interface ProvidedContext {
    api: ApiFixture;
  }
}
