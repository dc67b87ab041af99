// npm run bench:chain — the chain benchmark of issue 4:
//   - "sync of 1,000 instruments on the local chain — wall time and RPC requests made";
//   - "positions over 200 instruments — latency and RPC requests".
//
// A fresh Anvil chain gets the standard devnet (devnet/deploy.ts) and then, from the same deployer,
// enough further markets for BENCH_CHAIN_INSTRUMENTS instruments (default 1,000), a quarter per protocol:
// Aave reserves and Fluid fTokens, which the sync's discovery finds on chain, and Comets and Morpho
// vaults, which are not discoverable and are inserted into the benchmark's own in-memory database the
// way the catalog lists chain 31337's markets (devnet/devnet-catalog.ts). The demo wallet holds a
// position in every other market.
//
// The code under test reads the chain through a metering proxy (scripts/lib/rpc-meter.ts) that counts
// HTTP requests and the JSON-RPC calls inside them. Measured: the first sync (with discovery), the
// steady-state sync (N runs, the chain an hour later each time), positions over 200 instruments (a
// second database that lists 200 of the chain's markets) and over all of them. Figures are also given
// as ratios against baselines measured in the same run through the same proxy and client: one
// eth_blockNumber round trip, and a plain Multicall3 read of every instrument's totalSupply (200
// balanceOf reads for positions). Every eth_call the code under test made is replayed as
// eth_estimateGas, to show how close it comes to the node's 30M gas cap.
//
// Morpho vault discovery (issue 10) is part of every sync: the chain's block numbers start at
// GENESIS_BLOCK (Anvil --number; blocks before it hold no logs, and mining 100,000 real blocks would
// take Anvil hours, as each block costs time in proportion to the blocks it holds), and the devnet's
// MetaMorpho v1.0/v1.1 and Vault V2 factories create DISCOVERY_VAULTS vaults DISCOVERY_GAP blocks
// apart, so the first sync scans 100,000+ blocks of factory history from block 0. The scan is also
// measured alone (discoverVaults on a fresh database): straight to the node, and through a proxy that
// refuses eth_getLogs over 2,000 blocks as Alchemy does; and its steady state, 25 new blocks later.
//
// Prints a table, writes .bench/chain.json, and exits 1 when a correctness check fails: a sync that
// reports failures or does not update every instrument, a positions call that needs more than one
// HTTP request or answers wrongly, a discovery that misses a vault or lists a wrong one.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { encodeDeployData, encodeFunctionData, getAddress, type Abi, type Hex } from "viem";
import { instrumentIdOf, marketIdOf } from "@/lib/machinery/catalog/instrument-id";
import { erc20Abi } from "@/lib/machinery/chain/abis";
import { createChainClient } from "@/lib/machinery/chain/client";
import { multicall } from "@/lib/machinery/chain/multicall";
import { migrateDatabase, openPglite, type Database } from "@/lib/machinery/db/client";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { seedCatalog } from "@/lib/machinery/db/seed";
import { isStablecoinCategory } from "@/lib/facts/asset-categories";
import { protocolNames, type ProtocolName } from "@/lib/facts/protocols";
import { startAnvil } from "@/devnet/anvil";
import { deployDevnet } from "@/devnet/deploy/deploy-devnet";
import { metaMorphoSetup } from "@/devnet/deploy/morpho-markets";
import { devnetClient } from "@/devnet/deploy/sender";
import { deployDiscoveryDevnet } from "@/devnet/deploy/discovery";
import type { DiscoveryFactoryKey, DiscoveryVaultPlan } from "@/devnet/plan/discovery-vaults";
import * as artifacts from "@/devnet/generated/contracts";
import { devnetDemoWallet, devnetWhale } from "@/devnet/plan/accounts";
import { MORPHO_BLUE_ADDRESS, devnetAddresses } from "@/devnet/plan/addresses";
import { devnetMarkets, devnetUnits } from "@/devnet/plan/markets";
import { aaveConfiguration, metaMorphoPerSecond, perSecondWad, type MorphoAllocation } from "@/devnet/plan/rates";
import { DEVNET_DEMO_USDC, devnetTokenOf, type DevnetToken } from "@/devnet/plan/tokens";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { getPositions } from "@/lib/domain/positions/get-positions";
import { syncChain, type ChainSyncResult } from "@/lib/machinery/sync/sync-chain";
import { discoverVaults, type VaultDiscoveryResult } from "@/lib/machinery/sync/vault-discovery";
import { startLimitedRpc } from "@/test/support/limited-rpc";
import { startRpcMeter, type RpcMeter, type RpcStats } from "./lib/rpc-meter";

const TOTAL = Number(process.env.BENCH_CHAIN_INSTRUMENTS ?? 1_000);
const POSITIONS_SUBSET = 200;
const STEADY_RUNS = 5;
const POSITIONS_RUNS = 50;
const PING_RUNS = 50;
const MULTICALL_RUNS = 5;
/** Anvil's default block gas limit, which it also uses as the gas of an eth_call that names none. */
const ETH_CALL_GAS_CAP = 30_000_000;
const PROTOCOLS: readonly ProtocolName[] = protocolNames;
/** The first block's number: a scan from block 0 reads this many blocks before the chain's own. */
const GENESIS_BLOCK = Number(process.env.BENCH_CHAIN_GENESIS ?? 100_000);
/** Vaults the devnet's Morpho factories create, DISCOVERY_GAP blocks apart; every fifth is dust. */
const DISCOVERY_VAULTS = 40;
const DISCOVERY_GAP = 25;
/** A provider's eth_getLogs span limit (Alchemy's free tier), for the scan through a limiting proxy. */
const LIMITED_GETLOGS_BLOCKS = 2_000;

if (!Number.isInteger(GENESIS_BLOCK) || GENESIS_BLOCK < 0) throw new Error("BENCH_CHAIN_GENESIS must be a block number");
if (!Number.isInteger(TOTAL) || TOTAL % 4 !== 0 || TOTAL < POSITIONS_SUBSET)
  throw new Error(`BENCH_CHAIN_INSTRUMENTS must be a multiple of 4 and at least ${POSITIONS_SUBSET}`);

const log = (message: string) => console.error(`[bench:chain] ${message}`);
const WAD = 10n ** 18n;
const RAY = 10n ** 27n;
const GWEI = 10n ** 9n;
const tokenCycle = (["usdc", "weth", "eurc", "wbtc"] as const).map(devnetTokenOf);

/** Each benchmark MetaMorpho vault supplies to two Morpho Blue markets of its own and an idle one. */
const BENCH_VAULT_FEE = 10n ** 17n;
function benchAllocations(m: ExtraMarket): MorphoAllocation[] {
  const collaterals = tokenCycle.filter((t) => t.contract !== m.token.contract).map((t) => t.contract);
  const lltv = (percent: bigint) => percent * 10n ** 16n + BigInt(m.index); // a market id per vault
  const market = (
    collateral: DevnetToken["contract"],
    percent: bigint,
    borrowRateBps: number,
    marketFee: bigint,
    shareBps: bigint,
  ) =>
    ({
      collateral,
      lltv: lltv(percent),
      borrowRateBps: BigInt(borrowRateBps),
      utilizationBps: 8_500n,
      marketFee,
      shareBps,
    }) as const;
  return [
    market(collaterals[m.index % 3]!, 86n, 400 + (m.index % 300), 0n, 7_000n),
    market(collaterals[(m.index + 1) % 3]!, 77n, 500 + (m.index % 200), 5n * 10n ** 16n, 2_000n),
    {
      collateral: null,
      lltv: BigInt(m.index),
      borrowRateBps: 0n,
      utilizationBps: 0n,
      marketFee: 0n,
      shareBps: 1_000n,
    },
  ];
}

