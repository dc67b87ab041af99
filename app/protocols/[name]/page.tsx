import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DeprecatedToggle } from "@/components/protocols/deprecated-toggle";
import { groupProtocols } from "@/lib/domain/protocols/group-protocols";
import { ProtocolMarkets } from "@/components/protocols/protocol-markets";
import { ProtocolSection } from "@/components/protocols/protocol-section";
import { listInstruments } from "@/lib/domain/instruments/list-instruments";
import { getProtocolStats } from "@/lib/domain/protocols/protocol-stats";
import { listProtocols } from "@/lib/domain/protocols/list-protocols";
import { isProtocolName, protocolFacts } from "@/lib/facts/protocols";
import { getServices } from "@/lib/api/services";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { SampleDataNote } from "@/components/ui/sample-data-note";
import { sampleDataChainIds } from "@/lib/domain/health/sample-data-chains";

export const dynamic = "force-dynamic";

type Params = Promise<{ name: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { name } = await params;
  if (!isProtocolName(name)) return { title: "Protocol not found" };
  const title = protocolFacts[name].label;
  return {
    title,
    description: `${title} on Yieldgrid: versions per chain, the latest one, instruments and TVL, and its largest markets.`,
  };
}

const MARKETS_SHOWN = 10;

export default async function ProtocolPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { name } = await params;
  if (!isProtocolName(name)) notFound();
  const showDeprecated = (await searchParams).deprecated === "1";
  const { db } = await getServices();
  const [protocols, stats, markets, sampleChainIds] = await Promise.all([
    listProtocols({ db, environment: "live" }),
    getProtocolStats({ db, environment: "live" }),
    listInstruments({ db, environment: "live", query: { protocol: name, limit: MARKETS_SHOWN }, origin: "", now: new Date() }),
    sampleDataChainIds(db),
  ]);
  const group = groupProtocols(protocols, stats).find((g) => g.name === name);
  if (!group) notFound();
  const deprecatedCount = group.rows.filter((r) => r.protocol.deprecated).length;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Breadcrumbs trail={[{ href: "/protocols", label: "Protocols" }]} current={group.title} />
        {deprecatedCount > 0 && <DeprecatedToggle checked={showDeprecated} count={deprecatedCount} />}
      </div>
      <SampleDataNote
        className="mb-4"
        chainIds={[...new Set(group.rows.map((r) => r.protocol.chainId))].filter((id) =>
          sampleChainIds.includes(id),
        )}
        what={`the TVL and APY of ${group.title} on them`}
      />
      <ProtocolSection group={group} showDeprecated={showDeprecated} headingLevel={1} />
      <ProtocolMarkets title={group.title} name={name} page={markets} />
    </div>
  );
}
