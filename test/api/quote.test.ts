import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { erc4626Abi, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RoleSender } from "@/devnet/deploy/context";
import { aaveMarketOf, aavePoolOf } from "@/devnet/plan/aave";
import { devnetMarkets, type DevnetMarket } from "@/devnet/plan/markets";
import { devnetTokenOf } from "@/devnet/plan/tokens";
import { aaveActions } from "@/devnet/protocols/aave";
import { morphoActions } from "@/devnet/protocols/morpho";
import { openMigratedDatabase } from "@/lib/api/services";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { api, expectError, expectIssues, fixture, useApiFixture } from "../support/api";
import { chainLab, type ChainLab } from "../support/chain-lab";
import { startRpcProxy, startTestDevnet, type RpcProxy, type TestDevnet } from "../support/devnet";
import { makeFixtureKeys } from "../support/fixture-keys";
import { validateRecordedExchanges } from "../support/openapi-validator";
import { startServer, waitFor, type RunningServer } from "../support/server";

// GET /instruments/{instrumentId}/quote and the list's depositAmountUsd (issue 28), against the built
// app on a local chain of its own that the server synced once: bad input in the envelope, the
// quote's fields against the instrument and the chain's own contracts (caps checked by real deposits
// at the synced block's next second), the list's quotes and its ranking by them, page by page. The
// chain is prepared before the server starts: one Aave reserve frozen, another paused and one Comet's
// supply paused (markets that take nothing), an account funded and approved for the deposits at the caps.

