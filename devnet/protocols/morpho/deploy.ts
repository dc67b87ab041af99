// Morpho on the local chain from Morpho's own contracts (devnet/plan/morpho.ts says what and why):
// deployMorpho creates and configures everything, each role from a local account of its own;
// populateMorpho then makes the planned state through real flows only: ERC-4626 deposits reaching
// Morpho Blue through the vaults' supply queues, a Vault V2's allocations, the allocators'
// reallocations, and borrowers who post collateral and borrow.
//
// Morpho Blue lives at MORPHO_BLUE_ADDRESS, where it is on Ethereum and Base: its creation code, with
// its owner as argument, is placed there and called once, so that its constructor runs at that address
// (DOMAIN_SEPARATOR, an immutable, binds address(this); the owner is in storage), then the runtime code
// that constructor returned replaces it. Everything else is created by transactions, from the deployer's
// account (CREATE) or through Morpho's factories (CREATE2), at addresses computed before they are sent.
import { encodeAbiParameters, encodeDeployData, encodeFunctionData, getContractAddress, parseUnits, zeroAddress, zeroHash, type Hex } from "viem";
import type { DeployContext, RoleSender } from "../../deploy/context";
import type { Artifact, ContractCall } from "../../deploy/sender";
import { morphoChainlinkOracleV2Artifact, morphoChainlinkOracleV2FactoryArtifact } from "../../generated/morpho-blue-oracles";
import { adaptiveCurveIrmArtifact } from "../../generated/morpho-blue-irm";
import { morphoArtifact } from "../../generated/morpho-blue";
import { metaMorphoV1_1Artifact, metaMorphoV1_1FactoryArtifact } from "../../generated/morpho-metamorpho-v1.1";
import {
  morphoMarketV1AdapterV2Artifact,
  morphoMarketV1AdapterV2FactoryArtifact,
  morphoVaultV1AdapterArtifact,
  morphoVaultV1AdapterFactoryArtifact,
  vaultV2Artifact,
  vaultV2FactoryArtifact,
} from "../../generated/vault-v2";
import { MORPHO_BLUE_ADDRESS } from "../../plan/addresses";
import {
  isMetaMorphoPlan,
  morphoBlueMarketOf,
  morphoBlueMarkets,
  morphoContracts,
  morphoMarkets,
  morphoOracles,
  morphoRoles,
  type MorphoBlueMarketKey,
  type MorphoBlueMarketPlan,
  type VaultV2Plan,
} from "../../plan/morpho";
import { devnetRoleAccount } from "../../plan/accounts";
import { WAD } from "../../plan/rates";
import { devnetTokenOf } from "../../plan/tokens";
import * as act from "./actions";
import { marketIdOf, type MarketParams } from "./actions";

/** Vault V2's MAX_MAX_RATE (src/libraries/ConstantsLib.sol): 200 % a year, per second. */
export const VAULT_V2_MAX_RATE = (200n * WAD) / 100n / 31_536_000n;

export const wholeUnits = (token: Parameters<typeof devnetTokenOf>[0], amount: string) => parseUnits(amount, devnetTokenOf(token).decimals);

/** A market of a plan as Morpho Blue knows it, from the deployment's addresses. */
export function marketParamsOf(ctx: DeployContext, m: MorphoBlueMarketPlan): MarketParams {
  if (m.collateral === null) return act.idleMarketParams(ctx.address(m.loan));
  return {
    loanToken: ctx.address(m.loan),
    collateralToken: ctx.address(m.collateral),
    oracle: ctx.address(m.oracle!),
    irm: ctx.address(morphoContracts.irm),
    lltv: m.lltv,
  };
}

/** A market of plan/morpho.ts as Morpho Blue knows it. */
export const morphoMarketParams = (ctx: DeployContext, key: MorphoBlueMarketKey): MarketParams => marketParamsOf(ctx, morphoBlueMarketOf(key));

/**
 * Transactions sent one after the other without waiting for each, then waited for together: the
 * members of a batch never depend on each other (nor does one's gas: each is estimated before the
 * others are mined), a batch depends on the ones before it. One that ran out of gas because its market
 * accrued interest in a later second than it was estimated in is sent again (actions.ts submit).
 */
