import "server-only";
import type { Issue } from "@/lib/domain/errors";
import type { McpTool } from "./tools";

// A tool call's arguments as the REST request they stand for: path parameters in the path, the query
// in the query string, the body as a JSON body. Nothing is checked here that the REST endpoint checks
// itself (types, ranges, required fields): the request is refused or answered exactly as REST would.
// What is refused here is only what a URL cannot carry.

export interface RestRequestParts {
  /** Path parameters by name, as the route would have decoded them from the path. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body, for an operation that takes one (always an object, so that its required fields are checked). */
  body: Record<string, unknown> | undefined;
}

/** A query or path value as the text a URL carries: a string, or a number or boolean written out ("20", "true"). */
function urlValueOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean") return String(value);
  return null;
}

const kindOf = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : `a ${typeof value}`);

/** The REST request parts of a call of `tool` with `args`, or the issues that keep it from being one. */
export function restRequestOf(tool: McpTool, args: Record<string, unknown>): { parts: RestRequestParts } | { issues: Issue[] } {
  const parts: RestRequestParts = { params: {}, query: new URLSearchParams(), body: tool.endpoint.body ? {} : undefined };
  const issues: Issue[] = [];
  for (const [name, value] of Object.entries(args)) {
    const place = tool.argumentPlaces.get(name);
    if (place === undefined) {
      // REST's own words for an unknown parameter or field.
      issues.push({ path: name, message: "is not a known field or parameter" });
    } else if (place === "body") {
      parts.body![name] = value;
    } else {
      const text = urlValueOf(value);
      if (text === null) issues.push({ path: name, message: `must be a string, a number or a boolean, not ${kindOf(value)}` });
      else if (place === "path") parts.params[name] = text;
      else parts.query.set(name, text);
    }
  }
  return issues.length > 0 ? { issues } : { parts };
}

/** The operation's path with its parameters filled in, encoded as a client would send them. */
export const filledPath = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
