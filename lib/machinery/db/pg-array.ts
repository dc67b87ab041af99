import "server-only";
/**
 * A PostgreSQL array literal, to pass a whole column as one parameter (`${pgArray(ids)}::text[]`,
 * then `unnest`) instead of one parameter per row: at a thousand rows, building and parsing per-row
 * parameters costs more than the statement. Strings are quoted (a quote or backslash escaped), null
 * is a NULL element, booleans are t and f.
 */
export function pgArray(items: readonly (string | number | boolean | null)[]): string {
  return `{${items.map(pgArrayElement).join(",")}}`;
}

function pgArrayElement(item: string | number | boolean | null): string {
  if (item === null) return "NULL";
  if (typeof item === "boolean") return item ? "t" : "f";
  if (typeof item === "number") return String(item);
  return `"${item.replace(/["\\]/g, "\\$&")}"`;
}
