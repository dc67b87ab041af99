import { proseClass, sectionHeadingClass } from "./docs-prose";
import { MethodBadge } from "./method-badge";
import type { DocsGroup, Operation } from "./openapi-model";

/** The overview's list of every operation, by group, each group a page of its own. */
export function EndpointsIndexSection({ groups, operations }: { groups: DocsGroup[]; operations: Operation[] }) {
  return (
    <section aria-labelledby="endpoints" className="mt-14">
      <h2 id="endpoints" className={`${sectionHeadingClass} border-b border-slate-200 pb-2 dark:border-slate-800`}>
        Endpoints
      </h2>
      <p className={`mt-2 ${proseClass}`}>
        Each group has a page: its operations with their parameters, bodies, answers and examples, and the
        schemas they use.
      </p>
      {groups.map((group) => (
        <section key={group.slug} aria-labelledby={`index-${group.slug}`} className="mt-6">
          <h3 id={`index-${group.slug}`} className="text-base font-semibold">
            <a href={group.path} className="text-indigo-700 hover:underline dark:text-indigo-300">
              {group.name}
            </a>
          </h3>
          <ul className="mt-2 space-y-1 text-sm">
            {operations
              .filter((o) => o.group === group.name)
              .map((o) => (
                <li key={o.anchor} className="flex items-start gap-2">
                  <MethodBadge method={o.method} className="mt-1 w-14 shrink-0 justify-center px-1 text-[10px]" />
                  <a href={o.href} className="docs-code-link break-all py-0.5">
                    {o.path}
                  </a>
                  <span className="mt-0.5 hidden text-slate-600 sm:inline dark:text-slate-400">{o.summary}</span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