/**
 * The vaults Morpho's factories create on the benchmark chain: a third through each factory, the
 * devnet's four tokens in turn, every fifth one dust (under $1, below the listing floor).
 */
function discoveryPlan(): DiscoveryVaultPlan[] {
  const factories: DiscoveryFactoryKey[] = ["metaMorphoFactoryV1_0", "metaMorphoFactoryV1_1", "vaultV2Factory"];
  return Array.from({ length: DISCOVERY_VAULTS }, (_, i) => {
    const token = tokenCycle[i % 4]!;
    const factory = factories[i % 3]!;
    const dust = i % 5 === 4;
    const allocation: MorphoAllocation = {
      collateral: tokenCycle[(i + 1) % 4]!.contract,
      lltv: 86n * 10n ** 16n + BigInt(1_000 + i), // a market id per vault
      borrowRateBps: BigInt(400 + 10 * i),
      utilizationBps: 8_000n,
      marketFee: 0n,
      shareBps: 10_000n,
    };
    return {
      key: `bench${i}`,
      factory,
      underlying: token.contract,
      name: `Bench Discovered ${token.symbol} ${i}`,
      symbol: `dBench${token.symbol}-${i}`,
      supply: dust ? "0.0001" : { usdc: "500000", weth: "200", eurc: "400000", wbtc: "8" }[token.contract],
      rate: factory === "vaultV2Factory" ? { bps: BigInt(300 + i) } : { metaMorpho: { fee: BENCH_VAULT_FEE, allocations: [allocation] } },
      decimalsOffset: token.contract === "usdc" || token.contract === "eurc" ? 12 : 0,
    };
  });
}
const DISCOVERY_LISTED = discoveryPlan().filter((v) => !v.supply.startsWith("0.")).length;

interface DiscoveryRun {
  wallMs: number;
  rpc: RpcStats;
  result: VaultDiscoveryResult;
  /** eth_getLogs calls the provider refused (over its span) or that were not answered. */
  refusedGetLogs: number;
}

// ---------------------------------------------------------------------------------------------
// The chain: the standard devnet plus further markets, from the same deployer.

interface ExtraMarket {
  protocol: ProtocolName;
  index: number;
  token: DevnetToken;
  /** Aave: a new underlying per reserve (a reserve is keyed by its asset); others: a devnet token. */
  underlying: Hex;
  /** aToken, Comet or vault. */
  contract: Hex;
  symbol: string;
  supply: bigint;
  /** Underlying units the demo wallet holds in it; 0 for none. */
  demo: bigint;
  utilization: bigint;
}

interface PlannedTx {
  to?: Hex;
  data: Hex;
  gas: bigint;
}
const deploy = (artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[]): PlannedTx => ({
  data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: args as unknown[] }),
  gas: 4_000_000n,
});
const write = (to: Hex, abi: Abi, functionName: string, args: readonly unknown[]): PlannedTx => ({
  to,
  data: encodeFunctionData({ abi, functionName, args: args as unknown[] }),
  gas: 500_000n,
});

async function rpcBatch<T>(url: string, calls: [string, unknown[]][]): Promise<T[]> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: "2.0", id, method, params }))),
  });
  const answers = (await res.json()) as { id: number; result?: T; error?: { message: string } }[];
  const byId = new Map(answers.map((a) => [a.id, a]));
  return calls.map(([method], id) => {
    const a = byId.get(id);
    if (!a || a.error) throw new Error(`${method}: ${a?.error?.message ?? "no answer"}`);
    return a.result as T;
  });
}
const rpc = async <T>(url: string, method: string, params: unknown[] = []) =>
  (await rpcBatch<T>(url, [[method, params]]))[0]!;

interface RawReceipt {
  status: Hex;
  contractAddress: Hex | null;
  gasUsed: Hex;
}

/**
 * Signs and sends `txs` from the deployer with consecutive nonces, 100 to an HTTP request, without
 * waiting for each to be mined (Anvil automines); then waits for the last and checks every receipt.
 */
