import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { ChainLabel } from "@/components/ui/chain-label";
import { cn } from "@/components/ui/cn";
import { formatDateTime, formatPercent, formatRelative, formatUsd, formatUsdCompact } from "@/components/ui/format";
import { MarketIcon } from "@/components/ui/market-icon";
import { SampleDataNote } from "@/components/ui/sample-data-note";
import { chainName, getChain } from "@/lib/facts/chains";
import type { Instrument } from "@/lib/schemas/instruments";
import type { InstrumentDetailProps } from "./instrument-detail";

// A test-network instrument is shown to a dashboard session only; its page says so and links back to
// the explorer's test view.
const isTestNetwork = (i: Instrument) => getChain(i.chainId)?.environment === "test";

/** The header (name, badges, key figures) of an instrument page. */
export function InstrumentHeader(props: InstrumentDetailProps) {
  const { instrument: i, sampleData } = props;
  return (
    <>
      <Breadcrumbs
        trail={[
          { href: "/", label: "Explorer" },
          {
            href: `/?${isTestNetwork(i) ? "env=test&" : ""}protocol=${i.protocol}&chainId=${i.chainId}`,
            label: `${i.protocolInfo.displayName} on ${chainName(i.chainId)}`,
          },
        ]}
        current={i.tokenSymbol}
      />
      <TitleAndStatus {...props} />
      {i.protocolInfo.deprecated && <DeprecationNote {...props} />}
      {sampleData && (
        <SampleDataNote
          className="mt-4"
          chainIds={[i.chainId]}
          what="this instrument’s APY, TVL and history"
        />
      )}
      <KeyFigures {...props} />
    </>
  );
}

function TitleAndStatus({ instrument: i, latest }: InstrumentDetailProps) {
  return (
    <div className="mt-4 flex items-start gap-4">
      <MarketIcon protocol={i.protocol} chainId={i.chainId} size={48} chainSize={22} />
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {i.tokenSymbol} <span className="font-normal text-slate-600 dark:text-slate-400">on</span>{" "}
          {i.protocolInfo.displayName}
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{i.description}</p>
        <StatusBadges instrument={i} isLatest={latest?.id === i.protocolInfo.id} />
      </div>
    </div>
  );
}

/** Test network, active or not, category, stablecoin, and where the version stands. */
function StatusBadges({ instrument: i, isLatest }: { instrument: Instrument; isLatest: boolean }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Status">
      {isTestNetwork(i) && (
        <li>
          <Badge tone="warning">Test network</Badge>
        </li>
      )}
      <li>
        {i.isActive ? (
          <Badge tone="success">Active</Badge>
        ) : (
          <Badge tone="warning">Inactive: not taking deposits</Badge>
        )}
      </li>
      <li>
        <Badge>{i.assetCategory}</Badge>
      </li>
      {i.isStablecoin && (
        <li>
          <Badge tone="info">Stablecoin</Badge>
        </li>
      )}
      <li>
        {i.protocolInfo.deprecated ? (
          <Badge tone="danger">Deprecated version</Badge>
        ) : isLatest ? (
          <Badge tone="success">Latest version</Badge>
        ) : (
          <Badge>Older version</Badge>
        )}
      </li>
    </ul>
  );
}

function DeprecationNote({ instrument: i, protocol, latest }: InstrumentDetailProps) {
  return (
    <div
      role="note"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <strong className="font-semibold">{i.protocolInfo.displayName} is deprecated.</strong>{" "}
      {protocol?.deprecationReason ?? ""}
      {latest && latest.id !== i.protocolInfo.id && (
        <>
          {" "}
          The latest version on {chainName(i.chainId)} is {latest.displayName}.
        </>
      )}
    </div>
  );
}

/** "3.20% base + 1.10% rewards", and whether the rewards are fully known. */
function apySplitOf(i: Instrument): string {
  const rewards = i.rewards.length > 0 ? ` + ${formatPercent(i.apyReward)} rewards` : i.rewardsComplete ? ", no rewards" : "";
  return `${formatPercent(i.currentApy)} supply${rewards}${i.rewardsComplete ? "" : " (rewards not fully known)"}`;
}

/** Total APY (with its split), TVL, chain and last sync as four large figures. */
function KeyFigures({ instrument: i, now, sampleData }: InstrumentDetailProps) {
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure label="Total APY" testId="apy" detail={apySplitOf(i)}>
        <span className="text-2xl font-semibold tabular-nums text-indigo-700 dark:text-indigo-300">
          {formatPercent(i.apyTotal)}
        </span>
      </Figure>
      <Figure label="TVL" testId="tvl" detail={formatUsd(i.tvl)} detailClassName="tabular-nums">
        <span className="text-2xl font-semibold tabular-nums">{formatUsdCompact(i.tvl)}</span>
      </Figure>
      <Figure label="Chain" testId="chain" detail={`Chain id ${i.chainId}`}>
        <span className="block text-lg font-semibold">
          <ChainLabel chainId={i.chainId} />
        </span>
      </Figure>
      <Figure
        label="Last synced"
        testId="last-synced"
        detail={i.asOfBlock === null ? formatDateTime(i.lastSyncedAt) : `as of block ${i.asOfBlock.toLocaleString("en-US")}`}
      >
        <span className="text-lg font-semibold">
          {sampleData ? (
            "Sample data"
          ) : (
            <time dateTime={i.lastSyncedAt}>{formatRelative(i.lastSyncedAt, now)}</time>
          )}
        </span>
      </Figure>
    </dl>
  );
}

/** One key figure: a small label over the value, and a line of detail under it. */
function Figure({
  label,
  testId,
  detail,
  detailClassName,
  children,
}: {
  label: string;
  testId: string;
  detail?: string;
  detailClassName?: string;
  children: ReactNode;
}) {
  return (
    <div
      className="min-w-0 rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900/40"
      data-stat={testId}
    >
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1">
        {children}
        {detail && (
          <span className={cn("block text-xs text-slate-600 dark:text-slate-400", detailClassName)}>
            {detail}
          </span>
        )}
      </dd>
    </div>
  );
}
