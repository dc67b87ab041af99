import { docsModel } from "@/app/_server/docs-reference";
import { DOCS_PATH } from "@/components/docs/openapi-model";
import { AppLink } from "@/components/ui/app-link";
import { buttonClasses } from "@/components/ui/button";

/** /docs/<something that is not a group>: where the reference's pages are. */
export default function DocsGroupNotFound() {
  const { groups } = docsModel();
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">No such page of the API reference</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        The reference has an overview and a page for each group of endpoints:
      </p>
      <ul className="mt-3 flex flex-wrap justify-center gap-x-4 gap-y-1">
        {groups.map((g) => (
          <li key={g.slug}>
            <a href={g.path} className="docs-code-link font-sans">
              {g.name}
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex justify-center">
        <AppLink href={DOCS_PATH} className={buttonClasses({ variant: "primary" })}>
          API reference overview
        </AppLink>
      </div>
    </div>
  );
}
