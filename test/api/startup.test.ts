import { count } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { seededInstruments, seededProtocols } from "@/lib/machinery/db/seed";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { openMigratedDatabase } from "@/lib/api/services";
import { fixture } from "../support/api";

describe.skipIf(fixture().databaseKind !== "postgres")("starting on PostgreSQL", () => {
  it("migrates and seeds exactly once when several instances start at the same moment", async () => {
    const url = new URL(fixture().databaseUrl!);
    const name = `yg_startup_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const fresh = new URL(url);
      fresh.pathname = `/${name}`;
      const started = await Promise.all([1, 2, 3].map(() => openMigratedDatabase(fresh.toString())));
      try {
        const [{ protocolCount } = { protocolCount: -1 }] = await started[0]!.db
          .select({ protocolCount: count() })
          .from(protocols);
        const [{ instrumentCount } = { instrumentCount: -1 }] = await started[0]!.db
          .select({ instrumentCount: count() })
          .from(instruments);
        expect(protocolCount).toBe(seededProtocols.length);
        expect(instrumentCount).toBe(seededInstruments.length);
      } finally {
        await Promise.all(started.map((d) => d.close()));
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
