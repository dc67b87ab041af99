/**
 * Deploys the local chain's contracts (devnet/plan.ts) on a fresh Anvil node and funds the
 * demo wallet. Creation order is the plan's address order; configuration comes after every
 * creation so that the deployer's creation nonces, and with them the addresses, never move.
 */
import {
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  getContractAddress,
  http,
  keccak256,
  zeroAddress,
  publicActions,
  type Abi,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { MULTICALL3_ADDRESS } from "@/lib/machinery/chain/abis";
import * as artifacts from "./generated/contracts";
import {
  DEVNET_DEMO_USDC,
  MORPHO_BLUE_ADDRESS,
  NATIVE_TOKEN_ADDRESS,
  aaveConfiguration,
  devnetAavePoolOf,
  devnetAavePools,
  devnetPriceFeeds,
  devnetAddresses,
  devnetDemoWallet,
  devnetDeployer,
  devnetMarkets,
  devnetTokenOf,
  devnetTokens,
  devnetUnits,
  devnetWhale,
  perSecondWad,
  units,
  type DevnetContract,
  type MorphoAllocation,
} from "./plan";
import { deployDevnetSmartWallets } from "./smart-wallet";

/** Deposits that Vault V2s of the plan make into `vault` through their MorphoVaultV1Adapters. */
function vaultV2AllocationsInto(vault: DevnetContract): { adapter: DevnetContract; assets: bigint }[] {
  return devnetMarkets.flatMap((m) =>
    m.rate.kind === "vault" && m.rate.vaultV2
      ? m.rate.vaultV2.adapters
          .filter((x) => x.kind === "vaultV1" && x.target === vault)
          .map((x) => ({ adapter: x.contract, assets: units(x.assets, devnetTokenOf(m.underlying).decimals) }))
      : [],
  );
}

type Artifact = { abi: Abi; bytecode: Hex };

export function devnetClient(rpcUrl: string) {
  const account = privateKeyToAccount(devnetDeployer.privateKey);
  const transport = http(rpcUrl, { retryCount: 0 });
  return {
    wallet: createWalletClient({ account, chain: foundry, transport }).extend(publicActions),
    test: createTestClient({ chain: foundry, mode: "anvil", transport }),
  };
}
export type DevnetClient = ReturnType<typeof devnetClient>;

type Creation = { artifact: Artifact; args: readonly unknown[] };

/** What each planned contract is created with; deployDevnet creates them in devnetAddresses' order. */
function creationSpecs(): Record<DevnetContract, Creation> {
  const a = devnetAddresses;
  const specs: Partial<Record<DevnetContract, Creation>> = {
    aaveOracle: { artifact: artifacts.mockAaveOracleArtifact, args: [] },
    aavePool: { artifact: artifacts.mockAavePoolArtifact, args: [] },
    aavePrimeOracle: { artifact: artifacts.mockAaveOracleArtifact, args: [] },
    aavePrimePool: { artifact: artifacts.mockAavePoolArtifact, args: [] },
    fluidLendingResolver: { artifact: artifacts.mockFluidLendingResolverArtifact, args: [] },
    multicall3Template: { artifact: artifacts.multicall3Artifact, args: [] },
    morphoBlueTemplate: { artifact: artifacts.mockMorphoBlueArtifact, args: [] },
    morphoIrm: { artifact: artifacts.mockIrmArtifact, args: [] },
    fluidLiquidityResolver: { artifact: artifacts.mockFluidLiquidityResolverArtifact, args: [] },
  };
  for (const t of devnetTokens)
    specs[t.contract] = { artifact: artifacts.mockERC20Artifact, args: [t.name, t.symbol, t.decimals] };
  for (const f of devnetPriceFeeds)
    specs[f.contract] = { artifact: artifacts.mockPriceFeedArtifact, args: [f.answer, f.description] };
  for (const m of devnetMarkets) {
    const t = devnetTokenOf(m.underlying);
    const rate = m.rate;
    if (rate.kind === "aave")
      specs[m.contract] = {
        artifact: artifacts.mockATokenArtifact,
        args: [m.yieldTokenName, m.yieldTokenSymbol, t.decimals, a[m.underlying]],
      };
    else if (rate.kind === "comet")
      specs[m.contract] = {
        artifact: artifacts.mockCometArtifact,
        args: [a[m.underlying], a[rate.feed], t.decimals, rate.kink, rate.slopeLow, rate.slopeHigh, rate.base],
      };
    else if (rate.vaultV2) {
      specs[m.contract] = {
        artifact: artifacts.mockVaultV2Artifact,
        args: [m.yieldTokenName, m.yieldTokenSymbol, a[m.underlying], t.decimals, rate.decimalsOffset],
      };
      for (const adapter of rate.vaultV2.adapters)
        specs[adapter.contract] =
          adapter.kind === "vaultV1"
            ? { artifact: artifacts.mockMorphoVaultV1AdapterArtifact, args: [a[m.contract], a[adapter.target!]] }
            : { artifact: artifacts.mockMorphoMarketAdapterArtifact, args: [a[m.contract]] };
    } else {
      const args = [m.yieldTokenName, m.yieldTokenSymbol, a[m.underlying], t.decimals, rate.decimalsOffset, rate.perSecond];
      specs[m.contract] = rate.metaMorpho
        ? {
            artifact: artifacts.mockMetaMorphoVaultArtifact,
            args: [...args, MORPHO_BLUE_ADDRESS, rate.metaMorpho.fee],
          }
        : rate.nativeUnderlying
          ? { artifact: artifacts.mockFTokenNativeUnderlyingArtifact, args }
          : { artifact: artifacts.mockERC4626VaultArtifact, args };
    }
  }
  for (const name of Object.keys(devnetAddresses) as DevnetContract[])
    if (!specs[name]) throw new Error(`the devnet plan does not say how to create ${name}`);
  return specs as Record<DevnetContract, Creation>;
}

function creations(): ({ contract: DevnetContract } & Creation)[] {
  const specs = creationSpecs();
  return (Object.keys(devnetAddresses) as DevnetContract[]).map((contract) => ({ contract, ...specs[contract] }));
}

/** Deploys and funds everything; returns the block number after the last transaction. */
export async function deployDevnet(rpcUrl: string): Promise<bigint> {
  const { wallet, test } = devnetClient(rpcUrl);
  const startNonce = await wallet.getTransactionCount({ address: devnetDeployer.address });
  if (startNonce !== 0)
    throw new Error(
      `the devnet deployer has sent ${startNonce} transactions already: start from a fresh chain`,
    );

  const plan = creations();
  for (const [nonce, step] of plan.entries()) {
    const expected = getContractAddress({ from: devnetDeployer.address, nonce: BigInt(nonce) });
    if (expected !== devnetAddresses[step.contract])
      throw new Error(`${step.contract} would land at ${expected}, not at the planned address`);
  }
  const hashes: Hex[] = [];
  for (const [nonce, step] of plan.entries()) {
    hashes.push(
      await wallet.deployContract({
        abi: step.artifact.abi,
        bytecode: step.artifact.bytecode,
        args: step.args as unknown[],
        nonce,
      }),
    );
  }
  let nonce = plan.length;
  const send = async (address: Hex, abi: Abi, functionName: string, args: readonly unknown[]) => {
    hashes.push(
      await wallet.writeContract({ address, abi, functionName, args: args as unknown[], nonce: nonce++ }),
    );
  };

  // Multicall3 and Morpho Blue live at their real addresses: copy the deployed templates' code
  // there (their owner is immutable, so it travels with the code).
  await wallet.waitForTransactionReceipt({ hash: hashes.at(-1)!, pollingInterval: 20 });
  for (const [template, address] of [
    [devnetAddresses.multicall3Template, MULTICALL3_ADDRESS],
    [devnetAddresses.morphoBlueTemplate, MORPHO_BLUE_ADDRESS],
  ] as const) {
    const code = await wallet.getCode({ address: template });
    if (!code) throw new Error(`the template at ${template} has no code`);
    await test.setCode({ address, bytecode: code });
  }

  const a = devnetAddresses;
  for (const { oracle } of devnetAavePools)
    for (const t of devnetTokens)
      await send(a[oracle], artifacts.mockAaveOracleArtifact.abi, "setAssetPrice", [a[t.contract], t.priceUsd8]);
  await send(a.usdc, artifacts.mockERC20Artifact.abi, "mint", [devnetDemoWallet.address, DEVNET_DEMO_USDC]);

  for (const m of devnetMarkets) {
    const t = devnetTokenOf(m.underlying);
    const supply = devnetUnits(m, "supply");
    const demo = devnetUnits(m, "demoBalance");
    switch (m.rate.kind) {
      case "aave":
        await send(a[devnetAavePoolOf(m)], artifacts.mockAavePoolArtifact.abi, "initReserve", [
          a[m.underlying],
          a[m.contract],
          aaveConfiguration({ decimals: t.decimals }),
          m.rate.liquidityRate,
        ]);
        await send(a[m.contract], artifacts.mockATokenArtifact.abi, "mint", [devnetWhale, supply]);
        if (demo > 0n)
          await send(a[m.contract], artifacts.mockATokenArtifact.abi, "mint", [
            devnetDemoWallet.address,
            demo,
          ]);
        break;
      case "comet":
        await send(a[m.contract], artifacts.mockCometArtifact.abi, "setSupply", [devnetWhale, supply]);
        if (demo > 0n)
          await send(a[m.contract], artifacts.mockCometArtifact.abi, "setSupply", [
            devnetDemoWallet.address,
            demo,
          ]);
        await send(a[m.contract], artifacts.mockCometArtifact.abi, "setTotalBorrow", [
          ((supply + demo) * m.rate.utilization) / 10n ** 18n,
        ]);
        break;
      case "vault": {
        const rate = m.rate;
        if (m.protocol === "fluid")
          await send(a.fluidLendingResolver, artifacts.mockFluidLendingResolverArtifact.abi, "addFToken", [
            a[m.contract],
          ]);
        if (rate.fluidSupplyRate)
          await send(
            a.fluidLiquidityResolver,
            artifacts.mockFluidLiquidityResolverArtifact.abi,
            "setSupplyRate",
            [rate.nativeUnderlying ? NATIVE_TOKEN_ADDRESS : a[m.underlying], rate.fluidSupplyRate],
          );
        const vaultAbi = rate.vaultV2 ? artifacts.mockVaultV2Artifact.abi : artifacts.mockERC4626VaultArtifact.abi;
        await send(a[m.contract], vaultAbi, "depositFor", [devnetWhale, supply]);
        if (demo > 0n) await send(a[m.contract], vaultAbi, "depositFor", [devnetDemoWallet.address, demo]);
        // What Vault V2s hold in this vault through their adapters, deposited before its markets are
        // set up, so that its Morpho Blue positions cover all of its assets.
        const fromVaultsV2 = vaultV2AllocationsInto(m.contract);
        for (const { adapter, assets } of fromVaultsV2)
          await send(a[m.contract], vaultAbi, "depositFor", [a[adapter], assets]);
        if (rate.metaMorpho) {
          const setup = metaMorphoSetup({
            vault: a[m.contract],
            loanToken: a[m.underlying],
            allocations: rate.metaMorpho.allocations,
            vaultAssets: supply + demo + fromVaultsV2.reduce((sum, x) => sum + x.assets, 0n),
          });
          for (const call of setup) await send(call.address, call.abi, call.functionName, call.args);
        }
        for (const adapter of rate.vaultV2?.adapters ?? []) {
          const assets = units(adapter.assets, t.decimals);
          await send(a[m.contract], vaultAbi, "addAdapter", [a[adapter.contract]]);
          if (adapter.kind === "market")
            await send(a[adapter.contract], artifacts.mockMorphoMarketAdapterArtifact.abi, "setRealAssets", [assets]);
          await send(a[m.contract], vaultAbi, "moveToAdapter", [assets]);
        }
        break;
      }
    }
  }
  const last = await wallet.waitForTransactionReceipt({ hash: hashes.at(-1)!, pollingInterval: 20 });
  for (const hash of hashes) {
    const receipt = await wallet.getTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`devnet transaction ${hash} reverted`);
  }
  // Smart-contract wallets for sign-in tests, from their own deployer (devnet/smart-wallet.ts).
  await deployDevnetSmartWallets(rpcUrl);
  return last.blockNumber;
}

