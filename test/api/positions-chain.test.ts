import { createPublicClient, erc20Abi, erc4626Abi, formatUnits, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { devnetAddresses, type DevnetContract } from "@/devnet/plan/addresses";
import { devnetMarkets, devnetUnits, type DevnetMarket } from "@/devnet/plan/markets";
import { devnetTokenOf } from "@/devnet/plan/tokens";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { api, expectError, fixture } from "../support/api";

// POST /positions read from a real chain (the local Anvil chain of the test set-up).

const testKey = () => fixture().keys.A.test.key;
/** The local chain through the test set-up's proxy: plain reads of the protocols' own contracts. */
const chainReader = () => createPublicClient({ transport: http(fixture().chain.proxyUrl), cacheTime: 0 });

/** What the demo wallet holds in a market at `blockNumber`, as its contract answers: balanceOf, or a vault's shares in assets. */
async function chainBalanceOf(contract: string, kind: DevnetMarket["kind"], blockNumber: bigint): Promise<bigint> {
  const address = devnetAddresses[contract as DevnetContract];
  const balance = await chainReader().readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [devnetDemoWallet.address], blockNumber });
  if (kind !== "vault") return balance;
  return chainReader().readContract({ address, abi: erc4626Abi, functionName: "convertToAssets", args: [balance], blockNumber });
}
const recorded = async () => (await (await fetch(`${fixture().chain.proxyUrl}/requests`)).json()) as string[];

describe("POST /positions on the local chain", () => {
  it("answers the demo wallet's USDC and a position in each protocol, exact to the smallest unit, as the chain holds it", async () => {
    const res = await api("/positions", { json: { address: devnetDemoWallet.address, chainId: LOCAL_CHAIN_ID }, key: testKey() });
    expect(res.status).toBe(200);
    const body = res.body as { address: string; chainId: number; blockNumber: number; usdcBalance: string; usdcBalanceRaw: string; positions: Record<string, unknown>[] };
    expect(body).toMatchObject({ address: devnetDemoWallet.address, chainId: LOCAL_CHAIN_ID, usdcBalance: "10000", usdcBalanceRaw: "10000000000" });
    const bySymbol = new Map(body.positions.map((p) => [p.yieldTokenSymbol, p]));
    // Markets listed in the catalog in which the demo wallet holds something (fEURC is found only by a sync).
    const held = devnetMarkets.filter((m) => m.inCatalog && m.demoBalance !== "0");
    expect([...bySymbol.keys()].sort()).toEqual(held.map((m) => m.yieldTokenSymbol).sort());
    expect(new Set(held.map((m) => m.protocol))).toEqual(new Set(["aave", "compound", "morpho", "fluid"]));
    // Each balance is what the protocol's own contract answers at the block the answer was read at: an
    // aToken's or a Comet's balanceOf (the deposit with its interest, rounded as the protocol rounds),
    // a vault's shares converted by its convertToAssets. The deposits the plan made are all there.
    const block = BigInt(body.blockNumber);
    for (const m of held) {
      const token = devnetTokenOf(m.underlying);
      const raw = await chainBalanceOf(m.contract, m.kind, block);
      expect(raw, m.yieldTokenSymbol).toBeGreaterThanOrEqual(devnetUnits(m, "demoBalance") - 1n);
      expect(bySymbol.get(m.yieldTokenSymbol), m.yieldTokenSymbol).toMatchObject({
        protocol: m.protocol,
        symbol: token.symbol,
        decimals: token.decimals,
        balanceRaw: raw.toString(),
        balance: formatUnits(raw, token.decimals),
      });
    }
    for (const p of body.positions) {
      expect(typeof p.currentApy).toBe("number");
      expect(typeof p.tvl).toBe("number");
      // No sync has read this chain in the API tests' server: no price, so no value (never a guess).
      expect(p).toMatchObject({ priceUsd: null, valueUsd: null });
      // What could be withdrawn now is read with the balance: the local chain's markets, borrowed by
      // real borrowers, still hold far more than the demo wallet's positions (test/chain/liquidity.test.ts
      // borrows them dry); no price, no USD.
      expect(p).toMatchObject({ withdrawableNow: p.balance, withdrawableNowRaw: p.balanceRaw, withdrawableNowUsd: null });
    }
    expect((res.body as { totalValueUsd: unknown }).totalValueUsd).toBeNull();
  });

  it("a wallet with nothing gets an empty list and a zero USDC balance", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const res = await api("/positions", { json: { address: wallet, chainId: LOCAL_CHAIN_ID }, key: testKey() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ address: wallet, chainId: LOCAL_CHAIN_ID, blockNumber: expect.any(Number), usdcBalance: "0", usdcBalanceRaw: "0", totalValueUsd: 0, positions: [] });
  });

  it("makes exactly one RPC request per call", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const needle = wallet.toLowerCase().slice(2);
    for (let i = 0; i < 3; i++) {
      const res = await api("/positions", { json: { address: wallet, chainId: LOCAL_CHAIN_ID }, key: testKey() });
      expect(res.status).toBe(200);
      expect((await recorded()).filter((body) => body.includes(needle))).toHaveLength(i + 1);
    }
  });

  it("503 UPSTREAM_UNAVAILABLE when the chain's RPC is down, never zero balances", async () => {
    const res = await api("/positions", { json: { address: devnetDemoWallet.address, chainId: fixture().chain.downChainId }, key: testKey() });
    const error = expectError(res, 503, "UPSTREAM_UNAVAILABLE");
    expect(error.details.chainId).toBe(fixture().chain.downChainId);
    expect(res.text).not.toMatch(/usdcBalance|balanceRaw/);
  });

  it("anonymous callers see the live environment only: 403 for the local chain", async () => {
    expectError(await api("/positions", { json: { address: devnetDemoWallet.address, chainId: LOCAL_CHAIN_ID } }), 403, "FORBIDDEN");
  });
});

