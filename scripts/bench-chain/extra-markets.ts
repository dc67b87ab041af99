// The benchmark chain's further markets, after the standard devnet: a quarter of
// BENCH_CHAIN_INSTRUMENTS per protocol, on the protocols' own contracts deployed by the standard
// devnet, each made through its deployment's own entry points and filled by real flows (supplies and
// deposits, the demo wallet's through the same entry points on its behalf, borrows against real
// collateral):
//   - Aave: reserves of a new TestnetERC20 each (a reserve is keyed by its asset), priced by the
//     token's USD feed in the pool's AaveOracle and initialised through the pool's PoolConfigurator
//     (initReserves), the Core pool filled up to Aave's 128 reserves and the Prime pool after it
//     (extra-aave.ts);
//   - Compound: Comets behind proxies, configured and built by the Configurator and CometFactory as
//     governance does (extra-compound.ts);
//   - Morpho: MetaMorpho v1.1 vaults from the real factory, each supplying to two Morpho Blue markets
//     of its own and an idle one (extra-morpho.ts);
//   - Fluid: fTokens from the lending factory (each fToken type serving one fToken per asset), listed
//     at the Liquidity layer, with a Vault T1 that borrows WBTC (extra-fluid.ts).
// The four protocols are set up side by side, each from accounts of its own, with Anvil mining when
// asked (send-all.ts withManualMining).
import type { DeployContext } from "@/devnet/deploy/context";
import { devnetMarkets } from "@/devnet/plan/markets";
import type { ProtocolName } from "@/lib/facts/protocols";
import { deployAaveExtras } from "./extra-aave";
import { deployCompoundExtras } from "./extra-compound";
import { deployFluidExtras } from "./extra-fluid";
import { deployMorphoExtras } from "./extra-morpho";
import { tokenCycle, worthOf, type ExtraMarket } from "./extra-market";
import { withManualMining } from "./send-all";
import { PROTOCOLS, TOTAL } from "./settings";

/** The markets to add, their contracts' addresses (and Aave's underlyings) still unknown ("0x"). */
export function planExtraMarkets(): ExtraMarket[] {
  const symbolPrefix = { aave: "aBench", compound: "cBench", morpho: "mmBench", fluid: "fBench" } as const;
  return PROTOCOLS.flatMap((protocol) => {
    const extra = TOTAL / 4 - devnetMarkets.filter((m) => m.protocol === protocol).length;
    return Array.from({ length: extra }, (_, index): ExtraMarket => {
      // Comets price their base with the devnet's USDC or constant-ETH feed: USDC and WETH only.
      const token = protocol === "compound" ? tokenCycle[index % 2]! : tokenCycle[index % 4]!;
      return {
        protocol,
        index,
        token,
        underlying: "0x",
        contract: "0x",
        symbol: `${symbolPrefix[protocol]}${token.symbol}-${index}`,
        // $10,000 and up of the token, and on every other market a few dollars of the demo wallet's.
        supply: worthOf(token, BigInt(10_000 + 37 * index)),
        demo: index % 2 === 0 ? worthOf(token, BigInt(index + 1)) : 0n,
        utilizationBps: BigInt(5_000 + (index % 46) * 100),
      };
    });
  });
}

/**
 * Deploys and fills the further markets on the standard devnet of `ctx`; resolves with them (their
 * addresses filled in), the transactions sent and the time taken. Senders of `ctx` whose accounts the
 * benchmark sent from directly are forgotten afterwards (they re-read their nonces).
 */
export async function deployExtraMarkets(
  ctx: DeployContext,
): Promise<{ markets: ExtraMarket[]; transactions: number; ms: number }> {
  const started = performance.now();
  const markets = planExtraMarkets();
  const of = (protocol: ProtocolName) => markets.filter((m) => m.protocol === protocol);
  const counts = await withManualMining(ctx.rpcUrl, () =>
    Promise.all([
      deployAaveExtras(ctx, of("aave")),
      deployCompoundExtras(ctx, of("compound")),
      deployMorphoExtras(ctx, of("morpho")),
      deployFluidExtras(ctx, of("fluid")),
    ]),
  );
  ctx.forgetSenders();
  return { markets, transactions: counts.reduce((a, b) => a + b, 0), ms: performance.now() - started };
}
