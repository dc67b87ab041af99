import { listInstruments } from "@/lib/instruments/list-instruments";
import { getServices } from "@/lib/server/services";
import { getChain } from "@/lib/chains";

export const dynamic = "force-dynamic";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 2 });

export default async function HomePage() {
  const { db } = await getServices();
  const page = await listInstruments({ db, environment: "live", query: { limit: 25 }, origin: "" });
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-semibold">Yieldgrid</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        The largest of {page.pagination.total} live lending markets by TVL. The API is documented in{" "}
        <a className="underline" href="/api/v1/openapi.json">
          /api/v1/openapi.json
        </a>
        .
      </p>
      <table className="mt-6 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <th className="py-2">Market</th>
            <th>Chain</th>
            <th className="text-right">APY</th>
            <th className="text-right">TVL</th>
          </tr>
        </thead>
        <tbody>
          {page.data.map((i) => (
            <tr key={i.instrumentId} className="border-b border-slate-100 dark:border-slate-900">
              <td className="py-2">
                {i.protocolInfo.displayName} · {i.tokenSymbol}
              </td>
              <td>{getChain(i.chainId)?.name}</td>
              <td className="text-right tabular-nums">{i.currentApy.toFixed(2)} %</td>
              <td className="text-right tabular-nums">{usd.format(i.tvl)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
