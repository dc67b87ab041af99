// The benchmark's further fTokens, on the standard devnet's Fluid (devnet/protocols/fluid): created
// by the lending factory (createToken), listed at the Liquidity layer with supply limits by its
// governance (updateUserSupplyConfigs), and deposited into (for the bench account, and on every other
// fToken for the demo wallet: ERC-4626 deposit's receiver; over WETH, native ETH as every Fluid fWETH
// lends). The factory makes one fToken per asset and fToken type, so the bench registers types of its
// own with the factory's fToken creation code (setFTokenCreationCode), each serving one fToken of
// every asset. An fToken earns the Liquidity layer's supply rate of the token it lends, which the
// devnet's Vault T1 borrowers set for USDC, ETH and EURC; nobody borrows WBTC there (the vaults' own
// collateral), so a Vault T1 of the bench, USDC against WBTC, borrows a tenth of the layer's WBTC.
import type { Hex } from "viem";
import type { DeployContext } from "@/devnet/deploy/context";
import * as fluid from "@/devnet/generated/fluid";
import { FLUID_DEPLOYER } from "@/devnet/protocols/fluid/deploy";
import { FLUID_NATIVE_TOKEN, liquidityAbi, vaultAbi } from "@/devnet/protocols/fluid/actions";
import { fundToken } from "@/devnet/protocols/tokens";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { fluidBorrowLimitExpansion, fluidContracts, fluidVaultCoreSettings } from "@/devnet/plan/fluid";
import { devnetTokenOf, units, type DevnetToken } from "@/devnet/plan/tokens";
import { approveTx, benchAccount, callTx, chunks, createTx, Sender } from "./bench-tx";
import type { BenchAccount } from "./send-all";
import type { ExtraMarket } from "./extra-market";

/** Each token's withdrawal limits at the Liquidity layer (mode 1, 25 % over 12 hours), as the devnet's fTokens have them. */
const BASE_WITHDRAWAL_LIMIT: Record<DevnetToken["contract"], string> = {
  usdc: "5000000",
  eurc: "5000000",
  weth: "1500",
  wbtc: "50",
};
/** Supply configs per updateUserSupplyConfigs call. */
const CONFIGS_PER_CALL = 60;
/** The share of the Liquidity layer's WBTC the bench's Vault T1 borrows, basis points. */
const WBTC_UTILIZATION_BPS = 1_000n;

/** An fToken over WETH lends native ETH (fTokenNativeUnderlying), as every Fluid fWETH does. */
const isNative = (m: ExtraMarket) => m.token.contract === "weth";
/** The bench's fToken types: the n-th fToken of an asset is of the n-th type. */
const typeOf = (m: ExtraMarket, n: number) => `bench ${isNative(m) ? "NativeUnderlying" : "fToken"} ${n}`;

/** Deploys and fills the further fTokens and the WBTC borrower's vault; the number of transactions sent. */
export async function deployFluidExtras(ctx: DeployContext, markets: ExtraMarket[]): Promise<number> {
  if (markets.length === 0) return 0;
  const s = new Sender(ctx, "fluid");
  const bench = await benchAccount(ctx, "bench fluid");
  for (const m of markets) m.underlying = ctx.address(m.token.contract);
  const byDeployer = await createFTokens(ctx, s, bench, markets);
  const configs = await listAtLiquidity(ctx, markets);
  await depositInto(ctx, s, bench, markets);
  return s.sent + byDeployer + configs + (await borrowWbtc(ctx, s, bench));
}

/**
 * The bench's fToken types registered with the lending factory (the factory's owner lets the bench
 * account set creation codes and create fTokens), then the fTokens, whose addresses the markets take;
 * the number of transactions the deployer sent.
 */
