import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatedFiles, root } from "./generated-files";

const files = await generatedFiles();

describe("the committed generated files", () => {
  it.each(Object.entries(files))("%s is what `npm run generate` writes from its sources", (file, text) => {
    expect(readFileSync(path.join(root, file), "utf8"), `${file} is stale: run npm run generate`).toBe(text);
  });
});
