import type { ReactNode } from "react";
import { overviewSections } from "./docs-toc";

// The reference's running text: paragraphs, inline code and the overview's sections.

export const proseClass = "max-w-3xl text-slate-700 dark:text-slate-300";
export const sectionHeadingClass = "scroll-mt-24 text-xl font-semibold tracking-tight";
export const linkClass = "font-medium text-indigo-700 hover:underline dark:text-indigo-300";

export function InlineCode({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[13px] dark:bg-slate-800">
      {children}
    </code>
  );
}

/** One of the overview's sections, titled and anchored as the table of contents lists it. */
export function OverviewSection({
  id,
  children,
}: {
  id: (typeof overviewSections)[number]["id"];
  children: ReactNode;
}) {
  const { title } = overviewSections.find((s) => s.id === id)!;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className={sectionHeadingClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}
