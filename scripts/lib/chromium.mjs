// Debian's Chromium, as the browser tests (playwright.config.ts), `npm test` and `npm run bench:web`
// run it: no browser downloads here.

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** No sandbox (root), no GPU, and no traffic of its own that would reach the network or show up in measurements. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
