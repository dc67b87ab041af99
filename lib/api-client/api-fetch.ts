import type { z } from "zod";
import { errorEnvelopeSchema } from "@/lib/schemas/common";

/** An API error as the browser sees it: the envelope's code and message, and the request id to quote. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

/** Fetches an /api/v1 path and parses the answer with the same schema the server answers with. */
export async function apiFetch<S extends z.ZodType>(path: string, schema: S, init?: RequestInit): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    throw new ApiClientError(0, "NETWORK_ERROR", "The server could not be reached. Check your connection and try again.", null);
  }
  const requestId = response.headers.get("x-request-id");
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const envelope = errorEnvelopeSchema.safeParse(body);
    if (envelope.success) {
      const { code, message, details } = envelope.data.error;
      throw new ApiClientError(response.status, code, message, details.requestId ?? requestId, details);
    }
    throw new ApiClientError(response.status, "HTTP_ERROR", `The server answered ${response.status}.`, requestId);
  }
  return schema.parse(body);
}
