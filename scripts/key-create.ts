// npm run --silent key:create -- --name NAME --type test|live [--account 0xADDRESS] [--rate-limit N]
// Creates an API key in the configured database (migrating and seeding it first) and prints only the key.
// On the embedded database held by a running server, the server creates it (lib/api/operator.ts).
import { parseArgs } from "node:util";
import { z } from "zod";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { DataDirLockedError, lockHolderOf, type LockHolder } from "@/lib/machinery/db/data-dir-lock";
import { embeddedDataDir } from "@/lib/machinery/db/client";
import { OPERATOR_KEYS_PATH, OPERATOR_SECRET_HEADER, operatorKeyRequestSchema, type OperatorKeyRequest } from "@/lib/api/operator";
import { openMigratedDatabase } from "@/lib/api/services";

const USAGE = "usage: npm run --silent key:create -- --name NAME --type test|live [--account 0xADDRESS] [--rate-limit N]";
/** How long to wait for a server that holds the folder but does not answer yet (it is starting). */
const SERVER_WAIT_MS = 30_000;

function readArgs(): z.output<typeof operatorKeyRequestSchema> {
  const { values } = parseArgs({
    options: { name: { type: "string" }, type: { type: "string" }, account: { type: "string" }, "rate-limit": { type: "string" } },
    strict: true,
  });
  const rateLimit = values["rate-limit"];
  const parsed = operatorKeyRequestSchema
    .extend({ rateLimit: z.coerce.number().int().min(1).nullable().default(null) })
    .safeParse({ name: values.name, type: values.type, account: values.account, rateLimit: rateLimit ?? null });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      console.error(`--${issue.path.map((p) => (p === "rateLimit" ? "rate-limit" : String(p))).join(".")}: ${issue.message}`);
    console.error(USAGE);
    process.exit(2);
  }
  return parsed.data;
}

const fail = (message: string): never => {
  console.error(`key:create failed: ${message}`);
  process.exit(1);
};

/** Asks the server holding the embedded folder to create the key; retries while it is still starting. */
async function createThroughServer(dataDir: string, first: LockHolder, request: OperatorKeyRequest): Promise<string> {
  const deadline = Date.now() + SERVER_WAIT_MS;
  let holder: LockHolder | null = first;
  for (;;) {
    if (!holder) fail(`the server that held ${dataDir} stopped; run key:create again`);
    if (holder!.operator) {
      try {
        const res = await fetch(holder!.operator.url + OPERATOR_KEYS_PATH, {
          method: "POST",
          headers: { "content-type": "application/json", [OPERATOR_SECRET_HEADER]: holder!.operator.secret },
          body: JSON.stringify(request),
        });
        const body = (await res.json().catch(() => null)) as { data?: { key?: string }; error?: { message?: string } } | null;
        if (res.status === 201 && body?.data?.key) return body.data.key;
        // 503: the server's database is not open yet (or down); anything else is final.
        if (res.status !== 503) fail(`the server (process ${holder!.pid}) answered ${res.status}: ${body?.error?.message ?? "no message"}`);
      } catch {
        // not listening yet
      }
    } else if (holder!.command !== "server") {
      fail(new DataDirLockedError(dataDir, holder!).message + " Run key:create again when it has finished.");
    }
    if (Date.now() > deadline) fail(`the server (process ${holder!.pid}) holding ${dataDir} did not answer within ${SERVER_WAIT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
    holder = lockHolderOf(dataDir);
  }
}

async function main() {
  const request = readArgs();
  let database;
  try {
    database = await openMigratedDatabase(undefined, { command: "npm run key:create" });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stdout.write((await createThroughServer(embeddedDataDir(), error.holder, request)) + "\n");
    return;
  }
  try {
    const { key } = await createApiKey({ db: database.db, ...request, now: new Date() });
    process.stdout.write(key + "\n");
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