async function createFTokens(ctx: DeployContext, s: Sender, bench: BenchAccount, markets: ExtraMarket[]) {
  const deployer = await ctx.sender(FLUID_DEPLOYER);
  const factory = {
    address: ctx.address(fluidContracts.lendingFactory),
    abi: fluid.fluidLendingFactoryArtifact.abi,
  };
  const nth = new Map<ExtraMarket, number>();
  for (const m of markets) nth.set(m, markets.filter((o) => o.token === m.token && o.index < m.index).length);
  const types = [...new Map(markets.map((m) => [typeOf(m, nth.get(m)!), isNative(m)])).entries()];
  await deployer.call({ ...factory, functionName: "setAuth", args: [bench.address, true] });
  await deployer.call({ ...factory, functionName: "setDeployer", args: [bench.address, true] });
  const lending = (functionName: string, args: readonly unknown[]) =>
    callTx({ ...factory, functionName, args });
  await s.send(
    bench,
    types.map(([type, native]) =>
      lending("setFTokenCreationCode", [
        type,
        native ? fluid.fTokenNativeUnderlyingArtifact.bytecode : fluid.fTokenArtifact.bytecode,
      ]),
    ),
    "fToken types",
  );
  await s.send(
    bench,
    markets.map((m) => lending("createToken", [m.underlying, typeOf(m, nth.get(m)!), isNative(m)])),
    "fTokens",
  );
  const computed = await Promise.all(
    markets.map(
      (m) =>
        deployer.client.wallet.readContract({
          ...factory,
          functionName: "computeToken",
          args: [m.underlying, typeOf(m, nth.get(m)!)],
        }) as Promise<Hex>,
    ),
  );
  markets.forEach((m, i) => (m.contract = computed[i]!));
  return 2;
}

/** The fTokens' supply at the Liquidity layer, by its governance; the number of transactions sent. */
async function listAtLiquidity(ctx: DeployContext, markets: ExtraMarket[]) {
  const deployer = await ctx.sender(FLUID_DEPLOYER);
  const supplyConfig = (user: Hex, token: DevnetToken["contract"], native: boolean) => ({
    user,
    token: native ? FLUID_NATIVE_TOKEN : ctx.address(token),
    mode: 1,
    expandPercent: 2_500n,
    expandDuration: 43_200n,
    baseWithdrawalLimit: units(BASE_WITHDRAWAL_LIMIT[token], devnetTokenOf(token).decimals),
  });
  const slices = chunks(markets, CONFIGS_PER_CALL);
  for (const slice of slices)
    await deployer.call({
      address: ctx.address(fluidContracts.liquidity),
      abi: liquidityAbi,
      functionName: "updateUserSupplyConfigs",
      args: [slice.map((m) => supplyConfig(m.contract, m.token.contract, isNative(m)))],
    });
  return slices.length;
}

/** The deposits: ERC-20s minted to the bench account and approved; native ETH its own. */
async function depositInto(ctx: DeployContext, s: Sender, bench: BenchAccount, markets: ExtraMarket[]) {
  for (const t of ["usdc", "eurc", "wbtc"] as const)
    await fundToken(
      ctx,
      t,
      bench.address,
      markets.filter((m) => m.token.contract === t).reduce((sum, m) => sum + m.supply + m.demo, 0n),
    );
  await s.send(
    bench,
    markets.filter((m) => !isNative(m)).map((m) => approveTx(m.underlying, m.contract)),
    "approvals",
  );
  const deposit = (m: ExtraMarket, amount: bigint, receiver: Hex) =>
    isNative(m)
      ? callTx({
          address: m.contract,
          abi: fluid.fTokenNativeUnderlyingArtifact.abi,
          functionName: "depositNative",
          args: [receiver],
          value: amount,
        })
      : callTx({
          address: m.contract,
          abi: fluid.fTokenArtifact.abi,
          functionName: "deposit",
          args: [amount, receiver],
        });
  await s.send(
    bench,
    markets.flatMap((m) => [
      deposit(m, m.supply, bench.address),
      ...(m.demo > 0n ? [deposit(m, m.demo, devnetDemoWallet.address)] : []),
    ]),
    "deposits",
  );
}

/**
 * A Vault T1 of the bench (USDC collateral, WBTC debt) from the vault factory, with the devnet
 * vaults' settings and a FluidGenericOracle over the USD feeds; its borrower posts USDC worth twice its
 * debt and borrows WBTC_UTILIZATION_BPS of what the Liquidity layer holds. The number of transactions
 * sent by the deployer.
 */
