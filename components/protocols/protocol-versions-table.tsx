import { AppLink } from "@/components/ui/app-link";
import { Fragment } from "react";
import { AddressValue } from "@/components/instruments/address-value";
import { Badge } from "@/components/ui/badge";
import { ChainLabel } from "@/components/ui/chain-label";
import { cn } from "@/components/ui/cn";
import { formatUsd, formatUsdCompact } from "@/components/ui/format";
import { ChevronRightIcon } from "@/components/ui/icons";
import {
  alignClass,
  bodyRowClass,
  cellPadding,
  HeaderCell,
  ScrollableTable,
  TableHead,
  type CellAlign,
} from "@/components/ui/table";
import { chainName } from "@/lib/facts/chains";
import type { ProtocolGroup, ProtocolVersionRow } from "@/lib/schemas/protocols";

const explorerHref = (name: string, chainId: number) => `/?protocol=${name}&chainId=${chainId}`;
const cell = cn("whitespace-nowrap align-middle", cellPadding);
const deprecatedRowClass = "bg-slate-50/70 dark:bg-slate-900/40";

// Fixed widths, so the four protocols' tables line up under each other.
const columns: readonly { label: string; width: string; align?: CellAlign; hidden?: boolean }[] = [
  { label: "Chain", width: "w-[16%]" },
  { label: "Version", width: "w-[15%]" },
  { label: "Status", width: "w-[12%]" },
  { label: "Instruments", width: "w-[11%]", align: "right" },
  { label: "TVL", width: "w-[11%]", align: "right" },
  { label: "Contract", width: "w-[21%]" },
  { label: "Explorer link", width: "w-[14%]", align: "right", hidden: true },
];

/**
 * The versions of one protocol, a row per (chain, version). Deprecated versions appear only when
 * `showDeprecated`, each followed by a row with its reason.
 */
export function ProtocolVersionsTable({
  group,
  showDeprecated,
}: {
  group: ProtocolGroup;
  showDeprecated: boolean;
}) {
  const rows = group.rows.filter((r) => showDeprecated || !r.protocol.deprecated);
  return (
    <ScrollableTable
      label={`${group.title} versions`}
      caption={`${group.title} versions per chain${showDeprecated ? ", deprecated versions included" : ""}: status, instruments, TVL and contract`}
      className="min-w-[50rem] table-fixed"
      data-protocol={group.name}
    >
      <colgroup>
        {columns.map((column) => (
          <col key={column.label} className={column.width} />
        ))}
      </colgroup>
      <TableHead>
        <tr>
          {columns.map((column) => (
            <HeaderCell key={column.label} align={column.align}>
              {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
            </HeaderCell>
          ))}
        </tr>
      </TableHead>
      <tbody>
        {rows.map((row) => (
          <Fragment key={row.protocol.id}>
            <VersionRow row={row} />
            {row.protocol.deprecated && row.protocol.deprecationReason && (
              <tr
                className={cn(bodyRowClass, deprecatedRowClass)}
                data-deprecation-reason={`${row.protocol.name}:${row.protocol.chainId}:${row.protocol.version}`}
              >
                {/* Under the version name, not the chain: the reason belongs to the version. */}
                <td aria-hidden="true" />
                <td colSpan={columns.length - 1} className="px-3 pb-3 pt-0 text-sm text-slate-700 dark:text-slate-300">
                  <span className="font-medium">Why deprecated:</span> {row.protocol.deprecationReason}
                </td>
              </tr>
            )}
          </Fragment>
        ))}
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-600 dark:text-slate-400">
              Only deprecated versions: show them with the switch above.
            </td>
          </tr>
        )}
      </tbody>
    </ScrollableTable>
  );
}

function VersionRow({ row: { protocol: p, stats, isLatest } }: { row: ProtocolVersionRow }) {
  const chain = chainName(p.chainId);
  return (
    <tr
      className={cn(bodyRowClass, p.deprecated && deprecatedRowClass)}
      data-version-row={`${p.name}:${p.chainId}:${p.version}`}
      data-deprecated={p.deprecated || undefined}
    >
      <th scope="row" className={cn(cell, "text-left font-normal")}>
        <ChainLabel chainId={p.chainId} size={18} />
      </th>
      <td className={cell}>
        <span className="font-medium">{p.displayName}</span>
      </td>
      <td className={cell} data-status>
        {p.deprecated ? (
          <Badge tone="danger">Deprecated</Badge>
        ) : isLatest ? (
          <Badge tone="success">Latest</Badge>
        ) : (
          <Badge>Supported</Badge>
        )}
      </td>
      <td className={cn(cell, alignClass("right"))} data-instrument-count={stats.instrumentCount}>
        {stats.instrumentCount}
      </td>
      <td className={cn(cell, alignClass("right"))} data-tvl={stats.tvl}>
        <VersionTvl stats={stats} />
      </td>
      <td className="whitespace-nowrap px-2 py-1.5 align-middle sm:px-3">
        <AddressValue
          value={p.protocolAddress}
          name={`${p.displayName} contract address on ${chain}`}
          chainId={p.chainId}
          short
        />
      </td>
      <td className={cn(cell, "text-right")}>
        {stats.instrumentCount > 0 ? (
          <AppLink
            href={explorerHref(p.name, p.chainId)}
            className="inline-flex items-center gap-1 rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            aria-label={`Explore ${p.displayName} instruments on ${chain}`}
            data-explore-link
          >
            Explore
            <ChevronRightIcon size={14} />
          </AppLink>
        ) : (
          <span className="text-xs text-slate-600 dark:text-slate-400">No instruments</span>
        )}
      </td>
    </tr>
  );
}

/** The version's TVL, starred when money it holds in listed vaults is counted there instead. */
function VersionTvl({ stats }: { stats: ProtocolVersionRow["stats"] }) {
  if (stats.instrumentCount === 0) return <span className="text-slate-600 dark:text-slate-400">–</span>;
  return (
    <span
      title={
        stats.tvlInListedVaults > 0
          ? `${formatUsd(stats.tvl)}, not counting ${formatUsd(stats.tvlInListedVaults)} held in MetaMorpho vaults listed here (counted there)`
          : formatUsd(stats.tvl)
      }
    >
      {formatUsdCompact(stats.tvl)}
      {stats.tvlInListedVaults > 0 && <span aria-hidden="true">*</span>}
    </span>
  );
}
