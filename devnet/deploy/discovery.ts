/**
 * Morpho vaults for the sync's vault discovery (devnet/plan/discovery-vaults.ts), on a chain where the
 * tokens and Morpho are deployed (devnet/protocols/tokens.ts, devnet/protocols/morpho): the discovery
 * deployer's MetaMorpho v1.0 factory, stray factory and uncovered token, the discovery markets with
 * their oracles and borrowers, and vaults created through the factories with `gapBlocks` empty blocks
 * before each creation, so that the creation events span many blocks.
 *
 * Everything is Morpho's own code but the stray factory. A MetaMorpho v1.0 vault takes its caps only a
 * timelock after they were submitted (v1.0's MIN_TIMELOCK, one day, also at creation): creating one moves
 * the chain's clock a day forward (see addDiscoveryVaults).
 */
import { encodeDeployData, encodeFunctionData, getContractAddress, parseUnits, zeroAddress, zeroHash, type Hex } from "viem";
import { testnetERC20Artifact } from "../generated/aave-v3";
import * as discoveryArtifacts from "../generated/discovery-contracts";
import { morphoArtifact } from "../generated/morpho-blue";
import { morphoChainlinkOracleV2Artifact, morphoChainlinkOracleV2FactoryArtifact } from "../generated/morpho-blue-oracles";
import { metaMorphoArtifact, metaMorphoFactoryArtifact } from "../generated/morpho-metamorpho-v1.0";
import { metaMorphoV1_1Artifact, metaMorphoV1_1FactoryArtifact } from "../generated/morpho-metamorpho-v1.1";
import {
  morphoMarketV1AdapterV2Artifact,
  morphoMarketV1AdapterV2FactoryArtifact,
  morphoVaultV1AdapterArtifact,
  morphoVaultV1AdapterFactoryArtifact,
  vaultV2Artifact,
  vaultV2FactoryArtifact,
} from "../generated/vault-v2";
import { devnetRoleAccount, discoveryDeployer } from "../plan/accounts";
import { MORPHO_BLUE_ADDRESS } from "../plan/addresses";
import {
  discoveryAddresses,
  discoveryContracts,
  discoveryFactoryContracts,
  discoveryMarketOf,
  discoveryMarkets,
  discoveryOracles,
  discoverySalt,
  discoveryVaultContract,
  discoveryVaults,
  uncoveredToken,
  type DiscoveryVaultPlan,
} from "../plan/discovery-vaults";
import { morphoContracts, morphoRoles, type MorphoBlueMarketPlan } from "../plan/morpho";
import { devnetTokenOf } from "../plan/tokens";
import { fundToken } from "../protocols/tokens";
import * as act from "../protocols/morpho/actions";
import { Batches, VAULT_V2_MAX_RATE, create2, marketParamsOf, vaultV2AdapterIdData, vaultV2CuratorSetup } from "../protocols/morpho/deploy";
import { collateralFor } from "../protocols/morpho/populate";
import type { DeployContext, RoleSender } from "./context";

export interface DiscoveryDeployment {
  /** Vault address by plan key. */
  vaults: Record<string, Hex>;
  /** Block of each vault's creation event, by plan key. */
  createdAt: Record<string, bigint>;
  /** The block after the last transaction. */
  lastBlock: bigint;
}

/** The role that deposits every discovery vault's supply (and may take it out again). */
export const DISCOVERY_SUPPLIER = "morpho discovery supplier";
/** MetaMorpho v1.0's MIN_TIMELOCK (src/libraries/ConstantsLib.sol), the least a v1.0 vault is created with. */
const V1_0_TIMELOCK = 86_400n;
/** Each Vault V2 adapter id's absolute cap: no limit the plan reaches. */
const V2_CAP = 10n ** 30n;

