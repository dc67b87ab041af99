import "server-only";

/**
 * Request log lines, written together once per turn of the event loop: writing to a file or a pipe
 * is a synchronous system call, and under load one write then carries the lines of every request
 * answered in that turn instead of one each. Lines keep their order; whatever is pending when the
 * process exits is written then. One buffer per process, however many times Next loads this module.
 */
interface RequestLog {
  lines: string[];
  scheduled: boolean;
}

const logKey = Symbol.for("yieldgrid.requestLog");
type LogGlobal = typeof globalThis & { [logKey]?: RequestLog };

function requestLog(): RequestLog {
  const g = globalThis as LogGlobal;
  if (!g[logKey]) {
    const log: RequestLog = { lines: [], scheduled: false };
    g[logKey] = log;
    process.once("exit", () => flush(log));
  }
  return g[logKey];
}

function flush(log: RequestLog) {
  log.scheduled = false;
  if (log.lines.length === 0) return;
  const text = log.lines.join("");
  log.lines = [];
  process.stdout.write(text);
}

/** Queues one line (ending in a newline) for the process's standard output. */
export function writeRequestLine(line: string) {
  const log = requestLog();
  log.lines.push(line);
  if (!log.scheduled) {
    log.scheduled = true;
    setImmediate(() => flush(log));
  }
}
