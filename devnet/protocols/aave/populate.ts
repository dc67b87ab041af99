// The planned state of both Aave pools (plan/aave.ts), made by real flows only: the borrowers post
// their collateral with Pool.supply, the supplier supplies the rest of each reserve, the demo wallet
// supplies its planned balance, then the borrowers borrow, which sets each reserve's utilization and
// so its rates. Tokens come from fundToken (minted, or ETH wrapped for WETH).
import type { DeployContext, RoleSender } from "../../deploy/context";
import { devnetDemoWallet } from "../../plan/accounts";
import { AAVE_SUPPLIER, aaveBorrowers, aaveMarketOf, aaveMarkets, aavePoolOf, aaveSupplierAmount, aaveUnits, type AaveMarket } from "../../plan/aave";
import { fundToken } from "../tokens";
import { approve, borrow, supply } from "./actions";

/** One account's part: what it supplies to which market (and, for a borrower, borrows). */
interface Position {
  tx: RoleSender;
  supplies: { market: AaveMarket; amount: bigint }[];
  borrows: { market: AaveMarket; amount: bigint }[];
}

const poolAddress = (ctx: DeployContext, m: AaveMarket) => ctx.address(aavePoolOf(m.pool).contracts.pool);

export async function populateAave(ctx: DeployContext): Promise<void> {
  const positions: Position[] = [];
  for (const b of aaveBorrowers)
    positions.push({
      tx: await ctx.sender(b.role),
      supplies: b.collateral.map((c) => ({ market: aaveMarketOf(c.market), amount: aaveUnits(aaveMarketOf(c.market), c.amount) })),
      borrows: b.borrows.map((c) => ({ market: aaveMarketOf(c.market), amount: aaveUnits(aaveMarketOf(c.market), c.amount) })),
    });
  positions.push({
    tx: await ctx.sender(AAVE_SUPPLIER),
    supplies: aaveMarkets.map((m) => ({ market: m, amount: aaveSupplierAmount(m) })).filter((s) => s.amount > 0n),
    borrows: [],
  });
  positions.push({
    tx: await ctx.senderOf(devnetDemoWallet),
    supplies: aaveMarkets.map((m) => ({ market: m, amount: aaveUnits(m, m.demoBalance) })).filter((s) => s.amount > 0n),
    borrows: [],
  });

  // Tokens: one mint (or wrap) per account and token.
  for (const p of positions) {
    const totals = new Map<string, bigint>();
    for (const s of p.supplies) totals.set(s.market.underlying, (totals.get(s.market.underlying) ?? 0n) + s.amount);
    for (const [token, amount] of totals) await fundToken(ctx, token, p.tx.address, amount);
  }

  // Each account approves each pool for each of its tokens, then supplies (accounts side by side).
  await Promise.all(
    positions.map(async (p) => {
      const pairs = [...new Map(p.supplies.map((s) => [`${s.market.underlying} ${s.market.pool}`, s.market])).values()];
      for (const m of pairs) await approve(p.tx, ctx.address(m.underlying), poolAddress(ctx, m));
      for (const s of p.supplies) await supply(p.tx, poolAddress(ctx, s.market), ctx.address(s.market.underlying), s.amount);
    }),
  );

  // Borrows, once every reserve holds its supply.
  await Promise.all(
    positions.map(async (p) => {
      for (const d of p.borrows) await borrow(p.tx, poolAddress(ctx, d.market), ctx.address(d.market.underlying), d.amount);
    }),
  );
}
