import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, hashOfPresentedKey, parseApiKey } from "./key-format";

describe("API key format", () => {
  it("generates keys of the documented shape for each type", () => {
    for (const type of ["test", "live"] as const) {
      const { key, prefix, hash } = generateApiKey(type);
      expect(key).toMatch(new RegExp(`^yg_sk_${type}_[0-9A-Za-z]{49}$`));
      expect(prefix).toBe(key.slice(0, `yg_sk_${type}_`.length + 6));
      expect(hash).toBe(hashApiKey(key));
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(parseApiKey(key)).toEqual({ type, prefix });
    }
  });

  it("never repeats a key", () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey("live").key));
    expect(keys.size).toBe(200);
  });

  it("rejects a key with one character changed, by its checksum", () => {
    const { key } = generateApiKey("live");
    const i = 20;
    const changed = key.slice(0, i) + (key[i] === "a" ? "b" : "a") + key.slice(i + 1);
    expect(parseApiKey(changed)).toBeNull();
  });

  it("rejects malformed keys", () => {
    const { key } = generateApiKey("test");
    for (const bad of ["", "yg_sk_test_", key + "x", key.slice(0, -1), key.replace("test", "prod"), key.replace("yg_", "xx_"), ` ${key}`]) {
      expect(parseApiKey(bad)).toBeNull();
    }
  });

  it("hashes a presented key as hashApiKey does, every time, and refuses what parseApiKey refuses", () => {
    const keys = Array.from({ length: 1_500 }, () => generateApiKey("live").key); // more than it remembers
    for (let round = 0; round < 2; round++) for (const key of keys) expect(hashOfPresentedKey(key)).toBe(hashApiKey(key));
    const { key } = generateApiKey("test");
    hashOfPresentedKey(key);
    for (const bad of ["", key.slice(0, -1), key + "x", key.slice(0, 20) + (key[20] === "a" ? "b" : "a") + key.slice(21)]) {
      expect(hashOfPresentedKey(bad)).toBeNull();
      expect(hashOfPresentedKey(bad)).toBeNull();
    }
  });
});
