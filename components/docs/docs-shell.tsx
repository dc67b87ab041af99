import type { ReactNode } from "react";
import { ContentsDisclosure } from "./contents-disclosure";
import { DocsToc } from "./docs-toc";

/**
 * A page of the API reference: `intro`, the contents of the whole reference and the page's text.
 * On wide screens the contents is a sticky sidebar beside both; on narrow ones it folds between them.
 */
export function DocsShell({
  toc,
  intro,
  children,
}: {
  toc: Parameters<typeof DocsToc>[0];
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-10">
      <div className="min-w-0 max-w-4xl lg:col-start-2 lg:row-start-1">{intro}</div>
      <ContentsDisclosure className="lg:sticky lg:top-20 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
        <nav aria-label="API reference contents">
          <DocsToc {...toc} />
        </nav>
      </ContentsDisclosure>
      <div className="min-w-0 max-w-4xl lg:col-start-2 lg:row-start-2">{children}</div>
    </div>
  );
}