const morphoBlue = { address: MORPHO_BLUE_ADDRESS, abi: morphoArtifact.abi } as const;
const decimalsOf = (v: Pick<DiscoveryVaultPlan, "underlying">) => (v.underlying === "uncovered" ? uncoveredToken.decimals : devnetTokenOf(v.underlying).decimals);
const assetOf = (ctx: DeployContext, v: DiscoveryVaultPlan) => ctx.address(v.underlying === "uncovered" ? discoveryContracts.uncoveredToken : v.underlying);
const marketOf = (ctx: DeployContext, key: string) => marketParamsOf(ctx, discoveryMarketOf(key));

/** Deploys the discovery plan and creates `vaults` (see the top of this file). */
export async function deployDiscoveryDevnet(
  ctx: DeployContext,
  { gapBlocks = 20, vaults = discoveryVaults }: { gapBlocks?: number; vaults?: readonly DiscoveryVaultPlan[] } = {},
): Promise<DiscoveryDeployment> {
  const deployer = await ctx.senderOf(discoveryDeployer);
  const morphoOwner = await ctx.sender(morphoRoles.morphoOwner);
  const b = new Batches();
  const next = (offset: number) => getContractAddress({ from: deployer.address, nonce: BigInt(deployer.nonce + offset) });
  ctx.record(discoveryContracts.metaMorphoFactoryV1_0, next(0));
  ctx.record(discoveryContracts.strayFactory, next(1));
  ctx.record(discoveryContracts.uncoveredToken, next(2));
  for (const [key, name] of Object.entries(discoveryFactoryContracts))
    if (ctx.address(name) !== discoveryAddresses[key as keyof typeof discoveryAddresses])
      throw new Error(`${name} is at ${ctx.address(name)}, not at plan/discovery-vaults.ts's address: deploy on a fresh chain`);
  await b.create(deployer, metaMorphoFactoryArtifact, [MORPHO_BLUE_ADDRESS]);
  await b.create(deployer, discoveryArtifacts.strayMetaMorphoFactoryArtifact, []);
  // Owned by the tokens account, which mints every token of the chain (protocols/tokens.ts fundToken).
  await b.create(deployer, testnetERC20Artifact, [uncoveredToken.name, uncoveredToken.symbol, uncoveredToken.decimals, devnetRoleAccount("tokens").address]);
  // The discovery markets' LLTVs, their oracles (from Morpho's oracle factory), then the markets.
  for (const lltv of new Set(discoveryMarkets.map((m) => m.lltv)))
    if (!(await deployer.client.wallet.readContract({ ...morphoBlue, functionName: "isLltvEnabled", args: [lltv] })))
      await b.call(morphoOwner, { ...morphoBlue, functionName: "enableLltv", args: [lltv] });
  const oracleFactory = ctx.address(morphoContracts.oracleFactory);
  const salt = discoverySalt({ key: "discovery" } as DiscoveryVaultPlan);
  for (const o of discoveryOracles) {
    const decimals = (token: typeof o.base | typeof o.quote) => BigInt(devnetTokenOf(token).decimals);
    const args = [zeroAddress, 1n, ctx.address(`${o.base}UsdFeed`), zeroAddress, decimals(o.base), zeroAddress, 1n, ctx.address(`${o.quote}UsdFeed`), zeroAddress, decimals(o.quote)] as const;
    ctx.record(o.contract, create2(oracleFactory, salt, morphoChainlinkOracleV2Artifact, args));
    await b.call(deployer, { address: oracleFactory, abi: morphoChainlinkOracleV2FactoryArtifact.abi, functionName: "createMorphoChainlinkOracleV2", args: [...args, salt] });
  }
  await b.mined();
  for (const m of discoveryMarkets) await b.call(deployer, { ...morphoBlue, functionName: "createMarket", args: [marketParamsOf(ctx, m)] });
  await b.mined();
  const deployment = await addDiscoveryVaults(ctx, vaults, { gapBlocks });
  // Each discovery market's borrower borrows its planned share of what the vaults supplied there.
  for (const m of discoveryMarkets.filter((m) => m.collateral !== null && m.utilizationBps > 0n)) {
    const borrower = await ctx.sender(`morpho discovery borrower ${m.key}`);
    const assets = (plannedSupply(m, vaults) * m.utilizationBps) / 10_000n;
    if (assets === 0n) continue;
    const params = marketParamsOf(ctx, m);
    const collateral = collateralFor(m, assets);
    await fundToken(ctx, m.collateral!, borrower.address, collateral);
    await act.approve(borrower, params.collateralToken, MORPHO_BLUE_ADDRESS);
    await act.supplyCollateral(borrower, params, collateral);
    deployment.lastBlock = (await act.borrow(borrower, params, assets)).blockNumber;
  }
  return deployment;
}

