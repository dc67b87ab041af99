import type { oas31 } from "zod-openapi";

// Turns the OpenAPI document into what the reference renders: operations grouped by resource,
// parameter and field rows with readable types and constraints, and which page shows what. The
// reference is an overview at /docs and one page per group (/docs/instruments, …) holding the
// group's operations and the schemas only that group's operations reach; schemas several groups
// reach (or none) are shown on the overview.

type Schema = oas31.SchemaObject | oas31.ReferenceObject;

/** A type written out: plain text and links to named schemas (`href`: the schema on its page). */
export type TypePart = string | { ref: string; href: string };

export interface FieldRow {
  name: string;
  type: TypePart[];
  required: boolean;
  constraints: string[];
  description: string;
}

export interface ParameterRow extends FieldRow {
  in: string;
}

export interface ResponseRow {
  status: string;
  description: string;
  schema: TypePart[];
  /** The error codes this answer can carry. */
  codes: string[];
}

export interface Operation {
  method: string;
  path: string;
  anchor: string;
  group: string;
  /** Where the operation is documented: its group's page and its anchor there. */
  href: string;
  summary: string;
  description: string;
  auth: string;
  parameters: ParameterRow[];
  body: { schema: TypePart[]; fields: FieldRow[] } | null;
  responses: ResponseRow[];
}

export interface SchemaSection {
  name: string;
  anchor: string;
  fields: FieldRow[];
  /** The page that shows the schema: its group's, or the overview's when several groups (or none) reach it. */
  page: string;
  href: string;
}

/** A group of operations (an OpenAPI tag) and its page of the reference. */
export interface DocsGroup {
  name: string;
  slug: string;
  path: string;
}

export const DOCS_PATH = "/docs";
export const groupSlug = (group: string) =>
  group
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const groupPath = (group: string) => `${DOCS_PATH}/${groupSlug(group)}`;

