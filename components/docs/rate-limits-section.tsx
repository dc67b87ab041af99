import { HEADERS } from "@/lib/facts/http.mjs";
import { InlineCode, OverviewSection, proseClass } from "./docs-prose";

export function RateLimitsSection({
  windowSeconds,
  liveLimit,
  anonymousLimit,
}: {
  windowSeconds: number;
  liveLimit: number;
  anonymousLimit: number;
}) {
  return (
    <OverviewSection id="rate-limits">
      <ul className={`mt-2 list-disc space-y-1.5 pl-5 ${proseClass}`}>
        <li>
          Fixed windows of {windowSeconds === 3600 ? "one hour" : `${windowSeconds} seconds`}:{" "}
          {liveLimit.toLocaleString("en-US")} requests per live key, {anonymousLimit.toLocaleString("en-US")}{" "}
          per client address without a key; test keys are unlimited.
        </li>
        <li>
          Every response, errors included, carries <InlineCode>{HEADERS.rateLimitLimit}</InlineCode>,{" "}
          <InlineCode>{HEADERS.rateLimitRemaining}</InlineCode> and{" "}
          <InlineCode>{HEADERS.rateLimitReset}</InlineCode> (Unix seconds of the window&apos;s end); for test
          keys Limit and Remaining are <InlineCode>unlimited</InlineCode>.
        </li>
        <li>
          Over the limit: <InlineCode>429 RATE_LIMIT_EXCEEDED</InlineCode> with{" "}
          <InlineCode>details.limit</InlineCode>, <InlineCode>details.resetAt</InlineCode> and a{" "}
          <InlineCode>{HEADERS.retryAfter}</InlineCode> header in seconds.
        </li>
      </ul>
    </OverviewSection>
  );
}
