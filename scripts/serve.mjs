// The HTTP server of Yieldgrid: Next's request handler (its custom-server API, the same handlers as
// `next start`) behind a node:http server of ours, which
// - writes the connection's own address into X-Yieldgrid-Client-Address, replacing anything a client
//   sent under that name, so that rate limits need not trust X-Forwarded-For;
// - answers in the API's error envelope what would otherwise never reach a route handler: CONNECT,
//   methods Next has no handler for (TRACE, PROPFIND, …; under /api/v1 and at /api/mcp they are passed
//   on as a GET marked with X-Yieldgrid-Method, so that the route answers 405 with its Allow and
//   rate-limit headers) and requests Node's HTTP parser cannot read;
// - answers the build's scripts and stylesheets with Brotli when the browser accepts it
//   (scripts/lib/static-brotli.mjs), where Next would gzip them on every request;
// - stops gracefully on SIGTERM or SIGINT: no new connections, requests in flight finish, then the
//   app writes back its counters and closes the database (lib/api/services.ts) before the exit.
//
//   node scripts/serve.mjs [-p PORT] [-H HOST] [--dev]
//
// PORT (default 3000) and -H as `next start` takes them: without -H it listens on all interfaces.
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { apiResponseHeaders, errorEnvelope, HEADERS, PAGE_HEADERS } from "../lib/facts/http.mjs";
import nextConfig from "../next.config.mjs";
import { answerWithBrotli, loadStaticBrotli, finishStaticAssets } from "./lib/static-brotli.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

// Node writes request header names in lower case.
const CLIENT_ADDRESS_HEADER = HEADERS.clientAddress.toLowerCase();
const METHOD_HEADER = HEADERS.method.toLowerCase();
const APP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** How long to wait for instrumentation.ts to open the database before listening regardless. */
const STARTUP_WAIT_MS = 120_000;
/** How long requests in flight may take to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

const newRequestId = () => "req_" + randomBytes(12).toString("base64url");

/** The API's error envelope and headers (lib/facts/http.mjs), for answers given before the app is reached. */
function envelope(status, code, message, extraHeaders = {}, issues) {
  const requestId = newRequestId();
  const body = errorEnvelope(code, message, issues ? { issues } : {}, requestId);
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    ...apiResponseHeaders(requestId),
    ...extraHeaders,
  };
  return { status, headers, body, requestId };
}

/** The same envelope written straight to a socket whose request Node could not hand to us. */
function writeRaw(socket, { status, headers, body }) {
  const head = [`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`, ...Object.entries({ ...headers, Connection: "close" }).map(([k, v]) => `${k}: ${v}`)];
  socket.end(head.join("\r\n") + "\r\n\r\n" + body);
}

const parserProblems = {
  HPE_INVALID_METHOD: "an HTTP method this server does not know",
  HPE_INVALID_VERSION: "an HTTP version other than 1.0 or 1.1",
  HPE_INVALID_URL: "a malformed request target",
  HPE_INVALID_HEADER_TOKEN: "a malformed header",
  HPE_INVALID_CONSTANT: "a malformed request line",
};

function clientErrorAnswer(error) {
  if (error.code === "HPE_HEADER_OVERFLOW")
    return envelope(431, "REQUEST_HEADERS_TOO_LARGE", "The request line and headers exceed 16 KiB");
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT" || error.code === "ERR_HTTP_HEADERS_TIMEOUT")
    return envelope(408, "REQUEST_TIMEOUT", "The request did not arrive in time");
  const problem = parserProblems[error.code] ?? "a request that is not valid HTTP/1.1";
  return envelope(400, "BAD_REQUEST", `The request could not be read: ${problem}`, {}, [{ path: "request", message: problem }]);
}

const hostForUrl = (host) => (host.includes(":") ? `[${host}]` : host);

/**
 * Next runs instrumentation.ts after prepare() resolves: wait for it, so that the database is open (or
 * known to be down) and the embedded folder locked before we listen. A folder another process holds
 * ends this process there (lib/api/services.ts).
 */
async function waitForAppStart(started) {
  const waited = await Promise.race([started.then(() => true), new Promise((resolve) => setTimeout(resolve, STARTUP_WAIT_MS, false))]);
  if (!waited) console.error(`The app did not report its start within ${STARTUP_WAIT_MS / 1000} s; listening anyway.`);
}

