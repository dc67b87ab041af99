// npm run devnet: a local EVM chain (Anvil, chain 31337) with the four protocols' own contracts, each
// filled by real flows, a funded demo wallet and Multicall3, for the offline demo and manual testing.
// It stays in the foreground; Ctrl-C stops it. While it runs, `npm start` reads and syncs chain 31337.
//
// The chain has a year of past (devnet/past): it starts a year back, the protocols are deployed at its
// start and a year of real borrows, repayments, deposits, withdrawals, price moves and reward streams
// is laid in a handful of blocks a day (one an hour in the last week), so that the history backfill
// reads real movement offline. The past ends a day before the wall clock: the discovery deployment
// creates MetaMorpho v1.0 vaults, whose caps are accepted only after v1.0's least timelock (a day), so
// it moves the chain's clock a day forward (devnet/deploy/discovery.ts); the chain is then at the
// wall clock once ready, and a sync's timestamps (and the reward streams' ends) read as the day they are.
// DEVNET_PAST=false starts the chain without a past (seconds instead of a minute or two).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startAnvil } from "@/devnet/anvil";
import { deployDevnet, type DevnetDeployment } from "@/devnet/deploy/deploy-devnet";
import { devnetPast, type PastResult } from "@/devnet/past/chain-past";
import { startDevnetWithPast } from "@/devnet/past/devnet-with-past";
import { deployDiscoveryDevnet } from "@/devnet/deploy/discovery";
import { discoveryVaults } from "@/devnet/plan/discovery-vaults";
import { devnetManifestPath, type DevnetManifest } from "@/lib/machinery/chain/devnet-manifest";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { devnetMarkets } from "@/devnet/plan/markets";
import { devnetAaveStream, devnetCometStream, devnetFluidStream, devnetRewardTokens } from "@/devnet/plan/rewards";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { protocolNames } from "@/lib/facts/protocols";
import { devnetSmartWalletOwner, devnetSmartWallets } from "@/devnet/smart-wallet";

const started = performance.now();
/** How far the discovery deployment moves the chain's clock: MetaMorpho v1.0's least timelock, a day, when it creates a v1.0 vault. */
const DISCOVERY_CLOCK_SHIFT = discoveryVaults.some((v) => v.factory === "metaMorphoFactoryV1_0") ? 86_400 : 0;

const port = Number(process.env.DEVNET_PORT ?? 8545);
const withPast = process.env.DEVNET_PAST !== "false";
const presentAt = Math.floor(Date.now() / 1000) - DISCOVERY_CLOCK_SHIFT;
let anvil: Awaited<ReturnType<typeof startAnvil>>;
let deployment: DevnetDeployment;
let past: PastResult | null = null;
try {
  if (withPast) {
    const built = await startDevnetWithPast({ presentAt, port });
    ({ anvil, deployment, past } = built);
  } else {
    anvil = await startAnvil({ port, genesisTimestamp: presentAt });
    deployment = await deployDevnet(anvil.url);
  }
} catch (err) {
  console.error(`Could not start the local chain on 127.0.0.1:${port}: ${(err as Error).message}\nSet DEVNET_PORT to use another port.`);
  process.exit(1);
}
let head: { number: bigint; timestamp: bigint };
try {
  // Morpho's vault factories, whose vaults the sync discovers from their creation events.
  await deployDiscoveryDevnet(deployment.context);
  const block = await deployment.context.sender("probe").then((probe) => probe.client.wallet.getBlock({ blockTag: "latest" }));
  head = { number: block.number, timestamp: block.timestamp };
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
const marketLines = protocolNames
  .map((protocol) => {
    const markets = devnetMarkets.filter((m) => m.protocol === protocol);
    const named = markets.map((m) => `${m.yieldTokenSymbol}${m.aavePool ? ` (${m.aavePool})` : ""}${m.inCatalog ? "" : "*"}`);
    return `    ${protocol.padEnd(9)} ${named.join(", ")}`;
  })
  .join("\n");
const discovered = discoveryVaults.map((v) => `${v.symbol} (${v.factory === "strayFactory" ? "a stray factory, never listed" : v.factory})`);

const manifest: DevnetManifest = { rpcUrl: anvil.url, chainId: LOCAL_CHAIN_ID, pid: process.pid, startedAt: new Date().toISOString() };
const manifestFile = devnetManifestPath();
mkdirSync(path.dirname(manifestFile), { recursive: true });
writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));

const clockLead = Number(head.timestamp) - Math.floor(Date.now() / 1000);
console.log(`Local chain ${LOCAL_CHAIN_ID} at ${anvil.url}, ready in ${((performance.now() - started) / 1000).toFixed(1)} s (block ${head.number}, its clock ${clockLead >= 0 ? `${clockLead} s ahead of` : `${-clockLead} s behind`} the wall clock)
  demo wallet   ${devnetDemoWallet.address} (private key ${devnetDemoWallet.privateKey}, Anvil account 1)
  USDC          ${devnetAddresses.usdc}
  markets       the protocols' own contracts, filled by real supplies and borrows (* found by the sync's discovery):
${marketLines}
  rewards       ${rewardedMarkets}
  smart wallet  ${devnetSmartWallets.deployed} (ERC-1271; not deployed, ERC-6492: ${devnetSmartWallets.counterfactual}), owned by ${devnetSmartWalletOwner.address} (Anvil account 7)
  Morpho vaults created through the factories for the sync to discover: ${discovered.join(", ")}
  past          ${past ? `${devnetPast.days} days from ${new Date(past.firstBlockTime * 1000).toISOString().slice(0, 10)}: ${past.blocks} blocks (${devnetPast.blocksPerDay} a day, one an hour for the last ${devnetPast.hourlyDays} days), ${past.transactions} transactions (${past.refused.length} refused by the markets), built in ${past.seconds.toFixed(1)} s; a running \`npm start\` backfills its history (HISTORY_RPC_CALLS a run)` : "none (DEVNET_PAST=false)"}
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
