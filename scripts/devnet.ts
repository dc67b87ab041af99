// npm run devnet: a local EVM chain (Anvil, chain 31337) with the four protocols' contracts, a
// funded demo wallet and Multicall3, for the offline demo and manual testing. It stays in the
// foreground; Ctrl-C stops it. While it runs, `npm start` reads and syncs chain 31337.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startAnvil } from "@/devnet/anvil";
import { deployDevnet } from "@/devnet/deploy/deploy-devnet";
import { deployDiscoveryDevnet } from "@/devnet/deploy/discovery";
import { discoveryVaults } from "@/devnet/plan/discovery-vaults";
import { devnetManifestPath, type DevnetManifest } from "@/lib/machinery/chain/devnet-manifest";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { devnetMarkets } from "@/devnet/plan/markets";
import { devnetAaveStream, devnetCometStream, devnetFluidStream, devnetRewardTokens } from "@/devnet/plan/rewards";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { devnetSmartWalletOwner, devnetSmartWallets } from "@/devnet/smart-wallet";

const port = Number(process.env.DEVNET_PORT ?? 8545);
const anvil = await startAnvil({ port }).catch((err: unknown) => {
  console.error(`Could not start the local chain on 127.0.0.1:${port}: ${(err as Error).message}\nSet DEVNET_PORT to use another port.`);
  process.exit(1);
});
try {
  await deployDevnet(anvil.url);
  // Morpho's vault factories, whose vaults the sync discovers from their creation events.
  await deployDiscoveryDevnet(anvil.url);
} catch (err) {
  console.error(`Deploying the local chain's contracts failed: ${(err as Error).message}`);
  await anvil.stop();
  process.exit(1);
}

const symbolOf = (contract: string) => devnetMarkets.find((m) => m.contract === contract)!.yieldTokenSymbol;
const rewardSymbol = (contract: string) => devnetRewardTokens.find((t) => t.contract === contract)!.symbol;
const rewardedMarkets = [
  `${symbolOf(devnetAaveStream.aToken)} pays ${rewardSymbol(devnetAaveStream.reward)} (Aave RewardsController)`,
  `${symbolOf(devnetCometStream.comet)} pays ${rewardSymbol(devnetCometStream.reward)} (CometRewards)`,
  `${symbolOf(devnetFluidStream.fToken)} pays its underlying (Fluid LendingRewardsRateModel)`,
].join(", ");

const manifest: DevnetManifest = { rpcUrl: anvil.url, chainId: LOCAL_CHAIN_ID, pid: process.pid, startedAt: new Date().toISOString() };
const manifestFile = devnetManifestPath();
mkdirSync(path.dirname(manifestFile), { recursive: true });
writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));

console.log(`Local chain ${LOCAL_CHAIN_ID} at ${anvil.url}
  demo wallet   ${devnetDemoWallet.address} (private key ${devnetDemoWallet.privateKey}, Anvil account 1)
  USDC          ${devnetAddresses.usdc}
  markets       ${devnetMarkets.map((m) => `${m.protocol} ${m.yieldTokenSymbol}`).join(", ")}
  rewards       ${rewardedMarkets}
  smart wallet  ${devnetSmartWallets.deployed} (ERC-1271; not deployed, ERC-6492: ${devnetSmartWallets.counterfactual}), owned by ${devnetSmartWalletOwner.address} (Anvil account 7)
  Morpho vaults ${discoveryVaults.map((v) => v.symbol).join(", ")}, created through Morpho's factories for the sync to discover
Written to ${path.relative(process.cwd(), manifestFile)}: a running \`npm start\` syncs chain ${LOCAL_CHAIN_ID} every 15 s.
Press Ctrl-C to stop.`);

let stopping = false;
const stop = async () => {
  stopping = true;
  rmSync(manifestFile, { force: true });
  await anvil.stop();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
anvil.process.once("exit", (code) => {
  if (stopping) return;
  rmSync(manifestFile, { force: true });
  console.error(`anvil exited (${code})`);
  process.exit(1);
});
