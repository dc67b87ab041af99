/**
 * Deploys the local chain's contracts (lib/devnet/plan.ts) on a fresh Anvil node and funds the
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
import { MULTICALL3_ADDRESS } from "@/lib/chain/abis";
import * as artifacts from "./generated/contracts";
import {
  DEVNET_DEMO_USDC,
  MORPHO_BLUE_ADDRESS,
  aaveConfiguration,
  devnetAddresses,
  devnetDemoWallet,
  devnetDeployer,
  devnetMarkets,
  devnetTokenOf,
  devnetTokens,
  devnetUnits,
  devnetWhale,
  perSecondWad,
  type DevnetContract,
  type MorphoAllocation,
} from "./plan";

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

function creations(): { contract: DevnetContract; artifact: Artifact; args: readonly unknown[] }[] {
  const a = devnetAddresses;
  const list: { contract: DevnetContract; artifact: Artifact; args: readonly unknown[] }[] = [];
  for (const t of devnetTokens)
    list.push({
      contract: t.contract,
      artifact: artifacts.mockERC20Artifact,
      args: [t.name, t.symbol, t.decimals],
    });
  list.push({ contract: "aaveOracle", artifact: artifacts.mockAaveOracleArtifact, args: [] });
  list.push({ contract: "aavePool", artifact: artifacts.mockAavePoolArtifact, args: [] });
  const aaveMarkets = devnetMarkets.filter((m) => m.rate.kind === "aave");
  for (const m of aaveMarkets) {
    const t = devnetTokenOf(m.underlying);
    list.push({
      contract: m.contract,
      artifact: artifacts.mockATokenArtifact,
      args: [m.yieldTokenName, m.yieldTokenSymbol, t.decimals, a[m.underlying]],
    });
  }
  list.push({ contract: "usdcPriceFeed", artifact: artifacts.mockPriceFeedArtifact, args: [100_000_000n] });
  // Comet's WETH markets price their base in ETH with a constant feed (protocols.md §1.2).
  list.push({
    contract: "wethConstantPriceFeed",
    artifact: artifacts.mockPriceFeedArtifact,
    args: [100_000_000n],
  });
  for (const m of devnetMarkets) {
    if (m.rate.kind !== "comet") continue;
    const t = devnetTokenOf(m.underlying);
    const feed = m.underlying === "weth" ? a.wethConstantPriceFeed : a.usdcPriceFeed;
    list.push({
      contract: m.contract,
      artifact: artifacts.mockCometArtifact,
      args: [a[m.underlying], feed, t.decimals, m.rate.kink, m.rate.slopeLow, m.rate.slopeHigh, m.rate.base],
    });
  }
  const vault = (m: (typeof devnetMarkets)[number]) => {
    if (m.rate.kind !== "vault") throw new Error("not a vault");
    const t = devnetTokenOf(m.underlying);
    const args = [
      m.yieldTokenName,
      m.yieldTokenSymbol,
      a[m.underlying],
      t.decimals,
      m.rate.decimalsOffset,
      m.rate.perSecond,
    ];
    return m.rate.metaMorpho
      ? {
          contract: m.contract,
          artifact: artifacts.mockMetaMorphoVaultArtifact,
          args: [...args, MORPHO_BLUE_ADDRESS, m.rate.metaMorpho.fee],
        }
      : { contract: m.contract, artifact: artifacts.mockERC4626VaultArtifact, args };
  };
  for (const m of devnetMarkets) if (m.protocol === "morpho") list.push(vault(m));
  list.push({
    contract: "fluidLendingResolver",
    artifact: artifacts.mockFluidLendingResolverArtifact,
    args: [],
  });
  for (const m of devnetMarkets) if (m.protocol === "fluid") list.push(vault(m));
  list.push({ contract: "multicall3Template", artifact: artifacts.multicall3Artifact, args: [] });
  list.push({ contract: "morphoBlueTemplate", artifact: artifacts.mockMorphoBlueArtifact, args: [] });
  list.push({ contract: "morphoIrm", artifact: artifacts.mockIrmArtifact, args: [] });
  list.push({
    contract: "fluidLiquidityResolver",
    artifact: artifacts.mockFluidLiquidityResolverArtifact,
    args: [],
  });
  return list;
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
  for (const t of devnetTokens)
    await send(a.aaveOracle, artifacts.mockAaveOracleArtifact.abi, "setAssetPrice", [
      a[t.contract],
      t.priceUsd8,
    ]);
  await send(a.usdc, artifacts.mockERC20Artifact.abi, "mint", [devnetDemoWallet.address, DEVNET_DEMO_USDC]);

  for (const m of devnetMarkets) {
    const t = devnetTokenOf(m.underlying);
    const supply = devnetUnits(m, "supply");
    const demo = devnetUnits(m, "demoBalance");
    switch (m.rate.kind) {
      case "aave":
        await send(a.aavePool, artifacts.mockAavePoolArtifact.abi, "initReserve", [
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
      case "vault":
        if (m.protocol === "fluid")
          await send(a.fluidLendingResolver, artifacts.mockFluidLendingResolverArtifact.abi, "addFToken", [
            a[m.contract],
          ]);
        if (m.rate.fluidSupplyRate)
          await send(
            a.fluidLiquidityResolver,
            artifacts.mockFluidLiquidityResolverArtifact.abi,
            "setSupplyRate",
            [a[m.underlying], m.rate.fluidSupplyRate],
          );
        await send(a[m.contract], artifacts.mockERC4626VaultArtifact.abi, "depositFor", [
          devnetWhale,
          supply,
        ]);
        if (demo > 0n)
          await send(a[m.contract], artifacts.mockERC4626VaultArtifact.abi, "depositFor", [
            devnetDemoWallet.address,
            demo,
          ]);
        if (m.rate.metaMorpho) {
          const setup = metaMorphoSetup({
            vault: a[m.contract],
            loanToken: a[m.underlying],
            allocations: m.rate.metaMorpho.allocations,
            vaultAssets: supply + demo,
          });
          for (const call of setup) await send(call.address, call.abi, call.functionName, call.args);
        }
        break;
    }
  }
  const last = await wallet.waitForTransactionReceipt({ hash: hashes.at(-1)!, pollingInterval: 20 });
  for (const hash of hashes) {
    const receipt = await wallet.getTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`devnet transaction ${hash} reverted`);
  }
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
}: {
  vault: Hex;
  loanToken: Hex;
  allocations: readonly MorphoAllocation[];
  vaultAssets: bigint;
}): SetupCall[] {
  const a = devnetAddresses;
  const morpho = { address: MORPHO_BLUE_ADDRESS, abi: artifacts.mockMorphoBlueArtifact.abi } as const;
  const calls: SetupCall[] = [];
  const ids: Hex[] = [];
  for (const allocation of allocations) {
    const idle = allocation.collateral === null;
    const params = {
      loanToken,
      collateralToken: idle ? zeroAddress : a[allocation.collateral!],
      oracle: idle ? zeroAddress : a.aaveOracle,
      irm: idle ? zeroAddress : a.morphoIrm,
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
        address: a.morphoIrm,
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