export class Batches {
  private pending: { sent: Promise<act.Sent | { tx: RoleSender; hash: Hex }>; what: string }[] = [];
  sent = 0;
  async call(tx: RoleSender, call: ContractCall) {
    const hash = await tx.send(call);
    this.pending.push({ sent: Promise.resolve({ tx, call, hash }), what: call.functionName });
  }
  async create(tx: RoleSender, artifact: Artifact, args: readonly unknown[]) {
    const hash = await tx.deploy(artifact, args);
    this.pending.push({ sent: Promise.resolve({ tx, hash }), what: "a creation" });
  }
  /** Waits until every transaction sent so far is mined; throws, naming it, when one reverted. */
  async mined() {
    const pending = this.pending;
    this.pending = [];
    await Promise.all(
      pending.map(async ({ sent, what }) => {
        const s = await sent;
        await ("call" in s ? act.minedOrResent(s) : s.tx.mined(s.hash)).catch((err: Error) => {
          throw new Error(`Morpho's ${what} from ${s.tx.address}: ${err.message}`);
        });
      }),
    );
    this.sent += pending.length;
  }
}

export const create2 = (factory: Hex, salt: Hex, artifact: Artifact, args: readonly unknown[]) =>
  getContractAddress({ opcode: "CREATE2", from: factory, salt, bytecode: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args } as never) });

/** Morpho Blue at MORPHO_BLUE_ADDRESS with `owner`, its constructor run there (see the top of this file). */
async function placeMorphoBlue(ctx: DeployContext, owner: Hex) {
  // A role of its own: this one transaction is sent outside its RoleSender's nonce count.
  const { client } = await ctx.sender(morphoRoles.morphoBluePlacer);
  const creation = encodeDeployData({ abi: morphoArtifact.abi, bytecode: morphoArtifact.bytecode, args: [owner] });
  await client.test.setCode({ address: MORPHO_BLUE_ADDRESS, bytecode: creation });
  const { data: runtime } = await client.wallet.call({ to: MORPHO_BLUE_ADDRESS });
  if (!runtime || runtime.length < 1_000) throw new Error("Morpho Blue's constructor returned no runtime code");
  const receipt = await client.wallet.waitForTransactionReceipt({ hash: await client.wallet.sendTransaction({ to: MORPHO_BLUE_ADDRESS }), pollingInterval: 20 });
  if (receipt.status !== "success") throw new Error("Morpho Blue's constructor reverted");
  await client.test.setCode({ address: MORPHO_BLUE_ADDRESS, bytecode: runtime });
  ctx.record(morphoContracts.morphoBlue, MORPHO_BLUE_ADDRESS);
  return 1;
}

/** The accounts that deploy and run Morpho (plan/morpho.ts morphoRoles). */
interface Roles {
  deployer: RoleSender;
  morphoOwner: RoleSender;
  vaultOwner: RoleSender;
  curator: RoleSender;
  allocator: RoleSender;
  feeRecipient: Hex;
}

const morphoBlue = { address: MORPHO_BLUE_ADDRESS, abi: morphoArtifact.abi } as const;
const metaMorphoVaults = morphoMarkets.filter(isMetaMorphoPlan);
const vaultsV2 = morphoMarkets.filter((v): v is VaultV2Plan => v.version === 2);

/** Deploys and configures Morpho (plan/morpho.ts); returns the number of transactions sent. */
export async function deployMorpho(ctx: DeployContext): Promise<{ transactions: number }> {
  const r: Roles = {
    deployer: await ctx.sender(morphoRoles.deployer),
    morphoOwner: await ctx.sender(morphoRoles.morphoOwner),
    vaultOwner: await ctx.sender(morphoRoles.vaultOwner),
    curator: await ctx.sender(morphoRoles.curator),
    allocator: await ctx.sender(morphoRoles.allocator),
    feeRecipient: devnetRoleAccount(morphoRoles.feeRecipient).address,
  };
  const b = new Batches();
  const placed = await placeMorphoBlue(ctx, r.morphoOwner.address);
  for (const phase of [createSingletons, createOraclesAndVaults, configureMarketsAndVaults, capVaults, openVaults]) {
    await phase(ctx, r, b);
    await b.mined();
  }
  return { transactions: placed + b.sent };
}

