import { AppLink } from "@/components/ui/app-link";
import { Badge } from "@/components/ui/badge";
import { ChainLabel } from "@/components/ui/chain-label";
import { formatPercent, formatUsd, formatUsdCompact } from "@/components/ui/format";
import { ProtocolLabel } from "@/components/ui/protocol-label";
import { chainName } from "@/lib/facts/chains";
import { AddressValue } from "./address-value";
import { DetailCard, DetailRow, RelativeTime, type InstrumentDetailProps } from "./instrument-detail";

/** Every field of the instrument, grouped: market, contracts and identifiers, timestamps. */
export function InstrumentFields(props: InstrumentDetailProps) {
  return (
    <div className="mt-10 grid gap-4 lg:grid-cols-2">
      <MarketCard {...props} />
      <FiguresCard {...props} />
      <div className="lg:col-span-2">
        <ContractsCard {...props} />
      </div>
    </div>
  );
}

function MarketCard({ instrument: i, protocol, latest }: InstrumentDetailProps) {
  return (
    <DetailCard title="Market" id="market-heading">
      <DetailRow label="Protocol" testId="protocol">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <ProtocolLabel name={i.protocol}>
            <AppLink
              href={`/protocols/${i.protocol}`}
              className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            >
              {i.protocolInfo.displayName}
            </AppLink>
          </ProtocolLabel>
          <span className="text-slate-600 dark:text-slate-400">
            ({i.protocol}, version {i.protocolInfo.version})
          </span>
        </span>
      </DetailRow>
      <DetailRow label="Version status" testId="version-status">
        <VersionStatus instrument={i} protocol={protocol} latest={latest} />
      </DetailRow>
      <DetailRow label="Chain" testId="chain">
        <span className="flex items-center gap-2">
          <ChainLabel chainId={i.chainId} size={18} />{" "}
          <span className="text-slate-600 dark:text-slate-400">(id {i.chainId})</span>
        </span>
      </DetailRow>
      <DetailRow label="Asset category" testId="category">
        {i.assetCategory}
      </DetailRow>
      <DetailRow label="Stablecoin" testId="stablecoin">
        {i.isStablecoin ? "Yes" : "No"}
      </DetailRow>
      <DetailRow label="Active" testId="active">
        {i.isActive ? "Yes" : "No: the protocol has frozen this market"}
      </DetailRow>
      <DetailRow label="Description" testId="description">
        {i.description}
      </DetailRow>
      <DetailRow label="Protocol docs" testId="docs">
        <a
          href={i.protocolInfo.docsUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="break-all text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {i.protocolInfo.docsUrl}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </DetailRow>
    </DetailCard>
  );
}

/** Deprecated (and why), the latest on its chain, or supported with the name of the latest. */
function VersionStatus({ instrument: i, protocol, latest }: Omit<InstrumentDetailProps, "now" | "sampleData">) {
  const chain = chainName(i.chainId);
  if (i.protocolInfo.deprecated)
    return (
      <>
        <Badge tone="danger">Deprecated</Badge>
        {protocol?.deprecationReason && (
          <p className="mt-1 text-slate-700 dark:text-slate-300">{protocol.deprecationReason}</p>
        )}
      </>
    );
  if (latest?.id === i.protocolInfo.id) return <Badge tone="success">Latest on {chain}</Badge>;
  return (
    <span>
      Supported; the latest on {chain} is {latest?.displayName}
    </span>
  );
}

function FiguresCard({ instrument: i, now }: InstrumentDetailProps) {
  return (
    <DetailCard title="Figures and timestamps" id="figures-heading">
      <DetailRow label="Supply APY" testId="apy-exact">
        <span className="tabular-nums">{formatPercent(i.currentApy, 4)}</span>
      </DetailRow>
      <DetailRow label="TVL" testId="tvl-exact">
        <span className="tabular-nums">
          {formatUsd(i.tvl)}{" "}
          <span className="text-slate-600 dark:text-slate-400">({formatUsdCompact(i.tvl)})</span>
        </span>
      </DetailRow>
      <LiquidityRows instrument={i} />
      <DetailRow label="Last synced" testId="synced">
        <RelativeTime iso={i.lastSyncedAt} now={now} />
      </DetailRow>
      <DetailRow label="Created" testId="created">
        <RelativeTime iso={i.createdAt} now={now} />
      </DetailRow>
      <DetailRow label="Updated" testId="updated">
        <RelativeTime iso={i.updatedAt} now={now} />
      </DetailRow>
    </DetailCard>
  );
}

/** Exit liquidity and utilization at the last sync; said to be unknown, never shown as 0, when not read. */
function LiquidityRows({ instrument: i }: { instrument: InstrumentDetailProps["instrument"] }) {
  const unknown = <span className="text-slate-600 dark:text-slate-400">Unknown: not read from the chain</span>;
  return (
    <>
      <DetailRow label="Available liquidity" testId="liquidity">
        {i.availableLiquidityUsd === null ? (
          unknown
        ) : (
          <>
            <span className="tabular-nums">
              {formatUsd(i.availableLiquidityUsd)}{" "}
              <span className="text-slate-600 dark:text-slate-400">({formatUsdCompact(i.availableLiquidityUsd)})</span>
            </span>
            <p className="text-xs leading-5 text-slate-600 dark:text-slate-400">What suppliers could withdraw right now.</p>
          </>
        )}
      </DetailRow>
      <DetailRow label="Utilization" testId="utilization">
        {i.utilization === null ? (
          unknown
        ) : (
          <>
            <span className="tabular-nums">{formatPercent(i.utilization * 100)}</span>
            <p className="text-xs leading-5 text-slate-600 dark:text-slate-400">
              The share of the supply that cannot be withdrawn right now: lent out, or held back by the protocol&apos;s
              withdrawal limits.
            </p>
          </>
        )}
      </DetailRow>
    </>
  );
}

function ContractsCard({ instrument: i }: InstrumentDetailProps) {
  return (
    <DetailCard title="Contracts and identifiers" id="contracts-heading">
      <DetailRow label={`Token (${i.tokenSymbol})`} testId="token">
        <AddressValue value={i.tokenAddress} name={`${i.tokenSymbol} token address`} chainId={i.chainId} />
      </DetailRow>
      <DetailRow label={`Yield token (${i.yieldTokenSymbol})`} testId="yield-token">
        <AddressValue
          value={i.yieldTokenAddress}
          name={`${i.yieldTokenSymbol} yield token address`}
          chainId={i.chainId}
        />
      </DetailRow>
      <DetailRow label="Protocol contract" testId="protocol-address">
        <AddressValue value={i.protocolAddress} name="protocol contract address" chainId={i.chainId} />
      </DetailRow>
      <DetailRow label="Adapter contract" testId="adapter-address">
        <AddressValue value={i.adapterAddress} name="adapter contract address" chainId={i.chainId} />
      </DetailRow>
      <DetailRow label="Market id" testId="market-id">
        <AddressValue value={i.marketId} name="market id" chainId={i.chainId} kind="id" />
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          The protocol&apos;s market key: the underlying token or vault address, left-padded to 32 bytes.
        </p>
      </DetailRow>
      <DetailRow label="Instrument id" testId="instrument-id">
        <AddressValue value={i.instrumentId} name="instrument id" chainId={i.chainId} kind="id" />
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          keccak256(abi.encode(chainId, protocolAddress, marketId))
        </p>
      </DetailRow>
    </DetailCard>
  );
}
