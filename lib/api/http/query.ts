import { ApiError } from "./errors";

const unknownParameter = (name: string) => ({ path: name, message: "is not a known field or parameter" });

/**
 * The query parameters, each given at most once: a repeated one is a 400 (no endpoint takes a list
 * that way). No prototype, so a parameter named __proto__ is a parameter like any other.
 */
export function readQuery(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = Object.create(null);
  for (const [name, value] of params) {
    // zod's strict objects do not see a __proto__ key, so it is refused here, as no endpoint takes it.
    if (name === "__proto__") throw new ApiError("BAD_REQUEST", "Unknown query parameter __proto__", { issues: [unknownParameter(name)] });
    if (Object.hasOwn(query, name))
      throw new ApiError("BAD_REQUEST", `Query parameter ${name} is given more than once`, { issues: [{ path: name, message: "given more than once" }] });
    query[name] = value;
  }
  return query;
}

/** An endpoint without a query schema takes no parameter at all. */
export function rejectQuery(query: Record<string, string>) {
  const names = Object.keys(query);
  if (names.length > 0)
    throw new ApiError("BAD_REQUEST", `Unknown query parameter ${names[0]}: this endpoint takes none`, { issues: names.map(unknownParameter) });
}

/** The query in one order, so the response cache holds one answer per meaning. */
export const canonicalQuery = (query: Record<string, string>) =>
  Object.keys(query)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(query[k]!)}`)
    .join("&");
