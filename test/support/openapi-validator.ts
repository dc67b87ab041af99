import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { fixture, freshIp, recordedExchanges, type RecordedExchange } from "./api";

/*
 * Checks API responses against the OpenAPI document the server itself serves (GET /api/v1/openapi.json):
 * the operation is found by method and path template, the status must be one the operation documents,
 * and the JSON body must validate against that response's schema (OpenAPI 3.1 = JSON Schema 2020-12).
 */

// ajv-formats is CommonJS with `exports.default`; depending on the loader the default import is the plugin or the module.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: JsonObject }>;
  headers?: Record<string, unknown>;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
  parameters?: { in: string; name: string; required?: boolean }[];
  security?: Record<string, string[]>[];
  requestBody?: unknown;
}
export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, JsonObject>;
    securitySchemes?: Record<string, { type: string; in?: string; name?: string }>;
  };
}

export interface MatchedOperation {
  template: string;
  method: string;
  operation: OperationObject;
}

/** A response the validator found wrong, with everything needed to find it. */
export interface ExchangeProblem {
  exchange: RecordedExchange;
  problem: string;
}

const DOCUMENT_ID = "https://yieldgrid.test/openapi.json";
const httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

let loaded: Promise<OpenApiValidator> | undefined;

/** The served document, fetched once per test file (with a plain fetch, so it is not itself recorded). */
export function loadOpenApiValidator(): Promise<OpenApiValidator> {
  loaded ??= (async () => {
    const res = await fetch(`${fixture().baseUrl}/api/v1/openapi.json`, {
      headers: { "x-forwarded-for": freshIp() },
    });
    if (res.status !== 200)
      throw new Error(`GET /api/v1/openapi.json answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return new OpenApiValidator((await res.json()) as OpenApiDocument);
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; segments: string[] }[];
  readonly basePath: string;

  constructor(readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    // The whole document is one schema resource, so "#/components/schemas/X" resolves inside it.
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: document.components } as object);
    this.basePath = (document.servers?.[0]?.url ?? "").replace(/\/$/, "");
    this.templates = Object.keys(document.paths).map((template) => ({
      template,
      segments: template.split("/").slice(1),
    }));
  }

  /** The path template that `path` (relative to the server url, query allowed) routes to; literal segments win over parameters. */
  matchPath(path: string): string | undefined {
    const segments = path.split(/[?#]/)[0]!.split("/").slice(1).map(safeDecode);
    const candidates = this.templates.filter(
      (t) =>
        t.segments.length === segments.length &&
        t.segments.every((s, i) => (isParam(s) ? segments[i] !== "" : s === segments[i])),
    );
    // Next.js routing: at the first segment where two templates differ, the literal one wins.
    candidates.sort((a, b) => {
      for (let i = 0; i < a.segments.length; i++) {
        const pa = isParam(a.segments[i]!);
        const pb = isParam(b.segments[i]!);
        if (pa !== pb) return pa ? 1 : -1;
      }
      return 0;
    });
    return candidates[0]?.template;
  }

  findOperation(method: string, path: string): MatchedOperation | { template?: string; problem: string } {
    const template = this.matchPath(path);
    if (!template) return { problem: "no path of the OpenAPI document matches this path" };
    const operation = this.document.paths[template]![method.toLowerCase()];
    if (!operation || !httpMethods.includes(method.toLowerCase()))
      return { template, problem: `the OpenAPI document has no ${method} operation on ${template}` };
    return { template, method: method.toLowerCase(), operation };
  }

  /** Problems of one exchange; an empty list when it conforms. */
  check(exchange: RecordedExchange): string[] {
    const method = exchange.method.toUpperCase();
    // A CORS preflight is answered by the wrapper for every path; it is no operation of the API.
    if (method === "OPTIONS")
      return exchange.status === 204 ? [] : [`OPTIONS answered ${exchange.status}, expected 204`];
    if (isKnownNextLimitation(exchange)) return [];
    const found = this.findOperation(method === "HEAD" ? "GET" : method, exchange.path);
    if (!("operation" in found)) return this.checkUndocumented(exchange, found);

    const responses = found.operation.responses ?? {};
    const key = String(exchange.status);
    const response = responses[key] ?? responses[`${key[0]}XX`] ?? responses.default;
    const where = `${found.method.toUpperCase()} ${found.template}`;
    if (!response)
      return [
        `status ${exchange.status} is not documented for ${where} (documented: ${Object.keys(responses).join(", ")})`,
      ];

    const schema = response.content?.["application/json"]?.schema;
    if (method === "HEAD" || !schema) {
      if (method !== "HEAD" && response.content)
        return [`${where} ${key} documents no application/json content`];
      return exchange.body === null ? [] : [`${where} ${key} documents no body, but the response has one`];
    }
    if (!exchange.contentType?.startsWith("application/json"))
      return [`Content-Type is ${exchange.contentType ?? "missing"}, the document says application/json`];
    if (typeof exchange.body !== "object" || exchange.body === null)
      return [`the body is not a JSON object or array: ${preview(exchange.body)}`];

    const problems = this.validate(schema, exchange.body).map(
      (e) => `body${e.instancePath} ${e.message}${paramsOf(e)}`,
    );
    const codes = documentedCodes(response.description);
    const code = (exchange.body as { error?: { code?: unknown } }).error?.code;
    if (codes.length > 0 && typeof code === "string" && !codes.includes(code))
      problems.push(
        `error code ${code} is not among the codes documented for ${where} ${key} (${codes.join(", ")})`,
      );
    return problems;
  }

  /** Validates a value against an (OpenAPI 3.1) schema object of the document. Returns Ajv's errors. */
  validate(schema: JsonObject, value: unknown): ErrorObject[] {
    const id = JSON.stringify(schema);
    let validate = this.compiled.get(id);
    if (!validate) {
      validate = this.ajv.compile({
        $id: `${DOCUMENT_ID}/response/${this.compiled.size}`,
        ...(rebaseRefs(schema) as JsonObject),
      } as object);
      this.compiled.set(id, validate);
    }
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  /** A component schema by name (e.g. "Instrument"), for direct validation. */
  component(name: string): JsonObject {
    const schema = this.document.components.schemas[name];
    if (!schema) throw new Error(`components.schemas.${name} is missing`);
    return { $ref: `#/components/schemas/${name}` };
  }

  /**
   * No operation: an unknown path must be 404 and a known path with an unsupported method 405 (D6), or an
   * error that comes before routing (401 for a bad key, 429); always the documented Error envelope.
   */
  private checkUndocumented(
    exchange: RecordedExchange,
    found: { template?: string; problem: string },
  ): string[] {
    const expected = found.template ? 405 : 404;
    if (![expected, 401, 429].includes(exchange.status))
      return [`${found.problem} (status ${exchange.status})`];
    if (exchange.method.toUpperCase() === "HEAD")
      return exchange.body === null ? [] : ["HEAD answered with a body"];
    return this.validate(this.component("Error"), exchange.body).map(
      (e) => `body${e.instancePath} ${e.message}${paramsOf(e)}`,
    );
  }
}

const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Known and accepted (TOOLCHAIN.md): a malformed %-escape in the path is answered by Next.js with a plain-text
 * 500 before any handler runs. Only that exact case is exempt.
 */
function isKnownNextLimitation(exchange: RecordedExchange): boolean {
  const path = exchange.path.split("?")[0]!;
  let malformed = false;
  try {
    decodeURI(path);
  } catch {
    malformed = true;
  }
  return malformed && exchange.status === 500 && typeof exchange.body === "string";
}

/** "#/components/..." refs point into the document resource, whatever the $id of the schema that holds them. */
function rebaseRefs(value: Json): Json {
  if (Array.isArray(value)) return value.map(rebaseRefs);
  if (value === null || typeof value !== "object") return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value))
    out[k] =
      k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `${DOCUMENT_ID}${v}` : rebaseRefs(v);
  return out;
}

