// createSiweMessage alone, for lib/client/queries/session.ts to import on demand: a dynamic import of
// "viem/siwe" itself would bring the whole entry (message parsing and signature recovery, ~40 kB gzip).
export { createSiweMessage } from "viem/siwe";
