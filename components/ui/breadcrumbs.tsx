import { AppLink } from "@/components/ui/app-link";
import { Fragment, type ReactNode } from "react";

export interface Crumb {
  label: ReactNode;
  href: string;
}

/** "Explorer / Aave V3 on Base / USDC": the way up from this page, the page itself last. */
export function Breadcrumbs({ trail, current }: { trail: readonly Crumb[]; current: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
      <ol className="flex flex-wrap items-center gap-1.5">
        {trail.map((crumb) => (
          <Fragment key={crumb.href}>
            <li>
              <AppLink
                href={crumb.href}
                className="hover:text-slate-900 hover:underline dark:hover:text-white"
              >
                {crumb.label}
              </AppLink>
            </li>
            <li aria-hidden="true">/</li>
          </Fragment>
        ))}
        <li aria-current="page" className="font-medium text-slate-900 dark:text-white">
          {current}
        </li>
      </ol>
    </nav>
  );
}
