import type { ReactNode } from "react";
import { proseClass, sectionHeadingClass } from "./docs-prose";
import { FieldTable } from "./field-table";
import { DOCS_PATH, type DocsGroup, type SchemaSection } from "./openapi-model";

const headingClass = `${sectionHeadingClass} border-b border-slate-200 pb-2 dark:border-slate-800`;
const fieldsNote =
  "Nested objects are listed with dotted names; arrays of objects as name[].field.";

function SchemaFields({ schema: s }: { schema: SchemaSection }) {
  return (
    <section aria-labelledby={s.anchor} className="mt-8">
      <h3 id={s.anchor} className="scroll-mt-24 font-mono text-base font-semibold">
        {s.name}
      </h3>
      <div className="mt-2">
        <FieldTable label={`${s.name} fields`} rows={s.fields} />
      </div>
    </section>
  );
}

/** The schemas a group's operations use, each with its fields, on that group's page. */
export function GroupSchemasSection({ id, schemas }: { id: string; schemas: SchemaSection[] }) {
  if (schemas.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-14">
      <h2 id={id} className={headingClass}>
        Schemas
      </h2>
      <p className={`mt-2 ${proseClass}`}>
        The shapes of this group&apos;s request and response bodies. {fieldsNote}
      </p>
      {schemas.map((s) => (
        <SchemaFields key={s.name} schema={s} />
      ))}
    </section>
  );
}

/**
 * The overview's index of every schema (#schemas), each linked to the page that shows it, and in
 * full the schemas no single group owns (the error envelope, shared shapes).
 */
export function SchemaIndexSection({ schemas, groups }: { schemas: SchemaSection[]; groups: DocsGroup[] }) {
  const pageName = new Map<string, ReactNode>([[DOCS_PATH, "on this page"], ...groups.map((g) => [g.path, g.name] as const)]);
  const shared = schemas.filter((s) => s.page === DOCS_PATH);
  return (
    <section aria-labelledby="schemas" className="mt-14">
      <h2 id="schemas" className={headingClass}>
        Schemas
      </h2>
      <p className={`mt-2 ${proseClass}`}>
        The shapes of request and response bodies. Each is shown with its fields on the page of the group
        whose operations use it; the error envelope, and any schema several groups share, are below.
      </p>
      <ul className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {schemas.map((s) => (
          <li key={s.name}>
            <a href={s.href} className="docs-code-link font-mono">
              {s.name}
            </a>{" "}
            <span className="text-slate-600 dark:text-slate-400">({pageName.get(s.page)})</span>
          </li>
        ))}
      </ul>
      {shared.length > 0 && <p className={`mt-6 ${proseClass}`}>{fieldsNote}</p>}
      {shared.map((s) => (
        <SchemaFields key={s.name} schema={s} />
      ))}
    </section>
  );
}