interface Instrument {
  instrumentId: string;
  chainId: number;
  protocol: string;
  tokenSymbol: string;
  yieldTokenAddress: string;
  yieldTokenSymbol: string;
  protocolInfo: { version: number };
  currentApy: number;
  tvl: number;
  rewards: { apr: number | null }[];
  asOfBlock: number | null;
  asOfTime: string | null;
  isActive: boolean;
  quote?: ListQuote;
}
interface ListQuote {
  apyAfter: number | null;
  apyTotalAfter: number | null;
  fits: boolean | null;
}
interface Page {
  data: Instrument[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}
interface Quote {
  instrumentId: string;
  tokenSymbol: string;
  amount: string | null;
  amountRaw: string | null;
  amountUsd: number | null;
  apyBefore: number;
  apyAfter: number | null;
  apyRewardAfter: number | null;
  apyTotalAfter: number | null;
  utilizationAfter: number | null;
  maxDeposit: string | null;
  maxDepositRaw: string | null;
  sharesOut: string | null;
  allocation: { marketId: string; assets: string; assetsRaw: string }[] | null;
  rateModel: "exact" | "not-modelled" | "unavailable";
  sampleData: boolean;
  asOfBlock: number | null;
  asOfTime: string | null;
}

const FROZEN = "aWeth";
const PAUSED_RESERVE = "aEurc";
const PAUSED = "cometWbtc";
/** The markets that take no deposits on this chain. */
const CLOSED = [FROZEN, PAUSED_RESERVE, PAUSED];
const CAPPED_RESERVE = "aUsdc";
const CAPPED_VAULT = "morphoWethVault";
/** The lab role of the account that deposits at the caps. */
const DEPOSITOR = "quote depositor";

let devnet: TestDevnet;
let lab: ChainLab;
let proxy: RpcProxy;
let server: RunningServer;
let workDir: string;
/** The local chain's instruments as the synced server lists them, by the plan's market. */
let local: { market: DevnetMarket; row: Instrument }[];
let liveRow: Instrument;

const testKey = () => fixture().keys.A.test.key;
const liveKey = () => fixture().keys.A.live.key;
const rowOf = (contract: string) => local.find((l) => l.market.contract === contract)!.row;
const decimalsOf = (m: DevnetMarket) => devnetTokenOf(m.underlying).decimals;
const priceOf = (m: DevnetMarket) => Number(devnetTokenOf(m.underlying).priceUsd8) / 1e8;
const decimalOf = (raw: bigint, decimals: number) => {
  const text = raw.toString().padStart(decimals + 1, "0");
  const fraction = text.slice(text.length - decimals).replace(/0+$/, "");
  return text.slice(0, text.length - decimals) + (fraction ? `.${fraction}` : "");
};
const close = (a: number, b: number, relative = 1e-9) =>
  Math.abs(a - b) <= relative * Math.max(Math.abs(a), Math.abs(b), 1e-12);

const quote = (id: string, query: string, key = testKey()) =>
  api<Quote>(`/instruments/${id}/quote?${query}`, { key });
const list = (query: string, key = testKey()) => api<Page>(`/instruments?${query}`, { key });
const recordedRpc = async () => (await (await fetch(`${proxy.url}/requests`)).json()) as string[];

beforeAll(async () => {
  devnet = await startTestDevnet();
  lab = chainLab(devnet);
  // Markets that take no deposits, and an account ready to deposit at the caps (funded and approved
  // now, so that the deposits in the tests are the only blocks after the synced one).
  await lab.aaveFreeze(FROZEN, true);
  await lab.aavePause(PAUSED_RESERVE, true);
  await lab.cometPause(PAUSED, { supply: true });
  const depositor = await lab.actor(DEPOSITOR);
  const reserve = aaveMarketOf(CAPPED_RESERVE);
  await lab.fund(
    reserve.underlying,
    depositor.address,
    10n ** 9n * 10n ** BigInt(devnetTokenOf(reserve.underlying).decimals),
  );
  await aaveActions.approve(
    depositor,
    devnet.ctx.address(reserve.underlying),
    devnet.ctx.address(aavePoolOf(reserve.pool).contracts.pool),
  );
  const vault = devnetMarkets.find((m) => m.contract === CAPPED_VAULT)!;
  await lab.fund(vault.underlying, depositor.address, 100_000n * 10n ** BigInt(decimalsOf(vault)));
  await aaveActions.approve(
    depositor,
    devnet.ctx.address(vault.underlying),
    devnet.ctx.address(CAPPED_VAULT as never),
  );
  proxy = await startRpcProxy(devnet.url);

  // A server of its own, on an embedded database of its own (never the shared one, embedded or
  // PostgreSQL), that syncs the local chain once at start (SYNC_INTERVAL_SECONDS: again only in an hour).
  workDir = await mkdtemp(path.join(os.tmpdir(), "yieldgrid-quote-"));
  const dataDir = path.join(workDir, "pglite");
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: "" });
  const database = await openMigratedDatabase();
  const keys = await makeFixtureKeys(database.db);
  await database.close();
  Object.assign(process.env, saved);
  const logFile = path.join(workDir, "server.log");
  server = await startServer({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_RPC: "false",
      RPC_URL_31337: proxy.url,
      RPC_RETRIES: "0",
      SYNC_INTERVAL_SECONDS: "3600",
      TRUSTED_PROXY_HOPS: "1",
      DEVNET_MANIFEST: path.join(workDir, "no-devnet.json"),
    },
    logFile,
  });
  useApiFixture({
    ...inject("api"),
    baseUrl: server.baseUrl,
    logFile,
    databaseKind: "pglite",
    databaseUrl: null,
    keys,
    chain: { proxyUrl: proxy.url, downChainId: 84532 },
  });

  const synced = await waitFor(
    () => list(`chainId=${LOCAL_CHAIN_ID}&limit=100`),
    (res) =>
      res.status === 200 && res.body.data.length > 0 && res.body.data.every((r) => r.asOfBlock !== null),
    180_000,
    1_000,
  );
  local = devnetMarkets
    .filter((m) => m.inCatalog)
    .map((market) => {
      const address = devnet.ctx.address(market.contract as never).toLowerCase();
      const row = synced.body.data.find((r) => r.yieldTokenAddress.toLowerCase() === address);
      if (!row) throw new Error(`the synced list has no ${market.contract}`);
      return { market, row };
    });
  liveRow = (await list("chainId=1&limit=1", liveKey())).body.data[0]!;
}, 600_000);

