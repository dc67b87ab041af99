import { apiKeyPrefixExample } from "@/lib/facts/api-keys";
import { HEADERS } from "@/lib/facts/http.mjs";
import { InlineCode, linkClass, OverviewSection, proseClass } from "./docs-prose";

export function AuthenticationSection({ requireApiKey }: { requireApiKey: boolean }) {
  return (
    <OverviewSection id="authentication">
      <ul className={`mt-2 list-disc space-y-1.5 pl-5 ${proseClass}`}>
        <li>
          Send the key in the <InlineCode>{HEADERS.apiKey}</InlineCode> header, never in the query string.
          Create keys in{" "}
          <a href="/settings/api-keys" className={linkClass}>
            Settings › API keys
          </a>{" "}
          (the full key is shown once) or with <InlineCode>npm run key:create</InlineCode> on the server.
        </li>
        <li>
          Keys look like <InlineCode>{apiKeyPrefixExample("live")}</InlineCode> or{" "}
          <InlineCode>{apiKeyPrefixExample("test")}</InlineCode>: the type prefix, 43 random characters and a
          6-character checksum, so a mistyped key is refused without a lookup. Only a hash is stored.
        </li>
        <li>
          A key that is sent must be valid: a malformed, unknown, revoked or expired key is{" "}
          <InlineCode>401 INVALID_API_KEY</InlineCode>, even on endpoints that would answer anonymously.
          {requireApiKey &&
            " This deployment requires a key on every data endpoint (401 UNAUTHORIZED without one)."}
        </li>
        <li>
          <InlineCode>/auth/keys</InlineCode> acts on an account (a wallet address): that of the key, or of
          the dashboard session created with Sign-In with Ethereum.
        </li>
      </ul>
    </OverviewSection>
  );
}
