import { AppLink } from "@/components/ui/app-link";
import { ChainLabel } from "@/components/ui/chain-label";
import { cn } from "@/components/ui/cn";
import {
  alignClass,
  bodyRowClass,
  cellPadding,
  HeaderCell,
  linkedRowClass,
  rowLinkClass,
  ScrollableTable,
  TableBox,
  TableHead,
} from "@/components/ui/table";
import { formatPercent, formatUsdCompact } from "@/components/ui/format";
import type { InstrumentPage } from "@/lib/schemas/instruments";

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
  const td = cn("whitespace-nowrap", cellPadding);
  return (
    <section aria-labelledby="markets-heading" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="markets-heading" className="text-lg font-semibold">
          Largest {title} markets
        </h2>
        <AppLink
          href={`/?protocol=${name}`}
          className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          All {page.pagination.total} in the explorer
        </AppLink>
      </div>
      <TableBox className="mt-3">
        <ScrollableTable label={`Largest ${title} markets`} caption={`Largest ${title} markets by TVL`}>
          <TableHead>
            <tr>
              <HeaderCell>Market</HeaderCell>
              <HeaderCell>Chain</HeaderCell>
              <HeaderCell>Version</HeaderCell>
              <HeaderCell align="right">APY</HeaderCell>
              <HeaderCell align="right">TVL</HeaderCell>
            </tr>
          </TableHead>
          <tbody>
            {page.data.map((i) => (
              <tr key={i.instrumentId} className={cn(bodyRowClass, linkedRowClass)}>
                <th scope="row" className={cn(td, "text-left font-medium")}>
                  <AppLink href={`/instruments/${i.instrumentId}`} className={rowLinkClass}>
                    {i.tokenSymbol}{" "}
                    <span className="font-normal text-slate-600 dark:text-slate-400">
                      · {i.yieldTokenSymbol}
                    </span>
                  </AppLink>
                </th>
                <td className={td}>
                  <ChainLabel chainId={i.chainId} size={18} />
                </td>
                <td className={td}>{i.protocolInfo.displayName}</td>
                <td className={cn(td, alignClass("right"))}>{formatPercent(i.currentApy)}</td>
                <td className={cn(td, alignClass("right"))}>{formatUsdCompact(i.tvl)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollableTable>
      </TableBox>
    </section>
  );
}
