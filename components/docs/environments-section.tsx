import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { bodyRowClass } from "@/components/ui/table";
import { apiKeyPrefixExample } from "@/lib/facts/api-keys";
import { chainsOf, environments, type Environment } from "@/lib/facts/chains";
import { InlineCode, OverviewSection, proseClass } from "./docs-prose";
import { docsCellClass, DocsTable } from "./docs-table";

const environmentRows: Record<Environment, { tone: BadgeTone; who: string }> = {
  live: { tone: "success", who: " keys, anonymous calls" },
  test: { tone: "warning", who: " keys" },
};

export function EnvironmentsSection() {
  return (
    <OverviewSection id="environments">
      <p className={`mt-2 ${proseClass}`}>
        Test keys see only test chains, live keys and anonymous callers only live chains. Asking for a chain
        or record of the other environment is <InlineCode>403 FORBIDDEN</InlineCode>; lists without a chain
        filter show your environment only.
      </p>
      <div className="mt-3 max-w-3xl">
        <DocsTable label="Environments and their chains" columns={["Environment", "Who", "Chains"]}>
          {environments.map((environment) => (
            <tr key={environment} className={bodyRowClass}>
              <th scope="row" className={cn(docsCellClass, "text-left")}>
                <Badge tone={environmentRows[environment].tone}>{environment}</Badge>
              </th>
              <td className={docsCellClass}>
                <InlineCode>{apiKeyPrefixExample(environment)}</InlineCode>
                {environmentRows[environment].who}
              </td>
              <td className={docsCellClass}>
                {chainsOf(environment)
                  .map((c) => `${c.name} ${c.id}`)
                  .join(", ")}
              </td>
            </tr>
          ))}
        </DocsTable>
      </div>
    </OverviewSection>
  );
}
