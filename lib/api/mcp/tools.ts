import "server-only";
import type { z } from "zod";
import { createSchema, type oas31 } from "zod-openapi";
import type { Endpoint } from "@/lib/api/http/endpoint";

// The MCP server's tools, generated from the endpoint registry as the OpenAPI document is: one tool
// per public read, named by its operation id, described by its summary and description, taking the
// operation's path parameters, query and body as one object of arguments and answering its 200 body.
// The JSON Schemas come from the same zod schemas through the same converter as the document's
// (zod-openapi), so a tool and its REST operation cannot drift apart.

/** A JSON Schema of an object, as MCP wants a tool's input and output described. */
export type ObjectSchema = { type: "object"; properties?: Record<string, object>; required?: string[] } & Record<string, unknown>;

/** Where an argument goes in the REST request the call is run as. */
export type ArgumentPlace = "path" | "query" | "body";

export interface McpTool {
  /** The operation id: `listInstruments`. */
  name: string;
  /** The operation's summary. */
  title: string;
  /** The summary, then the operation's description. */
  description: string;
  inputSchema: ObjectSchema;
  outputSchema: ObjectSchema;
  /**
   * MCP's structured content is an object: an operation that answers an array (`GET /protocols`)
   * gives it as the value of this one property. Null when the answer is an object already.
   */
  arrayProperty: string | null;
  /** Every argument the tool takes and where it goes in the REST request. */
  argumentPlaces: ReadonlyMap<string, ArgumentPlace>;
  endpoint: Endpoint;
}

/** The property an array answer is wrapped in: the name the API's other lists use (`{ "data": [...] }`). */
export const ARRAY_PROPERTY = "data";

/**
 * Whether an operation is a tool: a public read. Access for anyone or any key (not an account's key
 * management), a read (GET, or declared `readOnly`), a JSON answer, no cookie of its own (sign-in and
 * the session serve the dashboard's browser; an agent has none), not internal, not opted out.
 */
export const isMcpTool = (endpoint: Endpoint): boolean =>
  endpoint.auth !== "account" &&
  (endpoint.method === "GET" || endpoint.readOnly === true) &&
  endpoint.responses[200] != null &&
  endpoint.cookies === undefined &&
  !endpoint.internal &&
  endpoint.mcpTool !== false;

const toolsOfRegistry = new WeakMap<readonly Endpoint[], readonly McpTool[]>();

/** The tools of `endpoints`, in the registry's order; built once per list (they depend only on the code). */
export function mcpToolsOf(endpoints: readonly Endpoint[]): readonly McpTool[] {
  let tools = toolsOfRegistry.get(endpoints);
  if (!tools) {
    tools = endpoints.filter(isMcpTool).map(toolOf);
    toolsOfRegistry.set(endpoints, tools);
  }
  return tools;
}

function toolOf(endpoint: Endpoint): McpTool {
  const { schema: inputSchema, places } = inputOf(endpoint);
  const { schema: outputSchema, wrapsArray } = outputOf(endpoint.responses[200]!);
  return {
    name: endpoint.operationId,
    title: endpoint.summary,
    description: endpoint.description ? `${endpoint.summary}.\n\n${endpoint.description}` : `${endpoint.summary}.`,
    inputSchema,
    outputSchema,
    arrayProperty: wrapsArray ? ARRAY_PROPERTY : null,
    argumentPlaces: places,
    endpoint,
  };
}

// --- JSON Schemas

type JsonSchema = oas31.SchemaObject | oas31.ReferenceObject;
type Defs = Record<string, oas31.SchemaObject>;

const DEFS_PATH = "#/$defs/";

/** A zod schema as JSON Schema, named schemas (`.meta({ id })`) under `$defs`. */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): { schema: JsonSchema; defs: Defs } {
  const { schema: json, components } = createSchema(schema, { io, schemaRefPath: DEFS_PATH, openapiVersion: "3.1.0" });
  return { schema: json, defs: components };
}

const isRef = (schema: JsonSchema): schema is oas31.ReferenceObject => "$ref" in schema;

/** A schema with a top-level `$ref` replaced by what it names (its fields are needed at the top). */
const resolved = (schema: JsonSchema, defs: Defs): oas31.SchemaObject =>
  isRef(schema) ? (defs[schema.$ref.slice(DEFS_PATH.length)] ?? {}) : schema;

/** The named schemas `schema` reaches, by following every `$ref` (in `defs`) transitively. */
function reachedDefs(schema: object, defs: Defs): Defs {
  const reached: Defs = {};
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== "object") return;
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string" && item.startsWith(DEFS_PATH)) {
        const name = item.slice(DEFS_PATH.length);
        if (!(name in reached) && defs[name]) {
          reached[name] = defs[name];
          visit(defs[name]);
        }
      } else visit(item);
    }
  };
  visit(schema);
  return reached;
}

/** `schema` with the named schemas it uses under `$defs`, or without `$defs` when it uses none. */
function withDefs(schema: ObjectSchema, defs: Defs): ObjectSchema {
  const used = reachedDefs(schema, defs);
  return Object.keys(used).length > 0 ? { ...schema, $defs: used } : schema;
}

/**
 * Path parameters, query and body as one object: their properties side by side, each required
 * where it is, nothing else accepted (the REST endpoint refuses unknown parameters and fields).
 */
function inputOf(endpoint: Endpoint): { schema: ObjectSchema; places: Map<string, ArgumentPlace> } {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  const places = new Map<string, ArgumentPlace>();
  let defs: Defs = {};
  for (const [place, zodSchema] of [["path", endpoint.params], ["query", endpoint.query], ["body", endpoint.body]] as const) {
    if (!zodSchema) continue;
    const converted = jsonSchemaOf(zodSchema, "input");
    defs = { ...defs, ...converted.defs };
    const object = resolved(converted.schema, converted.defs);
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const taken = places.get(name);
      if (taken) throw new Error(`${endpoint.operationId}: argument ${name} is both a ${taken} and a ${place} parameter; a tool takes them in one object`);
      places.set(name, place);
      properties[name] = property;
    }
    required.push(...(object.required ?? []));
  }
  const schema: ObjectSchema = { type: "object", properties, ...(required.length > 0 && { required }), additionalProperties: false };
  return { schema: withDefs(schema, defs), places };
}

/** The 200 answer's schema as an object schema: an object as it is, a union of objects as one, an array wrapped. */
function outputOf(zodSchema: z.ZodType): { schema: ObjectSchema; wrapsArray: boolean } {
  const { schema, defs } = jsonSchemaOf(zodSchema, "output");
  const top = resolved(schema, defs);
  if (top.type === "array")
    return { schema: withDefs({ type: "object", properties: { [ARRAY_PROPERTY]: top }, required: [ARRAY_PROPERTY], additionalProperties: false }, defs), wrapsArray: true };
  const options = top.anyOf ?? top.oneOf;
  if (top.type === "object" || options?.every((option) => resolved(option, defs).type === "object"))
    return { schema: withDefs({ ...top, type: "object" }, defs), wrapsArray: false };
  throw new Error(`an answer that is neither an object nor an array cannot be a tool's output: ${JSON.stringify(top).slice(0, 200)}`);
}
