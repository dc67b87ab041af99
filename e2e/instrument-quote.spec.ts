import { expect, test, type Page } from "@playwright/test";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { compoundRoles } from "@/devnet/plan/compound";
import { cometAbi } from "@/devnet/protocols/compound/actions";
import { formatDecimal, formatPercent, formatUsd, shortAddress } from "@/components/ui/format";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { e2eDevnetContext, untilLocalChainSynced } from "./support/devnet";
import { connectAndSignIn } from "./support/flows";
import { injectWallet } from "./support/injected-wallet";

// The instrument page's "What a deposit would earn" (issue 28) on the local chain, which the e2e
// server syncs from the protocols' own contracts: what the page shows is what GET
// /instruments/{id}/quote answers, the answer the page received and a direct call alike.

interface Quote {
  amount: string | null;
  amountUsd: number | null;
  tokenSymbol: string;
  apyBefore: number;
  apyAfter: number | null;
  apyRewardAfter: number | null;
  apyTotalAfter: number | null;
  utilizationAfter: number | null;
  maxDeposit: string | null;
  maxDepositRaw: string | null;
  allocation: { marketId: string; assets: string }[] | null;
  sampleData: boolean;
  asOfBlock: number | null;
}
interface ErrorBody {
  error: {
    code: string;
    message: string;
    details: { maxDeposit?: string; issues?: { path: string; message: string }[] };
  };
}

const testHeaders = { "X-Yieldgrid-Environment": "test" };

/** Signed in (the local chain is a test network), once its first sync has published real figures. */
async function signIn(page: Page) {
  await connectAndSignIn(page, await injectWallet(page));
  await untilLocalChainSynced(page.request);
}

/** The local chain's instrument of a yield token (aLocUSDC, steakUSDC, cUSDCv3). */
async function localInstrumentId(page: Page, yieldTokenSymbol: string): Promise<string> {
  const response = await page.request.get(`/api/v1/instruments?chainId=${LOCAL_CHAIN_ID}&limit=100`, {
    headers: testHeaders,
  });
  const body = (await response.json()) as { data: { instrumentId: string; yieldTokenSymbol: string }[] };
  return body.data.find((i) => i.yieldTokenSymbol === yieldTokenSymbol)!.instrumentId;
}

/** GET /instruments/{id}/quote?<query> with the session: its status and body. */
async function apiQuote(page: Page, instrumentId: string, query: string) {
  const response = await page.request.get(`/api/v1/instruments/${instrumentId}/quote?${query}`, {
    headers: testHeaders,
  });
  return { status: response.status(), body: (await response.json()) as Quote & ErrorBody };
}

const section = (page: Page) => page.getByRole("region", { name: "What a deposit would earn" });
const amountField = (page: Page) => section(page).getByRole("textbox", { name: "Deposit amount" });
const figure = (page: Page, name: string) => section(page).locator(`[data-quote="${name}"] dd`);
const quoteResponse = (page: Page, instrumentId: string, query: string) =>
  page.waitForResponse((r) => r.url().endsWith(`/instruments/${instrumentId}/quote?${query}`));

/** The figures on screen are the quote's, as the page formats them. */
async function expectFigures(page: Page, quote: Quote) {
  await expect(section(page).getByTestId("quote-amount")).toHaveText(
    `For ${formatDecimal(quote.amount!)} ${quote.tokenSymbol}${quote.amountUsd === null ? "" : ` (${formatUsd(quote.amountUsd)})`}`,
  );
  await expect(figure(page, "apy-after")).toContainText(formatPercent(quote.apyAfter!));
  await expect(figure(page, "apy-after")).toContainText(`now ${formatPercent(quote.apyBefore)}`);
  await expect(figure(page, "apy-total-after")).toContainText(formatPercent(quote.apyTotalAfter!));
  await expect(figure(page, "apy-total-after")).toContainText(
    quote.apyRewardAfter === 0
      ? "base only: no rewards run"
      : `${formatPercent(quote.apyAfter!)} base + ${formatPercent(quote.apyRewardAfter!)} rewards`,
  );
  await expect(figure(page, "utilization-after")).toContainText(formatPercent(quote.utilizationAfter! * 100));
  await expect(figure(page, "fits")).toContainText(
    quote.maxDeposit === null
      ? "Yes"
      : `Yestakes up to ${formatDecimal(quote.maxDeposit, 2)} ${quote.tokenSymbol} now`,
  );
}

/** The answer the page got is the API's: a direct call at the same block answers the same. */
async function expectSameAsDirectCall(page: Page, instrumentId: string, query: string, shown: Quote) {
  const direct = await apiQuote(page, instrumentId, query);
  expect(direct.status).toBe(200);
  expect(direct.body.asOfBlock).toBeGreaterThanOrEqual(shown.asOfBlock!);
  // A sync of a new block in between moves the figures; at the same block they are the same.
  if (direct.body.asOfBlock === shown.asOfBlock) expect(direct.body).toEqual(shown);
}