export const operationAnchor = (method: string, path: string) =>
  `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
export const schemaAnchor = (name: string) => `schema-${name.toLowerCase()}`;

const isRef = (s: Schema): s is oas31.ReferenceObject =>
  typeof (s as oas31.ReferenceObject).$ref === "string";
const refName = (ref: string) => ref.split("/").at(-1) ?? ref;

// zod's safe-integer bounds say "any integer", and the wire patterns of numbers, booleans and
// formatted strings repeat the type: neither helps a reader.
const SAFE = 9_007_199_254_740_991;

export function typeOf(schema: Schema | undefined): TypePart[] {
  if (!schema) return ["any"];
  // The href is filled in by readDocument once it knows which page shows each schema.
  if (isRef(schema)) return [{ ref: refName(schema.$ref), href: "" }];
  // An error answer is the Error envelope narrowed to its codes: shown as the envelope.
  if (schema.allOf?.[0]) return typeOf(schema.allOf[0]);
  if (schema.anyOf ?? schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf)!.map(typeOf);
    return options.flatMap((parts, i) => (i === 0 ? parts : [" | ", ...parts]));
  }
  if (schema.const !== undefined) return [JSON.stringify(schema.const)];
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return ["any"];
  return types.flatMap((t, i) => {
    const sep = i === 0 ? [] : [" | "];
    if (t === "array") {
      const item = typeOf(schema.items);
      return [...sep, ...(item.length > 1 ? ["(", ...item, ")"] : item), "[]"];
    }
    if (t === "string" && schema.format) return [...sep, `string (${schema.format})`];
    return [...sep, t];
  });
}

export function constraintsOf(schema: Schema | undefined): string[] {
  if (!schema || isRef(schema)) return [];
  const out: string[] = [];
  if (schema.enum && schema.type !== "boolean")
    out.push(`one of ${schema.enum.map((v: unknown) => String(v)).join(", ")}`);
  if (schema.minimum !== undefined && schema.minimum > -SAFE) out.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < SAFE) out.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.maxLength !== undefined)
    out.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.minLength !== undefined) out.push(`at least ${schema.minLength} characters`);
  else if (schema.maxLength !== undefined) out.push(`at most ${schema.maxLength} characters`);
  const plainString = schema.type === "string" && !schema.format && !schema.enum;
  if (schema.pattern && plainString && schema.pattern.length <= 40) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.example !== undefined)
    out.push(
      `example ${typeof schema.example === "string" ? schema.example : JSON.stringify(schema.example)}`,
    );
  return out;
}

const descriptionOf = (schema: Schema | undefined) =>
  schema && !isRef(schema) ? (schema.description ?? "") : (schema?.description ?? "");

/** The fields of an object schema; inline nested objects are flattened as parent.child (arrays as parent[].child). */
export function fieldsOf(
  schema: Schema | undefined,
  components: Record<string, oas31.SchemaObject>,
  prefix = "",
  depth = 0,
): FieldRow[] {
  if (!schema) return [];
  const resolved = isRef(schema) ? components[refName(schema.$ref)] : schema;
  if (!resolved?.properties) return [];
  const required = new Set(resolved.required ?? []);
  return Object.entries(resolved.properties).flatMap(([name, prop]) => {
    const full = prefix + name;
    const row: FieldRow = {
      name: full,
      type: typeOf(prop),
      required: required.has(name),
      constraints: constraintsOf(prop),
      description: descriptionOf(prop),
    };
    if (depth >= 3 || isRef(prop)) return [row];
    if (prop.properties) return [row, ...fieldsOf(prop, components, `${full}.`, depth + 1)];
    if (prop.items && !isRef(prop.items) && prop.items.properties)
      return [row, ...fieldsOf(prop.items, components, `${full}[].`, depth + 1)];
    return [row];
  });
}

/** The error codes an error answer can carry: the `code` enum its schema narrows the envelope to. */
function codesOf(schema: Schema | undefined): string[] {
  if (!schema || isRef(schema)) return [];
  const narrowed = schema.allOf?.[1];
  if (!narrowed || isRef(narrowed)) return [];
  const error = narrowed.properties?.error;
  const code = error && !isRef(error) ? error.properties?.code : undefined;
  return code && !isRef(code) && Array.isArray(code.enum) ? code.enum.map(String) : [];
}

function authOf(security: oas31.SecurityRequirementObject[] | undefined): string {
  if (!security || security.length === 0) return "None.";
  const names = security.map((s) => Object.keys(s)[0]);
  const anonymous = names.includes(undefined);
  if (names.includes("apiKey") && anonymous)
    return "Optional X-API-Key. Without one the call is anonymous: live environment, rate limited per client address.";
  if (names.includes("apiKey") && names.includes("session"))
    return "An X-API-Key (the key's account) or the dashboard session cookie.";
  if (names.includes("session") && anonymous)
    return "The dashboard session cookie (from POST /auth/verify) if there is one; the answer is the same without it.";
  if (names.includes("session")) return "The dashboard session cookie (from POST /auth/verify).";
  return names.filter(Boolean).join(" or ");
}

const methodOrder = ["get", "post", "put", "patch", "delete"] as const;

/** The whole reference: its groups' pages, the operations and schemas on them, and the old anchors. */
export interface DocsModel {
  operations: Operation[];
  schemas: SchemaSection[];
  groups: DocsGroup[];
  /**
   * The anchors the reference had when it was one page (/docs#get-instruments, /docs#schema-instrument,
   * /docs#endpoints-instruments), each with where it is now (/docs/instruments#get-instruments,
   * /docs/instruments): links made then still land.
   */
  movedAnchors: Record<string, string>;
}

/** The named schemas a type links to. */
const refsOf = (parts: TypePart[]) => parts.flatMap((p) => (typeof p === "string" ? [] : [p.ref]));

/**
 * The types an operation's section holds: its parameters', its body's and its fields', its answers'.
 * An error answer is written as its codes, not its type: `shown` leaves those out.
 */
const typesOf = (o: Operation, { shown }: { shown: boolean }): TypePart[][] => [
  ...o.parameters.map((p) => p.type),
  ...(o.body ? [o.body.schema, ...o.body.fields.map((f) => f.type)] : []),
  ...o.responses.filter((r) => !shown || r.codes.length === 0).map((r) => r.schema),
];

function readOperations(doc: oas31.OpenAPIObject, components: Record<string, oas31.SchemaObject>): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of methodOrder) {
      const op = (item as oas31.PathItemObject)[method];
      if (!op) continue;
      const parameters = (op.parameters ?? [])
        .filter((p): p is oas31.ParameterObject => !isRef(p as Schema))
        .map((p) => ({
          name: p.name,
          in: p.in,
          type: typeOf(p.schema),
          required: p.required ?? false,
          constraints: constraintsOf(p.schema),
          description: p.description ?? descriptionOf(p.schema),
        }));
      const bodySchema =
        op.requestBody && !isRef(op.requestBody as Schema)
          ? (op.requestBody as oas31.RequestBodyObject).content["application/json"]?.schema
          : undefined;
      const responses = Object.entries(op.responses ?? {}).map(([status, r]) => {
        const response = r as oas31.ResponseObject;
        const schema = response.content?.["application/json"]?.schema;
        return { status, description: response.description, schema: schema ? typeOf(schema) : [], codes: codesOf(schema) };
      });
      const group = op.tags?.[0] ?? "Service";
      const anchor = operationAnchor(method, path);
      operations.push({
        method: method.toUpperCase(),
        path,
        anchor,
        group,
        href: `${groupPath(group)}#${anchor}`,
        summary: op.summary ?? "",
        description: op.description ?? "",
        auth: authOf(op.security),
        parameters,
        body: bodySchema ? { schema: typeOf(bodySchema), fields: fieldsOf(bodySchema, components) } : null,
        responses,
      });
    }
  }
  return operations;
}

