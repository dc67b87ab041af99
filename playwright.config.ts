import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/lib/chromium.mjs";
import { e2ePort } from "./scripts/lib/e2e-files.mjs";

const port = e2ePort();
export const baseURL = `http://127.0.0.1:${port}`;

// Debian's Chromium (no browser downloads here), with the flags this network needs.
const chromium = { executablePath: chromiumPath, args: chromiumFlags };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 30_000,
  use: { baseURL, trace: "off", screenshot: "off", launchOptions: chromium },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromium } }],
  webServer: {
    // The built app on a fresh embedded database of its own.
    command: `node scripts/e2e-server.mjs ${port}`,
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
