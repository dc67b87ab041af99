import Link from "next/link";
import { ChainIcon } from "@/components/ui/chain-icon";
import { getChain } from "@/lib/chains";
import { formatPercent, formatUsdCompact } from "@/lib/format";
import type { InstrumentPage } from "@/lib/schemas/instruments";

// The link's ::after covers the row, so the whole row is the click target (the same trick as the
// explorer's table; data-table.tsx is a client module, so its constant cannot be imported here).
const rowLinkClass =
  "after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-indigo-500";

/** The protocol's largest live markets by TVL, each row a link to its instrument page. */
export function ProtocolMarkets({
  title,
  name,
  page,
}: {
  title: string;
  name: string;
  page: InstrumentPage;
}) {
  const th = "whitespace-nowrap px-3 py-2.5 font-semibold";
  const td = "whitespace-nowrap px-3 py-2.5";
  return (
    <section aria-labelledby="markets-heading" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="markets-heading" className="text-lg font-semibold">
          Largest {title} markets
        </h2>
        <Link
          href={`/?protocol=${name}`}
          className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          All {page.pagination.total} in the explorer
        </Link>
      </div>
      <div className="mt-3 overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800">
        <div
          className="relative overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={`Largest ${title} markets (scrollable)`}
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Largest {title} markets by TVL</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
              <tr>
                <th scope="col" className={`${th} text-left`}>
                  Market
                </th>
                <th scope="col" className={`${th} text-left`}>
                  Chain
                </th>
                <th scope="col" className={`${th} text-left`}>
                  Version
                </th>
                <th scope="col" className={`${th} text-right`}>
                  APY
                </th>
                <th scope="col" className={`${th} text-right`}>
                  TVL
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((i) => (
                <tr
                  key={i.instrumentId}
                  className="relative border-b border-slate-100 last:border-0 hover:bg-slate-50 dark:border-slate-800/70 dark:hover:bg-slate-900/60"
                >
                  <th scope="row" className={`${td} text-left font-medium`}>
                    <Link href={`/instruments/${i.instrumentId}`} className={rowLinkClass}>
                      {i.tokenSymbol}{" "}
                      <span className="font-normal text-slate-600 dark:text-slate-400">
                        · {i.yieldTokenSymbol}
                      </span>
                    </Link>
                  </th>
                  <td className={td}>
                    <span className="flex items-center gap-2">
                      <ChainIcon chainId={i.chainId} size={18} />
                      {getChain(i.chainId)?.name}
                    </span>
                  </td>
                  <td className={td}>{i.protocolInfo.displayName}</td>
                  <td className={`${td} text-right tabular-nums`}>{formatPercent(i.currentApy)}</td>
                  <td className={`${td} text-right tabular-nums`}>{formatUsdCompact(i.tvl)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