test("typing an amount shows the API's quote for it, in the token or in US dollars, by keyboard alone", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = await localInstrumentId(page, "aLocUSDC");
  await page.goto(`/instruments/${id}`);
  const asked: string[] = [];
  page.on("request", (r) => r.url().includes("/quote?") && asked.push(new URL(r.url()).search));

  // Typed quickly: one request, once typing pauses.
  const answered = quoteResponse(page, id, "amount=2000000");
  await amountField(page).click();
  await page.keyboard.type("2,000,000");
  const quote = (await (await answered).json()) as Quote;
  expect(asked).toEqual(["?amount=2000000"]);
  expect(quote.sampleData).toBe(false);
  await expectFigures(page, quote);
  await expectSameAsDirectCall(page, id, "amount=2000000", quote);
  await expect(section(page).getByRole("status")).toHaveText(
    new RegExp(
      `^For 2,000,000 USDC: APY after ${formatPercent(quote.apyAfter!)}, total APY after ${formatPercent(quote.apyTotalAfter!)} with rewards`,
    ),
  );
  // A deposit this large lowers Aave's rate.
  expect(quote.apyAfter!).toBeLessThan(quote.apyBefore);

  // Tab to the unit, arrow to USD: quoted again at once, in US dollars.
  const inUsd = quoteResponse(page, id, "amountUsd=2000000");
  await page.keyboard.press("Tab");
  await expect(section(page).getByRole("radio", { name: "USDC" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(section(page).getByRole("radio", { name: "USD", exact: true })).toBeChecked();
  const usdQuote = (await (await inUsd).json()) as Quote;
  expect(usdQuote.amountUsd).toBe(2_000_000);
  await expectFigures(page, usdQuote);
  await expectSameAsDirectCall(page, id, "amountUsd=2000000", usdQuote);
  await expectNoSeriousAxeViolations(page, { bothThemes: true });
});

test("a slow answer to an older amount never replaces the newer one", async ({ page }) => {
  await signIn(page);
  const id = await localInstrumentId(page, "aLocUSDC");
  // The first amount's answer is held back until the second one's is on screen.
  let releaseFirst = () => {};
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  await page.route(`**/instruments/${id}/quote?amount=1000`, async (route) => {
    await firstHeld;
    await route.continue().catch(() => {});
  });
  await page.goto(`/instruments/${id}`);
  // It may be answered late or given up by the page (react-query aborts what nobody waits for).
  let firstSettled = false;
  const settle = (r: { url: () => string }) => r.url().endsWith("quote?amount=1000") && (firstSettled = true);
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  const firstSent = page.waitForRequest((r) => r.url().endsWith("quote?amount=1000"));
  await amountField(page).fill("1000");
  await firstSent;
  const second = quoteResponse(page, id, "amount=3000");
  await amountField(page).fill("3000");
  const newer = (await (await second).json()) as Quote;
  await expectFigures(page, newer);
  releaseFirst();
  await expect.poll(() => firstSettled).toBe(true);
  await expect(section(page).getByTestId("quote-amount")).toHaveText(/^For 3,000 USDC/);
  await expectFigures(page, newer);
});

test("over the supply cap: the maximum from the 422, and one click quotes it", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = await localInstrumentId(page, "aLocUSDC");
  const small = await apiQuote(page, id, "amount=1");
  expect(small.body.maxDepositRaw, "Aave's supply cap leaves a room").not.toBeNull();
  // A thousand USDC more than the room left under the cap.
  const over = String(BigInt(small.body.maxDepositRaw!) / 10n ** 6n + 1_000n);
  const direct = await apiQuote(page, id, `amount=${over}`);
  expect(direct.status).toBe(422);
  expect(direct.body.error.code).toBe("DEPOSIT_EXCEEDS_CAPACITY");

  await page.goto(`/instruments/${id}`);
  const answered = quoteResponse(page, id, `amount=${over}`);
  await amountField(page).fill(over);
  const refusal = (await (await answered).json()) as ErrorBody;
  expect(refusal.error.details.maxDeposit).toBe(direct.body.error.details.maxDeposit);
  const max = `${formatDecimal(refusal.error.details.maxDeposit!)} USDC`;
  const doesNotFit = section(page).getByTestId("quote-does-not-fit");
  await expect(doesNotFit).toContainText("Does not fit");
  await expect(doesNotFit).toContainText(`This market takes at most ${max} now`);
  await expect(section(page).getByRole("status")).toHaveText(
    `Does not fit: this market takes at most ${max} now.`,
  );
  await expectNoSeriousAxeViolations(page);

  const atMax = quoteResponse(page, id, `amount=${refusal.error.details.maxDeposit}`);
  await doesNotFit.getByRole("button", { name: `Quote ${max}` }).click();
  await expect(amountField(page)).toHaveValue(refusal.error.details.maxDeposit!);
  const quote = (await (await atMax).json()) as Quote;
  await expectFigures(page, quote);
});

test("a MetaMorpho vault shows where the deposit would go, in supply-queue order", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = await localInstrumentId(page, "steakUSDC");
  // An amount that fills the first market of the supply queue and goes on to the next.
  let amount = "";
  let expected: Quote | undefined;
  for (const candidate of ["100000", "1000000", "5000000", "20000000", "50000000"]) {
    const { status, body } = await apiQuote(page, id, `amount=${candidate}`);
    if (status === 200 && (body.allocation?.length ?? 0) > 1) [amount, expected] = [candidate, body];
    if (expected) break;
  }
  expect(expected, "an amount that spreads over several markets").toBeDefined();

  await page.goto(`/instruments/${id}`);
  const answered = quoteResponse(page, id, `amount=${amount}`);
  await amountField(page).fill(amount);
  const quote = (await (await answered).json()) as Quote;
  await expectFigures(page, quote);
  const rows = section(page).getByTestId("quote-allocation").locator("tbody tr");
  await expect(rows).toHaveCount(quote.allocation!.length);
  for (const [index, market] of quote.allocation!.entries()) {
    await expect(rows.nth(index)).toContainText(`${index + 1}`);
    await expect(rows.nth(index)).toContainText(shortAddress(market.marketId));
    await expect(rows.nth(index)).toContainText(`${formatDecimal(market.assets)} USDC`);
  }
  await expectNoSeriousAxeViolations(page);
});