/** What `vaults` supply to the market `m`: each MetaMorpho vault's deposit, filling its supply queue up to each cap, and market adapters' allocations. */
function plannedSupply(m: MorphoBlueMarketPlan, vaults: readonly DiscoveryVaultPlan[]): bigint {
  let supply = 0n;
  for (const v of vaults) {
    let left = parseUnits(v.supply, decimalsOf(v));
    if ("metaMorpho" in v.rate)
      for (const { market, cap } of v.rate.metaMorpho.markets) {
        const taken = left < parseUnits(cap, decimalsOf(v)) ? left : parseUnits(cap, decimalsOf(v));
        if (market === m.key) supply += taken;
        left -= taken;
      }
    else if (v.rate.vaultV2.adapter?.kind === "market" && v.rate.vaultV2.adapter.market === m.key) supply += left;
  }
  return supply;
}

/**
 * Creates `vaults` through their factories, `gapBlocks` empty blocks before each creation; configures
 * them (the discovery deployer is each one's owner, curator and allocator); deposits their supply from
 * the discovery supplier; and allocates each Vault V2's deposits to its adapter. A MetaMorpho v1.0
 * vault is created with v1.0's least timelock, one day: its caps are accepted after the chain's clock
 * is moved forward by it.
 */
export async function addDiscoveryVaults(
  ctx: DeployContext,
  vaults: readonly DiscoveryVaultPlan[],
  { gapBlocks = 0 }: { gapBlocks?: number } = {},
): Promise<DiscoveryDeployment> {
  const deployer = await ctx.senderOf(discoveryDeployer);
  const deployment: DiscoveryDeployment = { vaults: {}, createdAt: {}, lastBlock: 0n };
  for (const v of vaults) {
    if (gapBlocks > 0) await deployer.client.test.mine({ blocks: gapBlocks });
    const { address, receipt } = await createVault(ctx, deployer, v);
    deployment.vaults[v.key] = ctx.record(discoveryVaultContract(v.key), address);
    deployment.createdAt[v.key] = receipt.blockNumber;
  }
  const b = new Batches();
  for (const v of vaults) await configure(ctx, deployer, b, v);
  await b.mined();
  for (const v of vaults.filter((v) => "vaultV2" in v.rate)) {
    const vault = ctx.address(discoveryVaultContract(v.key));
    const adapter = adapterOf(ctx, v);
    await b.call(deployer, vaultV2CuratorSetup(vault, deployer.address, adapter ? [{ ...adapter, cap: V2_CAP }] : []));
  }
  await b.mined();
  for (const v of vaults.filter((v) => "vaultV2" in v.rate))
    await b.call(deployer, { address: ctx.address(discoveryVaultContract(v.key)), abi: vaultV2Artifact.abi, functionName: "setMaxRate", args: [VAULT_V2_MAX_RATE] });
  const v1_0 = vaults.filter((v) => v.factory === "metaMorphoFactoryV1_0");
  if (v1_0.length > 0) {
    await b.mined();
    await deployer.client.test.increaseTime({ seconds: Number(V1_0_TIMELOCK) });
    await deployer.client.test.mine({ blocks: 1 });
    for (const v of v1_0) await b.call(deployer, openCall(ctx, v, false));
  }
  await b.mined();
  // The supply, from the discovery supplier; then each Vault V2's allocation of it.
  const supplier = await ctx.sender(DISCOVERY_SUPPLIER);
  for (const v of vaults) {
    const amount = parseUnits(v.supply, decimalsOf(v));
    await fundToken(ctx, v.underlying === "uncovered" ? discoveryContracts.uncoveredToken : v.underlying, supplier.address, amount);
    await act.approve(supplier, assetOf(ctx, v), deployment.vaults[v.key]!);
    await b.call(supplier, act.depositCall(deployment.vaults[v.key]!, amount, supplier.address));
  }
  await b.mined();
  for (const v of vaults) {
    const adapter = adapterOf(ctx, v);
    if (adapter) await b.call(deployer, act.allocateCall(deployment.vaults[v.key]!, adapter.address, adapter.data, parseUnits(v.supply, decimalsOf(v))));
  }
  await b.mined();
  deployment.lastBlock = await deployer.client.wallet.getBlockNumber({ cacheTime: 0 });
  return deployment;
}