/** Hands requests to Next's handler with our headers set, answering in the envelope what it would not take. */
function routeRequests(server, handle, brotliFiles) {
  server.on("request", (req, res) => {
    if (answerWithBrotli(brotliFiles, req, res, PAGE_HEADERS)) return;
    req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    delete req.headers[METHOD_HEADER];
    if (!APP_METHODS.has(req.method)) {
      if (/^\/api\/(v1(\/|\?|$)|mcp(\?|$))/.test(req.url ?? "")) {
        req.headers[METHOD_HEADER] = req.method;
        req.method = "GET";
      } else {
        const answer = envelope(405, "METHOD_NOT_ALLOWED", `${req.method} is not supported here; use GET or HEAD`, { Allow: "GET, HEAD" });
        res.writeHead(answer.status, answer.headers).end(answer.body);
        return;
      }
    }
    handle(req, res).catch((error) => {
      const answer = envelope(500, "INTERNAL_ERROR", "Something went wrong on our side. Quote the request id if you contact us.");
      console.error(JSON.stringify({ level: "error", msg: "unhandled error", requestId: answer.requestId, err: String(error?.stack ?? error) }));
      if (res.headersSent) res.destroy();
      else res.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  server.on("connect", (req, socket) => {
    writeRaw(socket, envelope(405, "METHOD_NOT_ALLOWED", "CONNECT is not supported: this server is not a proxy", { Allow: [...APP_METHODS].join(", ") }));
  });
  server.on("clientError", (error, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
    writeRaw(socket, clientErrorAnswer(error));
  });
}

/**
 * On SIGTERM or SIGINT: no new connections, requests in flight finish (cut after SHUTDOWN_GRACE_MS),
 * then the app writes back its counters and closes the database, and the process exits.
 */
function stopGracefully(server, app) {
  let stopping = null;
  const stop = (signal) => {
    if (stopping) {
      // A second signal while stopping: the caller insists.
      process.exit(1);
    }
    console.error(`Received ${signal}: finishing requests in flight, then writing back counters and closing the database…`);
    stopping = (async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(cut);
      await globalThis[Symbol.for("yieldgrid.shutdown")]?.();
      await app.close().catch(() => undefined);
      process.exit(0);
    })().catch((error) => {
      console.error(error);
      process.exit(1);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * Serves the built app (or, with `dev`, the development server) on `port` and `hostname`.
 * Resolves once it listens; the process then ends on SIGTERM or SIGINT after a graceful stop.
 */
export async function serve({ port, hostname, dev = false, dir = root }) {
  process.env.PORT = String(port);
  if (!dev) process.env.NODE_ENV = "production";
  const loopback = !hostname || hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname;
  let appStarted;
  const started = new Promise((resolve) => (appStarted = resolve));
  // Read by the app in this process (lib/api/http/client-address.ts): a marker that the headers above are
  // ours, and `started`, which the app calls once its first attempt to open the database is over.
  globalThis[Symbol.for("yieldgrid.serve")] = {
    internalUrl: `http://${hostForUrl(loopback)}:${port}`,
    started: appStarted,
  };

  const { default: next } = await import("next");
  const server = http.createServer();
  // httpServer only in development, for hot reloading over WebSockets; in production an Upgrade
  // request is then an ordinary request (Node hands it over when nobody listens for upgrades).
  const app = next({ dev, dir, hostname: hostname ?? "localhost", port, ...(dev && { httpServer: server }) });
  await app.prepare();
  // (The development server compiles instrumentation.ts on demand: there it runs after we listen.)
  if (!dev) await waitForAppStart(started);
  // Built by scripts/ensure-build.mjs already; a build made by a bare `next build` gets them here, once.
  // Where the build cannot be written to, what is there is used, and Next gzips the rest.
  const distDir = path.resolve(dir, nextConfig.distDir ?? ".next");
  const brotliFiles = dev
    ? new Map()
    : await finishStaticAssets(distDir)
        .catch((error) => console.error(`The build's scripts not finished (compile hints, Brotli copies: ${error.code ?? error.message}): Next serves them as built, gzipped.`))
        .then(() => loadStaticBrotli(distDir));
  routeRequests(server, app.getRequestHandler(), brotliFiles);
  stopGracefully(server, app);

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    if (hostname) server.listen(port, hostname, resolve);
    else server.listen(port, resolve);
  });
  console.error(`Yieldgrid ${dev ? "(development) " : ""}listening on http://${hostForUrl(hostname ?? "localhost")}:${port}`);
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" }, dev: { type: "boolean" } },
    strict: true,
  });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Not a port: ${values.port ?? process.env.PORT}`);
    process.exit(2);
  }
  await serve({ port, hostname: values.hostname, dev: values.dev ?? false });
}
