import { ApiClientError } from "@/lib/client/api-fetch";

/** Validation problems of a 400 answer, by the field they concern. */
export function apiIssues(error: unknown): { address?: string; chainId?: string; other: string[] } {
  const result: { address?: string; chainId?: string; other: string[] } = { other: [] };
  if (!(error instanceof ApiClientError) || error.status !== 400) return result;
  const issues = error.issues;
  for (const { path, message } of issues ?? []) {
    if (path === "address") result.address ??= `The address ${message}.`;
    else if (path === "chainId") result.chainId ??= `The chain ${message}.`;
    else result.other.push(`${path || "Request"} ${message}`);
  }
  if (!issues || (result.other.length === 0 && !result.address && !result.chainId))
    result.other.push(error.message);
  return result;
}