/** 1. The IRM and the factories, from the deployer's account. */
async function createSingletons(ctx: DeployContext, { deployer }: Roles, b: Batches) {
  const next = (offset: number) => getContractAddress({ from: deployer.address, nonce: BigInt(deployer.nonce + offset) });
  const irm = ctx.record(morphoContracts.irm, next(0));
  ctx.record(morphoContracts.oracleFactory, next(1));
  ctx.record(morphoContracts.metaMorphoFactory, next(2));
  ctx.record(morphoContracts.vaultV2Factory, next(3));
  ctx.record(morphoContracts.vaultV1AdapterFactory, next(4));
  ctx.record(morphoContracts.marketAdapterFactory, next(5));
  await b.create(deployer, adaptiveCurveIrmArtifact, [MORPHO_BLUE_ADDRESS]);
  await b.create(deployer, morphoChainlinkOracleV2FactoryArtifact, []);
  await b.create(deployer, metaMorphoV1_1FactoryArtifact, [MORPHO_BLUE_ADDRESS]);
  await b.create(deployer, vaultV2FactoryArtifact, []);
  await b.create(deployer, morphoVaultV1AdapterFactoryArtifact, []);
  await b.create(deployer, morphoMarketV1AdapterV2FactoryArtifact, [MORPHO_BLUE_ADDRESS, irm]);
}

/**
 * 2. Morpho Blue's owner enables the IRM (and none, for idle markets) and the plan's LLTVs, and names
 *    its fee recipient; the oracles and the vaults are created through their factories.
 */
async function createOraclesAndVaults(ctx: DeployContext, { deployer, morphoOwner, vaultOwner, feeRecipient }: Roles, b: Batches) {
  for (const model of [ctx.address(morphoContracts.irm), zeroAddress]) await b.call(morphoOwner, { ...morphoBlue, functionName: "enableIrm", args: [model] });
  for (const lltv of new Set(morphoBlueMarkets.map((m) => m.lltv))) await b.call(morphoOwner, { ...morphoBlue, functionName: "enableLltv", args: [lltv] });
  await b.call(morphoOwner, { ...morphoBlue, functionName: "setFeeRecipient", args: [feeRecipient] });
  const oracleFactory = ctx.address(morphoContracts.oracleFactory);
  const feedOf = (token: string) => ctx.address(`${token}UsdFeed`);
  for (const o of morphoOracles) {
    const decimals = (token: Parameters<typeof devnetTokenOf>[0]) => BigInt(devnetTokenOf(token).decimals);
    const args = [zeroAddress, 1n, feedOf(o.base), zeroAddress, decimals(o.base), zeroAddress, 1n, feedOf(o.quote), zeroAddress, decimals(o.quote)] as const;
    ctx.record(o.contract, create2(oracleFactory, zeroHash, morphoChainlinkOracleV2Artifact, args));
    await b.call(deployer, { address: oracleFactory, abi: morphoChainlinkOracleV2FactoryArtifact.abi, functionName: "createMorphoChainlinkOracleV2", args: [...args, zeroHash] });
  }
  const metaMorphoFactory = ctx.address(morphoContracts.metaMorphoFactory);
  for (const v of metaMorphoVaults) {
    const args = [vaultOwner.address, 0n, ctx.address(v.underlying), v.yieldTokenName, v.yieldTokenSymbol] as const;
    const [owner, timelock, asset, name, symbol] = args;
    ctx.record(v.contract, create2(metaMorphoFactory, v.salt, metaMorphoV1_1Artifact, [owner, MORPHO_BLUE_ADDRESS, timelock, asset, name, symbol]));
    await b.call(vaultOwner, { address: metaMorphoFactory, abi: metaMorphoV1_1FactoryArtifact.abi, functionName: "createMetaMorpho", args: [...args, v.salt] });
  }
  const vaultV2Factory = ctx.address(morphoContracts.vaultV2Factory);
  for (const v of vaultsV2) {
    const args = [vaultOwner.address, ctx.address(v.underlying)] as const;
    ctx.record(v.contract, create2(vaultV2Factory, v.salt, vaultV2Artifact, args));
    await b.call(vaultOwner, { address: vaultV2Factory, abi: vaultV2FactoryArtifact.abi, functionName: "createVaultV2", args: [...args, v.salt] });
  }
}

