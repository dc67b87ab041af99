import { ApiError } from "./errors";

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
    throw new ApiError("BAD_REQUEST", "The body is not valid JSON", { issues: [{ path: "", message: "malformed JSON" }] });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new ApiError("BAD_REQUEST", "The body must be a JSON object", { issues: [{ path: "", message: "expected an object" }] });
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
