import "server-only";
/**
 * The HTTP layer under viem's transport (its `fetchFn`), for providers that limit their callers,
 * public RPCs above all:
 * - a 429 (or a JSON-RPC "429" in a 200, as Alchemy answers batches) holds back every request to the
 *   endpoint for its Retry-After (seconds or an HTTP date; without one, a growing pause), then the
 *   request goes again; a wait longer than `maxWaitMs` fails at once instead, and requests within
 *   the pause fail without reaching the provider;
 * - JSON-RPC batches larger than the provider takes are split: a refusal (HTTP 413, or an error that
 *   says "batch") halves the batch size this endpoint is sent, and the parts go one after another; a
 *   batch whose body is over `maxBatchBytes` is split too, before it leaves (Anvil refuses a body over
 *   2 MB as a whole with "Invalid request", which names no batch), its parts together within `maxConcurrent`;
 * - at most `maxConcurrent` HTTP requests are in flight.
 * viem keeps its own timeout (it covers the waits here, and a request whose time runs out while it
 * waits its turn leaves at once) and its retries with backoff on errors.
 */
export interface PoliteFetchOptions {
  /** Most JSON-RPC calls in one HTTP request (learned downwards from refusals). */
  maxBatch: number;
  /** Largest body of a batch in one HTTP request; a single call larger than this goes alone. */
  maxBatchBytes: number;
  maxConcurrent: number;
  /** Longest pause honoured by waiting inside one request. */
  maxWaitMs: number;
  /** 429s in a row one request waits out before failing. */
  rateLimitRetries: number;
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const BATCH_REFUSED = /batch/i;
const RATE_LIMITED = /rate.?limit|too many requests|request limit/i;
/** Larger answers are data, not a refusal: they are passed on without being parsed here. */
const SMALL_ANSWER = 16_384;

/** The answer to a request made while the provider's pause lasts: it never reaches the provider. */
function pausedResponse(waitMs: number): Response {
  const message = `rate limited by the RPC provider: it asked for a pause, ${Math.ceil(waitMs / 1000)} s left`;
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: 429, message } }), {
    status: 429,
    headers: { "content-type": "application/json" },
  });
}

export function createPoliteFetch(options: PoliteFetchOptions, fetchImpl: Fetch = fetch): Fetch {
  const endpoint = new PoliteEndpoint(options, fetchImpl);
  return async (input, init = {}) => {
    const body = typeof init.body === "string" ? init.body : null;
    if (body === null) return fetchImpl(input, init);
    return endpoint.send(input, init, batchCallsOf(body), body);
  };
}

/** The calls of a JSON-RPC batch; null for a single call (or a body that is not JSON). */
function batchCallsOf(body: string): unknown[] | null {
  if (!body.startsWith("[")) return null;
  try {
    return JSON.parse(body) as unknown[];
  } catch {
    return null;
  }
}

/** What one endpoint has taught its client: the batch size it takes, and the pause it asked for. */
class PoliteEndpoint {
  private maxBatch: number;
  private pausedUntil = 0;
  private readonly slots: ConcurrencyGate;

  constructor(
    private readonly options: PoliteFetchOptions,
    private readonly fetchImpl: Fetch,
  ) {
    this.maxBatch = Math.max(1, options.maxBatch);
    this.slots = new ConcurrencyGate(options.maxConcurrent);
  }

  /** Sends `body` (`calls`, when it is a batch), in parts when the batch is larger than the endpoint takes. */
  async send(url: string | URL | Request, init: RequestInit, calls: unknown[] | null, body: string): Promise<Response> {
    if (calls && (calls.length > this.maxBatch || (calls.length > 1 && body.length > this.options.maxBatchBytes)))
      return this.sendInParts(url, init, calls);
    const { response, text } = await this.exchange(url, init, body);
    if (calls && calls.length > 1 && batchRefused(response, text)) {
      this.maxBatch = Math.max(1, Math.min(this.maxBatch, Math.floor(calls.length / 2)));
      return this.send(url, init, calls, body);
    }
    return new Response(text, { status: response.status, statusText: response.statusText, headers: textHeaders(response.headers) });
  }

  /**
   * The batch in parts of the endpoint's size and bytes, answered as one batch. Parts of a batch split
   * for its bytes alone go out together (within maxConcurrent); once the endpoint has refused a batch
   * size they go one after another, so that a part refused again teaches the size before the next leaves.
   */
  private async sendInParts(url: string | URL | Request, init: RequestInit, calls: unknown[]): Promise<Response> {
    const sendPart = async (part: { calls: unknown[]; body: string }) => {
      const response = await this.send(url, init, part.calls, part.body);
      return { response, answer: response.ok ? ((await response.json()) as unknown) : undefined };
    };
    const parts = this.partsOf(calls);
    const responses: Awaited<ReturnType<typeof sendPart>>[] = [];
    if (this.maxBatch >= this.options.maxBatch) responses.push(...(await Promise.all(parts.map(sendPart))));
    else
      for (const part of parts) {
        const sent = await sendPart(part);
        responses.push(sent);
        if (!sent.response.ok) break;
      }
    const answers: unknown[] = [];
    for (const { response, answer } of responses) {
      if (!response.ok) return response;
      if (!Array.isArray(answer)) return jsonResponse(answer, response);
      answers.push(...answer);
    }
    return jsonResponse(answers);
  }

