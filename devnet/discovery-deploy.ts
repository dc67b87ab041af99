/**
 * Deploys Morpho's vault factories on a local chain that already has the devnet
 * (devnet/deploy.ts), from their own account, and creates the planned vaults through them with
 * `gapBlocks` empty blocks before each creation, so that the creation events span many blocks.
 */
import {
  createTestClient,
  createWalletClient,
  getContractAddress,
  http,
  parseEventLogs,
  parseUnits,
  publicActions,
  stringToHex,
  type Abi,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import * as artifacts from "./generated/contracts";
import * as discoveryArtifacts from "./generated/discovery-contracts";
import { metaMorphoSetup } from "./deploy";
import {
  discoveryAddresses,
  discoveryDeployer,
  discoveryPerSecond,
  discoveryVaults,
  type DiscoveryVaultPlan,
} from "./discovery-plan";
import { devnetAddresses, devnetTokenOf, devnetWhale } from "./plan";

export interface DiscoveryDeployment {
  /** Vault address by plan key. */
  vaults: Record<string, Hex>;
  /** Block of each vault's creation event, by plan key. */
  createdAt: Record<string, bigint>;
  /** The block after the last transaction. */
  lastBlock: bigint;
}

const UNCOVERED_DECIMALS = 18;

function discoveryClient(rpcUrl: string) {
  const account = privateKeyToAccount(discoveryDeployer.privateKey);
  const transport = http(rpcUrl, { retryCount: 0 });
  return {
    wallet: createWalletClient({ account, chain: foundry, transport }).extend(publicActions),
    test: createTestClient({ chain: foundry, mode: "anvil", transport }),
  };
}
type DiscoveryClient = ReturnType<typeof discoveryClient>;

/** Transactions from the discovery deployer with consecutive nonces from `nonce`, without waiting for each. */
function sender({ wallet, test }: DiscoveryClient, nonce: number) {
  const mined = async (hash: Hex) => {
    const deadline = Date.now() + 120_000;
    for (let polls = 1; ; polls++) {
      const receipt = await wallet.getTransactionReceipt({ hash }).catch(() => null);
      if (receipt) {
        if (receipt.status !== "success") throw new Error(`discovery devnet transaction ${hash} reverted`);
        return receipt;
      }
      if (Date.now() > deadline) throw new Error(`discovery devnet transaction ${hash} was not mined in 2 minutes`);
      // Anvil's automine can leave a transaction that arrived while it was mining in the pool, with
      // nothing to trigger the next block: mine one.
      if (polls % 25 === 0) await test.mine({ blocks: 1 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    mined,
    deploy: (artifact: { abi: Abi; bytecode: Hex }, args: unknown[]) =>
      wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, nonce: nonce++ }),
    send: (address: Hex, abi: Abi, functionName: string, args: readonly unknown[]) =>
      wallet.writeContract({ address, abi, functionName, args: args as unknown[], nonce: nonce++ }),
    get nonce() {
      return nonce;
    },
  };
}

export async function deployDiscoveryDevnet(
  rpcUrl: string,
  { gapBlocks = 20, vaults = discoveryVaults }: { gapBlocks?: number; vaults?: readonly DiscoveryVaultPlan[] } = {},
): Promise<DiscoveryDeployment> {
  const client = discoveryClient(rpcUrl);
  if ((await client.wallet.getTransactionCount({ address: discoveryDeployer.address })) !== 0)
    throw new Error("the discovery deployer has sent transactions already: start from a fresh chain");
  const tx = sender(client, 0);
  const a = discoveryAddresses;
  const plan: [keyof typeof discoveryAddresses, { abi: Abi; bytecode: Hex }, unknown[]][] = [
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

/**
 * Creates `vaults` through the deployed factories, `gapBlocks` empty blocks before each creation,
 * then deposits their supply and gives MetaMorpho vaults their Morpho Blue markets.
 */
export async function addDiscoveryVaults(
  rpcUrl: string,
  vaults: readonly DiscoveryVaultPlan[],
  { gapBlocks = 0 }: { gapBlocks?: number } = {},
): Promise<DiscoveryDeployment> {
  const client = discoveryClient(rpcUrl);
  const tx = sender(client, await client.wallet.getTransactionCount({ address: discoveryDeployer.address, blockTag: "pending" }));
  const a = discoveryAddresses;
  const factory = discoveryArtifacts.discoveryMetaMorphoFactoryArtifact;
  const assetOf = (v: DiscoveryVaultPlan): Hex => (v.underlying === "uncovered" ? a.uncoveredToken : devnetAddresses[v.underlying]);
  const deployment: DiscoveryDeployment = { vaults: {}, createdAt: {}, lastBlock: 0n };
  for (const v of vaults) {
    if (gapBlocks > 0) await client.test.mine({ blocks: gapBlocks });
    const terms = {
      ratePerSecond: discoveryPerSecond(v),
      decimalsOffset: v.decimalsOffset,
      fee: "metaMorpho" in v.rate ? v.rate.metaMorpho.fee : 0n,
    };
    const salt = stringToHex(v.key, { size: 32 });
    const receipt = await tx.mined(
      v.factory === "vaultV2Factory"
        ? await tx.send(a.vaultV2Factory, discoveryArtifacts.discoveryVaultV2FactoryArtifact.abi, "createVaultV2", [
            discoveryDeployer.address,
            assetOf(v),
            salt,
            v.name,
            v.symbol,
            terms,
          ])
        : await tx.send(a[v.factory], factory.abi, "createMetaMorpho", [discoveryDeployer.address, 86_400n, assetOf(v), v.name, v.symbol, salt, terms]),
    );
    const [created] = parseEventLogs({
      abi: [...factory.abi, ...discoveryArtifacts.discoveryVaultV2FactoryArtifact.abi],
      logs: receipt.logs,
    }) as { args: { metaMorpho?: Hex; newVaultV2?: Hex } }[];
    deployment.vaults[v.key] = (created?.args.metaMorpho ?? created?.args.newVaultV2)!;
    deployment.createdAt[v.key] = receipt.blockNumber;
  }

  let last: Hex | undefined;
  for (const v of vaults) {
    const vault = deployment.vaults[v.key]!;
    const decimals = v.underlying === "uncovered" ? UNCOVERED_DECIMALS : devnetTokenOf(v.underlying).decimals;
    const supply = parseUnits(v.supply, decimals);
    last = await tx.send(vault, discoveryArtifacts.discoveryVaultArtifact.abi, "depositFor", [devnetWhale, supply]);
    if ("metaMorpho" in v.rate)
      for (const call of metaMorphoSetup({
        vault,
        loanToken: assetOf(v),
        allocations: v.rate.metaMorpho.allocations,
        vaultAssets: supply,
        morphoBlue: a.morphoBlue,
        irm: a.morphoIrm,
      }))
        last = await tx.send(call.address, call.abi, call.functionName, call.args);
  }
  deployment.lastBlock = last ? (await tx.mined(last)).blockNumber : await client.wallet.getBlockNumber();
  return deployment;
}
