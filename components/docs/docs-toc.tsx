import type { Operation } from "./openapi-model";
import { MethodBadge } from "./method-badge";

export const overviewSections = [
  { id: "quick-start", title: "Quick start" },
  { id: "typescript-client", title: "TypeScript client" },
  { id: "authentication", title: "Authentication" },
  { id: "environments", title: "Environments" },
  { id: "rate-limits", title: "Rate limits" },
  { id: "errors", title: "Errors" },
] as const;

export const groupAnchor = (group: string) => `endpoints-${group.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** The table of contents: overview sections, then every operation by group, then schemas. */
export function DocsToc({ operations, groups }: { operations: Operation[]; groups: string[] }) {
  const link =
    "block rounded px-2 py-1 text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white";
  return (
    <ol className="space-y-4 text-sm">
      <li>
        <p className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
          Overview
        </p>
        <ol className="mt-1">
          {overviewSections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className={link}>
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </li>
      {groups.map((group) => (
        <li key={group}>
          <a
            href={`#${groupAnchor(group)}`}
            className="block px-2 text-xs font-semibold uppercase tracking-wide text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
          >
            {group}
          </a>
          <ol className="mt-1">
            {operations
              .filter((o) => o.group === group)
              .map((o) => (
                <li key={o.anchor}>
                  <a href={`#${o.anchor}`} className={`${link} flex items-start gap-2`}>
                    <MethodBadge
                      method={o.method}
                      className="mt-px w-14 shrink-0 justify-center px-1 text-[10px]"
                    />
                    <span>{o.summary}</span>
                  </a>
                </li>
              ))}
          </ol>
        </li>
      ))}
      <li>
        <a
          href="#schemas"
          className="block px-2 text-xs font-semibold uppercase tracking-wide text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
        >
          Schemas
        </a>
      </li>
    </ol>
  );
}