async function borrowWbtc(ctx: DeployContext, s: Sender, bench: BenchAccount): Promise<number> {
  const deployer = await ctx.sender(FLUID_DEPLOYER);
  const borrower = await benchAccount(ctx, "bench fluid borrower");
  const [usdc, wbtc] = [devnetTokenOf("usdc"), devnetTokenOf("wbtc")];
  const oracle = await createWbtcOracle(ctx, s, bench);
  const vault = await deployWbtcVault(ctx, oracle);
  const supplied = (await deployer.client.wallet.readContract({
    address: ctx.address("wbtc"),
    abi: fluid.fTokenArtifact.abi,
    functionName: "balanceOf",
    args: [ctx.address(fluidContracts.liquidity)],
  })) as bigint;
  const debt = (supplied * WBTC_UTILIZATION_BPS) / 10_000n;
  const collateral =
    (2n * debt * wbtc.priceUsd8 * 10n ** BigInt(usdc.decimals)) /
    (usdc.priceUsd8 * 10n ** BigInt(wbtc.decimals));
  await allowWbtcVault(ctx, vault, collateral, debt);
  await fundToken(ctx, "usdc", borrower.address, collateral);
  await s.send(borrower, [approveTx(ctx.address("usdc"), vault)], "WBTC borrower's approval");
  await s.send(
    borrower,
    [
      callTx({
        address: vault,
        abi: vaultAbi,
        functionName: "operate",
        args: [0n, collateral, debt, borrower.address],
      }),
    ],
    "WBTC borrow",
  );
  return 6;
}

/** "WBTC per 1 USDC" (as the devnet's vault oracles, devnet/protocols/fluid/deploy.ts oracleCreation). */
async function createWbtcOracle(ctx: DeployContext, s: Sender, from: BenchAccount): Promise<Hex> {
  const [usdc, wbtc] = [devnetTokenOf("usdc"), devnetTokenOf("wbtc")];
  const CHAINLINK = 2;
  const [oracle] = await s.create(
    from,
    [
      createTx(fluid.fluidGenericOracleArtifact, [
        "WBTC per 1 USDC",
        27 - usdc.decimals + wbtc.decimals,
        [
          {
            source: ctx.address("usdcUsdFeed"),
            invertRate: false,
            multiplier: 10n ** BigInt(19 + wbtc.decimals - usdc.decimals),
            divisor: 1n,
            sourceType: CHAINLINK,
          },
          {
            source: ctx.address("wbtcUsdFeed"),
            invertRate: true,
            multiplier: 10n ** 19n,
            divisor: 1n,
            sourceType: CHAINLINK,
          },
        ],
      ]),
    ],
    "WBTC vault's oracle",
  );
  return oracle!;
}

/** The Vault T1 (USDC collateral, WBTC debt) from the vault factory, with the devnet vaults' core settings and `oracle`; its address. */
async function deployWbtcVault(ctx: DeployContext, oracle: Hex): Promise<Hex> {
  const deployer = await ctx.sender(FLUID_DEPLOYER);
  const vaultFactory = {
    address: ctx.address(fluidContracts.vaultFactory),
    abi: fluid.fluidVaultFactoryArtifact.abi,
  };
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    deployer.client.wallet.readContract({ ...vaultFactory, functionName, args } as never) as Promise<T>;
  const vault = await read<Hex>("getVaultAddress", [(await read<bigint>("totalVaults")) + 1n]);
  const logic = ctx.address(fluidContracts.vaultT1DeploymentLogic);
  const vaultData = callTx({
    address: logic,
    abi: fluid.fluidVaultT1DeploymentLogicArtifact.abi,
    functionName: "vaultT1",
    args: [ctx.address("usdc"), ctx.address("wbtc")],
  }).data;
  await deployer.call({ ...vaultFactory, functionName: "deployVault", args: [logic, vaultData] });
  await deployer.call({
    address: vault,
    abi: vaultAbi,
    functionName: "updateCoreSettings",
    args: [...fluidVaultCoreSettings],
  });
  await deployer.call({ address: vault, abi: vaultAbi, functionName: "updateOracle", args: [oracle] });
  return vault;
}

/** The Liquidity layer's governance lets the vault take `collateral` USDC and borrow WBTC up to twice `debt`. */
async function allowWbtcVault(ctx: DeployContext, vault: Hex, collateral: bigint, debt: bigint) {
  const deployer = await ctx.sender(FLUID_DEPLOYER);
  const liquidity = { address: ctx.address(fluidContracts.liquidity), abi: liquidityAbi };
  await deployer.call({
    ...liquidity,
    functionName: "updateUserSupplyConfigs",
    args: [
      [
        {
          user: vault,
          token: ctx.address("usdc"),
          mode: 1,
          expandPercent: 2_500n,
          expandDuration: 43_200n,
          baseWithdrawalLimit: collateral,
        },
      ],
    ],
  });
  await deployer.call({
    ...liquidity,
    functionName: "updateUserBorrowConfigs",
    args: [
      [
        {
          user: vault,
          token: ctx.address("wbtc"),
          mode: 1,
          ...fluidBorrowLimitExpansion,
          baseDebtCeiling: 2n * debt,
          maxDebtCeiling: 4n * debt,
        },
      ],
    ],
  });
}
