// Stands in for the `server-only` marker package in tests (vitest.config.ts).
export {};
