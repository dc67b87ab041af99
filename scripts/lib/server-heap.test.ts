import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverNodeArgs } from "./server-heap.mjs";

const root = path.resolve(__dirname, "../..");

describe("the server's heap cap", () => {
  it("is the same for `npm start` as for the servers the tests and benchmarks start", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`node ${serverNodeArgs.join(" ")} scripts/start.mjs`);
  });
});
