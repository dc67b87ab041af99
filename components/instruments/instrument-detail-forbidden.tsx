import { AppLink } from "@/components/ui/app-link";
import { buttonClasses } from "@/components/ui/button";
import { apiKeyPrefixExample } from "@/lib/facts/api-keys";
import { API_BASE_PATH, HEADERS } from "@/lib/facts/http.mjs";
import { chainsOf } from "@/lib/facts/chains";

/**
 * An instrument of the test environment seen without a dashboard session: the API answers anonymous
 * callers 403 for it, so say why and how to read it (sign in, or a test key) instead of pretending it
 * is missing. With a session the page shows the instrument itself.
 */
export function TestEnvironmentNotice({ instrumentId, message }: { instrumentId: string; message: string }) {
  const testChains = chainsOf("test")
    .map((c) => `${c.name} ${c.id}`)
    .join(", ");
  return (
    <div className="mx-auto max-w-2xl py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-amber-700 dark:text-amber-300">
        403 · Test environment
      </p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">
        This instrument belongs to the test environment
      </h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        Instrument <code className="break-all font-mono text-sm">{instrumentId}</code> is on a test chain (
        {testChains}). The dashboard shows test networks to signed-in accounts: connect a wallet and sign in
        on the API keys page (a signed message, no transaction), then reload this page.
      </p>
      <p className="mt-3 text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
        The API said: {message}.
      </p>
      <div className="mt-5 rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-medium">Or read it with a test key:</p>
        <pre className="mt-2 overflow-x-auto text-[13px] leading-6" tabIndex={0}>
          <code>{`curl -H "${HEADERS.apiKey}: ${apiKeyPrefixExample("test")}" \\\n  ${API_BASE_PATH}/instruments/${instrumentId}`}</code>
        </pre>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <AppLink href="/settings/api-keys" className={buttonClasses({ variant: "primary" })}>
          Sign in to see test networks
        </AppLink>
        <AppLink href="/" className={buttonClasses()}>
          Back to the explorer
        </AppLink>
      </div>
    </div>
  );
}
