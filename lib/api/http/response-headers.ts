import "server-only";
import { apiResponseHeaders, HEADERS } from "@/lib/facts/http.mjs";

/** Where the steps of a request set the headers of its answer (a Headers object will do too). */
export interface HeaderSink {
  set(name: string, value: string): void;
  has(name: string): boolean;
}

const REQUEST_ID = HEADERS.requestId.toLowerCase();
/** The headers of every API answer besides its request id, which are the same for all. */
const everyAnswer = Object.fromEntries(
  Object.entries(apiResponseHeaders("")).flatMap(([name, value]) =>
    name.toLowerCase() === REQUEST_ID ? [] : [[name.toLowerCase(), value]],
  ),
);

/**
 * The headers of one API answer, gathered by lower-case name as the request goes along and handed to
 * its Response once. A Headers object would check and copy every header twice, once into itself and
 * once into the Response, on every request.
 */
export class ResponseHeaders implements HeaderSink {
  readonly values: Record<string, string>;

  /** The headers every API answer carries (lib/facts/http.mjs), for this request id. */
  constructor(requestId: string) {
    this.values = { [REQUEST_ID]: requestId, ...everyAnswer };
  }

  set(name: string, value: string) {
    this.values[name.toLowerCase()] = value;
  }

  has(name: string) {
    return Object.hasOwn(this.values, name.toLowerCase());
  }
}
