import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { cache, Suspense } from "react";
import { ApyBreakdown } from "@/components/instruments/apy-breakdown";
import { InstrumentFields } from "@/components/instruments/instrument-fields";
import { InstrumentHeader } from "@/components/instruments/instrument-header";
import { HistorySkeleton } from "@/components/instruments/history-skeleton";
import { InstrumentHistory } from "@/components/instruments/instrument-history";
import { DepositQuote } from "@/components/instruments/deposit-quote";
import { TestEnvironmentNotice } from "@/components/instruments/instrument-detail-forbidden";
import { pageViewer } from "@/app/_server/viewer";
import { getChain, type Environment } from "@/lib/facts/chains";
import { sampleDataChainIds } from "@/lib/domain/health/sample-data-chains";
import { visibilityRefusal } from "@/lib/domain/environments";
import { getInstrumentHistory } from "@/lib/domain/instruments/get-instrument-history";
import { historyStartOf } from "@/lib/domain/instruments/history-start";
import { findInstrumentRowAt } from "@/lib/domain/instruments/get-instrument-or-throw";
import { toInstrument } from "@/lib/domain/instruments/to-instrument";
import { latestVersionOf, listProtocolVersions } from "@/lib/domain/protocols/list-protocol-versions";
import {
  historyWindow,
  instrumentHistoryKeys,
  parseHistoryRange,
  type HistoryRange,
} from "@/lib/client/queries/instrument-history";
import { instrumentIdSchema } from "@/lib/schemas/common";
import type { Instrument } from "@/lib/schemas/instruments";
import { getServices } from "@/lib/api/services";
import { OnChainCheck, type CheckCall } from "@/components/instruments/on-chain-check";
import { castCommandOf, jsonRpcCommandOf, onChainCheckOf } from "@/lib/domain/instruments/on-chain-check";

export const dynamic = "force-dynamic";

type Params = Promise<{ instrumentId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

type Loaded =
  | { kind: "ok"; instrument: ReturnType<typeof toInstrument>; environment: Environment }
  | { kind: "forbidden"; message: string };

// No loading.tsx: a streamed page cannot change its status, and an unknown id must answer 404.
// The page decides found / not found first; only the history streams in behind a skeleton.

// generateMetadata and the page ask for the same instrument: one database read per request.
// The instrument's own environment decides who may see it, by the API's rule (app/_server/viewer.ts).
const loadInstrument = cache(async (instrumentId: string): Promise<Loaded> => {
  const { db, now } = await getServices();
  const row = await findInstrumentRowAt({ db, instrumentId, now: now() });
  if (!row) notFound();
  const { environment } = row.instrument;
  if (!(await pageViewer(environment))) {
    // What the API answers an anonymous caller; the notice says how to sign in instead.
    const refusal = visibilityRefusal(row.instrument, "live", `Instrument ${instrumentId}`);
    return { kind: "forbidden", message: refusal?.message ?? "" };
  }
  // origin "": ProtocolInfo.icon becomes the same-origin path /icons/protocols/<name>.svg.
  return { kind: "ok", instrument: toInstrument(row.instrument, row.protocol, ""), environment };
});

/** A well-formed id in its canonical lower-case form; anything else is a 404. */
function parseId(raw: string): string {
  const parsed = instrumentIdSchema.safeParse(raw);
  if (!parsed.success) notFound();
  return parsed.data;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { instrumentId: raw } = await params;
  const parsed = instrumentIdSchema.safeParse(raw);
  if (!parsed.success) return { title: "Instrument not found" };
  const loaded = await loadInstrument(parsed.data);
  if (loaded.kind === "forbidden") return { title: "Test-environment instrument" };
  const i = loaded.instrument;
  const chain = getChain(i.chainId)?.name ?? `chain ${i.chainId}`;
  return {
    title: `${i.tokenSymbol} on ${i.protocolInfo.displayName} (${chain})`,
    description: `${i.description}: ${i.currentApy.toFixed(2)}% supply APY, APY and TVL history, contract addresses.`,
  };
}

export default async function InstrumentPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { instrumentId: raw } = await params;
  const instrumentId = parseId(raw);
  const query = await searchParams;
  if (instrumentId !== raw)
    redirect(`/instruments/${instrumentId}${query.range ? `?range=${parseHistoryRange(query.range)}` : ""}`);

  const loaded = await loadInstrument(instrumentId);
  if (loaded.kind === "forbidden")
    return <TestEnvironmentNotice instrumentId={instrumentId} message={loaded.message} />;
  const { instrument, environment } = loaded;

  const { db, now: clock } = await getServices();
  const now = clock();
  const [versions, sampleChainIds] = await Promise.all([
    listProtocolVersions({ db, environment, name: instrument.protocol, chainId: instrument.chainId }),
    sampleDataChainIds(db),
  ]);
  const protocol = versions.find((v) => v.id === instrument.protocolInfo.id);
  const latest = versions.length > 0 ? latestVersionOf(versions) : undefined;

  const detail = {
    instrument,
    protocol,
    latest,
    now,
    sampleData: sampleChainIds.includes(instrument.chainId),
  };
  return (
    <article>
      <InstrumentHeader {...detail} />
      <ApyBreakdown instrument={instrument} sampleData={detail.sampleData} />
      <DepositQuote
        instrument={{
          instrumentId,
          chainId: instrument.chainId,
          tokenSymbol: instrument.tokenSymbol,
          utilization: instrument.utilization,
        }}
        environment={environment}
        sampleData={detail.sampleData}
      />
      <Suspense fallback={<HistorySkeleton />}>
        <HistorySection
          instrumentId={instrumentId}
          chainId={instrument.chainId}
          environment={environment}
          range={parseHistoryRange(query.range)}
          now={now}
        />
      </Suspense>
      <InstrumentFields {...detail} />
      <OnChainCheck instrument={instrument} calls={checkCallsOf(instrument)} />
    </article>
  );
}

/** The first range's history, rendered with the page; other ranges are fetched by the browser from /api/v1. */
async function HistorySection({
  instrumentId,
  chainId,
  environment,
  range,
  now,
}: {
  instrumentId: string;
  chainId: number;
  environment: Environment;
  range: HistoryRange;
  now: Date;
}) {
  const { db } = await getServices();
  const [history, start] = await Promise.all([
    getInstrumentHistory({
      db,
      environment,
      instrumentId,
      ...historyWindow(range, now),
      now,
    }),
    historyStartOf({ db, instrumentId }),
  ]);
  const queryClient = new QueryClient();
  queryClient.setQueryData(instrumentHistoryKeys.range(instrumentId, range), history);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <InstrumentHistory instrumentId={instrumentId} environment={environment} start={start} chainId={chainId} />
    </HydrationBoundary>
  );
}

/** The calls behind the figures, written out on the server (viem's encoder stays out of the page's JavaScript). */
function checkCallsOf(instrument: Instrument): CheckCall[] {
  const check = onChainCheckOf(instrument);
  if (!check) return [];
  return check.calls.map((call) => ({
    purpose: call.purpose,
    signature: call.signature,
    cast: castCommandOf(call, check.block),
    jsonRpc: call.data ? jsonRpcCommandOf(call, check.block) : null,
  }));
}