/** Morpho's market id: keccak256 of the ABI-encoded MarketParams (MarketParamsLib.id). */
export const morphoMarketId = (p: {
  loanToken: Hex;
  collateralToken: Hex;
  oracle: Hex;
  irm: Hex;
  lltv: bigint;
}): Hex =>
  keccak256(
    encodeAbiParameters(
      [
        { type: "address" },
        { type: "address" },
        { type: "address" },
        { type: "address" },
        { type: "uint256" },
      ],
      [p.loanToken, p.collateralToken, p.oracle, p.irm, p.lltv],
    ),
  );

// Morpho Blue counts supply shares with 1e6 virtual shares per asset (SharesMathLib).
const VIRTUAL_SHARES = 10n ** 6n;

interface SetupCall {
  address: Hex;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
}

/**
 * The owner's calls that give a MetaMorpho vault holding `vaultAssets` of `loanToken` its Morpho
 * Blue markets: each market with its totals (the vault supplies a third of it), the vault's supply
 * shares in it, the IRM's per-second borrow rate, and the vault's withdraw queue of their ids.
 */
export function metaMorphoSetup({
  vault,
  loanToken,
  allocations,
  vaultAssets,
  morphoBlue = MORPHO_BLUE_ADDRESS,
  irm = devnetAddresses.morphoIrm,
}: {
  vault: Hex;
  loanToken: Hex;
  allocations: readonly MorphoAllocation[];
  vaultAssets: bigint;
  /** The Morpho Blue (and its owner's IRM) the markets are created in; the devnet's by default. */
  morphoBlue?: Hex;
  irm?: Hex;
}): SetupCall[] {
  const a = devnetAddresses;
  const morpho = { address: morphoBlue, abi: artifacts.mockMorphoBlueArtifact.abi } as const;
  const calls: SetupCall[] = [];
  const ids: Hex[] = [];
  for (const allocation of allocations) {
    const idle = allocation.collateral === null;
    const params = {
      loanToken,
      collateralToken: idle ? zeroAddress : a[allocation.collateral!],
      oracle: idle ? zeroAddress : a.aaveOracle,
      irm: idle ? zeroAddress : irm,
      lltv: allocation.lltv,
    } as const;
    const id = morphoMarketId(params);
    const vaultSupply = (vaultAssets * allocation.shareBps) / 10_000n;
    const totalSupplyAssets = vaultSupply * 3n;
    const totalBorrowAssets = (totalSupplyAssets * allocation.utilizationBps) / 10_000n;
    const state = {
      totalSupplyAssets,
      totalSupplyShares: totalSupplyAssets * VIRTUAL_SHARES,
      totalBorrowAssets,
      totalBorrowShares: totalBorrowAssets * VIRTUAL_SHARES,
      lastUpdate: 0n,
      fee: allocation.marketFee,
    };
    ids.push(id);
    calls.push({ ...morpho, functionName: "createMarket", args: [params, state] });
    calls.push({
      ...morpho,
      functionName: "setSupplyShares",
      args: [id, vault, vaultSupply * VIRTUAL_SHARES],
    });
    if (!idle)
      calls.push({
        address: irm,
        abi: artifacts.mockIrmArtifact.abi,
        functionName: "setBorrowRate",
        args: [id, perSecondWad(allocation.borrowRateBps)],
      });
  }
  calls.push({
    address: vault,
    abi: artifacts.mockMetaMorphoVaultArtifact.abi,
    functionName: "setWithdrawQueue",
    args: [ids],
  });
  return calls;
}
