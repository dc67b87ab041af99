import { describe, expect, it } from "vitest";
import { newRequestId } from "./request-id";

describe("request ids", () => {
  it("are req_ and 16 base64url characters, none repeated, across the blocks of random bytes they are cut from", () => {
    const ids = Array.from({ length: 2_000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
