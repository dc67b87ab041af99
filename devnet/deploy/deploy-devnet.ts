/**
 * The whole local chain (31337) on the protocols' own contracts: Multicall3 at its canonical
 * address, the tokens and feeds, then each protocol deployed and filled by real flows only
 * (devnet/protocols/<protocol>: supplies, borrows against real collateral, the demo wallet's
 * deposits), each from accounts of its own so that its addresses never move, and the smart-contract
 * wallets sign-in tests use. Returns the deployment's manifest, checked against the committed one.
 */
import type { Hex } from "viem";
import { MULTICALL3_ADDRESS } from "@/lib/machinery/chain/abis";
import { multicall3Artifact } from "../generated/multicall3";
import { localChainManifest } from "../generated/local-chain-manifest";
import { manifestDifferences } from "../manifest";
import { deployAave, populateAave } from "../protocols/aave";
import { deployCompound, populateCompound } from "../protocols/compound";
import { deployFluid, populateFluid } from "../protocols/fluid/deploy";
import { deployMorpho, populateMorpho } from "../protocols/morpho";
import { deployTokens, fundToken } from "../protocols/tokens";
import { devnetDemoWallet } from "../plan/accounts";
import { DEVNET_DEMO_USDC } from "../plan/tokens";
import { deployDevnetSmartWallets } from "../smart-wallet";
import { deployContext, type DeployContext } from "./context";

/** Multicall3 has no constructor and no storage: its runtime code is placed where every chain has it. */
async function placeMulticall3(ctx: DeployContext) {
  const tx = await ctx.sender("multicall3");
  const template = await tx.create(multicall3Artifact, []);
  const code = await tx.client.wallet.getCode({ address: template });
  if (!code) throw new Error("Multicall3 left no code");
  await tx.client.test.setCode({ address: MULTICALL3_ADDRESS, bytecode: code });
}

export interface DevnetDeployment {
  /** Every contract's address by name: the manifest. */
  addresses: Record<string, Hex>;
  /** The chain's last block once everything is deployed and filled. */
  block: bigint;
  /** Milliseconds each step took. */
  timings: Record<string, number>;
  context: DeployContext;
}

/** Deploys and fills the local chain on a fresh Anvil node at `rpcUrl`. */
export async function deployDevnet(rpcUrl: string, { checkManifest = true }: { checkManifest?: boolean } = {}): Promise<DevnetDeployment> {
  const ctx = await deployContext(rpcUrl);
  const probe = await ctx.sender("probe");
  // Fresh: nothing placed yet (a chain's first block may be numbered far from 0: devnet/anvil.ts genesisBlock).
  if (await probe.client.wallet.getCode({ address: MULTICALL3_ADDRESS })) throw new Error("the local chain must be deployed on a fresh chain");
  const timings: Record<string, number> = {};
  const step = async (name: string, work: (ctx: DeployContext) => Promise<unknown>) => {
    const started = performance.now();
    await work(ctx);
    timings[name] = Math.round(performance.now() - started);
  };
  await step("multicall3", placeMulticall3);
  await step("tokens", deployTokens);
  await step("aave", deployAave);
  await step("compound", deployCompound);
  await step("morpho", deployMorpho);
  await step("fluid", deployFluid);
  await step("aave populate", populateAave);
  await step("compound populate", populateCompound);
  await step("morpho populate", populateMorpho);
  await step("fluid populate", populateFluid);
  // The demo wallet's idle USDC, beside its positions (its deposits spent what it was given for them).
  await step("demo wallet's USDC", () => fundToken(ctx, "usdc", devnetDemoWallet.address, DEVNET_DEMO_USDC));
  await step("smart wallets", () => deployDevnetSmartWallets(rpcUrl));
  if (checkManifest) {
    const differ = manifestDifferences(ctx.addresses, localChainManifest.contracts);
    if (differ.length > 0)
      throw new Error(`the local chain's contracts landed elsewhere than its manifest says (${differ.slice(0, 5).join(", ")}): run npm run generate`);
  }
  return { addresses: ctx.addresses, block: await probe.client.wallet.getBlockNumber({ cacheTime: 0 }), timings, context: ctx };
}