/** Error codes named in a response description of the form "CODE: when; CODE: when". */
function documentedCodes(description: string | undefined): string[] {
  return [...(description ?? "").matchAll(/\b([A-Z][A-Z_]{2,}):/g)].map((m) => m[1]!);
}

const paramsOf = (e: ErrorObject) => {
  const params = Object.entries(e.params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");
  return params ? ` (${params})` : "";
};

const preview = (body: unknown) =>
  typeof body === "string" ? JSON.stringify(body.slice(0, 120)) : JSON.stringify(body);

let validatedUpTo = 0;

/** Checks the exchanges recorded since the last call; returns the problems instead of throwing. */
export async function findNonConformingExchanges(): Promise<ExchangeProblem[]> {
  const pending = recordedExchanges.slice(validatedUpTo);
  validatedUpTo = recordedExchanges.length;
  if (pending.length === 0) return [];
  const validator = await loadOpenApiValidator();
  return pending.flatMap((exchange) => validator.check(exchange).map((problem) => ({ exchange, problem })));
}

/**
 * Every response recorded through `api()` must conform to the served OpenAPI document: a documented status
 * for its operation and a body that validates. Throws one error listing every offending exchange.
 */
export async function validateRecordedExchanges(): Promise<void> {
  const problems = await findNonConformingExchanges();
  if (problems.length === 0) return;
  throw new Error(formatProblems(problems));
}

export function formatProblems(problems: ExchangeProblem[], max = 25): string {
  const byExchange = new Map<RecordedExchange, string[]>();
  for (const { exchange, problem } of problems)
    byExchange.set(exchange, [...(byExchange.get(exchange) ?? []), problem]);
  const entries = [...byExchange.entries()];
  const lines = entries.slice(0, max).map(([e, ps]) => {
    const body = JSON.stringify(e.body) ?? "";
    return `- ${e.method} ${e.path} -> ${e.status}\n    ${ps.join("\n    ")}\n    body: ${body.length > 300 ? body.slice(0, 300) + "…" : body}`;
  });
  if (entries.length > max) lines.push(`… and ${entries.length - max} more responses`);
  return `${entries.length} response(s) do not conform to the served OpenAPI document:\n${lines.join("\n")}`;
}