afterAll(async () => {
  try {
    if (server) await validateRecordedExchanges();
  } finally {
    useApiFixture(undefined);
    await server?.stop();
    await proxy?.close();
    await devnet?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
});

describe("GET /instruments/{instrumentId}/quote: bad input", () => {
  const usdc = () => rowOf("aUsdc").instrumentId;
  const weth = () => rowOf("cometWeth").instrumentId;

  // Every one is 400 BAD_REQUEST in the envelope, naming the parameter: never a 500.
  it.each([
    ["neither amount nor amountUsd", "", ["amount", "amountUsd"]],
    ["both amount and amountUsd", "amount=1&amountUsd=1", ["amount", "amountUsd"]],
    ["amount zero", "amount=0", ["amount"]],
    ["amount zero with decimals", "amount=0.000000", ["amount"]],
    ["amount negative", "amount=-1", ["amount"]],
    ["amount not a number", "amount=abc", ["amount"]],
    ["amount empty", "amount=", ["amount"]],
    ["amount with an exponent", "amount=1e3", ["amount"]],
    ["amount in hex", "amount=0x10", ["amount"]],
    ["amount with a thousands separator", "amount=1%2C000", ["amount"]],
    ["amount with a space", "amount=%201", ["amount"]],
    ["amount with a trailing point", "amount=1.", ["amount"]],
    ["amount without a leading digit", "amount=.5", ["amount"]],
    ["amount Infinity", "amount=Infinity", ["amount"]],
    ["amount NaN", "amount=NaN", ["amount"]],
    ["amount in other digits", "amount=%D9%A1", ["amount"]],
    ["amount with more decimals than USDC's 6", "amount=1.1234567", ["amount"]],
    ["amount over 10^15 tokens", "amount=1000000000000001", ["amount"]],
    ["amount worth over $10^12", "amount=1000000000001", ["amount"]],
    ["amount of 101 digits", `amount=${"9".repeat(101)}`, ["amount"]],
    ["amount given twice", "amount=1&amount=2", ["amount"]],
    ["amount with a NUL", "amount=1%00", ["amount"]],
    ["amountUsd zero", "amountUsd=0", ["amountUsd"]],
    ["amountUsd negative", "amountUsd=-5", ["amountUsd"]],
    ["amountUsd not a number", "amountUsd=abc", ["amountUsd"]],
    ["amountUsd empty", "amountUsd=", ["amountUsd"]],
    ["amountUsd Infinity", "amountUsd=Infinity", ["amountUsd"]],
    ["amountUsd NaN", "amountUsd=NaN", ["amountUsd"]],
    ["amountUsd in hex", "amountUsd=0x10", ["amountUsd"]],
    ["amountUsd over $10^12", "amountUsd=1000000000001", ["amountUsd"]],
    ["amountUsd 1e13", "amountUsd=1e13", ["amountUsd"]],
    ["amountUsd below the token's smallest unit", "amountUsd=0.0000001", ["amountUsd"]],
    ["an unknown parameter", "amount=1&foo=1", ["foo"]],
    ["a parameter of the list", "amount=1&limit=10", ["limit"]],
  ])("%s", async (_label, query, paths) => {
    const error = expectError(await quote(usdc(), query), 400, "BAD_REQUEST");
    expectIssues(error, paths);
  });

  it("takes up to the token's decimals: 18 for WETH, 19 is a 400", async () => {
    expect((await quote(weth(), `amount=1.${"1".repeat(18)}`)).status).toBe(200);
    expectIssues(expectError(await quote(weth(), `amount=1.${"1".repeat(19)}`), 400, "BAD_REQUEST"), [
      "amount",
    ]);
    expect((await quote(usdc(), "amount=1.123456")).status).toBe(200);
  });

  it("checks the amount on sample data too (the decimals are the catalog's)", async () => {
    expectIssues(expectError(await quote(liveRow.instrumentId, "amount=0", liveKey()), 400, "BAD_REQUEST"), [
      "amount",
    ]);
    expectIssues(
      expectError(await quote(liveRow.instrumentId, "amount=1&amountUsd=1", liveKey()), 400, "BAD_REQUEST"),
      ["amount", "amountUsd"],
    );
  });

  it("a malformed id is 400, an unknown one 404, another environment's 403", async () => {
    expectIssues(expectError(await quote("0x1234", "amount=1"), 400, "BAD_REQUEST"), ["instrumentId"]);
    expectError(await quote(`0x${"ab".repeat(32)}`, "amount=1"), 404, "NOT_FOUND");
    // A test key reads the test chains (31337 among them), a live key the live ones.
    expectError(await quote(liveRow.instrumentId, "amount=1", testKey()), 403, "FORBIDDEN");
    expectError(await quote(usdc(), "amount=1", liveKey()), 403, "FORBIDDEN");
    expectError(
      await api(`/instruments/${usdc()}/quote?amount=1`, { key: testKey(), method: "POST", json: {} }),
      405,
      "METHOD_NOT_ALLOWED",
    );
  });
});

describe("GET /instruments/{instrumentId}/quote on the synced local chain", () => {
  it("agrees with the instrument: apyBefore is currentApy, the block is its block, amounts match the price and decimals", async () => {
    for (const { market, row } of local) {
      if (CLOSED.includes(market.contract)) continue;
      const decimals = decimalsOf(market);
      const res = await quote(row.instrumentId, "amount=1.5");
      expect(res.status, market.contract).toBe(200);
      const q = res.body;
      expect(q, market.contract).toMatchObject({
        instrumentId: row.instrumentId,
        tokenSymbol: row.tokenSymbol,
        amount: "1.5",
        amountRaw: String(15n * 10n ** BigInt(decimals - 1)),
        apyBefore: row.currentApy,
        sampleData: false,
        asOfBlock: row.asOfBlock,
        asOfTime: row.asOfTime,
        rateModel: market.contract === "morphoUsdcVaultV2" ? "not-modelled" : "exact",
      });
      // The price the sync read is the local chain's feed: the plan's price.
      expect(close(q.amountUsd!, 1.5 * priceOf(market)), `${market.contract} amountUsd ${q.amountUsd}`).toBe(
        true,
      );
      // The rewards diluted by the deposit, and the total their sum.
      const rewards = row.rewards.reduce((s, r) => s + (r.apr ?? 0), 0);
      expect(close(q.apyRewardAfter!, (rewards * row.tvl) / (row.tvl + q.amountUsd!)), market.contract).toBe(
        true,
      );
      expect(q.apyTotalAfter, market.contract).toBeCloseTo(q.apyAfter! + q.apyRewardAfter!, 12);
      // 1.5 tokens barely move a market: the APY after is close to the APY before (a MetaMorpho
      // market the deposit touches is accrued to the block's time, its rate the curve's then rather
      // than the average since its last update, so not closer than that).
      expect(
        close(q.apyAfter!, row.currentApy, 1e-3),
        `${market.contract} ${q.apyAfter} vs ${row.currentApy}`,
      ).toBe(true);
      expect(q.utilizationAfter, market.contract).toBeGreaterThanOrEqual(0);
      expect(q.utilizationAfter!, market.contract).toBeLessThanOrEqual(1);
      expect(q.sharesOut, market.contract).toMatch(/^[1-9]\d*$/);
      if (market.protocol === "morpho" && market.contract !== "morphoUsdcVaultV2") {
        expect(q.allocation!.length, market.contract).toBeGreaterThan(0);
        expect(q.allocation!.reduce((s, a) => s + BigInt(a.assetsRaw), 0n)).toBe(BigInt(q.amountRaw!));
        for (const a of q.allocation!) expect(a.assets).toBe(decimalOf(BigInt(a.assetsRaw), decimals));
      } else {
        expect(q.allocation, market.contract).toBeNull();
      }
      if (q.maxDepositRaw !== null) expect(q.maxDeposit).toBe(decimalOf(BigInt(q.maxDepositRaw), decimals));
    }
  });

  it("a large deposit lowers the APY, and amountUsd quotes the amount it stands for", async () => {
    for (const contract of ["aUsdc", "cometUsdc", "morphoUsdcVault", "fUsdc"]) {
      const id = rowOf(contract).instrumentId;
      const byUsd = (await quote(id, "amountUsd=2000000")).body;
      expect(byUsd.amountUsd).toBe(2_000_000);
      expect(byUsd.amount).toBe("2000000");
      expect(byUsd.apyAfter!, contract).toBeLessThan(byUsd.apyBefore);
      const byAmount = (await quote(id, `amount=${byUsd.amount}`)).body;
      expect(byAmount, contract).toEqual(byUsd);
    }
  });

  it("a MetaMorpho deposit larger than its first market's room is split down the supply queue, summing to the amount", async () => {
    const id = rowOf("morphoUsdcVault").instrumentId;
    // 85 M supplied, the first market's cap 100 M: 40 M overflows it.
    const q = (await quote(id, "amount=40000000.000001")).body;
    expect(q.allocation!.length).toBeGreaterThan(1);
    expect(q.allocation!.reduce((s, a) => s + BigInt(a.assetsRaw), 0n)).toBe(40_000_000_000_001n);
  });

  it("costs no RPC call", async () => {
    const before = (await recordedRpc()).length;
    for (const { row } of local) await quote(row.instrumentId, "amountUsd=1000");
    await list(`chainId=${LOCAL_CHAIN_ID}&limit=100&depositAmountUsd=1000&sortBy=apyTotalAfter`);
    expect((await recordedRpc()).length).toBe(before);
  });

  it("422 INSTRUMENT_NOT_ACCEPTING_DEPOSITS for a frozen and a paused Aave reserve and a Comet whose supply is paused", async () => {
    for (const contract of CLOSED) {
      expect(rowOf(contract).isActive, contract).toBe(false);
      expectError(
        await quote(rowOf(contract).instrumentId, "amount=1"),
        422,
        "INSTRUMENT_NOT_ACCEPTING_DEPOSITS",
      );
    }
  });

  /**
   * Deposits `amount` at the synced block's next second, then takes the chain back: whether the
   * protocol took it. The depositor's sender is asked for inside, as the chain's nonces come back
   * with it.
   */
  const takes = (
    deposit: (depositor: RoleSender, amount: bigint) => Promise<unknown>,
    row: Instrument,
    amount: bigint,
  ) =>
    devnet.within(async () => {
      const depositor = await lab.actor(DEPOSITOR);
      await devnet.rpc("evm_setNextBlockTimestamp", [Math.round(Date.parse(row.asOfTime!) / 1000) + 1]);
      return deposit(depositor, amount).then(
        () => true,
        () => false,
      );
    });

  it("422 DEPOSIT_EXCEEDS_CAPACITY above an Aave reserve's supply cap room, which the Pool itself enforces", async () => {
    const row = rowOf(CAPPED_RESERVE);
    const market = devnetMarkets.find((m) => m.contract === CAPPED_RESERVE)!;
    const decimals = decimalsOf(market);
    const fits = (await quote(row.instrumentId, "amount=1")).body;
    const max = BigInt(fits.maxDepositRaw!);
    expect(fits.maxDeposit).toBe(decimalOf(max, decimals));
    // Exactly the room fits; one smallest unit more does not.
    const atMax = await quote(row.instrumentId, `amount=${fits.maxDeposit}`);
    expect(atMax.status).toBe(200);
    expect(atMax.body.amountRaw).toBe(String(max));
    const over = expectError(
      await quote(row.instrumentId, `amount=${decimalOf(max + 1n, decimals)}`),
      422,
      "DEPOSIT_EXCEEDS_CAPACITY",
    );
    expect(over.details).toMatchObject({ maxDeposit: fits.maxDeposit, maxDepositRaw: fits.maxDepositRaw });
    // The Pool's own cap check, a second after the synced block (a second of interest, well under
    // 10 USDC on this reserve, is all the room can lose by then).
    const reserve = aaveMarketOf(CAPPED_RESERVE);
    const pool = devnet.ctx.address(aavePoolOf(reserve.pool).contracts.pool);
    const asset = devnet.ctx.address(reserve.underlying);
    const supply = (depositor: RoleSender, amount: bigint) =>
      aaveActions.supply(depositor, pool, asset, amount);
    // The same account, funds and approval, one unit apart: only the cap can refuse the second.
    expect(await takes(supply, row, max - 10n * 10n ** BigInt(decimals))).toBe(true);
    expect(await takes(supply, row, max + 1n)).toBe(false);
  });

  it("422 DEPOSIT_EXCEEDS_CAPACITY above a MetaMorpho vault's caps: its maxDeposit at the block, which a deposit confirms", async () => {
    const row = rowOf(CAPPED_VAULT);
    const market = devnetMarkets.find((m) => m.contract === CAPPED_VAULT)!;
    const decimals = decimalsOf(market);
    const vault = devnet.ctx.address(CAPPED_VAULT as never) as Hex;
    const chainMax = await devnet.reader.readContract({
      address: vault,
      abi: erc4626Abi,
      functionName: "maxDeposit",
      args: ["0x0000000000000000000000000000000000000000"],
      blockNumber: BigInt(row.asOfBlock!),
    });
    // 22,000 WETH supplied under caps of 30,000: a few thousand fit.
    expect(chainMax).toBeGreaterThan(0n);
    expect(chainMax).toBeLessThan(30_000n * 10n ** 18n);
    const fits = (await quote(row.instrumentId, "amount=1")).body;
    expect(fits.maxDepositRaw).toBe(String(chainMax));
    const over = expectError(
      await quote(row.instrumentId, `amount=${decimalOf(chainMax + 1n, decimals)}`),
      422,
      "DEPOSIT_EXCEEDS_CAPACITY",
    );
    expect(over.details).toMatchObject({
      maxDeposit: decimalOf(chainMax, decimals),
      maxDepositRaw: String(chainMax),
    });
    const atMax = (await quote(row.instrumentId, `amount=${decimalOf(chainMax, decimals)}`)).body;
    expect(atMax.allocation!.reduce((s, a) => s + BigInt(a.assetsRaw), 0n)).toBe(chainMax);
    const deposit = (depositor: RoleSender, amount: bigint) =>
      morphoActions.deposit(depositor, vault, amount);
    expect(await takes(deposit, row, chainMax - 10n ** 18n)).toBe(true);
    expect(await takes(deposit, row, chainMax + 1n)).toBe(false);
  });

  it("on sample data says so: sampleData, no block, null figures", async () => {
    const res = await quote(liveRow.instrumentId, "amount=1000", liveKey());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      instrumentId: liveRow.instrumentId,
      amount: "1000",
      apyBefore: liveRow.currentApy,
      apyAfter: null,
      apyRewardAfter: null,
      apyTotalAfter: null,
      utilizationAfter: null,
      maxDeposit: null,
      sharesOut: null,
      allocation: null,
      rateModel: "unavailable",
      sampleData: true,
      asOfBlock: null,
      asOfTime: null,
    });
    const byUsd = await quote(liveRow.instrumentId, "amountUsd=1000", liveKey());
    expect(byUsd.status).toBe(200);
    expect(byUsd.body).toMatchObject({ amountUsd: 1000, apyAfter: null, sampleData: true });
  });
});

