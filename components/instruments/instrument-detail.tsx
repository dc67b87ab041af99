import type { ReactNode } from "react";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import type { Instrument } from "@/lib/schemas/instruments";
import type { Protocol } from "@/lib/schemas/protocols";

// What an instrument page's header and field cards are given, and the card and row they are built of.

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

/** A titled card holding a list of label / value rows. */
export function DetailCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
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

export function DetailRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    // One 28 px line height for labels, values and the copy / explorer buttons, so they share a baseline.
    <div className="grid px-4 py-2 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4" data-field={testId}>
      <dt className="text-sm leading-7 text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm leading-7">{children}</dd>
    </div>
  );
}

/** "4 minutes ago" over the exact date and time. */
export function RelativeTime({ iso, now }: { iso: string; now: Date }) {
  return (
    <span>
      <time dateTime={iso}>{formatRelative(iso, now)}</time>
      <span className="block text-xs text-slate-600 dark:text-slate-400">{formatDateTime(iso)}</span>
    </span>
  );
}
