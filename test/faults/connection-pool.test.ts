import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationNameOf } from "@/lib/machinery/db/client";
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from "../support/postgres-cluster";
import { call, serversOfFile, type Answer } from "../support/server";

/*
 * DATABASE_POOL_SIZE is every connection one instance opens to PostgreSQL: its queries, its rate-limit
 * counters, its start-up lock and migrations. Counted by PostgreSQL itself (pg_stat_activity), while a
 * server answers a burst of requests that each miss the response cache (distinct filters) and count
 * a distinct client address, so that both kinds of connection are wanted at once.
 */

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(() => cluster?.destroy());
const servers = serversOfFile("pool");

/** The most connections named after `pid` seen while `work` runs, sampled every 10 ms. */
async function peakConnections(url: string, pid: number, work: () => Promise<void>): Promise<number> {
  const observer = new pg.Client({ connectionString: url });
  await observer.connect();
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const { rows } = await observer.query<{ n: string }>("select count(*) as n from pg_stat_activity where application_name = $1", [applicationNameOf(pid)]);
      peak = Math.max(peak, Number(rows[0]!.n));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampling;
    await observer.end();
  }
  return peak;
}

describe.skipIf(!postgresBinDir())("database connections per instance", () => {
  it.each([1, 4, 10])("DATABASE_POOL_SIZE=%i bounds them all, under a burst of uncached requests", async (size) => {
    const database = `pool_${size}`;
    await cluster.createDatabase(database);
    const server = await servers.start(`pool-${size}`, { DATABASE_URL: cluster.url(database), DATABASE_POOL_SIZE: String(size), TRUSTED_PROXY_HOPS: "1" });
    const answers: Answer[] = [];
    const peak = await peakConnections(cluster.url(database), server.pid, async () => {
      for (let round = 0; round < 3; round++) {
        const burst = Array.from({ length: 60 }, (_, i) => {
          const n = round * 60 + i;
          return call(server, `/instruments?limit=100&minTvl=${n}&sortBy=${n % 2 ? "tvl" : "apy"}`, { ip: `198.51.100.${1 + (n % 250)}` });
        });
        answers.push(...(await Promise.all(burst)));
      }
    });
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text.slice(0, 200)}`)).toEqual([]);
    console.log(`DATABASE_POOL_SIZE=${size}: at most ${peak} connections during ${answers.length} requests`);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(size);
  });
});
