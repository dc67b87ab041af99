/**
 * The HTTP layer closest to the wire (under polite-fetch.ts): it reads each answer whole and checks
 * that it is the answer to the request sent, before viem decodes it. viem matches a batch's answers
 * to its calls by position after sorting them by id, and takes a single answer's `result` whatever its
 * id, so an answer with another id, or with neither a result nor an error, would be read as some
 * call's value. Here each becomes an error of that request instead, in words that say what was wrong:
 * - a body cut off mid-way (the connection closed before the promised length);
 * - a body that is not JSON;
 * - an answer whose id matches no call, a call answered twice or not at all;
 * - an answer with neither `result` nor a well-formed `error`.
 * Answers that are not 2xx are passed on unchecked: viem turns them into errors anyway. A request the
 * caller aborts (viem's timeout) keeps its abort error, so viem reports the timeout.
 */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The RPC answered something that is not a well-formed answer to the request. */
export class RpcAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RpcAnswerError";
  }
}

interface Call {
  id: unknown;
  method?: unknown;
}

interface Answer {
  id?: unknown;
  result?: unknown;
  error?: unknown;
}

export function createCheckedFetch(fetchImpl: Fetch = fetch): Fetch {
  return async (input, init = {}) => {
    const response = await fetchImpl(input, init);
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      if (init.signal?.aborted) throw err;
      throw new RpcAnswerError(`the RPC's answer was cut off: ${causeOf(err)}`);
    }
    if (response.ok && typeof init.body === "string") checkAnswer(init.body, text);
    const headers = new Headers(response.headers);
    // The text is passed on decoded: the original encoding and length no longer apply.
    headers.delete("content-encoding");
    headers.delete("content-length");
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };
}

/** Throws an RpcAnswerError unless `text` is a well-formed JSON-RPC answer to `body`. */
export function checkAnswer(body: string, text: string): void {
  let request: unknown;
  try {
    request = JSON.parse(body);
  } catch {
    return; // not a JSON-RPC request of viem's: nothing to match against
  }
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch (err) {
    throw new RpcAnswerError(`the RPC's answer is not JSON (${(err as Error).message}): ${excerpt(text)}`);
  }
  // A request refused as a whole: one error without an id, bare or in a one-element array (geth, for a batch).
  const whole = Array.isArray(answer) && answer.length === 1 && Array.isArray(request) ? answer[0] : answer;
  if (isObject(whole) && isWellFormedError(whole.error) && !("result" in whole) && (whole.id === null || whole.id === undefined)) return;

  const calls = (Array.isArray(request) ? request : [request]) as Call[];
  if (Array.isArray(request) !== Array.isArray(answer))
    throw new RpcAnswerError(`the RPC answered ${Array.isArray(answer) ? "a batch" : "a single answer"} to ${Array.isArray(request) ? `a batch of ${calls.length} calls` : "a single call"}`);
  const answers = (Array.isArray(answer) ? answer : [answer]) as unknown[];
  const pending = new Map(calls.map((c) => [String(c.id), c]));
  for (const a of answers) {
    if (!isObject(a)) throw new RpcAnswerError(`the RPC's answer holds ${excerpt(JSON.stringify(a))}, not an answer object`);
    const call = pending.get(String(a.id));
    if (!call) throw new RpcAnswerError(`the RPC's answer has the id ${JSON.stringify(a.id)}, which is no call's it was sent (${idsOf(calls)})`);
    pending.delete(String(a.id));
    const what = `the RPC's answer to ${String(call.method)} (id ${JSON.stringify(call.id)})`;
    if ("result" in a && a.error !== undefined) throw new RpcAnswerError(`${what} has both a result and an error`);
    if (!("result" in a) && a.error === undefined) throw new RpcAnswerError(`${what} has neither a result nor an error`);
    if (a.error !== undefined && !isWellFormedError(a.error)) throw new RpcAnswerError(`${what} has a malformed error: ${excerpt(JSON.stringify(a.error))}`);
  }
  if (pending.size > 0) throw new RpcAnswerError(`the RPC's answer leaves ${pending.size} of ${calls.length} calls unanswered (ids ${[...pending.keys()].join(", ")})`);
}

const isObject = (value: unknown): value is Answer => typeof value === "object" && value !== null && !Array.isArray(value);

/** JSON-RPC 2.0: an error object has a numeric code and a string message. */
function isWellFormedError(error: unknown): boolean {
  return isObject(error) && typeof (error as { code?: unknown }).code === "number" && typeof (error as { message?: unknown }).message === "string";
}

function idsOf(calls: Call[]): string {
  const ids = calls.map((c) => JSON.stringify(c.id));
  return ids.length > 6 ? `ids ${ids.slice(0, 6).join(", ")}, …` : `id${ids.length > 1 ? "s" : ""} ${ids.join(", ")}`;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `"${flat.slice(0, 80)}…" (${text.length} characters)` : `"${flat}"`;
}

/** The innermost reason of a failed body read (undici says "terminated", its cause "other side closed"). */
function causeOf(err: unknown): string {
  const reasons: string[] = [];
  for (let e = err as { message?: unknown; cause?: unknown } | undefined; e && reasons.length < 4; e = e.cause as typeof e) {
    if (typeof e.message === "string" && e.message) reasons.push(e.message);
  }
  return reasons.join(": ") || String(err);
}
