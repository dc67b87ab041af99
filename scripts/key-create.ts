// npm run --silent key:create -- --name NAME --type test|live [--account 0xADDRESS] [--rate-limit N]
// Creates an API key in the configured database (migrating and seeding it first) and prints only the key.
import { parseArgs } from "node:util";
import { z } from "zod";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { addressSchema } from "@/lib/schemas/address";
import { apiKeyTypeSchema, createApiKeyRequestSchema } from "@/lib/schemas/api-keys";
import { openMigratedDatabase } from "@/lib/server/services";

// The account that owns keys made without --account: the zero address stands for "the operator".
const OPERATOR_ACCOUNT = "0x0000000000000000000000000000000000000000";

const argsSchema = z.object({
  name: createApiKeyRequestSchema.shape.name,
  type: apiKeyTypeSchema,
  account: addressSchema.default(OPERATOR_ACCOUNT),
  "rate-limit": z.coerce.number().int().min(1).optional(),
});

async function main() {
  const { values } = parseArgs({
    options: { name: { type: "string" }, type: { type: "string" }, account: { type: "string" }, "rate-limit": { type: "string" } },
    strict: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
    console.error("usage: npm run --silent key:create -- --name NAME --type test|live [--account 0xADDRESS] [--rate-limit N]");
    process.exit(2);
  }
  const database = await openMigratedDatabase();
  try {
    const { key } = await createApiKey({
      db: database.db,
      account: parsed.data.account,
      name: parsed.data.name,
      type: parsed.data.type,
      rateLimit: parsed.data["rate-limit"] ?? null,
      now: new Date(),
    });
    process.stdout.write(key + "\n");
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`key:create failed: ${message}`);
  if (!process.env.DATABASE_URL) console.error("With the embedded database, stop the server first: only one process may open it.");
  process.exit(1);
});