async function sendAll(url: string, txs: PlannedTx[], what: string): Promise<RawReceipt[]> {
  const { wallet } = devnetClient(url);
  const first = await wallet.getTransactionCount({ address: wallet.account.address, blockTag: "pending" });
  const hashes: Hex[] = [];
  const raws: Hex[] = [];
  const started = performance.now();
  for (let i = 0; i < txs.length; i += 100) {
    // Anvil packs a batch into few blocks, and full blocks raise the base fee 12.5% each: price
    // every batch from the current base fee, with room for the blocks the batch itself fills.
    const block = await rpc<{ baseFeePerGas: Hex }>(url, "eth_getBlockByNumber", ["latest", false]);
    const maxFeePerGas = 4n * BigInt(block.baseFeePerGas) + GWEI;
    const signed = await Promise.all(
      txs.slice(i, i + 100).map((tx, j) =>
        wallet.account.signTransaction({
          chainId: LOCAL_CHAIN_ID,
          type: "eip1559",
          nonce: first + i + j,
          gas: tx.gas,
          maxFeePerGas,
          maxPriorityFeePerGas: GWEI,
          to: tx.to ?? null,
          data: tx.data,
        }),
      ),
    );
    raws.push(...signed);
    hashes.push(
      ...(await rpcBatch<Hex>(
        url,
        signed.map((raw) => ["eth_sendRawTransaction", [raw]]),
      )),
    );
  }
  const last = hashes.at(-1)!;
  const deadline = Date.now() + 120_000;
  let polls = 0;
  while (!(await rpc<RawReceipt | null>(url, "eth_getTransactionReceipt", [last]))) {
    if (Date.now() > deadline) {
      const pool = await rpc<unknown>(url, "txpool_status").catch(() => "unknown");
      const mined = await rpc<Hex>(url, "eth_getTransactionCount", [wallet.account.address, "latest"]);
      const block = await rpc<{ baseFeePerGas: Hex; gasLimit: Hex; number: Hex }>(
        url,
        "eth_getBlockByNumber",
        ["latest", false],
      );
      throw new Error(
        `${what}: the last transaction was not mined in 2 minutes: txpool ${JSON.stringify(pool)}, ${Number(mined) - first} of ${txs.length} mined, block ${Number(block.number)} base fee ${BigInt(block.baseFeePerGas)} gas limit ${BigInt(block.gasLimit)}`,
      );
    }
    // Automine mines when a transaction arrives; one that arrived while a block was being mined can
    // be left in the pool with nothing to trigger the next block (seen with ~2,500 queued): mine one.
    await rpc(url, "evm_mine");
    await new Promise((r) => setTimeout(r, 50));
    // Under load Anvil has also dropped the rest of a long run from an empty pool (seen with 4,704
    // sent, about 2,000 mined): send again what is not mined yet.
    if (++polls % 40 === 0) {
      const pool = await rpc<{ pending: Hex; queued: Hex }>(url, "txpool_status");
      const mined = Number(await rpc<Hex>(url, "eth_getTransactionCount", [wallet.account.address, "latest"])) - first;
      if (Number(pool.pending) + Number(pool.queued) === 0 && mined < raws.length) {
        log(`${what}: ${raws.length - mined} transactions dropped from the pool; sending them again`);
        for (let i = mined; i < raws.length; i += 100)
          await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(raws.slice(i, i + 100).map((raw, id) => ({ jsonrpc: "2.0", id, method: "eth_sendRawTransaction", params: [raw] }))),
          });
      }
    }
  }
  const receipts: RawReceipt[] = [];
  for (let i = 0; i < hashes.length; i += 100)
    receipts.push(
      ...(await rpcBatch<RawReceipt>(
        url,
        hashes.slice(i, i + 100).map((h) => ["eth_getTransactionReceipt", [h]]),
      )),
    );
  receipts.forEach((r, i) => {
    if (!r) throw new Error(`${what}: transaction ${i} (${hashes[i]}) was not mined`);
    if (r.status !== "0x1")
      throw new Error(
        `${what}: transaction ${i} (${hashes[i]}) reverted (gas used ${BigInt(r.gasUsed)} of ${txs[i]!.gas})`,
      );
  });
  log(`${what}: ${txs.length} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return receipts;
}

async function deployExtraMarkets(
  url: string,
): Promise<{ markets: ExtraMarket[]; transactions: number; ms: number }> {
  const started = performance.now();
  const markets: ExtraMarket[] = [];
  for (const protocol of PROTOCOLS) {
    const extra = TOTAL / 4 - devnetMarkets.filter((m) => m.protocol === protocol).length;
    for (let index = 0; index < extra; index++) {
      // Comets price their base with the devnet's USDC or constant-ETH feed: USDC and WETH only.
      const token = protocol === "compound" ? tokenCycle[index % 2]! : tokenCycle[index % 4]!;
      const unit = 10n ** BigInt(token.decimals);
      markets.push({
        protocol,
        index,
        token,
        underlying: devnetAddresses[token.contract],
        contract: "0x",
        symbol: `${{ aave: "aBench", compound: "cBench", morpho: "mmBench", fluid: "f" }[protocol]}${token.symbol}-${index}`,
        supply: BigInt(10_000 + 37 * index) * unit,
        demo: index % 2 === 0 ? (BigInt(index + 1) * unit) / 100n : 0n,
        utilization: (BigInt(50 + (index % 46)) * WAD) / 100n,
      });
    }
  }
  const of = (p: ProtocolName) => markets.filter((m) => m.protocol === p);

  // 1. Contracts that need no other new address: Aave underlyings, Comets, vaults.
  const creations: [ExtraMarket, "underlying" | "contract", PlannedTx][] = [];
  for (const m of of("aave"))
    creations.push([
      m,
      "underlying",
      deploy(artifacts.mockERC20Artifact, [
        `Bench ${m.token.name} ${m.index}`,
        m.token.symbol,
        m.token.decimals,
      ]),
    ]);
  for (const m of of("compound")) {
    const feed =
      m.token.contract === "weth" ? devnetAddresses.wethConstantPriceFeed : devnetAddresses.usdcPriceFeed;
    const args = [
      m.underlying,
      feed,
      m.token.decimals,
      (9n * WAD) / 10n,
      perSecondWad(BigInt(300 + m.index)),
      perSecondWad(20_000n),
      0n,
    ];
    creations.push([m, "contract", deploy(artifacts.mockCometArtifact, args)]);
  }
  for (const m of of("morpho")) {
    const args = [
      `Bench ${m.symbol}`,
      m.symbol,
      m.underlying,
      m.token.decimals,
      m.token.contract === "usdc" ? 12 : 0,
      metaMorphoPerSecond(BENCH_VAULT_FEE, benchAllocations(m)),
      MORPHO_BLUE_ADDRESS,
      BENCH_VAULT_FEE,
    ];
    creations.push([m, "contract", deploy(artifacts.mockMetaMorphoVaultArtifact, args)]);
  }
  for (const m of of("fluid")) {
    const args = [
      `Bench ${m.symbol}`,
      m.symbol,
      m.underlying,
      m.token.decimals,
      0,
      perSecondWad(BigInt(150 + m.index)),
    ];
    creations.push([m, "contract", deploy(artifacts.mockERC4626VaultArtifact, args)]);
  }
  const created = await sendAll(
    url,
    creations.map(([, , tx]) => tx),
    "creating markets",
  );
  creations.forEach(([m, field], i) => (m[field] = getAddress(created[i]!.contractAddress!)));

  // 2. aTokens, which name their underlying.
  const aTokens = of("aave").map((m) =>
    deploy(artifacts.mockATokenArtifact, [
      `Bench Aave ${m.token.symbol} ${m.index}`,
      m.symbol,
      m.token.decimals,
      m.underlying,
    ]),
  );
  const aTokenReceipts = await sendAll(url, aTokens, "creating aTokens");
  of("aave").forEach((m, i) => (m.contract = getAddress(aTokenReceipts[i]!.contractAddress!)));

  // 3. Configuration and balances.
  const a = devnetAddresses;
  const config: PlannedTx[] = [];
  for (const m of markets) {
    switch (m.protocol) {
      case "aave":
        config.push(
          write(a.aaveOracle, artifacts.mockAaveOracleArtifact.abi, "setAssetPrice", [
            m.underlying,
            m.token.priceUsd8,
          ]),
        );
        config.push(
          write(a.aavePool, artifacts.mockAavePoolArtifact.abi, "initReserve", [
            m.underlying,
            m.contract,
            aaveConfiguration({ decimals: m.token.decimals }),
            (BigInt(100 + 3 * m.index) * RAY) / 10_000n,
          ]),
        );
        config.push(write(m.contract, artifacts.mockATokenArtifact.abi, "mint", [devnetWhale, m.supply]));
        if (m.demo > 0n)
          config.push(
            write(m.contract, artifacts.mockATokenArtifact.abi, "mint", [devnetDemoWallet.address, m.demo]),
          );
        break;
      case "compound":
        config.push(write(m.contract, artifacts.mockCometArtifact.abi, "setSupply", [devnetWhale, m.supply]));
        if (m.demo > 0n)
          config.push(
            write(m.contract, artifacts.mockCometArtifact.abi, "setSupply", [
              devnetDemoWallet.address,
              m.demo,
            ]),
          );
        config.push(
          write(m.contract, artifacts.mockCometArtifact.abi, "setTotalBorrow", [
            ((m.supply + m.demo) * m.utilization) / WAD,
          ]),
        );
        break;
      case "morpho":
      case "fluid":
        if (m.protocol === "fluid")
          config.push(
            write(a.fluidLendingResolver, artifacts.mockFluidLendingResolverArtifact.abi, "addFToken", [
              m.contract,
            ]),
          );
        config.push(
          write(m.contract, artifacts.mockERC4626VaultArtifact.abi, "depositFor", [devnetWhale, m.supply]),
        );
        if (m.demo > 0n)
          config.push(
            write(m.contract, artifacts.mockERC4626VaultArtifact.abi, "depositFor", [
              devnetDemoWallet.address,
              m.demo,
            ]),
          );
        if (m.protocol === "morpho")
          for (const call of metaMorphoSetup({
            vault: m.contract,
            loanToken: m.underlying,
            allocations: benchAllocations(m),
            vaultAssets: m.supply + m.demo,
          }))
            config.push(write(call.address, call.abi, call.functionName, call.args));
        break;
    }
  }
  // The devnet's plan has no WBTC fToken: give the Liquidity layer a WBTC supply rate too.
  config.push(
    write(a.fluidLiquidityResolver, artifacts.mockFluidLiquidityResolverArtifact.abi, "setSupplyRate", [
      a.wbtc,
      150n,
    ]),
  );
  await sendAll(url, config, "configuring markets");
  return {
    markets,
    transactions: creations.length + aTokens.length + config.length,
    ms: performance.now() - started,
  };
}

/** Comets and Morpho vaults as instrument rows, by chain 31337's catalog rules (devnet-catalog.ts). */
async function listUndiscoverable(database: Database, markets: ExtraMarket[], now: Date) {
  const local = await database.db.select().from(protocols).where(eq(protocols.chainId, LOCAL_CHAIN_ID));
  const rows = markets
    .filter((m) => m.protocol === "compound" || m.protocol === "morpho")
    .map((m): typeof instruments.$inferInsert => {
      const record = local.find((p) => p.name === m.protocol);
      if (!record) throw new Error(`the database has no ${m.protocol} record for chain ${LOCAL_CHAIN_ID}`);
      const protocolAddress = m.protocol === "compound" ? m.contract : MORPHO_BLUE_ADDRESS;
      const marketId = marketIdOf(m.protocol === "compound" ? m.underlying : m.contract);
      return {
        instrumentId: instrumentIdOf(LOCAL_CHAIN_ID, protocolAddress, marketId),
        protocolId: record.id,
        protocol: m.protocol,
        chainId: LOCAL_CHAIN_ID,
        environment: "test",
        protocolAddress,
        marketId,
        adapterAddress: m.contract,
        tokenAddress: m.underlying,
        tokenSymbol: m.token.symbol,
        tokenDecimals: m.token.decimals,
        yieldTokenAddress: m.contract,
        yieldTokenSymbol: m.symbol,
        description: `${record.displayName} ${m.token.symbol} ${m.protocol === "compound" ? "market" : "vault"} on the local chain (benchmark)`,
        currentApy: 0,
        tvl: 0,
        isActive: false,
        isStablecoin: isStablecoinCategory(m.token.assetCategory),
        assetCategory: m.token.assetCategory,
        lastSyncedAt: new Date(0),
        createdAt: now,
        updatedAt: now,
      };
    });
  await database.db.insert(instruments).values(rows);
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Measuring.

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const percentile = (xs: number[], p: number) => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
const median = (xs: number[]) => percentile(xs, 50);
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const summary = (xs: number[]) => ({
  n: xs.length,
  p50: round(median(xs)),
  p95: round(percentile(xs, 95)),
  min: round(Math.min(...xs)),
  max: round(Math.max(...xs)),
});

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
const checks: Check[] = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ name, ok, detail });
  if (!ok) log(`CHECK FAILED: ${name}: ${detail}`);
};

interface SyncRun {
  wallMs: number;
  /** Where the wall time went, from the proxy's timestamps: before the first RPC request (database
   * reads), from the first request to the last answer (RPC busy + JS and database work in between),
   * after the last answer (the write transaction). */
  phasesMs: { beforeFirstRpc: number; rpcSpan: number; afterLastRpc: number };
  rpc: RpcStats;
  discovered: number;
  updated: number;
  failed: number;
  error: string | null;
}
async function measuredSync(meter: RpcMeter, run: () => Promise<ChainSyncResult>): Promise<SyncRun> {
  const mark = meter.mark();
  const started = performance.now();
  const result = await run();
  const ended = performance.now();
  const exchanges = meter.exchanges.slice(mark);
  const firstRpc = Math.min(...exchanges.map((e) => e.startedMs));
  const lastRpc = Math.max(...exchanges.map((e) => e.endedMs));
  return {
    wallMs: round(ended - started),
    phasesMs: {
      beforeFirstRpc: round(firstRpc - started),
      rpcSpan: round(lastRpc - firstRpc),
      afterLastRpc: round(ended - lastRpc),
    },
    rpc: meter.stats(mark),
    discovered: result.discovered,
    updated: result.updated,
    failed: result.failed.length,
    error: result.error,
  };
}

interface GasReplay {
  ethCalls: number;
  maxGas: number;
  maxCalldataBytes: number;
  /** The eth_call that used the most gas: how many Multicall3 calls it carried (0: not a multicall). */
  heaviest: { innerCalls: number; calldataBytes: number; gas: number } | null;
  errors: string[];
}
// Multicall3.aggregate3((address,bool,bytes)[]): the array's length is the second word.
const aggregate3Calls = (data: Hex) =>
  data.startsWith("0x82ad56cb") ? Number(BigInt(`0x${data.slice(10 + 64, 10 + 128)}`)) : 0;
/** Replays the eth_calls recorded since `mark` as eth_estimateGas, straight to the node. */
async function replayGas(meter: RpcMeter, mark: number, nodeUrl: string): Promise<GasReplay> {
  const calls = meter.exchanges
    .slice(mark)
    .flatMap((e) => (Array.isArray(e.body) ? e.body : [e.body]) as { method?: string; params?: unknown[] }[])
    .filter((c) => c?.method === "eth_call");
  const replay: GasReplay = {
    ethCalls: calls.length,
    maxGas: 0,
    maxCalldataBytes: 0,
    heaviest: null,
    errors: [],
  };
  // Repeated calls (the positions runs) are replayed once.
  const distinct = new Map(calls.map((c) => [JSON.stringify(c.params?.[0]), c]));
  for (const call of distinct.values()) {
    const tx = call.params?.[0] as { to?: Hex; data?: Hex; input?: Hex };
    const data = tx.data ?? tx.input ?? "0x";
    replay.maxCalldataBytes = Math.max(replay.maxCalldataBytes, (data.length - 2) / 2);
    try {
      const gas = Number(BigInt(await rpc<Hex>(nodeUrl, "eth_estimateGas", [tx])));
      if (gas > replay.maxGas) {
        replay.maxGas = gas;
        replay.heaviest = { innerCalls: aggregate3Calls(data), calldataBytes: (data.length - 2) / 2, gas };
      }
    } catch (err) {
      replay.errors.push((err as Error).message.slice(0, 200));
    }
  }
  return replay;
}

interface PositionsRun {
  instruments: number;
  latencyMs: ReturnType<typeof summary>;
  httpPerCall: { min: number; max: number };
  rpcPerCall: { min: number; max: number };
  requestBytes: number;
  responseBytes: number;
  positions: number;
  error: string | null;
}
async function measurePositions(
  what: string,
  meter: RpcMeter,
  database: Database,
  client: ReturnType<typeof createChainClient>,
  runs: number,
  expected: Map<string, bigint | "vault">,
): Promise<PositionsRun> {
  const latencies: number[] = [];
  const http: number[] = [];
  const calls: number[] = [];
  let last: RpcStats | undefined;
  let answer: Awaited<ReturnType<typeof getPositions>> | undefined;
  let error: string | null = null;
  const n = await database.db.$count(instruments, eq(instruments.chainId, LOCAL_CHAIN_ID));
  for (let i = 0; i < runs; i++) {
    const mark = meter.mark();
    const started = performance.now();
    try {
      answer = await getPositions({
        db: database.db,
        environment: "test",
        address: devnetDemoWallet.address,
        chainId: LOCAL_CHAIN_ID,
        defaultChainId: LOCAL_CHAIN_ID,
        client,
      });
    } catch (err) {
      error = (err as Error).message.slice(0, 300);
      last = meter.stats(mark);
      http.push(last.httpRequests);
      calls.push(last.rpcCalls);
      break;
    }
    latencies.push(performance.now() - started);
    last = meter.stats(mark);
    http.push(last.httpRequests);
    calls.push(last.rpcCalls);
  }
  const label = `positions over ${n} instruments (${what})`;
  check(`${label}: answered`, error === null, error ?? `${runs} calls`);
  if (answer) {
    check(
      `${label}: one HTTP request per call`,
      Math.max(...http) === 1 && Math.min(...http) === 1,
      `HTTP requests per call ${Math.min(...http)}–${Math.max(...http)}`,
    );
    check(
      `${label}: USDC balance`,
      answer.usdcBalanceRaw === DEVNET_DEMO_USDC.toString(),
      answer.usdcBalanceRaw,
    );
    const got = new Map(
      answer.positions.map((p) => [p.yieldTokenAddress.toLowerCase(), BigInt(p.balanceRaw)]),
    );
    const wrong = [...expected].filter(([address, value]) =>
      value === "vault" ? !((got.get(address) ?? 0n) > 0n) : got.get(address) !== value,
    );
    const extra = [...got.keys()].filter((address) => !expected.has(address));
    check(
      `${label}: the demo wallet's positions`,
      wrong.length === 0 && extra.length === 0,
      `${answer.positions.length} positions, expected ${expected.size}; wrong ${wrong.length}, unexpected ${extra.length}`,
    );
  }
  return {
    instruments: n,
    latencyMs: summary(latencies),
    httpPerCall: { min: Math.min(...http), max: Math.max(...http) },
    rpcPerCall: { min: Math.min(...calls), max: Math.max(...calls) },
    requestBytes: last?.requestBytes ?? 0,
    responseBytes: last?.responseBytes ?? 0,
    positions: answer?.positions.length ?? 0,
    error,
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const loadStart = os.loadavg();
  log(`load average ${loadStart.map((l) => l.toFixed(2)).join(" ")} on ${os.cpus().length} CPUs`);
  const anvil = await startAnvil({ genesisBlock: GENESIS_BLOCK });
  const cleanup: (() => Promise<unknown>)[] = [() => anvil.stop()];
  try {
    log(`anvil at ${anvil.url}: deploying the standard devnet`);
    const t0 = performance.now();
    await deployDevnet(anvil.url);
    const standardMs = performance.now() - t0;
    log(`deploying ${TOTAL - devnetMarkets.length} further markets`);
    const extra = await deployExtraMarkets(anvil.url);
    log(`deployed: ${extra.transactions} transactions in ${(extra.ms / 1000).toFixed(1)} s`);
    log(`Morpho factories: ${DISCOVERY_VAULTS} vaults, ${DISCOVERY_GAP} blocks apart`);
    const discoveryStarted = performance.now();
    const discovery = await deployDiscoveryDevnet(anvil.url, { gapBlocks: DISCOVERY_GAP, vaults: discoveryPlan() });
    const discoveryDeployMs = performance.now() - discoveryStarted;
    log(`deployed in ${(discoveryDeployMs / 1000).toFixed(1)} s; the chain's head is block ${discovery.lastBlock}`);
    const chainTotal = TOTAL + DISCOVERY_LISTED;

    // Who holds what: yield token (lower case) → exact underlying units, or "vault" (shares converted).
    const held = new Map<string, bigint | "vault">();
    for (const m of devnetMarkets)
      if (m.demoBalance !== "0")
        held.set(
          devnetAddresses[m.contract].toLowerCase(),
          m.rate.kind === "vault" ? "vault" : devnetUnits(m, "demoBalance"),
        );
    for (const m of extra.markets)
      if (m.demo > 0n)
        held.set(
          m.contract.toLowerCase(),
          m.protocol === "morpho" || m.protocol === "fluid" ? "vault" : m.demo,
        );

    const meter = await startRpcMeter(anvil.url);
    cleanup.unshift(() => meter.close());
    const client = createChainClient(LOCAL_CHAIN_ID, meter.url);

    const now = new Date();
    const database = await openPglite("memory://");
    cleanup.unshift(() => database.close());
    await migrateDatabase(database);
    await seedCatalog({ db: database.db, now });
    const listed = await listUndiscoverable(database, extra.markets, now);
    const localCount = () => database.db.$count(instruments, eq(instruments.chainId, LOCAL_CHAIN_ID));
    log(
      `database: ${await localCount()} chain-${LOCAL_CHAIN_ID} instruments listed (${listed} Comets and Morpho vaults added), the rest to discover`,
    );

    // Baselines (before; repeated after the measurements, pooled).
    const ping = async (runs: number) => {
      const xs: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await client.request({ method: "eth_blockNumber" });
        xs.push(performance.now() - started);
      }
      return xs;
    };
    const readAll = async (runs: number, calls: Parameters<typeof multicall>[1]) => {
      const xs: number[] = [];
      let stats: RpcStats | undefined;
      for (let i = 0; i < runs; i++) {
        const mark = meter.mark();
        const started = performance.now();
        const results = await multicall(client, calls);
        xs.push(performance.now() - started);
        stats = meter.stats(mark);
        if (results.some((r) => !r.ok)) throw new Error("a baseline multicall read failed");
      }
      return { xs, stats: stats! };
    };
    const pingBefore = await ping(PING_RUNS);

    // First sync, with discovery.
    log("first sync (with discovery)");
    const firstMark = meter.mark();
    meter.keepBodies = true;
    const first = await measuredSync(meter, () =>
      syncChain({ db: database.db, client, chainId: LOCAL_CHAIN_ID }),
    );
    meter.keepBodies = false;
    const firstGas = await replayGas(meter, firstMark, anvil.url);
    const expectedDiscovered = TOTAL - listed - devnetMarkets.filter((m) => m.inCatalog).length + DISCOVERY_LISTED;
    check(
      "first sync: no error",
      first.error === null && first.failed === 0,
      first.error ?? `${first.failed} failed`,
    );
    check(
      "first sync: discovered every Aave reserve, fToken and Morpho vault above the floor",
      first.discovered === expectedDiscovered,
      `${first.discovered} discovered, expected ${expectedDiscovered}`,
    );
    check(`first sync: updated ${chainTotal}`, first.updated === chainTotal, `${first.updated} updated`);
    check(
      `the chain has ${chainTotal} instruments`,
      (await localCount()) === chainTotal,
      `${await localCount()} in the database`,
    );
    const firstScan = first.rpc.methods.eth_getLogs ?? 0;
    check("first sync: scanned the factories' history in one sync", firstScan > 0, `${firstScan} eth_getLogs`);

    const totalSupplyCalls = (
      await database.db
        .select({ address: instruments.yieldTokenAddress })
        .from(instruments)
        .where(eq(instruments.chainId, LOCAL_CHAIN_ID))
    ).map((r) => ({
      address: r.address as Hex,
      abi: erc20Abi,
      functionName: "totalSupply",
    }));
    const multicallBefore = await readAll(MULTICALL_RUNS, totalSupplyCalls);

    // Steady state: the chain an hour later each time (blocks mined straight on the node).
    const steady: SyncRun[] = [];
    let steadyGas: GasReplay | undefined;
    for (let i = 0; i < STEADY_RUNS; i++) {
      await rpc(anvil.url, "evm_increaseTime", [3_600]);
      await rpc(anvil.url, "evm_mine");
      log(`steady-state sync ${i + 1}/${STEADY_RUNS}`);
      const mark = meter.mark();
      meter.keepBodies = i === 0;
      steady.push(
        await measuredSync(meter, () => syncChain({ db: database.db, client, chainId: LOCAL_CHAIN_ID })),
      );
      meter.keepBodies = false;
      if (i === 0) steadyGas = await replayGas(meter, mark, anvil.url);
    }
    for (const [i, run] of steady.entries()) {
      check(
        `steady sync ${i + 1}: no error`,
        run.error === null && run.failed === 0,
        run.error ?? `${run.failed} failed`,
      );
      check(`steady sync ${i + 1}: updated ${chainTotal}`, run.updated === chainTotal, `${run.updated} updated`);
    }
    const vaultRows = await database.db
      .select({ apy: instruments.currentApy })
      .from(instruments)
      .where(
        and(eq(instruments.chainId, LOCAL_CHAIN_ID), inArray(instruments.protocol, ["morpho", "fluid"])),
      );
    check(
      "vault APYs: recipe A for MetaMorpho vaults, share-price growth for fTokens",
      vaultRows.every((r) => r.apy > 0),
      `${vaultRows.filter((r) => r.apy > 0).length}/${vaultRows.length} vaults have an APY`,
    );

    // Vault discovery alone, on fresh databases: straight to the node, then through a proxy that
    // refuses eth_getLogs over LIMITED_GETLOGS_BLOCKS blocks; then 25 new blocks later.
    const limited = await startLimitedRpc(meter.url, { getLogsMaxBlocks: LIMITED_GETLOGS_BLOCKS, refusalStyle: "alchemy" });
    cleanup.unshift(() => limited.close());
    const measureDiscovery = async (what: string, through: ReturnType<typeof createChainClient>, db: Database): Promise<DiscoveryRun> => {
      log(`vault discovery: ${what}`);
      const mark = meter.mark();
      const exchanges = limited.exchanges.length;
      const started = performance.now();
      const result = await discoverVaults({ db: db.db, client: through, chainId: LOCAL_CHAIN_ID, now: new Date() });
      const wallMs = round(performance.now() - started);
      const asked = limited.exchanges.slice(exchanges).flatMap((e) => e.getLogs);
      return { wallMs, rpc: meter.stats(mark), result, refusedGetLogs: asked.filter((g) => g.logs === null).length };
    };
    const freshDatabase = async () => {
      const fresh = await openPglite("memory://");
      cleanup.unshift(() => fresh.close());
      await migrateDatabase(fresh);
      await seedCatalog({ db: fresh.db, now });
      // The underlyings the sync's Aave discovery adds (WBTC) are covered, as on the benchmark's database.
      const [aave] = await fresh.db
        .select()
        .from(protocols)
        .where(and(eq(protocols.chainId, LOCAL_CHAIN_ID), eq(protocols.name, "aave")));
      await fresh.db
        .insert(instruments)
        .values(aaveRows.map((r) => ({ ...r, protocolId: aave!.id })))
        .onConflictDoNothing();
      return fresh;
    };
    const aaveRows = await database.db
      .select()
      .from(instruments)
      .where(and(eq(instruments.chainId, LOCAL_CHAIN_ID), eq(instruments.protocol, "aave")));
    const scanDb = await freshDatabase();
    const scanFirst = await measureDiscovery("first scan, straight to the node", client, scanDb);
    const limitedClient = createChainClient(LOCAL_CHAIN_ID, limited.url);
    const scanLimited = await measureDiscovery(`first scan, eth_getLogs limited to ${LIMITED_GETLOGS_BLOCKS} blocks`, limitedClient, await freshDatabase());
    await rpc(anvil.url, "anvil_mine", ["0x19"]);
    const scanSteady = await measureDiscovery("25 blocks later", client, scanDb);
    const head = BigInt(await rpc<Hex>(anvil.url, "eth_blockNumber"));
    for (const [label, run] of [
      ["first scan", scanFirst],
      ["first scan (limited)", scanLimited],
      ["steady scan", scanSteady],
    ] as const)
      check(`vault discovery, ${label}: complete, no error`, run.result.complete && run.result.errors.length === 0, run.result.errors.join("; ") || `${run.result.requests} eth_getLogs`);
    check(
      "vault discovery: every vault found once, dust not listed",
      scanFirst.result.found === DISCOVERY_VAULTS && scanLimited.result.found === DISCOVERY_VAULTS && scanFirst.result.added === DISCOVERY_LISTED && scanLimited.result.added === DISCOVERY_LISTED,
      `found ${scanFirst.result.found} / ${scanLimited.result.found}, listed ${scanFirst.result.added} / ${scanLimited.result.added}; expected ${DISCOVERY_VAULTS} and ${DISCOVERY_LISTED}`,
    );
    check(
      "vault discovery, 25 blocks later: one eth_getLogs, nothing new",
      scanSteady.result.requests === 1 && scanSteady.result.found === 0,
      `${scanSteady.result.requests} eth_getLogs, ${scanSteady.result.found} found`,
    );

    // Positions over every instrument of the chain.
    log(`positions over ${chainTotal} instruments`);
    const positionsMark = meter.mark();
    meter.keepBodies = true;
    const positionsAll = await measurePositions(
      "every instrument",
      meter,
      database,
      client,
      POSITIONS_RUNS,
      held,
    );
    meter.keepBodies = false;
    const positionsAllGas = await replayGas(meter, positionsMark, anvil.url);

    // Positions over 200 instruments: a second database that lists 50 of each protocol's markets.
    const subset = await openPglite("memory://");
    cleanup.unshift(() => subset.close());
    await migrateDatabase(subset);
    const localProtocols = await database.db
      .select()
      .from(protocols)
      .where(eq(protocols.chainId, LOCAL_CHAIN_ID));
    await subset.db.insert(protocols).values(localProtocols);
    const standard = new Set(devnetMarkets.map((m) => devnetAddresses[m.contract].toLowerCase()));
    const extraIndex = new Map(extra.markets.map((m) => [m.contract.toLowerCase(), m.index]));
    const rank = (address: string) =>
      standard.has(address.toLowerCase()) ? -1 : (extraIndex.get(address.toLowerCase()) ?? 1e9);
    const allRows = await database.db
      .select()
      .from(instruments)
      .where(eq(instruments.chainId, LOCAL_CHAIN_ID));
    const chosen = PROTOCOLS.flatMap((p) =>
      allRows
        .filter((r) => r.protocol === p)
        .sort((a, b) => rank(a.yieldTokenAddress) - rank(b.yieldTokenAddress))
        .slice(0, POSITIONS_SUBSET / 4),
    );
    await subset.db.insert(instruments).values(chosen);
    const chosenHeld = new Map(
      [...held].filter(([address]) => chosen.some((r) => r.yieldTokenAddress.toLowerCase() === address)),
    );
    log(`positions over ${POSITIONS_SUBSET} instruments (${chosenHeld.size} held)`);
    const subsetMark = meter.mark();
    meter.keepBodies = true;
    const positionsSubset = await measurePositions(
      `a database that lists ${POSITIONS_SUBSET}`,
      meter,
      subset,
      client,
      POSITIONS_RUNS,
      chosenHeld,
    );
    meter.keepBodies = false;
    const positionsSubsetGas = await replayGas(meter, subsetMark, anvil.url);
    const balanceOfCalls = chosen.map((r) => ({
      address: r.yieldTokenAddress as Hex,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [devnetDemoWallet.address],
    }));
    const balances = await readAll(POSITIONS_RUNS, balanceOfCalls);

    // Baselines again, after.
    const pingAfter = await ping(PING_RUNS);
    const multicallAfter = await readAll(MULTICALL_RUNS, totalSupplyCalls);
    const loadEnd = os.loadavg();

    // -------------------------------------------------------------------------------------------
    const pingMs = median([...pingBefore, ...pingAfter]);
    const multicallMs = median([...multicallBefore.xs, ...multicallAfter.xs]);
    const balanceOfMs = median(balances.xs);
    const steadyWall = steady.map((r) => r.wallMs);
    const steadyMedianRun = steady.find((r) => r.wallMs === median(steadyWall)) ?? steady[0]!;
    const result = {
      generatedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadAverageStart: loadStart.map((l) => round(l)),
        loadAverageEnd: loadEnd.map((l) => round(l)),
      },
      chain: {
        instruments: chainTotal,
        perProtocol: Object.fromEntries(
          PROTOCOLS.map((p) => [p, allRows.filter((r) => r.protocol === p).length]),
        ),
        demoPositions: held.size,
        setup: {
          standardDevnetMs: round(standardMs),
          extraMarketTransactions: extra.transactions,
          extraMarketsMs: round(extra.ms),
          discoveryDeployMs: round(discoveryDeployMs),
        },
        discovery: {
          genesisBlock: GENESIS_BLOCK,
          headBlock: Number(head),
          blocksScanned: Number(head) + 1,
          vaults: DISCOVERY_VAULTS,
          listed: DISCOVERY_LISTED,
          creationBlocks: [Number(Object.values(discovery.createdAt)[0]), Number(Object.values(discovery.createdAt).at(-1))],
        },
        client:
          "createChainClient defaults (JSON-RPC batches of ≤ 100, multicall chunks of MULTICALL_BATCH_BYTES calldata)",
      },
      baseline: {
        ethBlockNumberMs: {
          ...summary([...pingBefore, ...pingAfter]),
          p50Before: round(median(pingBefore)),
          p50After: round(median(pingAfter)),
        },
        multicallTotalSupply: {
          calls: totalSupplyCalls.length,
          ms: {
            ...summary([...multicallBefore.xs, ...multicallAfter.xs]),
            medianBefore: round(median(multicallBefore.xs)),
            medianAfter: round(median(multicallAfter.xs)),
          },
          httpRequests: multicallBefore.stats.httpRequests,
          rpcCalls: multicallBefore.stats.rpcCalls,
          rpcBusyMsLastRun: round(multicallAfter.stats.busyMs),
        },
        multicallBalanceOf: {
          calls: balanceOfCalls.length,
          ms: summary(balances.xs),
          httpRequests: balances.stats.httpRequests,
          rpcCalls: balances.stats.rpcCalls,
          rpcBusyMsLastRun: round(balances.stats.busyMs),
        },
      },
      firstSync: {
        ...first,
        gas: firstGas,
        ratio: {
          toEthBlockNumber: round(first.wallMs / pingMs, 1),
          toMulticall: round(first.wallMs / multicallMs, 2),
        },
      },
      steadySync: {
        runs: steady,
        wallMs: summary(steadyWall),
        medianRun: steadyMedianRun,
        gas: steadyGas,
        ratio: {
          toEthBlockNumber: round(median(steadyWall) / pingMs, 1),
          toMulticall: round(median(steadyWall) / multicallMs, 2),
        },
      },
      discovery: Object.fromEntries(
        (
          [
            ["firstScan", scanFirst],
            ["firstScanLimited", scanLimited],
            ["steadyScan", scanSteady],
          ] as const
        ).map(([key, run]) => [key, { ...run, ratio: { toEthBlockNumber: round(run.wallMs / pingMs, 1) } }]),
      ) as Record<"firstScan" | "firstScanLimited" | "steadyScan", DiscoveryRun & { ratio: { toEthBlockNumber: number } }>,
      positionsSubset: {
        ...positionsSubset,
        gas: positionsSubsetGas,
        ratio: {
          toEthBlockNumber: round(positionsSubset.latencyMs.p50 / pingMs, 1),
          toMulticallBalanceOf: round(positionsSubset.latencyMs.p50 / balanceOfMs, 2),
        },
      },
      positionsAll: {
        ...positionsAll,
        gas: positionsAllGas,
        ratio: {
          toEthBlockNumber: round(positionsAll.latencyMs.p50 / pingMs, 1),
          toMulticall: round(positionsAll.latencyMs.p50 / multicallMs, 2),
        },
      },
      checks,
      ok: checks.every((c) => c.ok),
    };
    const file = path.join(process.cwd(), ".bench", "chain.json");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(result, null, 2));

    printReport(result, { pingMs, multicallMs, balanceOfMs });
    console.log(`\nWritten to ${path.relative(process.cwd(), file)}.`);
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    for (const step of cleanup) await step().catch(() => undefined);
  }
}