/** Creates the planned vault through its factory; its address and the receipt of its creation. */
async function createVault(ctx: DeployContext, deployer: RoleSender, v: DiscoveryVaultPlan) {
  const factory = ctx.address(discoveryFactoryContracts[v.factory]);
  const owner = deployer.address;
  const asset = assetOf(ctx, v);
  const salt = discoverySalt(v);
  const timelock = v.factory === "metaMorphoFactoryV1_0" ? V1_0_TIMELOCK : 0n;
  const metaMorphoArgs = [owner, MORPHO_BLUE_ADDRESS, timelock, asset, v.name, v.symbol] as const;
  const created = (address: Hex, call: Parameters<typeof act.submit>[1]) => act.submit(deployer, call).then((receipt) => ({ address, receipt }));
  switch (v.factory) {
    case "vaultV2Factory":
      return created(create2(factory, salt, vaultV2Artifact, [owner, asset]), { address: factory, abi: vaultV2FactoryArtifact.abi, functionName: "createVaultV2", args: [owner, asset, salt] });
    case "metaMorphoFactoryV1_0":
      return created(create2(factory, salt, metaMorphoArtifact, metaMorphoArgs), {
        address: factory,
        abi: metaMorphoFactoryArtifact.abi,
        functionName: "createMetaMorpho",
        args: [owner, timelock, asset, v.name, v.symbol, salt],
      });
    case "metaMorphoFactoryV1_1":
      return created(create2(factory, salt, metaMorphoV1_1Artifact, metaMorphoArgs), {
        address: factory,
        abi: metaMorphoV1_1FactoryArtifact.abi,
        functionName: "createMetaMorpho",
        args: [owner, timelock, asset, v.name, v.symbol, salt],
      });
    case "strayFactory": {
      // A real MetaMorpho v1.1 vault, created by a factory that is not Morpho's.
      const code = encodeDeployData({ abi: metaMorphoV1_1Artifact.abi, bytecode: metaMorphoV1_1Artifact.bytecode, args: metaMorphoArgs });
      return created(getContractAddress({ opcode: "CREATE2", from: factory, salt, bytecode: code }), {
        address: factory,
        abi: discoveryArtifacts.strayMetaMorphoFactoryArtifact.abi,
        functionName: "createMetaMorpho",
        args: [code, owner, timelock, asset, v.name, v.symbol, salt],
      });
    }
  }
}

/** A Vault V2's adapter of the plan (created in configure), with its cap ids and allocation data. */
function adapterOf(ctx: DeployContext, v: DiscoveryVaultPlan) {
  if (!("vaultV2" in v.rate) || !v.rate.vaultV2.adapter) return undefined;
  const vault = ctx.address(discoveryVaultContract(v.key));
  const a = v.rate.vaultV2.adapter;
  if (a.kind === "vaultV1") {
    const address = create2(ctx.address(morphoContracts.vaultV1AdapterFactory), zeroHash, morphoVaultV1AdapterArtifact, [vault, ctx.address(discoveryVaultContract(a.target))]);
    return { address, idData: vaultV2AdapterIdData(address), data: "0x" as Hex };
  }
  const params = marketOf(ctx, a.market);
  const address = create2(ctx.address(morphoContracts.marketAdapterFactory), zeroHash, morphoMarketV1AdapterV2Artifact, [vault, MORPHO_BLUE_ADDRESS, ctx.address(morphoContracts.irm)]);
  return { address, idData: vaultV2AdapterIdData(address, params), data: act.marketAdapterData(params) };
}

