import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { ChainLabel } from "@/components/ui/chain-label";
import { MarketIcon } from "@/components/ui/market-icon";
import { ProtocolLabel } from "@/components/ui/protocol-label";
import { SampleDataNote } from "@/components/ui/sample-data-note";
import { chainName, getChain } from "@/lib/facts/chains";
import { formatDateTime, formatPercent, formatRelative, formatUsd, formatUsdCompact } from "@/components/ui/format";
import type { Instrument } from "@/lib/schemas/instruments";
import type { Protocol } from "@/lib/schemas/protocols";
import { AddressValue } from "./address-value";

export interface InstrumentDetailProps {
  instrument: Instrument;
  /** The instrument's protocol version record (for the deprecation reason). */
  protocol: Protocol | undefined;
  /** The latest version of the protocol on this chain. */
  latest: Protocol | undefined;
  /** The render time, so every relative time on the page agrees. */
  now: Date;
  /** No sync has read the instrument's chain yet: its figures are generated sample data. */
  sampleData: boolean;
}

function Time({ iso, now }: { iso: string; now: Date }) {
  return (
    <span>
      <time dateTime={iso}>{formatRelative(iso, now)}</time>
      <span className="block text-xs text-slate-600 dark:text-slate-400">{formatDateTime(iso)}</span>
    </span>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    // One 28 px line height for labels, values and the copy / explorer buttons, so they share a baseline.
    <div className="grid px-4 py-2 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4" data-field={testId}>
      <dt className="text-sm leading-7 text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm leading-7">{children}</dd>
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/40"
    >
      <h2
        id={id}
        className="border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-sm font-semibold dark:border-slate-800 dark:bg-slate-900"
      >
        {title}
      </h2>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">{children}</dl>
    </section>
  );
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** The header (name, badges, key figures) of an instrument page. */
export function InstrumentHeader({
  instrument: i,
  protocol,
  latest,
  now,
  sampleData,
}: InstrumentDetailProps) {
  const chain = getChain(i.chainId);
  const chainLabel = chainName(i.chainId);
  const isLatest = latest?.id === i.protocolInfo.id;
  // A test-network instrument (shown to a dashboard session) links back to the explorer's test view.
  const testNetwork = chain?.environment === "test";
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link href="/" className="hover:text-slate-900 hover:underline dark:hover:text-white">
              Explorer
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link
              href={`/?${testNetwork ? "env=test&" : ""}protocol=${i.protocol}&chainId=${i.chainId}`}
              className="hover:text-slate-900 hover:underline dark:hover:text-white"
            >
              {i.protocolInfo.displayName} on {chainLabel}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-slate-900 dark:text-white">
            {i.tokenSymbol}
          </li>
        </ol>
      </nav>

      <div className="mt-4 flex items-start gap-4">
        <MarketIcon protocol={i.protocol} chainId={i.chainId} size={48} chainSize={22} />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {i.tokenSymbol} <span className="font-normal text-slate-600 dark:text-slate-400">on</span>{" "}
            {i.protocolInfo.displayName}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{i.description}</p>
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Status">
            {testNetwork && (
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
        </div>
      </div>

      {i.protocolInfo.deprecated && (
        <div
          role="note"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <strong className="font-semibold">{i.protocolInfo.displayName} is deprecated.</strong>{" "}
          {protocol?.deprecationReason ?? ""}
          {latest && latest.id !== i.protocolInfo.id && (
            <>
              {" "}
              The latest version on {chainLabel} is {latest.displayName}.
            </>
          )}
        </div>
      )}

      {sampleData && (
        <SampleDataNote
          className="mt-4"
          chainIds={[i.chainId]}
          what="this instrument’s APY, TVL and history"
        />
      )}

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Supply APY" testId="apy">
          <span className="text-2xl font-semibold tabular-nums text-indigo-700 dark:text-indigo-300">
            {formatPercent(i.currentApy)}
          </span>
        </Stat>
        <Stat label="TVL" testId="tvl">
          <span className="text-2xl font-semibold tabular-nums">{formatUsdCompact(i.tvl)}</span>
          <span className="block text-xs tabular-nums text-slate-600 dark:text-slate-400">
            {formatUsd(i.tvl)}
          </span>
        </Stat>
        <Stat label="Chain" testId="chain">
          <span className="block text-lg font-semibold">
            <ChainLabel chainId={i.chainId} />
          </span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">Chain id {i.chainId}</span>
        </Stat>
        <Stat label="Last synced" testId="last-synced">
          <span className="text-lg font-semibold">
            {sampleData ? (
              "Sample data"
            ) : (
              <time dateTime={i.lastSyncedAt}>{formatRelative(i.lastSyncedAt, now)}</time>
            )}
          </span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {formatDateTime(i.lastSyncedAt)}
          </span>
        </Stat>
      </dl>
    </>
  );
}

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div
      className="min-w-0 rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900/40"
      data-stat={testId}
    >
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/** Every field of the instrument, grouped: market, contracts and identifiers, timestamps. */
export function InstrumentFields({ instrument: i, protocol, latest, now }: InstrumentDetailProps) {
  const chain = chainName(i.chainId);
  return (
    <div className="mt-10 grid gap-4 lg:grid-cols-2">
      <Card title="Market" id="market-heading">
        <Row label="Protocol" testId="protocol">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <ProtocolLabel name={i.protocol}>
              <Link
                href={`/protocols/${i.protocol}`}
                className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {i.protocolInfo.displayName}
              </Link>
            </ProtocolLabel>
            <span className="text-slate-600 dark:text-slate-400">
              ({i.protocol}, version {i.protocolInfo.version})
            </span>
          </span>
        </Row>
        <Row label="Version status" testId="version-status">
          {i.protocolInfo.deprecated ? (
            <>
              <Badge tone="danger">Deprecated</Badge>
              {protocol?.deprecationReason && (
                <p className="mt-1 text-slate-700 dark:text-slate-300">{protocol.deprecationReason}</p>
              )}
            </>
          ) : latest?.id === i.protocolInfo.id ? (
            <Badge tone="success">Latest on {chain}</Badge>
          ) : (
            <span>
              Supported; the latest on {chain} is {latest?.displayName}
            </span>
          )}
        </Row>
        <Row label="Chain" testId="chain">
          <span className="flex items-center gap-2">
            <ChainLabel chainId={i.chainId} size={18} />{" "}
            <span className="text-slate-600 dark:text-slate-400">(id {i.chainId})</span>
          </span>
        </Row>
        <Row label="Asset category" testId="category">
          {i.assetCategory}
        </Row>
        <Row label="Stablecoin" testId="stablecoin">
          {yesNo(i.isStablecoin)}
        </Row>
        <Row label="Active" testId="active">
          {i.isActive ? "Yes" : "No: the protocol has frozen this market"}
        </Row>
        <Row label="Description" testId="description">
          {i.description}
        </Row>
        <Row label="Protocol docs" testId="docs">
          <a
            href={i.protocolInfo.docsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-indigo-700 hover:underline dark:text-indigo-300"
          >
            {i.protocolInfo.docsUrl}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Row>
      </Card>
      <Card title="Figures and timestamps" id="figures-heading">
        <Row label="Supply APY" testId="apy-exact">
          <span className="tabular-nums">{formatPercent(i.currentApy, 4)}</span>
        </Row>
        <Row label="TVL" testId="tvl-exact">
          <span className="tabular-nums">
            {formatUsd(i.tvl)}{" "}
            <span className="text-slate-600 dark:text-slate-400">({formatUsdCompact(i.tvl)})</span>
          </span>
        </Row>
        <Row label="Last synced" testId="synced">
          <Time iso={i.lastSyncedAt} now={now} />
        </Row>
        <Row label="Created" testId="created">
          <Time iso={i.createdAt} now={now} />
        </Row>
        <Row label="Updated" testId="updated">
          <Time iso={i.updatedAt} now={now} />
        </Row>
      </Card>
      <div className="lg:col-span-2">
        <Card title="Contracts and identifiers" id="contracts-heading">
          <Row label={`Token (${i.tokenSymbol})`} testId="token">
            <AddressValue
              value={i.tokenAddress}
              name={`${i.tokenSymbol} token address`}
              chainId={i.chainId}
            />
          </Row>
          <Row label={`Yield token (${i.yieldTokenSymbol})`} testId="yield-token">
            <AddressValue
              value={i.yieldTokenAddress}
              name={`${i.yieldTokenSymbol} yield token address`}
              chainId={i.chainId}
            />
          </Row>
          <Row label="Protocol contract" testId="protocol-address">
            <AddressValue value={i.protocolAddress} name="protocol contract address" chainId={i.chainId} />
          </Row>
          <Row label="Adapter contract" testId="adapter-address">
            <AddressValue value={i.adapterAddress} name="adapter contract address" chainId={i.chainId} />
          </Row>
          <Row label="Market id" testId="market-id">
            <AddressValue value={i.marketId} name="market id" chainId={i.chainId} kind="id" />
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              The protocol&apos;s market key: the underlying token or vault address, left-padded to 32 bytes.
            </p>
          </Row>
          <Row label="Instrument id" testId="instrument-id">
            <AddressValue value={i.instrumentId} name="instrument id" chainId={i.chainId} kind="id" />
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              keccak256(abi.encode(chainId, protocolAddress, marketId))
            </p>
          </Row>
        </Card>
      </div>
    </div>
  );
}