/** 3. The markets (anyone may create one), the vaults' roles, fees and names, the Vault V2's adapters. */
async function configureMarketsAndVaults(ctx: DeployContext, { deployer, vaultOwner, curator, allocator, feeRecipient }: Roles, b: Batches) {
  for (const m of morphoBlueMarkets) await b.call(deployer, { ...morphoBlue, functionName: "createMarket", args: [morphoMarketParams(ctx, m.key)] });
  for (const v of metaMorphoVaults) {
    const vault = { address: ctx.address(v.contract), abi: metaMorphoV1_1Artifact.abi } as const;
    const calls = [
      encodeFunctionData({ ...vault, functionName: "setCurator", args: [curator.address] }),
      encodeFunctionData({ ...vault, functionName: "setIsAllocator", args: [allocator.address, true] }),
      encodeFunctionData({ ...vault, functionName: "setFeeRecipient", args: [feeRecipient] }),
      encodeFunctionData({ ...vault, functionName: "setFee", args: [v.metaMorpho.fee] }),
    ];
    await b.call(vaultOwner, { ...vault, functionName: "multicall", args: [calls] });
  }
  for (const v of vaultsV2) {
    const vault = { address: ctx.address(v.contract), abi: vaultV2Artifact.abi } as const;
    const calls = [
      encodeFunctionData({ ...vault, functionName: "setCurator", args: [curator.address] }),
      encodeFunctionData({ ...vault, functionName: "setName", args: [v.yieldTokenName] }),
      encodeFunctionData({ ...vault, functionName: "setSymbol", args: [v.yieldTokenSymbol] }),
    ];
    await b.call(vaultOwner, { ...vault, functionName: "multicall", args: [calls] });
    for (const adapter of v.vaultV2.adapters) {
      if (adapter.kind === "vaultV1") {
        const factory = ctx.address(morphoContracts.vaultV1AdapterFactory);
        const target = ctx.address(adapter.target!);
        ctx.record(adapter.contract, create2(factory, zeroHash, morphoVaultV1AdapterArtifact, [vault.address, target]));
        await b.call(curator, { address: factory, abi: morphoVaultV1AdapterFactoryArtifact.abi, functionName: "createMorphoVaultV1Adapter", args: [vault.address, target] });
      } else {
        const factory = ctx.address(morphoContracts.marketAdapterFactory);
        ctx.record(adapter.contract, create2(factory, zeroHash, morphoMarketV1AdapterV2Artifact, [vault.address, MORPHO_BLUE_ADDRESS, ctx.address(morphoContracts.irm)]));
        await b.call(curator, { address: factory, abi: morphoMarketV1AdapterV2FactoryArtifact.abi, functionName: "createMorphoMarketV1AdapterV2", args: [vault.address] });
      }
    }
  }
}

/**
 * 4. Morpho's fee on the markets that have one; the curator's caps (accepted at once: the vaults'
 *    timelocks are still 0) and, in the Vault V2, its allocator, adapters and caps.
 */
async function capVaults(ctx: DeployContext, { morphoOwner, curator, allocator }: Roles, b: Batches) {
  for (const m of morphoBlueMarkets.filter((m: MorphoBlueMarketPlan) => m.fee > 0n))
    await b.call(morphoOwner, { ...morphoBlue, functionName: "setFee", args: [morphoMarketParams(ctx, m.key), m.fee] });
  for (const v of metaMorphoVaults) {
    const vault = { address: ctx.address(v.contract), abi: metaMorphoV1_1Artifact.abi } as const;
    const calls = v.metaMorpho.markets.flatMap(({ market, cap }) => {
      const params = morphoMarketParams(ctx, market);
      return [
        encodeFunctionData({ ...vault, functionName: "submitCap", args: [params, wholeUnits(v.underlying, cap)] }),
        encodeFunctionData({ ...vault, functionName: "acceptCap", args: [params] }),
      ];
    });
    await b.call(curator, { ...vault, functionName: "multicall", args: [calls] });
  }
  for (const v of vaultsV2) await b.call(curator, planVaultV2CuratorSetup(ctx, v, allocator.address));
}