function printReport(x: ReportShape, base: { pingMs: number; multicallMs: number; balanceOfMs: number }) {
  const n = (v: number, d = 1) =>
    v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  const kb = (bytes: number) => `${n(bytes / 1024)} kB`;
  const ops = (s: RpcStats) =>
    Object.entries(s.methods)
      .map(([m, c]) => `${m}×${c}`)
      .join(" ");
  const rows: string[][] = [
    [
      "measurement",
      "wall ms",
      "× eth_blockNumber",
      "× multicall",
      "HTTP",
      "JSON-RPC",
      "RPC busy ms",
      "sent / received",
      "notes",
    ],
  ];
  const { firstSync: f, steadySync: s, positionsSubset: p, positionsAll: pa } = x;
  rows.push([
    "baseline: eth_blockNumber",
    `p50 ${n(base.pingMs, 2)}`,
    "1",
    "",
    "1",
    "1",
    "",
    "",
    `N=${x.baseline.ethBlockNumberMs.n} (before ${n(x.baseline.ethBlockNumberMs.p50Before, 2)}, after ${n(x.baseline.ethBlockNumberMs.p50After, 2)})`,
  ]);
  rows.push([
    `baseline: multicall ${x.baseline.multicallTotalSupply.calls}×totalSupply`,
    `med ${n(base.multicallMs)}`,
    n(base.multicallMs / base.pingMs),
    "1",
    String(x.baseline.multicallTotalSupply.httpRequests),
    String(x.baseline.multicallTotalSupply.rpcCalls),
    n(x.baseline.multicallTotalSupply.rpcBusyMsLastRun),
    "",
    `N=${x.baseline.multicallTotalSupply.ms.n} (before ${n(x.baseline.multicallTotalSupply.ms.medianBefore)}, after ${n(x.baseline.multicallTotalSupply.ms.medianAfter)})`,
  ]);
  rows.push([
    `baseline: multicall ${x.baseline.multicallBalanceOf.calls}×balanceOf`,
    `med ${n(base.balanceOfMs)}`,
    n(base.balanceOfMs / base.pingMs),
    "",
    String(x.baseline.multicallBalanceOf.httpRequests),
    String(x.baseline.multicallBalanceOf.rpcCalls),
    n(x.baseline.multicallBalanceOf.rpcBusyMsLastRun),
    "",
    `N=${x.baseline.multicallBalanceOf.ms.n}`,
  ]);
  // A measured run: its wall time, as multiples of the baselines, and what went over the wire.
  const runRow = (label: string, wall: string, wallMs: number, rpc: RpcStats, notes: string) => [
    label,
    wall,
    n(wallMs / base.pingMs, 0),
    n(wallMs / base.multicallMs),
    String(rpc.httpRequests),
    String(rpc.rpcCalls),
    n(rpc.busyMs),
    `${kb(rpc.requestBytes)} / ${kb(rpc.responseBytes)}`,
    notes,
  ];
  rows.push(runRow(`first sync (discovers ${f.discovered})`, n(f.wallMs), f.wallMs, f.rpc, `updated ${f.updated}, failed ${f.failed}; ${ops(f.rpc)}`));
  const m = s.medianRun;
  rows.push(
    runRow(
      `steady sync (N=${s.runs.length})`,
      `med ${n(s.wallMs.p50)} [${n(s.wallMs.min)}–${n(s.wallMs.max)}]`,
      s.wallMs.p50,
      m.rpc,
      `updated ${m.updated}, failed ${m.failed}; ${ops(m.rpc)}`,
    ),
  );
  for (const [label, run] of [
    [`vault discovery, first scan of ${x.chain.discovery.blocksScanned.toLocaleString("en-US")} blocks`, x.discovery.firstScan],
    [`  same, eth_getLogs ≤ ${LIMITED_GETLOGS_BLOCKS.toLocaleString("en-US")} blocks`, x.discovery.firstScanLimited],
    ["vault discovery, 25 blocks later", x.discovery.steadyScan],
  ] as const)
    rows.push(
      runRow(
        label,
        n(run.wallMs),
        run.wallMs,
        run.rpc,
        `eth_getLogs ${run.result.requests} (${run.refusedGetLogs} refused), found ${run.result.found}, listed ${run.result.added}; ${ops(run.rpc)}`,
      ),
    );
  for (const [pos, multiple] of [
    [p, base.balanceOfMs],
    [pa, base.multicallMs],
  ] as const)
    rows.push([
      `positions over ${pos.instruments} (N=${pos.latencyMs.n})`,
      pos.error ? "failed" : `p50 ${n(pos.latencyMs.p50)} p95 ${n(pos.latencyMs.p95)}`,
      pos.error ? "" : n(pos.latencyMs.p50 / base.pingMs),
      pos.error ? "" : `${n(pos.latencyMs.p50 / multiple, 2)}${pos === p ? " (balanceOf)" : ""}`,
      `${pos.httpPerCall.min}–${pos.httpPerCall.max}`,
      `${pos.rpcPerCall.min}–${pos.rpcPerCall.max}`,
      "",
      `${kb(pos.requestBytes)} / ${kb(pos.responseBytes)}`,
      pos.error ?? `${pos.positions} positions`,
    ]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  console.log(
    `\nChain benchmark (issues 4, 10): ${x.chain.instruments} instruments on a local Anvil chain (${Object.entries(
      x.chain.perProtocol,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}); ${x.chain.demoPositions} demo positions`,
  );
  console.log(
    `Load average ${x.machine.loadAverageStart.join(" ")} at the start, ${x.machine.loadAverageEnd.join(" ")} at the end (${x.machine.cpus} CPUs); setup ${n(x.chain.setup.extraMarketsMs / 1000)} s for ${x.chain.setup.extraMarketTransactions} transactions`,
  );
  console.log(
    `Morpho factories: ${x.chain.discovery.vaults} vaults (${x.chain.discovery.listed} above the floor) created in blocks ${x.chain.discovery.creationBlocks.join("–")}; the chain's first block is ${x.chain.discovery.genesisBlock.toLocaleString("en-US")}, its head ${x.chain.discovery.headBlock.toLocaleString("en-US")}\n`,
  );
  for (const row of rows)
    console.log(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  "));
  console.log(
    "\nSync wall time by phase (ms; from the proxy's timestamps): before the first RPC request / first request to last answer (of which RPC busy) / after the last answer (write transaction)",
  );
  for (const [label, run] of [
    ["first sync", f],
    ["steady sync (median run)", m],
  ] as const)
    console.log(
      `  ${label.padEnd(24)} ${n(run.phasesMs.beforeFirstRpc)} / ${n(run.phasesMs.rpcSpan)} (${n(run.rpc.busyMs)}) / ${n(run.phasesMs.afterLastRpc)}`,
    );
  console.log("\neth_call gas (replayed as eth_estimateGas; the node's cap is 30,000,000):");
  for (const [label, g] of [
    ["first sync", f.gas],
    ["steady sync", s.gas],
    [`positions over ${p.instruments}`, p.gas],
    [`positions over ${pa.instruments}`, pa.gas],
  ] as const)
    if (g)
      console.log(
        `  ${label.padEnd(24)} ${String(g.ethCalls).padStart(3)} eth_calls, max ${g.maxGas.toLocaleString("en-US")} gas (${n((100 * g.maxGas) / ETH_CALL_GAS_CAP)}% of the cap), max calldata ${kb(g.maxCalldataBytes)}${g.heaviest?.innerCalls ? `; the heaviest carried ${g.heaviest.innerCalls} calls in ${kb(g.heaviest.calldataBytes)}` : ""}${g.errors.length ? `; ${g.errors.length} not estimable: ${g.errors[0]}` : ""}`,
      );
  console.log("\nChecks:");
  for (const c of x.checks) console.log(`  ${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`);
}

interface ReportShape {
  machine: { cpus: number; loadAverageStart: number[]; loadAverageEnd: number[] };
  chain: {
    instruments: number;
    perProtocol: Record<string, number>;
    demoPositions: number;
    setup: { extraMarketsMs: number; extraMarketTransactions: number };
    discovery: { genesisBlock: number; headBlock: number; blocksScanned: number; vaults: number; listed: number; creationBlocks: number[] };
  };
  discovery: Record<"firstScan" | "firstScanLimited" | "steadyScan", DiscoveryRun & { ratio: { toEthBlockNumber: number } }>;
  baseline: {
    ethBlockNumberMs: ReturnType<typeof summary> & { p50Before: number; p50After: number };
    multicallTotalSupply: {
      calls: number;
      ms: ReturnType<typeof summary> & { medianBefore: number; medianAfter: number };
      httpRequests: number;
      rpcCalls: number;
      rpcBusyMsLastRun: number;
    };
    multicallBalanceOf: {
      calls: number;
      ms: ReturnType<typeof summary>;
      httpRequests: number;
      rpcCalls: number;
      rpcBusyMsLastRun: number;
    };
  };
  firstSync: SyncRun & { gas: GasReplay };
  steadySync: {
    runs: SyncRun[];
    wallMs: ReturnType<typeof summary>;
    medianRun: SyncRun;
    gas: GasReplay | undefined;
  };
  positionsSubset: PositionsRun & { gas: GasReplay };
  positionsAll: PositionsRun & { gas: GasReplay };
  checks: Check[];
}

await main();
