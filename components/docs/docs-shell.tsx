import type { ReactNode } from "react";
import { DocsToc } from "./docs-toc";

type TocProps = Parameters<typeof DocsToc>[0];

/** The table of contents: beside the text on wide screens, folded above it on narrow ones. */
function ContentsNav({ className, ...toc }: { className: string } & TocProps) {
  return (
    <nav aria-label="API reference contents" className={className}>
      <DocsToc {...toc} />
    </nav>
  );
}

/** A page of the API reference: the contents of the whole reference beside it, `intro` above the folded contents on phones. */
export function DocsShell({ toc, intro, children }: { toc: TocProps; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside className="hidden lg:block">
        <ContentsNav className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto pb-8 pr-2" {...toc} />
      </aside>

      <div className="min-w-0 max-w-4xl">
        {intro}
        <details className="mt-6 rounded-lg border border-slate-200 lg:hidden dark:border-slate-800">
          <summary className="cursor-pointer px-4 py-3 text-sm font-medium">Contents</summary>
          <ContentsNav className="border-t border-slate-200 px-2 py-3 dark:border-slate-800" {...toc} />
        </details>
        {children}
      </div>
    </div>
  );
}
