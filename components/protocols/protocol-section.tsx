import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { ProtocolIcon } from "@/components/ui/protocol-icon";
import { formatUsd, formatUsdCompact } from "@/components/ui/format";
import type { ProtocolGroup } from "@/lib/schemas/protocols";
import { ProtocolVersionsTable } from "./protocol-versions-table";

/** One protocol on the browser: name, what its instruments are, totals, and the versions table. */
export function ProtocolSection({
  group,
  showDeprecated,
  headingLevel = 2,
}: {
  group: ProtocolGroup;
  showDeprecated: boolean;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const headingId = `protocol-${group.name}`;
  return (
    <section
      aria-labelledby={headingId}
      id={group.name}
      className="scroll-mt-24 overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950"
    >
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="flex min-w-0 items-start gap-3">
          <ProtocolIcon name={group.name} size={headingLevel === 1 ? 48 : 40} />
          <div className="min-w-0">
            <Heading
              id={headingId}
              className={
                headingLevel === 1
                  ? "text-2xl font-semibold tracking-tight sm:text-3xl"
                  : "text-lg font-semibold"
              }
            >
              {headingLevel === 1 ? (
                group.title
              ) : (
                <AppLink href={`/protocols/${group.name}`} className="hover:underline">
                  {group.title}
                </AppLink>
              )}
            </Heading>
            <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{group.blurb}</p>
            {group.docsUrl && (
              <a
                href={group.docsUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {group.title} documentation<span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </div>
        </div>
        <ProtocolTotals totals={group.totals} />
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <ProtocolVersionsTable group={group} showDeprecated={showDeprecated} />
      </div>
      {group.totals.tvlInListedVaults > 0 && (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:px-5 dark:border-slate-800 dark:text-slate-400">
          <span aria-hidden="true">* </span>
          TVL counts every dollar once: it leaves out the {formatUsd(group.totals.tvlInListedVaults)} that Vault
          V2s hold in MetaMorpho vaults listed here, which those vaults already count.
        </p>
      )}
    </section>
  );
}

/** TVL, instruments and chains of every version together. */
function ProtocolTotals({ totals }: { totals: ProtocolGroup["totals"] }) {
  return (
    <dl className="grid shrink-0 grid-cols-3 gap-x-6 gap-y-1 text-sm sm:text-right">
      <Total label="TVL" title={formatUsd(totals.tvl)}>
        {formatUsdCompact(totals.tvl)}
      </Total>
      <Total label="Instruments">{totals.instrumentCount}</Total>
      <Total label="Chains">{totals.chains}</Total>
    </dl>
  );
}

function Total({ label, title, children }: { label: string; title?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold tabular-nums" title={title}>
        {children}
      </dd>
    </div>
  );
}
