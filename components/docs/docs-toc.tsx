import { MCP_DOCS_PATH, mcpSections } from "./mcp-model";
import { MethodBadge } from "./method-badge";
import { DOCS_PATH, type DocsGroup, type Operation } from "./openapi-model";

export const overviewSections = [
  { id: "quick-start", title: "Quick start" },
  { id: "typescript-client", title: "TypeScript client" },
  { id: "authentication", title: "Authentication" },
  { id: "environments", title: "Environments" },
  { id: "rate-limits", title: "Rate limits" },
  { id: "errors", title: "Errors" },
] as const;

const entryLinkClass =
  "block rounded px-2 py-1 text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white";
const groupLinkClass =
  "block px-2 text-xs font-semibold uppercase tracking-wide text-slate-600 hover:text-slate-900 aria-[current=page]:text-indigo-700 dark:text-slate-400 dark:hover:text-white dark:aria-[current=page]:text-indigo-300";

/**
 * The table of contents of the whole reference, on each of its pages: the overview's sections, every
 * operation by group (each group its own page), the MCP server's page, then the schemas' index. Plain
 * links: a page of the reference is a document of its own, and a link within the current page only scrolls.
 */
export function DocsToc({
  operations,
  groups,
  current,
}: {
  operations: Operation[];
  groups: DocsGroup[];
  /** The page showing this contents: its path. */
  current: string;
}) {
  const here = (path: string) => (path === current ? "page" : undefined);
  return (
    <ol className="space-y-4 text-sm">
      <li>
        <a href={DOCS_PATH} aria-current={here(DOCS_PATH)} className={groupLinkClass}>
          Overview
        </a>
        <ol className="mt-1">
          {overviewSections.map((s) => (
            <li key={s.id}>
              <a href={`${DOCS_PATH}#${s.id}`} className={entryLinkClass}>
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </li>
      {groups.map((group) => (
        <li key={group.slug}>
          <a href={group.path} aria-current={here(group.path)} className={groupLinkClass}>
            {group.name}
          </a>
          <ol className="mt-1">
            {operations
              .filter((o) => o.group === group.name)
              .map((o) => (
                <li key={o.anchor}>
                  <a href={o.href} className={`${entryLinkClass} flex items-start gap-2`}>
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
        <a href={MCP_DOCS_PATH} aria-current={here(MCP_DOCS_PATH)} className={groupLinkClass}>
          MCP server
        </a>
        <ol className="mt-1">
          {mcpSections.map((s) => (
            <li key={s.id}>
              <a href={`${MCP_DOCS_PATH}#${s.id}`} className={entryLinkClass}>
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </li>
      <li>
        <a href={`${DOCS_PATH}#schemas`} className={groupLinkClass}>
          Schemas
        </a>
      </li>
    </ol>
  );
}
