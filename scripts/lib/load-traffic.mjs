// Traffic for the load benchmark (scripts/bench-load.mjs): requests over kept-alive HTTP/1.1 connections
// to each instance, every outcome recorded with its start time, so that the report can tell what
// happened around each fault.
import http from "node:http";

const REQUEST_TIMEOUT_MS = 30_000;
/** After a failed request (refused, reset), a connection waits this long before trying again. */
const RETRY_PAUSE_MS = 100;

/**
 * One request; never rejects. `status` 0 is a request that got no answer (`error` says why: ECONNREFUSED,
 * ECONNRESET, timeout). `body` is kept only with `keepBody`.
 */
export function sendRequest(agent, origin, { method = "GET", path, headers = {}, body }, { keepBody = false } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const url = new URL(path, origin);
    const finish = (outcome) => resolve({ ms: performance.now() - started, ...outcome });
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { ...headers, ...(body !== undefined && { "content-type": "application/json", "content-length": Buffer.byteLength(body) }) },
      },
      (res) => {
        const chunks = [];
        let bytes = 0;
        res.on("data", (chunk) => {
          bytes += chunk.length;
          if (keepBody) chunks.push(chunk);
        });
        res.on("end", () => finish({ status: res.statusCode, bytes, headers: res.headers, ...(keepBody && { body: Buffer.concat(chunks).toString("utf8") }) }));
        res.on("error", (error) => finish({ status: 0, error: error.code ?? error.message }));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (error) => finish({ status: 0, error: error.code ?? error.message }));
    req.end(body);
  });
}

/** An agent keeping up to `connections` connections open to one instance. */
export const agentFor = (connections) => new http.Agent({ keepAlive: true, maxSockets: connections });

/**
 * Paces requests at `perSecond` (0: no pacing): each call resolves at the next free slot. Slots left
 * unused while every connection was busy are not made up later in a burst.
 */
function pacer(perSecond) {
  if (!perSecond) return async () => undefined;
  const interval = 1000 / perSecond;
  let next = performance.now();
  return () => {
    const slot = Math.max(next, performance.now());
    next = slot + interval;
    return new Promise((r) => setTimeout(r, slot - performance.now()));
  };
}

/**
 * Starts `connections` loops per instance, each sending `nextRequest(instance)` after the previous
 * answer, at most `perSecond` requests a second per instance (0: as fast as they are answered).
 * Every outcome goes to `record` as { t (ms since `t0`), instance, kind, status, ms, error }; `ms`
 * counts from the moment the request is sent. `instances` are { name, origin() }: the origin is read
 * per request, so a restarted instance is found where it now listens. Returns `stop`, which resolves
 * once every loop has ended.
 */
export function startTraffic({ instances, connections, perSecond = 0, nextRequest, record, t0 }) {
  let running = true;
  const loops = [];
  const agents = [];
  for (const instance of instances) {
    const agent = agentFor(connections);
    agents.push(agent);
    const slot = pacer(perSecond);
    for (let i = 0; i < connections; i++) {
      loops.push(
        (async () => {
          while (running) {
            await slot();
            if (!running) break;
            const request = nextRequest(instance.name);
            const t = performance.now() - t0;
            const outcome = await sendRequest(agent, instance.origin(), request);
            record({ t, instance: instance.name, kind: request.kind, status: outcome.status, ms: outcome.ms, error: outcome.error });
            if (outcome.status === 0 && running) await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
          }
        })(),
      );
    }
  }
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      for (const agent of agents) agent.destroy();
    },
  };
}

/** The p-th percentile (nearest rank) of numbers sorted ascending; NaN for none. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Picks one of `items` by weight: `[[weight, value], …]`. */
export function weighted(items, random = Math.random) {
  const total = items.reduce((s, [w]) => s + w, 0);
  let r = random() * total;
  for (const [w, value] of items) if ((r -= w) < 0) return value;
  return items.at(-1)[1];
}
