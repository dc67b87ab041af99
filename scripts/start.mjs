// npm start: build when needed, then serve on PORT (default 3000, all interfaces) with the configured
// database, through scripts/serve.mjs in this process.
import { ensureBuild } from "./ensure-build.mjs";
import { serve } from "./serve.mjs";

await ensureBuild();
const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(2);
}
await serve({ port });