/** Each named schema's field rows, by name in alphabetical order. */
function readSchemaFields(components: Record<string, oas31.SchemaObject>): Map<string, FieldRow[]> {
  return new Map(
    Object.keys(components)
      .sort()
      .map((name) => {
        const schema = components[name]!;
        const fields = fieldsOf(schema, components);
        // A list schema (an array of a named schema) has no fields: describe it as its item type.
        const asItemType = { name: "(array)", type: typeOf(schema), required: true, constraints: [], description: schema.description ?? "" };
        return [name, fields.length ? fields : [asItemType]];
      }),
  );
}

/**
 * The page that shows each schema: the one group's whose operations reach it (following schemas'
 * fields to the schemas they name), or the overview when several groups or none do.
 */
function schemaPages(groups: DocsGroup[], operations: Operation[], schemaFields: Map<string, FieldRow[]>): (name: string) => string {
  const reachedBy = new Map<string, Set<string>>();
  for (const group of groups) {
    const pending = operations
      .filter((o) => o.group === group.name)
      .flatMap((o) => typesOf(o, { shown: true }).flatMap(refsOf));
    while (pending.length > 0) {
      const name = pending.pop()!;
      const pages = reachedBy.get(name) ?? new Set();
      if (pages.has(group.path)) continue;
      reachedBy.set(name, pages.add(group.path));
      pending.push(...(schemaFields.get(name) ?? []).flatMap((f) => refsOf(f.type)));
    }
  }
  return (name) => {
    const pages = reachedBy.get(name);
    return pages?.size === 1 ? [...pages][0]! : DOCS_PATH;
  };
}

export function readDocument(doc: oas31.OpenAPIObject): DocsModel {
  const components = (doc.components?.schemas ?? {}) as Record<string, oas31.SchemaObject>;
  const operations = readOperations(doc, components);
  // In the document's own order of tags.
  const groups = (doc.tags ?? [])
    .map((t) => t.name)
    .filter((name) => operations.some((o) => o.group === name))
    .map((name) => ({ name, slug: groupSlug(name), path: groupPath(name) }));

  const schemaFields = readSchemaFields(components);
  const pageOf = schemaPages(groups, operations, schemaFields);
  const schemas = [...schemaFields].map(([name, fields]) => {
    const anchor = schemaAnchor(name);
    return { name, anchor, fields, page: pageOf(name), href: `${pageOf(name)}#${anchor}` };
  });

  // Every type on every page links to the page that shows its schema.
  const hrefOf = new Map(schemas.map((s) => [s.name, s.href]));
  const link = (parts: TypePart[]) => {
    for (const part of parts) if (typeof part !== "string") part.href = hrefOf.get(part.ref) ?? `${DOCS_PATH}#schemas`;
  };
  for (const o of operations) typesOf(o, { shown: false }).forEach(link);
  for (const s of schemas) for (const f of s.fields) link(f.type);

  const movedAnchors: Record<string, string> = Object.fromEntries([
    ...groups.map((g) => [`endpoints-${g.slug}`, g.path]),
    ...operations.map((o) => [o.anchor, o.href]),
    ...schemas.filter((s) => s.page !== DOCS_PATH).map((s) => [s.anchor, s.href]),
  ]);
  return { operations, schemas, groups, movedAnchors };
}
