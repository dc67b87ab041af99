import { curlExample, type ExampleContext } from "./curl-examples";
import { sectionHeadingClass } from "./docs-prose";
import { groupAnchor } from "./docs-toc";
import type { Operation } from "./openapi-model";
import { OperationSection } from "./operation-section";

/** The operations of one group (a resource), each with a curl example for this deployment. */
export function EndpointsSection({
  group,
  operations,
  examples,
}: {
  group: string;
  operations: Operation[];
  examples: ExampleContext;
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
          <OperationSection key={o.anchor} operation={o} curl={curlExample(o.method, o.path, examples)} />
        ))}
    </section>
  );
}
