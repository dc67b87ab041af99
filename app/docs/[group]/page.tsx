import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { apiBaseUrl, docsModel, operationExamples } from "@/app/_server/docs-reference";
import { InlineCode, proseClass } from "@/components/docs/docs-prose";
import { DocsShell } from "@/components/docs/docs-shell";
import { OperationSection } from "@/components/docs/operation-section";
import { DOCS_PATH } from "@/components/docs/openapi-model";
import { GroupSchemasSection } from "@/components/docs/schemas-section";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";

// The examples carry this deployment's address and real ids from its database.
export const dynamic = "force-dynamic";

type Params = Promise<{ group: string }>;

const groupOf = (slug: string) => docsModel().groups.find((g) => g.slug === slug);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const group = groupOf((await params).group);
  if (!group) return { title: "API reference page not found" };
  return {
    title: `${group.name} · API reference`,
    description: `The Yieldgrid API's ${group.name.toLowerCase()} endpoints: parameters, bodies, responses, a curl example and a typed-client call for each, and the schemas they use.`,
  };
}

/** One group of the API reference: its operations with this deployment's examples, then the schemas only they use. */
export default async function DocsGroupPage({ params }: { params: Params }) {
  const group = groupOf((await params).group);
  if (!group) notFound();
  const { operations, schemas, groups } = docsModel();
  const ofGroup = operations.filter((o) => o.group === group.name);
  const baseUrl = await apiBaseUrl();
  const examples = await operationExamples(baseUrl, ofGroup);

  return (
    <DocsShell
      toc={{ operations, groups, current: group.path }}
      intro={
        <>
          <Breadcrumbs trail={[{ href: DOCS_PATH, label: "API reference" }]} current={group.name} />
          <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">{group.name}</h1>
          <p className={`mt-3 ${proseClass}`}>
            Paths are relative to <InlineCode>{baseUrl}</InlineCode>. Authentication, environments, rate
            limits and the error codes are in the{" "}
            <a href={DOCS_PATH} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              overview
            </a>
            .
          </p>
        </>
      }
    >
      {ofGroup.map((o) => (
        <OperationSection key={o.anchor} operation={o} examples={examples[`${o.method} ${o.path}`]} />
      ))}
      <GroupSchemasSection id={`${group.slug}-schemas`} schemas={schemas.filter((s) => s.page === group.path)} />
    </DocsShell>
  );
}
