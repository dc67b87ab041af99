import "server-only";
// Each endpoint's worked example (its declaration's `example`) written out two ways: a curl command
// and a call through the typed client (openapi-fetch over the document's types). The docs page shows
// both; nothing here is written per endpoint.
import type { oas31 } from "zod-openapi";
import { exampleIds, type Endpoint } from "@/lib/api/http/endpoint";
import { HEADERS } from "@/lib/facts/http.mjs";

export interface ExampleValues {
  /** e.g. https://yieldgrid.example/api/v1 */
  baseUrl: string;
  /** Real values for the `exampleIds` placeholders (an instrument and a protocol of this deployment). */
  ids: Partial<Record<keyof typeof exampleIds, string>>;
}

/** Placeholders for values only the reader has (a key id): a shell variable in curl, a string to fill in TypeScript. */
const readerValues: Partial<Record<keyof typeof exampleIds, { shell: string; text: string }>> = {
  keyId: { shell: "$KEY_ID", text: "<your key id>" },
};

function substitute(value: string, values: ExampleValues, form: "shell" | "text"): string {
  let out = value;
  for (const [name, placeholder] of Object.entries(exampleIds) as [keyof typeof exampleIds, string][]) {
    const real = values.ids[name] ?? readerValues[name]?.[form];
    if (real) out = out.split(placeholder).join(real);
  }
  return out;
}

const pathOf = (endpoint: Endpoint, values: ExampleValues, form: "shell" | "text") =>
  endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => substitute(endpoint.example.params?.[name] ?? `{${name}}`, values, form));

const queryOf = (endpoint: Endpoint, values: ExampleValues) => {
  const query = Object.entries(endpoint.example.query ?? {}).map(([name, value]) => `${name}=${substitute(value, values, "shell")}`);
  return query.length > 0 ? `?${query.join("&")}` : "";
};

const KEY_HEADER = `-H "${HEADERS.apiKey}: $YIELDGRID_API_KEY"`;

/** The curl command of `endpoint`'s example, against `values.baseUrl`. */
export function curlExampleOf(endpoint: Endpoint, values: ExampleValues): string {
  const { example, method } = endpoint;
  const flags = [
    ...(method !== "GET" && !(method === "POST" && example.body) ? [`-X ${method}`] : []),
    ...(endpoint.auth === "open" ? [] : [KEY_HEADER]),
    ...(endpoint.cookies ? ["-b cookies.txt"] : []),
    ...(endpoint.setsCookie ? ["-c cookies.txt"] : []),
    ...(example.body ? ['-H "Content-Type: application/json"'] : []),
  ];
  const url = `"${values.baseUrl}${pathOf(endpoint, values, "shell")}${queryOf(endpoint, values)}"`;
  const lines = [
    ...(example.note ? [`# ${example.note}`] : []),
    ...(flags.length === 0
      ? [`curl ${url}`]
      : [
          `curl ${flags.join(" ")} \\`,
          ...(example.body ? [`  -d '${substitute(JSON.stringify(example.body), values, "text")}' \\`] : []),
          `  ${url}`,
        ]),
  ];
  return lines.join("\n");
}

type Schema = oas31.SchemaObject | oas31.ReferenceObject;

/** A query value as the document types it: numbers and booleans unquoted, everything else a string. */
function literalOf(value: string, schema: Schema | undefined): string {
  const type = schema && "type" in schema ? schema.type : undefined;
  if ((type === "integer" || type === "number") && Number.isFinite(Number(value))) return value;
  if (type === "boolean" && (value === "true" || value === "false")) return value;
  return JSON.stringify(value);
}

const objectLiteral = (entries: [string, string][]) =>
  `{ ${entries.map(([name, literal]) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: ${literal}`).join(", ")} }`;

/** A JSON value written as a JavaScript literal: `{ name: "x", chainIds: [1, 8453] }`. */
function jsLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(", ")}]`;
  if (value !== null && typeof value === "object") return objectLiteral(Object.entries(value).map(([name, item]) => [name, jsLiteral(item)]));
  return JSON.stringify(value);
}

/** The example as a call through the typed client (`yieldgrid`, created as the docs page shows). */
export function typescriptExampleOf(endpoint: Endpoint, document: oas31.OpenAPIObject, values: ExampleValues): string {
  const { example, method, path } = endpoint;
  const operation = (document.paths?.[path] as oas31.PathItemObject | undefined)?.[method.toLowerCase() as "get"];
  const parameters = (operation?.parameters ?? []) as oas31.ParameterObject[];
  const schemaOf = (name: string, place: "query" | "path") => parameters.find((p) => p.name === name && p.in === place)?.schema;
  const params = [
    ...(example.params
      ? [["path", objectLiteral(Object.entries(example.params).map(([name, value]) => [name, literalOf(substitute(value, values, "text"), schemaOf(name, "path"))]))]]
      : []),
    ...(example.query
      ? [["query", objectLiteral(Object.entries(example.query).map(([name, value]) => [name, literalOf(substitute(value, values, "text"), schemaOf(name, "query"))]))]]
      : []),
  ] as [string, string][];
  const options = [
    ...(params.length > 0 ? [`params: ${objectLiteral(params)}`] : []),
    ...(example.body ? [`body: ${jsLiteral(JSON.parse(substitute(JSON.stringify(example.body), values, "text")))}`] : []),
  ];
  const call = `await yieldgrid.${method}("${path}"${options.length > 0 ? `, { ${options.join(", ")} }` : ""});`;
  return [...(example.note ? [`// ${example.note}`] : []), `const { data, error } = ${call}`].join("\n");
}
