import "server-only";
// What a request carries to a handler, read and checked in the documented order: the query (a
// repeated parameter is a 400), control characters anywhere, the body (415, 413, then 400), the
// endpoint's guard, then path parameters, query and body parsed by the endpoint's schemas.
import type { Endpoint } from "@/lib/api/http/endpoint";
import type { Services } from "@/lib/api/services";
import type { Issue } from "@/lib/domain/errors";
import { ApiError, badRequest } from "./errors";

export interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  /** The query as sent, one value per name (for the response cache's key). */
  rawQuery: Record<string, string>;
}

type PathParams = Record<string, string>;

/** Reads and parses the input of `endpoint`; throws the 4xx a caller gets for a bad one. */
export async function readInput(endpoint: Endpoint, request: Request, url: URL, params: PathParams, services: Services): Promise<ParsedInput> {
  const rawQuery = readQuery(url.searchParams);
  rejectControlCharacters(controlCharactersInParameters(rawQuery), controlCharactersInParameters(params));
  if (!endpoint.query) rejectQuery(rawQuery);
  const payload = endpoint.body ? await readJsonBody(request) : undefined;
  if (endpoint.body) rejectControlCharacters(controlCharactersInBody(payload, endpoint.multilineFields));
  endpoint.guard?.(request, services);
  return {
    params: endpoint.params ? endpoint.params.parse(params) : {},
    query: endpoint.query ? endpoint.query.parse(rawQuery) : {},
    body: endpoint.body ? endpoint.body.parse(payload) : {},
    rawQuery,
  };
}

function rejectControlCharacters(...found: Issue[][]) {
  const issues = found.flat();
  if (issues.length > 0) throw badRequest(`Invalid request: ${issues[0]!.path} ${issues[0]!.message}`, issues);
}

// --- the query string

const unknownParameter = (name: string) => ({ path: name, message: "is not a known field or parameter" });

/**
 * The query parameters, each given at most once: a repeated one is a 400 (no endpoint takes a list
 * that way). No prototype, so a parameter named __proto__ is a parameter like any other.
 */
export function readQuery(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = Object.create(null);
  for (const [name, value] of params) {
    // zod's strict objects do not see a __proto__ key, so it is refused here, as no endpoint takes it.
    if (name === "__proto__") throw badRequest("Unknown query parameter __proto__", [unknownParameter(name)]);
    if (Object.hasOwn(query, name))
      throw badRequest(`Query parameter ${name} is given more than once`, [{ path: name, message: "given more than once" }]);
    query[name] = value;
  }
  return query;
}

/** An endpoint without a query schema takes no parameter at all. */
export function rejectQuery(query: Record<string, string>) {
  const names = Object.keys(query);
  if (names.length > 0)
    throw badRequest(`Unknown query parameter ${names[0]}: this endpoint takes none`, names.map(unknownParameter));
}

/** The query in one order, so the response cache holds one answer per meaning. */
export const canonicalQuery = (query: Record<string, string>) =>
  Object.keys(query)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(query[k]!)}`)
    .join("&");

// --- the body

export const MAX_BODY_BYTES = 16 * 1024;

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a JSON object body in the documented order: 415 for a non-JSON Content-Type, 413 for more
 * than 16 KiB (by Content-Length, then by counting bytes as they arrive, for chunked bodies), 400 for
 * anything that is not a JSON object.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!JSON_MEDIA_TYPE.test(contentType))
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON with Content-Type: application/json");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(concat(chunks, size));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest("The body is not valid JSON", [{ path: "", message: "malformed JSON" }]);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw badRequest("The body must be a JSON object", [{ path: "", message: "expected an object" }]);
  return parsed as Record<string, unknown>;
}

// The rest of an oversized body is never read, so the connection cannot be reused for another request.
const tooLarge = () =>
  new ApiError("PAYLOAD_TOO_LARGE", `The body must not exceed ${MAX_BODY_BYTES} bytes`, { maxBytes: MAX_BODY_BYTES }, { Connection: "close" });

function concat(chunks: Uint8Array[], size: number) {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

// --- control characters

/**
 * NUL and the other C0 control characters (U+0000–U+001F) are refused in every string a request
 * carries to a handler: query names and values, path parameters, body fields and
 * body keys. PostgreSQL cannot store NUL at all, and no field of this API means any of them. Text
 * that may span lines keeps tab, CR and LF: the fields an endpoint declares multi-line. Elsewhere those
 * three may only surround a value, as whitespace its field trims or refuses by its own rules
 * (`"name": " x\t"` is the name "x"); inside a one-line value they are refused.
 */
const ANY_CONTROL = /[\u0000-\u001f]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const LINE_BREAK = /[\t\n\r]/;
const SURROUNDING_SPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** The first character refused in a one-line value, or null. */
function refusedInLine(value: string): string | null {
  if (!ANY_CONTROL.test(value)) return null; // nearly every value: one scan, no copy
  return CONTROL_BUT_LINE_BREAKS.exec(value)?.[0] ?? LINE_BREAK.exec(value.replace(SURROUNDING_SPACE, ""))?.[0] ?? null;
}


const describe = (char: string) => `contains the control character U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

/** Issues for query parameters and path parameters (single-line everywhere). */
export function controlCharactersInParameters(values: Record<string, string | string[] | undefined>): Issue[] {
  const issues: Issue[] = [];
  for (const name in values) {
    const inName = ANY_CONTROL.exec(name)?.[0];
    if (inName) issues.push({ path: JSON.stringify(name).slice(1, -1), message: describe(inName) });
    const value = values[name];
    for (const [i, item] of (Array.isArray(value) ? value : value === undefined ? [] : [value]).entries()) {
      const refused = refusedInLine(item);
      if (refused) issues.push({ path: Array.isArray(value) ? `${name}.${i}` : name, message: describe(refused) });
    }
  }
  return issues;
}

/** Issues for every string (and key) in a JSON body, at its dotted path; `multilineFields` may hold line breaks. */
export function controlCharactersInBody(body: unknown, multilineFields: readonly string[] = []): Issue[] {
  const multiline = new Set(multilineFields);
  const issues: Issue[] = [];
  const walk = (value: unknown, path: string, depth: number) => {
    if (typeof value === "string") {
      const refused = multiline.has(path) ? (CONTROL_BUT_LINE_BREAKS.exec(value)?.[0] ?? null) : refusedInLine(value);
      if (refused) issues.push({ path, message: describe(refused) });
    } else if (Array.isArray(value)) {
      if (depth < 32) value.forEach((item, i) => walk(item, path ? `${path}.${i}` : String(i), depth + 1));
    } else if (value !== null && typeof value === "object" && depth < 32) {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        const inKey = ANY_CONTROL.exec(key)?.[0];
        if (inKey) issues.push({ path: JSON.stringify(at).slice(1, -1), message: `the field name ${describe(inKey)}` });
        walk(item, at, depth + 1);
      }
    }
  };
  walk(body, "", 0);
  return issues;
}
