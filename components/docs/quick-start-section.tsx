import { CodeBlock } from "@/components/ui/code-block";
import { apiKeyPrefixExample } from "@/lib/facts/api-keys";
import { HEADERS } from "@/lib/facts/http.mjs";
import { InlineCode, OverviewSection, proseClass } from "./docs-prose";

export function QuickStartSection({ baseUrl }: { baseUrl: string }) {
  return (
    <OverviewSection id="quick-start">
      <p className={`mt-2 ${proseClass}`}>
        Every data endpoint also answers without a key (the live environment, rate limited per client
        address). With a key, put it in an environment variable; the examples read{" "}
        <InlineCode>$YIELDGRID_API_KEY</InlineCode>.
      </p>
      <div className="mt-3 max-w-3xl">
        <CodeBlock
          label="shell"
          code={`export YIELDGRID_API_KEY=${apiKeyPrefixExample("live")}   # from Settings › API keys\ncurl -H "${HEADERS.apiKey}: $YIELDGRID_API_KEY" \\\n  "${baseUrl}/instruments?assetCategory=USD&sortBy=apy&limit=5"`}
        />
      </div>
    </OverviewSection>
  );
}
