import http from "node:http";
import net from "node:net";

/** An HTTP response as the tests read it: the body parsed as JSON where it is JSON, null when empty, else the text. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON
export interface HttpAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}
export type RawResponse = HttpAnswer;

export function answerOf(status: number, headers: Headers, text: string): HttpAnswer {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status, headers, text, body };
}

/** A node:http response, read to its end. */
export function readIncoming(res: http.IncomingMessage): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on("data", (c: Buffer) => chunks.push(c));
    res.on("error", reject);
    res.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers))
        for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
      resolve(answerOf(res.statusCode ?? 0, headers, Buffer.concat(chunks).toString("utf8")));
    });
  });
}

/**
 * Writes `text` as it is to a fresh connection and parses what comes back (status line, headers,
 * body up to the close): for requests fetch() refuses to send, such as CONNECT, TRACE or a broken
 * request line.
 */
export function rawExchange(baseUrl: string, text: string): Promise<HttpAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
    socket.on("close", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = raw.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = new Headers();
      for (const line of lines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      let body = rest.join("\r\n\r\n");
      // Chunked transfer coding: take the chunks' data.
      if (/chunked/i.test(headers.get("transfer-encoding") ?? "")) {
        let out = "";
        for (let at = 0; ; ) {
          const eol = body.indexOf("\r\n", at);
          const size = parseInt(body.slice(at, eol), 16);
          if (!size) break;
          out += body.slice(eol + 2, eol + 2 + size);
          at = eol + 2 + size + 2;
        }
        body = out;
      }
      resolve(answerOf(Number(statusLine.split(" ")[1] ?? 0), headers, body));
    });
  });
}

/**
 * A request from a chosen local address (any of 127.0.0.0/8 on Linux): a client at another address
 * as the server sees it, without X-Forwarded-For.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, localAddress, agent: false }, (res) => void readIncoming(res).then(resolve, reject));
    req.on("error", reject);
    req.end(body);
  });
}
