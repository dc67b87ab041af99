import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { devnetMarkets } from "@/devnet/plan/markets";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { api, expectError, fixture } from "../support/api";

// POST /positions read from a real chain (the local Anvil chain of the test set-up).

const testKey = () => fixture().keys.A.test.key;
const recorded = async () => (await (await fetch(`${fixture().chain.proxyUrl}/requests`)).json()) as string[];

describe("POST /positions on the local chain", () => {
  it("answers the demo wallet's USDC and a position in each protocol, exact to the smallest unit", async () => {
    const res = await api("/positions", { json: { address: devnetDemoWallet.address, chainId: LOCAL_CHAIN_ID }, key: testKey() });
    expect(res.status).toBe(200);
    const body = res.body as { address: string; chainId: number; usdcBalance: string; usdcBalanceRaw: string; positions: Record<string, unknown>[] };
    expect(body).toMatchObject({ address: devnetDemoWallet.address, chainId: LOCAL_CHAIN_ID, usdcBalance: "10000", usdcBalanceRaw: "10000000000" });
    const bySymbol = new Map(body.positions.map((p) => [p.yieldTokenSymbol, p]));
    // Markets listed in the catalog in which the demo wallet holds something (fEURC is found only by a sync).
    const expected = devnetMarkets.filter((m) => m.inCatalog && m.demoBalance !== "0").map((m) => m.yieldTokenSymbol);
    expect([...bySymbol.keys()].sort()).toEqual(expected.sort());
    expect(bySymbol.get("aLocUSDC")).toMatchObject({ protocol: "aave", symbol: "USDC", balance: "2500.123456", balanceRaw: "2500123456", decimals: 6 });
    expect(bySymbol.get("cUSDCv3")).toMatchObject({ protocol: "compound", symbol: "USDC", balance: "1200.5", balanceRaw: "1200500000", decimals: 6 });
    expect(bySymbol.get("cWETHv3")).toMatchObject({ protocol: "compound", symbol: "WETH", balance: "0.75", balanceRaw: "750000000000000000", decimals: 18 });
    // Vault positions grow with the vault's assets: at least the deposit, and formatted from balanceRaw.
    for (const [symbol, deposit] of [["steakUSDC", 3_000_000_000n], ["fUSDC", 800_000_000n]] as const) {
      const p = bySymbol.get(symbol)!;
      expect(BigInt(p.balanceRaw as string)).toBeGreaterThanOrEqual(deposit - 1n);
      expect(Number(p.balance)).toBeCloseTo(Number(p.balanceRaw) / 1e6, 6);
    }
    for (const p of body.positions) {
      expect(typeof p.currentApy).toBe("number");
      expect(typeof p.tvl).toBe("number");
      // No sync has read this chain in the API tests' server: no price, so no value (never a guess).
      expect(p).toMatchObject({ priceUsd: null, valueUsd: null });
      // What could be withdrawn now is read with the balance: the local chain's markets can pay out the
      // demo wallet's positions in full (test/chain/liquidity.test.ts borrows them dry); no price, no USD.
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
    // Vault balances grow by the second: compare everything but the raw amounts of growing vaults.
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