  /** Consecutive parts of at most maxBatch calls and (unless one call alone is larger) maxBatchBytes. */
  private partsOf(calls: unknown[]): { calls: unknown[]; body: string }[] {
    const parts: { calls: unknown[]; texts: string[]; bytes: number }[] = [];
    for (const call of calls) {
      const text = JSON.stringify(call);
      const last = parts.at(-1);
      // "[", "]" and a comma per call besides the calls themselves.
      if (last && last.calls.length < this.maxBatch && last.bytes + text.length + 1 <= this.options.maxBatchBytes) {
        last.calls.push(call);
        last.texts.push(text);
        last.bytes += text.length + 1;
      } else parts.push({ calls: [call], texts: [text], bytes: text.length + 2 });
    }
    return parts.map((p) => ({ calls: p.calls, body: `[${p.texts.join(",")}]` }));
  }

  /** One HTTP exchange, after any pause the provider asked for; the answer's text read once. */
  private async exchange(url: string | URL | Request, init: RequestInit, body: string): Promise<{ response: Response; text: string }> {
    for (let attempt = 0; ; attempt++) {
      const wait = this.pausedUntil - Date.now();
      if (wait > this.options.maxWaitMs) {
        const response = pausedResponse(wait);
        return { response, text: await response.clone().text() };
      }
      if (wait > 0) await sleep(wait, init.signal);
      await this.slots.acquire(init.signal);
      let response: Response;
      let text: string;
      try {
        response = await this.fetchImpl(url, { ...init, body });
        text = await response.text();
      } finally {
        this.slots.release();
      }
      if (!isRateLimited(response, text)) return { response, text };
      const pause = retryAfterMs(response.headers.get("retry-after")) ?? 1_000 * 2 ** attempt;
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + pause);
      if (attempt >= this.options.rateLimitRetries || pause > this.options.maxWaitMs) {
        // viem would sleep for any Retry-After it sees: the answer goes on without it.
        const headers = textHeaders(response.headers);
        headers.delete("retry-after");
        return { response: new Response(text, { status: response.status, statusText: response.statusText, headers }), text };
      }
    }
  }
}

/** At most `max` holders at once; the others wait their turn, first come first served. */
class ConcurrencyGate {
  private inFlight = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async acquire(signal?: AbortSignal | null) {
    while (this.inFlight >= this.max) {
      if (signal?.aborted) throw signal.reason;
      // A request whose time runs out while it waits leaves the queue at once (its timeout covers the wait).
      await new Promise<void>((resolve) => {
        const onAbort = () => {
          const at = this.queue.indexOf(wake);
          if (at >= 0) this.queue.splice(at, 1);
          resolve();
        };
        const wake = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        this.queue.push(wake);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    }
    if (signal?.aborted) {
      this.queue.shift()?.(); // pass the free slot on
      throw signal.reason;
    }
    this.inFlight++;
  }

  release() {
    this.inFlight--;
    this.queue.shift()?.();
  }
}

function isRateLimited(response: Response, text: string): boolean {
  if (response.status === 429) return true;
  if (text.length > SMALL_ANSWER || !text.includes('"error"')) return false;
  return errorsIn(text).some((e) => e.code === 429 || e.code === -32007 || RATE_LIMITED.test(e.message));
}

/** Whether the provider refused the batch as a whole: HTTP 413, one "batch" error, or one per call. */
function batchRefused(response: Response, text: string): boolean {
  if (response.status === 413) return true;
  if (text.length > SMALL_ANSWER || !text.includes('"error"')) return false;
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return false;
  }
  const list = Array.isArray(answer) ? answer : [answer];
  return list.length > 0 && list.every((a) => BATCH_REFUSED.test(String((a as { error?: { message?: unknown } })?.error?.message ?? "")));
}

function errorsIn(text: string): { code: unknown; message: string }[] {
  try {
    const answer = JSON.parse(text) as unknown;
    return (Array.isArray(answer) ? answer : [answer]).flatMap((a) => {
      const error = (a as { error?: { code?: unknown; message?: unknown } })?.error;
      return error ? [{ code: error.code, message: String(error.message ?? "") }] : [];
    });
  } catch {
    return [];
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1_000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The headers of an answer passed on as decoded text: its transfer encoding and length no longer apply. */
function textHeaders(original: Headers): Headers {
  const headers = new Headers(original);
  headers.delete("content-encoding");
  headers.delete("content-length");
  return headers;
}

function jsonResponse(answer: unknown, like?: Response): Response {
  return new Response(JSON.stringify(answer), {
    status: like?.status ?? 200,
    headers: { "content-type": "application/json" },
  });
}

function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