test("an amount that is none gets the API's reason under the field, tied to it", async ({ page }) => {
  await signIn(page);
  const id = await localInstrumentId(page, "aLocUSDC");
  const direct = await apiQuote(page, id, "amount=1.1234567");
  expect(direct.status).toBe(400);
  const reason = direct.body.error.details.issues![0]!.message;

  await page.goto(`/instruments/${id}`);
  await amountField(page).fill("1.1234567");
  const error = section(page).locator('[id$="-error"]');
  await expect(error).toHaveText(`The amount ${reason}.`);
  await expect(amountField(page)).toHaveAttribute("aria-invalid", "true");
  const errorId = await error.getAttribute("id");
  expect((await amountField(page).getAttribute("aria-describedby"))!.split(" ")).toContain(errorId);
  await expectNoSeriousAxeViolations(page);

  // Fixed, the message goes and the quote comes.
  await amountField(page).fill("1.123456");
  await expect(amountField(page)).not.toHaveAttribute("aria-invalid");
  await expect(section(page).getByTestId("quote-amount")).toHaveText(/^For 1\.123456 USDC/);
});

test("a market whose supply is paused says it is not accepting deposits", async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page);
  const id = await localInstrumentId(page, "cUSDCv3");
  const ctx = await e2eDevnetContext();
  const guardian = await ctx.sender(compoundRoles.pauseGuardian);
  const pauseSupply = (paused: boolean) =>
    guardian.call({
      address: devnetAddresses.cometUsdc,
      abi: cometAbi,
      functionName: "pause",
      args: [paused, false, false, false, false],
    });
  // The next sync of the local chain (every 15 s) reads the pause.
  const untilQuoteStatus = (status: number) =>
    expect
      .poll(async () => (await apiQuote(page, id, "amount=1000")).status, {
        timeout: 60_000,
        intervals: [1_000],
      })
      .toBe(status);
  await pauseSupply(true);
  try {
    await untilQuoteStatus(422);
    expect((await apiQuote(page, id, "amount=1000")).body.error.code).toBe(
      "INSTRUMENT_NOT_ACCEPTING_DEPOSITS",
    );
    await page.goto(`/instruments/${id}`);
    await amountField(page).fill("1000");
    await expect(section(page).getByText("Not accepting deposits", { exact: true })).toBeVisible();
    await expect(section(page).getByRole("status")).toHaveText("This market is not accepting deposits now.");
    await expectNoSeriousAxeViolations(page);
  } finally {
    // The chain as the other specs expect it.
    await pauseSupply(false);
    await untilQuoteStatus(200);
  }
});

test("on sample data the quote says so", async ({ page }) => {
  // The live chains have no RPC in the e2e server: their figures are sample data.
  const list = (await (await page.request.get("/api/v1/instruments?limit=1")).json()) as {
    data: { instrumentId: string }[];
  };
  const id = list.data[0]!.instrumentId;
  await page.goto(`/instruments/${id}`);
  const answered = quoteResponse(page, id, "amount=1000");
  await amountField(page).fill("1000");
  expect(((await (await answered).json()) as Quote).sampleData).toBe(true);
  await expect(
    section(page).getByText(
      /^Sample data on \w+\. No sync has read this chain yet, so there is no rate model/,
    ),
  ).toBeVisible();
  await expect(section(page).getByRole("status")).toHaveText("No quote: this chain shows sample data.");
});
