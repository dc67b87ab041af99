/**
 * Deploys Morpho's vault factories on a local chain that already has the devnet
 * (deploy-devnet.ts), from their own account, and creates the planned vaults through them with
 * `gapBlocks` empty blocks before each creation, so that the creation events span many blocks.
 */
import { getContractAddress, parseEventLogs, parseUnits, stringToHex, type Hex } from "viem";
import * as artifacts from "../generated/contracts";
import * as discoveryArtifacts from "../generated/discovery-contracts";
import { devnetWhale, discoveryDeployer } from "../plan/accounts";
import { devnetAddresses } from "../plan/addresses";
import { discoveryAddresses, discoveryPerSecond, discoveryVaults, type DiscoveryVaultPlan } from "../plan/discovery-vaults";
import { devnetTokenOf } from "../plan/tokens";
import { metaMorphoSetup } from "./morpho-markets";
import { deployerClient, nonceSender, type Artifact, type ContractCall } from "./sender";

export interface DiscoveryDeployment {
  /** Vault address by plan key. */
  vaults: Record<string, Hex>;
  /** Block of each vault's creation event, by plan key. */
  createdAt: Record<string, bigint>;
  /** The block after the last transaction. */
  lastBlock: bigint;
}

const UNCOVERED_DECIMALS = 18;

export async function deployDiscoveryDevnet(
  rpcUrl: string,
  { gapBlocks = 20, vaults = discoveryVaults }: { gapBlocks?: number; vaults?: readonly DiscoveryVaultPlan[] } = {},
): Promise<DiscoveryDeployment> {
  const client = deployerClient(discoveryDeployer.privateKey, rpcUrl);
  if ((await client.wallet.getTransactionCount({ address: discoveryDeployer.address })) !== 0)
    throw new Error("the discovery deployer has sent transactions already: start from a fresh chain");
  const tx = nonceSender(client, 0);
  const a = discoveryAddresses;
  const plan: [keyof typeof discoveryAddresses, Artifact, unknown[]][] = [
    ["morphoBlue", artifacts.mockMorphoBlueArtifact, []],
    ["morphoIrm", artifacts.mockIrmArtifact, []],
    ["metaMorphoFactoryV1_0", discoveryArtifacts.discoveryMetaMorphoFactoryArtifact, [a.morphoBlue]],
    ["metaMorphoFactoryV1_1", discoveryArtifacts.discoveryMetaMorphoFactoryArtifact, [a.morphoBlue]],
    ["vaultV2Factory", discoveryArtifacts.discoveryVaultV2FactoryArtifact, []],
    ["strayFactory", discoveryArtifacts.discoveryMetaMorphoFactoryArtifact, [a.morphoBlue]],
    ["uncoveredToken", artifacts.mockERC20Artifact, ["Local Uncovered Token", "LNK", UNCOVERED_DECIMALS]],
  ];
  let last: Hex | undefined;
  for (const [name, artifact, args] of plan) {
    const expected = getContractAddress({ from: discoveryDeployer.address, nonce: BigInt(tx.nonce) });
    if (expected !== a[name]) throw new Error(`${name} would land at ${expected}, not at the planned address`);
    last = await tx.deploy(artifact, args);
  }
  await tx.mined(last!);
  return addDiscoveryVaults(rpcUrl, vaults, { gapBlocks });
}

const assetOf = (v: DiscoveryVaultPlan): Hex => (v.underlying === "uncovered" ? discoveryAddresses.uncoveredToken : devnetAddresses[v.underlying]);

/** Creates the planned vault through its factory; resolves with its address and the block of its creation event. */
async function createVault(tx: ReturnType<typeof nonceSender>, v: DiscoveryVaultPlan) {
  const a = discoveryAddresses;
  const metaMorphoFactory = discoveryArtifacts.discoveryMetaMorphoFactoryArtifact;
  const vaultV2Factory = discoveryArtifacts.discoveryVaultV2FactoryArtifact;
  const terms = { ratePerSecond: discoveryPerSecond(v), decimalsOffset: v.decimalsOffset, fee: "metaMorpho" in v.rate ? v.rate.metaMorpho.fee : 0n };
  const salt = stringToHex(v.key, { size: 32 });
  const owner = discoveryDeployer.address;
  const receipt = await tx.mined(
    v.factory === "vaultV2Factory"
      ? await tx.send({ address: a.vaultV2Factory, abi: vaultV2Factory.abi, functionName: "createVaultV2", args: [owner, assetOf(v), salt, v.name, v.symbol, terms] })
      : await tx.send({
          address: a[v.factory],
          abi: metaMorphoFactory.abi,
          functionName: "createMetaMorpho",
          args: [owner, 86_400n, assetOf(v), v.name, v.symbol, salt, terms],
        }),
  );
  const [created] = parseEventLogs({ abi: [...metaMorphoFactory.abi, ...vaultV2Factory.abi], logs: receipt.logs }) as {
    args: { metaMorpho?: Hex; newVaultV2?: Hex };
  }[];
  return { address: (created?.args.metaMorpho ?? created?.args.newVaultV2)!, block: receipt.blockNumber };
}

/** The whale's deposit of the planned supply, then a MetaMorpho vault's Morpho Blue markets. */
function fundingCalls(v: DiscoveryVaultPlan, vault: Hex): ContractCall[] {
  const decimals = v.underlying === "uncovered" ? UNCOVERED_DECIMALS : devnetTokenOf(v.underlying).decimals;
  const supply = parseUnits(v.supply, decimals);
  const deposit = { address: vault, abi: discoveryArtifacts.discoveryVaultArtifact.abi, functionName: "depositFor", args: [devnetWhale, supply] };
  if (!("metaMorpho" in v.rate)) return [deposit];
  const { morphoBlue, morphoIrm: irm } = discoveryAddresses;
  return [deposit, ...metaMorphoSetup({ vault, loanToken: assetOf(v), allocations: v.rate.metaMorpho.allocations, vaultAssets: supply, morphoBlue, irm })];
}

/**
 * Creates `vaults` through the deployed factories, `gapBlocks` empty blocks before each creation,
 * then deposits their supply and gives MetaMorpho vaults their Morpho Blue markets.
 */
export async function addDiscoveryVaults(
  rpcUrl: string,
  vaults: readonly DiscoveryVaultPlan[],
  { gapBlocks = 0 }: { gapBlocks?: number } = {},
): Promise<DiscoveryDeployment> {
  const client = deployerClient(discoveryDeployer.privateKey, rpcUrl);
  const tx = nonceSender(client, await client.wallet.getTransactionCount({ address: discoveryDeployer.address, blockTag: "pending" }));
  const deployment: DiscoveryDeployment = { vaults: {}, createdAt: {}, lastBlock: 0n };
  for (const v of vaults) {
    if (gapBlocks > 0) await client.test.mine({ blocks: gapBlocks });
    const created = await createVault(tx, v);
    deployment.vaults[v.key] = created.address;
    deployment.createdAt[v.key] = created.block;
  }
  let last: Hex | undefined;
  for (const v of vaults) for (const call of fundingCalls(v, deployment.vaults[v.key]!)) last = await tx.send(call);
  deployment.lastBlock = last ? (await tx.mined(last)).blockNumber : await client.wallet.getBlockNumber();
  return deployment;
}
