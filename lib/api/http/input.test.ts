import { describe, expect, it } from "vitest";
import { controlCharactersInBody, controlCharactersInParameters } from "./input";

const c0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));
const lineBreaks = ["\t", "\n", "\r"];

describe("controlCharactersInParameters", () => {
  it("refuses every C0 character inside a value, and in a name", () => {
    for (const c of c0) {
      expect(controlCharactersInParameters({ search: `a${c}b` }), JSON.stringify(c)).toEqual([
        { path: "search", message: `contains the control character U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` },
      ]);
      expect(controlCharactersInParameters({ [`a${c}b`]: "1" })[0]!.path).toBe(JSON.stringify(`a${c}b`).slice(1, -1));
    }
  });

  it("lets tab, CR and LF surround a value (its own rules trim or refuse it), nothing else", () => {
    for (const c of lineBreaks) expect(controlCharactersInParameters({ name: ` ${c}usdc${c} ` })).toEqual([]);
    for (const c of c0.filter((c) => !lineBreaks.includes(c))) expect(controlCharactersInParameters({ name: `usdc${c}` })).toHaveLength(1);
  });

  it("checks every item of a catch-all path parameter and passes ordinary text untouched", () => {
    expect(controlCharactersInParameters({ path: ["ok", "b\u0000d"] })).toEqual([{ path: "path.1", message: "contains the control character U+0000" }]);
    expect(controlCharactersInParameters({ search: "usdc é 漢字 🙂", limit: "10" })).toEqual([]);
  });
});

describe("controlCharactersInBody", () => {
  it("finds strings at their dotted path, in arrays and nested objects, and in field names", () => {
    const issues = controlCharactersInBody({ address: "0x\u0000", chainIds: ["1", "x\u001by"], nested: { "k\u0007": 1 } });
    expect(issues.map((i) => i.path)).toEqual(["address", "chainIds.1", "nested.k\\u0007"]);
  });

  it("keeps tab, CR and LF in a field declared multi-line (the sign-in message), and nowhere else", () => {
    const message = "app.example wants you to sign in\r\n\tURI: https://app.example\nNonce: abc";
    expect(controlCharactersInBody({ message, signature: "0x00" }, ["message"])).toEqual([]);
    expect(controlCharactersInBody({ message: "a\u0000b" }, ["message"])).toHaveLength(1);
    expect(controlCharactersInBody({ signature: "0x\n00" }, ["message"])).toHaveLength(1);
    expect(controlCharactersInBody({ name: "two\nlines" })).toHaveLength(1);
    expect(controlCharactersInBody({ name: "  x\t " })).toEqual([]);
  });
});