describe("POST /positions with chainIds: a wallet's whole picture", () => {
  it('"all" answers every chain of the caller\'s environment, in parallel, an unreadable one marked unavailable with the others served', async () => {
    const res = await api("/positions", { json: { address: devnetDemoWallet.address, chainIds: "all" }, key: testKey() });
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    expect(body.address).toBe(devnetDemoWallet.address);
    // The test environment's chains, in their order: Sepolia (no RPC here), Base Sepolia (its RPC is down), the local chain.
    expect(body.chains.map((c: { chainId: number }) => c.chainId)).toEqual([11155111, 84532, LOCAL_CHAIN_ID]);
    const [sepolia, down, local] = body.chains;
    expect(sepolia).toMatchObject({ chainId: 11155111, status: "unavailable", error: { code: "UPSTREAM_UNAVAILABLE" } });
    expect(sepolia.error.message).toMatch(/no RPC endpoint/);
    expect(down).toMatchObject({ chainId: 84532, status: "unavailable", error: { code: "UPSTREAM_UNAVAILABLE" } });
    expect(Object.keys(down).sort()).toEqual(["chainId", "error", "status"]);
    // The readable chain answers exactly what the single-chain form answers for it.
    const single = await api("/positions", { json: { address: devnetDemoWallet.address, chainId: LOCAL_CHAIN_ID }, key: testKey() });
    const singleChain = { ...single.body, address: undefined };
    expect(local.status).toBe("ok");
    const localChain = { ...local, status: undefined, address: undefined };
    // Balances grow with every block (interest): compare everything but the raw amounts.
    expect(localChain.positions.map((p: { instrumentId: string }) => p.instrumentId)).toEqual(singleChain.positions.map((p: { instrumentId: string }) => p.instrumentId));
    // Read one after the other, the two answers may be a block apart.
    expect({ ...localChain, positions: [], blockNumber: 0 }).toEqual({ ...singleChain, positions: [], blockNumber: 0 });
    expect(body.totals).toEqual({
      valueUsd: null, // no sync has priced the local chain in the API tests' server
      usdcBalance: "10000",
      usdcBalanceRaw: "10000000000",
      positions: local.positions.length,
      complete: false,
      unavailableChainIds: [11155111, 84532],
    });
  });

  it("answers a list of chains in the order asked, one RPC request for the local chain, and totals that add up", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const needle = wallet.toLowerCase().slice(2);
    const res = await api("/positions", { json: { address: wallet, chainIds: [LOCAL_CHAIN_ID] }, key: testKey() });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      address: wallet,
      chains: [{ chainId: LOCAL_CHAIN_ID, status: "ok", blockNumber: expect.any(Number), usdcBalance: "0", usdcBalanceRaw: "0", totalValueUsd: 0, positions: [] }],
      totals: { valueUsd: 0, usdcBalance: "0", usdcBalanceRaw: "0", positions: 0, complete: true, unavailableChainIds: [] },
    });
    expect((await recorded()).filter((body) => body.includes(needle))).toHaveLength(1);
  });

  it("refuses chainId with chainIds, an empty or repeated list, unknown chains and other values (400), and another environment's chain (403)", async () => {
    const address = devnetDemoWallet.address;
    for (const body of [
      { address, chainId: LOCAL_CHAIN_ID, chainIds: [LOCAL_CHAIN_ID] },
      { address, chainIds: [] },
      { address, chainIds: [LOCAL_CHAIN_ID, LOCAL_CHAIN_ID] },
      { address, chainIds: [999] },
      { address, chainIds: "every" },
      { address, chainIds: LOCAL_CHAIN_ID },
      { address, chainIds: ["31337"] },
    ]) {
      const error = expectError(await api("/positions", { json: body, key: testKey() }), 400, "BAD_REQUEST");
      expect(error.details.issues, JSON.stringify(body)).toBeDefined();
    }
    expectError(await api("/positions", { json: { address, chainIds: [LOCAL_CHAIN_ID, 1] }, key: testKey() }), 403, "FORBIDDEN");
    expectError(await api("/positions", { json: { address, chainIds: [LOCAL_CHAIN_ID] } }), 403, "FORBIDDEN");
  });
});
