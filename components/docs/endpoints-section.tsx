import { sectionHeadingClass } from "./docs-prose";
import { groupAnchor } from "./docs-toc";
import type { Operation } from "./openapi-model";
import { OperationSection, type OperationExamples } from "./operation-section";

/** The operations of one group (a resource), each with its examples for this deployment ("METHOD path" → examples). */
export function EndpointsSection({
  group,
  operations,
  examples,
}: {
  group: string;
  operations: Operation[];
  examples: Record<string, OperationExamples>;
}) {
  return (
    <section aria-labelledby={groupAnchor(group)} className="mt-14">
      <h2
        id={groupAnchor(group)}
        className={`${sectionHeadingClass} border-b border-slate-200 pb-2 dark:border-slate-800`}
      >
        {group}
      </h2>
      {operations
        .filter((o) => o.group === group)
        .map((o) => (
          <OperationSection key={o.anchor} operation={o} examples={examples[`${o.method} ${o.path}`]} />
        ))}
    </section>
  );
}
