import type { Metadata } from "next";
import { operationHref } from "@/app/_server/docs-reference";
import { AppLink } from "@/components/ui/app-link";
import { DeprecatedToggle } from "@/components/protocols/deprecated-toggle";
import { groupProtocols } from "@/lib/domain/protocols/group-protocols";
import { ProtocolSection } from "@/components/protocols/protocol-section";
import { ProtocolLabel } from "@/components/ui/protocol-label";
import { SampleDataNote } from "@/components/ui/sample-data-note";
import { API_BASE_PATH } from "@/lib/facts/http.mjs";
import { chainsOf } from "@/lib/facts/chains";
import { protocolFacts, protocolNames } from "@/lib/facts/protocols";
import { formatList, formatUsdCompact } from "@/components/ui/format";
import { sampleDataChainIds } from "@/lib/domain/health/sample-data-chains";
import { getProtocolStats } from "@/lib/domain/protocols/protocol-stats";
import { listProtocols } from "@/lib/domain/protocols/list-protocols";
import { getServices } from "@/lib/api/services";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Protocols",
  description: `${formatList(protocolNames.map((name) => protocolFacts[name].label))}: their versions on each live chain, the latest one, instruments and TVL per version.`,
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ProtocolsPage({ searchParams }: { searchParams: SearchParams }) {
  const showDeprecated = (await searchParams).deprecated === "1";
  const { db } = await getServices();
  const [protocols, stats, sampleChainIds] = await Promise.all([
    listProtocols({ db, environment: "live" }),
    getProtocolStats({ db, environment: "live" }),
    sampleDataChainIds(db),
  ]);
  const liveChainIds = new Set(chainsOf("live").map((c) => c.id));
  const groups = groupProtocols(protocols, stats);
  const deprecatedCount = protocols.filter((p) => p.deprecated).length;
  const totalTvl = groups.reduce((sum, g) => sum + g.totals.tvl, 0);
  const totalInstruments = groups.reduce((sum, g) => sum + g.totals.instrumentCount, 0);

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Protocols</h1>
      <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-400">
        {groups.length} lending protocols on {chainsOf("live").length} live chains: {totalInstruments}{" "}
        instruments holding {formatUsdCompact(totalTvl)}. On each chain the latest version is the highest one
        that is not deprecated.
      </p>

      <SampleDataNote
        className="mt-4 max-w-3xl"
        chainIds={sampleChainIds.filter((id) => liveChainIds.has(id))}
        what="the TVL figures of their versions"
      />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <nav aria-label="Protocols on this page">
          <ul className="flex flex-wrap gap-2">
            {groups.map((g) => (
              <li key={g.name}>
                <a
                  href={`#${g.name}`}
                  className="inline-block rounded-full border border-slate-200 px-3 py-1 text-sm font-medium hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900"
                >
                  <ProtocolLabel name={g.name} size={16} />
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <DeprecatedToggle checked={showDeprecated} count={deprecatedCount} />
      </div>

      <div className="mt-6 grid gap-6">
        {groups.map((g) => (
          <ProtocolSection key={g.name} group={g} showDeprecated={showDeprecated} />
        ))}
      </div>

      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        The same data is in the API:{" "}
        <AppLink
          href={operationHref("GET", "/protocols")}
          className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          GET {API_BASE_PATH}/protocols
        </AppLink>{" "}
        and{" "}
        <AppLink
          href={operationHref("GET", "/protocols/by-name/{name}/chain/{chainId}/latest")}
          className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          …/latest
        </AppLink>
        .
      </p>
    </div>
  );
}
