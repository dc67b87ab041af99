import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getTableName, type Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "@/lib/machinery/db/schema";
import { writtenByChainSync, type CacheSource } from "./cache-sources";

// Cached answers are cleared by the writers of what they were computed from. This finds every module
// of the server that writes the tables a cache source is read from, and holds each to a known way its
// writes clear the answers: a new writer (an endpoint that edits instruments, say) fails here until it
// clears what it writes.

const root = path.resolve(import.meta.dirname, "../../..");
type Kind = CacheSource extends `${infer K}:${number}` ? K : never;

/** The tables each kind of source is read from (lib/machinery/cache/cache-sources.ts says what each holds). */
const tablesOf: Record<Kind, Table[]> = {
  // Records, figures and history; a vault discovery delisted is left out of the lists.
  instruments: [schema.instruments, schema.instrumentSnapshots, schema.discoveredVaults],
  protocols: [schema.protocols],
};

/** Every module that writes one of those tables, and why no cached answer outlives its writes. */
const writers: Record<string, string> = {
  "lib/machinery/sync/":
    "a chain's sync: the scheduler reports every chain it synced and the server clears writtenByChainSync of them (instrumentation.ts)",
  "lib/machinery/db/seed.ts": "runs as the database opens, before the response cache exists",
  "lib/machinery/db/yield-columns.ts":
    "moves the yield window at a UTC day's first read of instruments, before that read; no cached answer outlives its UTC day",
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { recursive: true })
    .map(String)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(dir, file.split(path.sep).join("/")));

/** A table's writes as the code spells them: drizzle's insert/update/delete of it, or SQL naming it. */
function writesOf(table: Table): RegExp[] {
  const identifier = Object.entries(schema).find(([, value]) => value === table)![0];
  const name = getTableName(table);
  return [
    new RegExp(`\\.(insert|update|delete)\\(\\s*${identifier}\\s*\\)`),
    new RegExp(`\\b(update|insert\\s+into|delete\\s+from)\\s+\\$\\{\\s*${identifier}\\s*\\}`, "i"),
    new RegExp(`\\b(update|insert\\s+into|delete\\s+from)\\s+"?${name}"?\\b`, "i"),
  ];
}

/** Where each kind of source is written: the files, each with the kinds it writes. */
function findWriters(): Map<string, Set<Kind>> {
  const found = new Map<string, Set<Kind>>();
  for (const file of [...sourceFiles("lib"), ...sourceFiles("app")]) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const [kind, tables] of Object.entries(tablesOf) as [Kind, Table[]][])
      if (tables.some((table) => writesOf(table).some((write) => write.test(text))))
        found.set(file, (found.get(file) ?? new Set()).add(kind));
  }
  return found;
}

const writerOf = (file: string) => Object.keys(writers).find((prefix) => file.startsWith(prefix));

describe("the writers of cached data", () => {
  const found = findWriters();

  it("are found by the scan: it sees drizzle writes and SQL writes alike", () => {
    expect(found.get("lib/machinery/sync/write-readings.ts")).toEqual(new Set(["instruments"])); // `update ${instruments}`
    expect(found.get("lib/machinery/sync/prune-history.ts")).toEqual(new Set(["instruments"])); // delete from instrument_snapshots
    expect(found.get("lib/machinery/sync/vault-review.ts")).toEqual(new Set(["instruments", "protocols"])); // .insert(protocols)
  });

  it("are each a writer whose writes clear the answers computed from them", () => {
    const unknown = [...found.keys()].filter((file) => !writerOf(file));
    expect(
      unknown,
      "these write data cached answers are computed from: clear what they write (see the writers above)",
    ).toEqual([]);
    // And the list holds no writer that no longer writes.
    for (const prefix of Object.keys(writers))
      expect(
        [...found.keys()].some((file) => file.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  it("include the sync, which clears every kind it writes of the chain it synced, and no other chain's", () => {
    const syncWrites = new Set(
      [...found]
        .filter(([file]) => writerOf(file) === "lib/machinery/sync/")
        .flatMap(([, kinds]) => [...kinds]),
    );
    expect([...syncWrites].sort()).toEqual(["instruments", "protocols"]);
    expect(writtenByChainSync([8453]).sort()).toEqual([...syncWrites].map((kind) => `${kind}:8453`).sort());
  });
});
