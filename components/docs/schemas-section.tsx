import { proseClass, sectionHeadingClass } from "./docs-prose";
import { FieldTable } from "./field-table";
import type { SchemaSection } from "./openapi-model";

/** Every named schema of the document with its fields. */
export function SchemasSection({ schemas }: { schemas: SchemaSection[] }) {
  return (
    <section aria-labelledby="schemas" className="mt-14">
      <h2
        id="schemas"
        className={`${sectionHeadingClass} border-b border-slate-200 pb-2 dark:border-slate-800`}
      >
        Schemas
      </h2>
      <p className={`mt-2 ${proseClass}`}>
        The shapes of request and response bodies. Nested objects are listed with dotted names; arrays of
        objects as name[].field.
      </p>
      {schemas.map((s) => (
        <section key={s.name} aria-labelledby={s.anchor} className="mt-8">
          <h3 id={s.anchor} className="scroll-mt-24 font-mono text-base font-semibold">
            {s.name}
          </h3>
          <div className="mt-2">
            <FieldTable label={`${s.name} fields`} rows={s.fields} />
          </div>
        </section>
      ))}
    </section>
  );
}