describe("GET /instruments?depositAmountUsd", () => {
  const fitRank = (q: ListQuote) => (q.apyTotalAfter === null || q.fits === null ? 2 : q.fits ? 0 : 1);
  /** The documented order: fitting, then not fitting, then unknown; apyTotalAfter in `order` within each; then instrumentId. */
  const ranked = (rows: Instrument[], order: "asc" | "desc") =>
    [...rows].sort((a, b) => {
      const rank = fitRank(a.quote!) - fitRank(b.quote!);
      if (rank !== 0) return rank;
      const [u, v] = [a.quote!.apyTotalAfter, b.quote!.apyTotalAfter];
      if (u !== v && u !== null && v !== null) return order === "asc" ? u - v : v - u;
      return a.instrumentId < b.instrumentId ? -1 : 1;
    });

  it.each([1_000, 50_000_000])(
    "adds to every row the quote of $%d, the quote endpoint's own",
    async (usd) => {
      const page = (await list(`chainId=${LOCAL_CHAIN_ID}&limit=100&depositAmountUsd=${usd}`)).body;
      expect(page.data.length).toBe(page.pagination.total);
      let fitting = 0;
      for (const row of page.data) {
        expect(Object.keys(row.quote!).sort()).toEqual(["apyAfter", "apyTotalAfter", "fits"]);
        const res = await quote(row.instrumentId, `amountUsd=${usd}`);
        if (res.status === 200 && res.body.rateModel === "not-modelled") {
          // A Vault V2: it takes the deposit, but what it would pay after is not worked out.
          expect(row.quote, row.tokenSymbol).toEqual({ apyAfter: null, apyTotalAfter: null, fits: true });
        } else if (res.status === 200) {
          expect(row.quote, row.tokenSymbol).toEqual({
            apyAfter: res.body.apyAfter,
            apyTotalAfter: res.body.apyTotalAfter,
            fits: true,
          });
          fitting++;
        } else {
          expect(res.status, row.tokenSymbol).toBe(422);
          expect(row.quote!.fits, row.tokenSymbol).toBe(false);
          expect(typeof row.quote!.apyAfter).toBe("number");
        }
      }
      expect(fitting).toBeGreaterThan(0);
      // The frozen and paused markets take nothing; $50 M is more than some caps take.
      const notFitting = page.data.filter((r) => r.quote!.fits === false).map((r) => r.instrumentId);
      expect(notFitting).toEqual(expect.arrayContaining(CLOSED.map((c) => rowOf(c).instrumentId)));
      if (usd === 50_000_000) expect(notFitting).toContain(rowOf(CAPPED_VAULT).instrumentId);
      // Without depositAmountUsd there is no quote.
      const plain = (await list(`chainId=${LOCAL_CHAIN_ID}&limit=100`)).body;
      for (const row of plain.data) expect(row).not.toHaveProperty("quote");
    },
  );

  it.each(["desc", "asc"] as const)(
    "sortBy=apyTotalAfter&sortOrder=%s ranks by it, rows that do not fit last, page by page",
    async (order) => {
      const base = `chainId=${LOCAL_CHAIN_ID}&depositAmountUsd=50000000&sortBy=apyTotalAfter&sortOrder=${order}`;
      const whole = (await list(`${base}&limit=100`)).body;
      expect(whole.data.map((r) => r.instrumentId)).toEqual(
        ranked(whole.data, order).map((r) => r.instrumentId),
      );
      // Last the Vault V2s, whose APY after is unknown however well they would take the deposit.
      expect(fitRank(whole.data.at(-1)!.quote!)).toBe(2);
      const unknown = whole.data.filter((r) => fitRank(r.quote!) === 2);
      expect(unknown.map((r) => r.yieldTokenSymbol)).toContain("steakPrimeUSDC");
      for (const r of unknown) expect(r.protocolInfo.version, r.yieldTokenSymbol).toBe(2);
      // Pages of 3 by offset, then by page: every row once, in the same order, none lost.
      const byOffset: string[] = [];
      for (let offset = 0; ; offset += 3) {
        const page = (await list(`${base}&limit=3&offset=${offset}`)).body;
        expect(page.pagination).toEqual({
          total: whole.pagination.total,
          limit: 3,
          offset,
          hasMore: offset + page.data.length < whole.pagination.total,
        });
        byOffset.push(...page.data.map((r) => r.instrumentId));
        if (!page.pagination.hasMore) break;
      }
      expect(byOffset).toEqual(whole.data.map((r) => r.instrumentId));
      const second = (await list(`${base}&limit=3&page=2`)).body;
      expect(second.data.map((r) => r.instrumentId)).toEqual(byOffset.slice(3, 6));
      expect(second.pagination.offset).toBe(3);
      // sort= says the same; a second key orders rows of equal quote (the unknown ones) before the id.
      const bySort = (
        await list(
          `chainId=${LOCAL_CHAIN_ID}&depositAmountUsd=50000000&sort=apyTotalAfter:${order}&limit=100`,
        )
      ).body;
      expect(bySort.data.map((r) => r.instrumentId)).toEqual(whole.data.map((r) => r.instrumentId));
      // Filters still apply, to today's figures.
      const stable = (await list(`${base}&limit=100&isStablecoin=true`)).body;
      expect(stable.data.map((r) => r.instrumentId)).toEqual(
        ranked(
          whole.data.filter((r) => stable.data.some((s) => s.instrumentId === r.instrumentId)),
          order,
        ).map((r) => r.instrumentId),
      );
      expect(stable.pagination.total).toBe(stable.data.length);
    },
  );

  it("on sample data every quote is unknown, and the ranking falls back to instrumentId", async () => {
    const page = (await list("chainId=1&limit=100&depositAmountUsd=1000&sortBy=apyTotalAfter", liveKey()))
      .body;
    expect(page.data.length).toBeGreaterThan(1);
    for (const row of page.data)
      expect(row.quote).toEqual({ apyAfter: null, apyTotalAfter: null, fits: null });
    const ids = page.data.map((r) => r.instrumentId);
    expect(ids).toEqual([...ids].sort());
  });

  it("the chain's own list takes it too", async () => {
    const res = await api<Page>(
      `/instruments/by-chain/${LOCAL_CHAIN_ID}?limit=100&depositAmountUsd=1000&sortBy=apyTotalAfter`,
      { key: testKey() },
    );
    expect(res.status).toBe(200);
    const all = (await list(`chainId=${LOCAL_CHAIN_ID}&limit=100&depositAmountUsd=1000&sortBy=apyTotalAfter`))
      .body;
    expect(res.body.data.map((r) => r.instrumentId)).toEqual(all.data.map((r) => r.instrumentId));
  });

  it.each([
    ["sortBy=apyTotalAfter without depositAmountUsd", "sortBy=apyTotalAfter", ["sortBy"]],
    ["sort=apyTotalAfter:desc without depositAmountUsd", "sort=apyTotalAfter:desc", ["sort"]],
    ["depositAmountUsd zero", "depositAmountUsd=0", ["depositAmountUsd"]],
    ["depositAmountUsd negative", "depositAmountUsd=-1", ["depositAmountUsd"]],
    ["depositAmountUsd not a number", "depositAmountUsd=abc", ["depositAmountUsd"]],
    ["depositAmountUsd empty", "depositAmountUsd=", ["depositAmountUsd"]],
    ["depositAmountUsd Infinity", "depositAmountUsd=Infinity", ["depositAmountUsd"]],
    ["depositAmountUsd over $10^12", "depositAmountUsd=1e13", ["depositAmountUsd"]],
    ["depositAmountUsd given twice", "depositAmountUsd=1&depositAmountUsd=2", ["depositAmountUsd"]],
  ])("%s is a 400 naming it", async (_label, query, paths) => {
    for (const path of [`/instruments?${query}`, `/instruments/by-chain/${LOCAL_CHAIN_ID}?${query}`]) {
      expectIssues(expectError(await api(path, { key: testKey() }), 400, "BAD_REQUEST"), paths);
    }
  });
});