/** A MetaMorpho vault's caps accepted and supply queue set, in one owner's multicall (`submit`: its caps submitted first). */
function openCall(ctx: DeployContext, v: DiscoveryVaultPlan, submit: boolean) {
  if (!("metaMorpho" in v.rate)) throw new Error(`${v.key} is not a MetaMorpho vault`);
  const abi = v.factory === "metaMorphoFactoryV1_0" ? metaMorphoArtifact.abi : metaMorphoV1_1Artifact.abi;
  const vault = { address: ctx.address(discoveryVaultContract(v.key)), abi } as const;
  const markets = v.rate.metaMorpho.markets.map(({ market, cap }) => ({ params: marketOf(ctx, market), cap: parseUnits(cap, decimalsOf(v)) }));
  const calls = [
    ...(submit ? markets.map(({ params, cap }) => encodeFunctionData({ ...vault, functionName: "submitCap", args: [params, cap] })) : []),
    ...markets.map(({ params }) => encodeFunctionData({ ...vault, functionName: "acceptCap", args: [params] })),
    encodeFunctionData({ ...vault, functionName: "setSupplyQueue", args: [markets.map(({ params }) => act.marketIdOf(params))] }),
  ];
  return { ...vault, functionName: "multicall", args: [calls] };
}

/** The owner's first calls: a MetaMorpho vault's fee and caps (and, without a timelock, its opening); a Vault V2's curator, name, symbol and adapter. */
async function configure(ctx: DeployContext, deployer: RoleSender, b: Batches, v: DiscoveryVaultPlan) {
  const address = ctx.address(discoveryVaultContract(v.key));
  if ("metaMorpho" in v.rate) {
    const abi = v.factory === "metaMorphoFactoryV1_0" ? metaMorphoArtifact.abi : metaMorphoV1_1Artifact.abi;
    const fee = v.rate.metaMorpho.fee;
    const feeCalls = fee > 0n
      ? [encodeFunctionData({ abi, functionName: "setFeeRecipient", args: [deployer.address] }), encodeFunctionData({ abi, functionName: "setFee", args: [fee] })]
      : [];
    if (v.factory === "metaMorphoFactoryV1_0") {
      const caps = v.rate.metaMorpho.markets.map(({ market, cap }) => encodeFunctionData({ abi, functionName: "submitCap", args: [marketOf(ctx, market), parseUnits(cap, decimalsOf(v))] }));
      await b.call(deployer, { address, abi, functionName: "multicall", args: [[...feeCalls, ...caps]] });
    } else {
      const open = openCall(ctx, v, true);
      await b.call(deployer, { address, abi, functionName: "multicall", args: [[...feeCalls, ...(open.args[0] as Hex[])]] });
    }
    return;
  }
  const vault = { address, abi: vaultV2Artifact.abi } as const;
  await b.call(deployer, {
    ...vault,
    functionName: "multicall",
    args: [
      [
        encodeFunctionData({ ...vault, functionName: "setCurator", args: [deployer.address] }),
        encodeFunctionData({ ...vault, functionName: "setName", args: [v.name] }),
        encodeFunctionData({ ...vault, functionName: "setSymbol", args: [v.symbol] }),
      ],
    ],
  });
  const adapter = v.rate.vaultV2.adapter;
  if (adapter?.kind === "vaultV1")
    await b.call(deployer, {
      address: ctx.address(morphoContracts.vaultV1AdapterFactory),
      abi: morphoVaultV1AdapterFactoryArtifact.abi,
      functionName: "createMorphoVaultV1Adapter",
      args: [address, ctx.address(discoveryVaultContract(adapter.target))],
    });
  if (adapter?.kind === "market")
    await b.call(deployer, { address: ctx.address(morphoContracts.marketAdapterFactory), abi: morphoMarketV1AdapterV2FactoryArtifact.abi, functionName: "createMorphoMarketV1AdapterV2", args: [address] });
}
