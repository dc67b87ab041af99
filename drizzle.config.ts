import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/machinery/db/schema.ts",
  out: "./lib/machinery/db/migrations",
});