/** 5. The allocators' supply queues and the Vault V2's max rate; the owners' timelocks, from now on. */
async function openVaults(ctx: DeployContext, { vaultOwner, allocator }: Roles, b: Batches) {
  for (const v of metaMorphoVaults) {
    const vault = { address: ctx.address(v.contract), abi: metaMorphoV1_1Artifact.abi } as const;
    await b.call(allocator, { ...vault, functionName: "setSupplyQueue", args: [v.metaMorpho.markets.map(({ market }) => marketIdOf(morphoMarketParams(ctx, market)))] });
    await b.call(vaultOwner, { ...vault, functionName: "submitTimelock", args: [v.metaMorpho.timelock] });
  }
  for (const v of vaultsV2) await b.call(allocator, { address: ctx.address(v.contract), abi: vaultV2Artifact.abi, functionName: "setMaxRate", args: [VAULT_V2_MAX_RATE] });
}

/**
 * The curator's one multicall that sets a Vault V2 up while its timelocks are 0 (each change submitted,
 * then made): the allocator, the adapters, and each adapter id's caps (absolute as given, relative
 * 100 %).
 */
export function vaultV2CuratorSetup(vault: Hex, allocator: Hex, adapters: readonly { address: Hex; idData: Hex[]; cap: bigint }[]): ContractCall {
  const v2 = { address: vault, abi: vaultV2Artifact.abi } as const;
  const timelocked: Hex[] = [encodeFunctionData({ ...v2, functionName: "setIsAllocator", args: [allocator, true] })];
  for (const adapter of adapters) {
    timelocked.push(encodeFunctionData({ ...v2, functionName: "addAdapter", args: [adapter.address] }));
    for (const idData of adapter.idData) {
      timelocked.push(encodeFunctionData({ ...v2, functionName: "increaseAbsoluteCap", args: [idData, adapter.cap] }));
      timelocked.push(encodeFunctionData({ ...v2, functionName: "increaseRelativeCap", args: [idData, WAD] }));
    }
  }
  const calls = timelocked.flatMap((data) => [encodeFunctionData({ ...v2, functionName: "submit", args: [data] }), data]);
  return { ...v2, functionName: "multicall", args: [calls] };
}

/**
 * The id data (preimages of the ids a Vault V2 caps) of an adapter: MorphoVaultV1Adapter's is ("this",
 * adapter); MorphoMarketV1AdapterV2's (given its market) are ("this", adapter), ("collateralToken",
 * collateral) and ("this/marketParams", adapter, marketParams).
 */
export function vaultV2AdapterIdData(adapter: Hex, market?: MarketParams): Hex[] {
  const self = encodeAbiParameters([{ type: "string" }, { type: "address" }], ["this", adapter]);
  if (!market) return [self];
  return [
    self,
    encodeAbiParameters([{ type: "string" }, { type: "address" }], ["collateralToken", market.collateralToken]),
    encodeAbiParameters(
      [
        { type: "string" },
        { type: "address" },
        { type: "tuple", components: [{ type: "address" }, { type: "address" }, { type: "address" }, { type: "address" }, { type: "uint256" }] },
      ],
      ["this/marketParams", adapter, [market.loanToken, market.collateralToken, market.oracle, market.irm, market.lltv]],
    ),
  ];
}

/** The plan's Vault V2 curator multicall. */
function planVaultV2CuratorSetup(ctx: DeployContext, v: VaultV2Plan, allocator: Hex): ContractCall {
  const adapters = v.vaultV2.adapters.map((a) => {
    const address = ctx.address(a.contract);
    return { address, idData: vaultV2AdapterIdData(address, a.kind === "market" ? morphoMarketParams(ctx, a.market!) : undefined), cap: wholeUnits(v.underlying, a.cap) };
  });
  return vaultV2CuratorSetup(ctx.address(v.contract), allocator, adapters);
}
