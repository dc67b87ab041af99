// What the load benchmark (scripts/bench-load.mjs) watches from outside the instances: PostgreSQL's own
// view of their connections, the database's faults it causes, and each instance's resident memory.
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

/** The same server's maintenance database, from which a benchmark database is made or watched. */
function adminUrl(url) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return admin.toString();
}

const databaseName = (url) => decodeURIComponent(new URL(url).pathname.slice(1));
const quoted = (name) => `"${name.replaceAll('"', '""')}"`;

async function withAdmin(url, fn) {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops the database of `url` (ending its sessions) and creates it empty. */
export function recreateDatabase(url) {
  const name = quoted(databaseName(url));
  return withAdmin(url, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
}

/** Ends every session on the database of `url`, as a failover or an operator would; resolves with how many. */
export function terminateConnections(url) {
  return withAdmin(url, async (client) => {
    const { rows } = await client.query(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [databaseName(url)],
    );
    return rows.filter((r) => r.ended).length;
  });
}

/**
 * Samples pg_stat_activity every `everyMs`: the connections to the database of `url` per
 * application_name (each instance names its own: lib/machinery/db/client.ts, "yieldgrid pid <pid>").
 * `stop` resolves with the most seen per name.
 */
export async function sampleConnections(url, everyMs = 250) {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  const peaks = new Map();
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query(
        "select application_name as name, count(*)::int as n from pg_stat_activity where datname = $1 group by 1",
        [databaseName(url)],
      );
      for (const { name, n } of rows) peaks.set(name, Math.max(peaks.get(name) ?? 0, n));
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return peaks;
    },
  };
}

/** Resident memory (bytes) of every process in the process group `pgid` (Linux /proc; NaN elsewhere). */
export function processGroupRss(pgid) {
  let total = 0;
  let seen = false;
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return NaN;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      const rss = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${entry}/status`, "utf8"));
      if (rss) {
        total += Number(rss[1]) * 1024;
        seen = true;
      }
    } catch {
      // gone meanwhile
    }
  }
  return seen ? total : NaN;
}
