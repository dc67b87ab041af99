import { chainName, chains } from "@/lib/facts/chains";
import { formatList } from "./format";

const chainOrder = new Map(chains.map((c, index) => [c.id, index]));

/**
 * Says that the figures of `chainIds` are the generated sample data seeded on first start, not chain
 * data: no sync has read those chains yet. `what` names the figures concerned.
 */
export function SampleDataNote({
  chainIds,
  what,
  className,
}: {
  chainIds: number[];
  what: string;
  className?: string;
}) {
  if (chainIds.length === 0) return null;
  const ordered = [...chainIds].sort((a, b) => (chainOrder.get(a) ?? a) - (chainOrder.get(b) ?? b));
  const names = formatList(ordered.map(chainName));
  return (
    <p
      role="note"
      className={`rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-300 ${className ?? ""}`}
    >
      <strong className="font-semibold text-slate-900 dark:text-white">Sample data on {names}.</strong> No
      sync has read {chainIds.length === 1 ? "this chain" : "these chains"} yet, so {what} are generated
      figures for the demo, not chain data.
    </p>
  );
}
