import "server-only";
import { randomFillSync } from "node:crypto";

// Random bytes for request ids, drawn from the CSPRNG in blocks: one call per request costs more than the rest of the id.
const idPool = Buffer.alloc(12 * 512);
let idOffset = idPool.length;

/** `req_` and 16 base64url characters (96 random bits): quoted in error details and the log. */
export function newRequestId(): string {
  if (idOffset === idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  idOffset += 12;
  return "req_" + idPool.toString("base64url", idOffset - 12, idOffset);
}
