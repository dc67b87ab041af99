import "server-only";
import { randomFillSync } from "node:crypto";

// Random bytes for request ids, drawn from the CSPRNG in blocks and turned into text a block at a
// time: one call per request costs more than the rest of the id. 12 bytes are exactly 16 base64url
// characters, so the block's text splits into ids without padding or overlap.
const ID_BYTES = 12;
const ID_CHARS = 16;
const IDS_PER_BLOCK = 512;
const block = Buffer.alloc(ID_BYTES * IDS_PER_BLOCK);
let blockText = "";
let nextId = IDS_PER_BLOCK;

/** `req_` and 16 base64url characters (96 random bits): quoted in error details and the log. */
export function newRequestId(): string {
  if (nextId === IDS_PER_BLOCK) {
    randomFillSync(block);
    blockText = block.toString("base64url");
    nextId = 0;
  }
  const at = ID_CHARS * nextId++;
  return "req_" + blockText.slice(at, at + ID_CHARS);
}
