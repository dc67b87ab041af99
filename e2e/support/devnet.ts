import { readFileSync } from "node:fs";
import { expect, type APIRequestContext } from "@playwright/test";
import { createPublicClient, erc20Abi, erc4626Abi, http, type Hex } from "viem";
import { foundry } from "viem/chains";
import { deployContext, type DeployContext } from "@/devnet/deploy/context";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { devnetAddresses, type DevnetContract } from "@/devnet/plan/addresses";
import { devnetMarketOf } from "@/devnet/plan/markets";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { e2eDevnetManifest, e2ePort } from "@/scripts/lib/e2e-files.mjs";

/** The local chain scripts/e2e-server.mjs started beside the app under test. */
export function e2eDevnetRpcUrl(): string {
  const manifest = JSON.parse(readFileSync(e2eDevnetManifest(e2ePort()), "utf8")) as { rpcUrl: string };
  return manifest.rpcUrl;
}

/** Plain reads of the e2e chain's contracts, independent of the app (no cached block number). */
export const e2eChainReader = () => createPublicClient({ chain: foundry, transport: http(e2eDevnetRpcUrl()), cacheTime: 0 });

/**
 * A deployment context on the e2e chain, its addresses those of the manifest: senders for the plan's
 * role accounts and any other (ctx.sender(role)), each reading its nonce from the chain, so that a
 * spec acts through the protocols' own entry points (devnet/protocols/<protocol>/actions.ts).
 */
export async function e2eDevnetContext(): Promise<DeployContext> {
  const ctx = await deployContext(e2eDevnetRpcUrl());
  for (const [name, address] of Object.entries(devnetAddresses)) ctx.record(name, address);
  return ctx;
}

/**
 * What the demo wallet holds in a market of the plan at `blockNumber`, as the market's own contract
 * answers: an aToken's or a Comet's balanceOf, or a vault's shares converted by its convertToAssets.
 */
export async function demoBalanceOnChain(contract: string, blockNumber: bigint): Promise<bigint> {
  const reader = e2eChainReader();
  const address: Hex = devnetAddresses[contract as DevnetContract];
  const balance = await reader.readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [devnetDemoWallet.address], blockNumber });
  if (devnetMarketOf(contract).kind !== "vault") return balance;
  return reader.readContract({ address, abi: erc4626Abi, functionName: "convertToAssets", args: [balance], blockNumber });
}

/** Until the e2e server's first sync of the local chain has published its figures (rates, rate models, prices). */
export async function untilLocalChainSynced(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const health = (await (await request.get("/api/v1/health")).json()) as { chains: { chainId: number; lastSuccessAt: string | null }[] };
        return health.chains.find((c) => c.chainId === LOCAL_CHAIN_ID)?.lastSuccessAt ?? null;
      },
      { timeout: 60_000 },
    )
    .not.toBeNull();
}
