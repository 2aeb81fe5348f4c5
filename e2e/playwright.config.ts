import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { BASE_URL } from "./e2e-env.mjs";
import { announcementsSeen } from "./fixtures/announcements";

export { BASE_URL };

export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  workers: process.env.CI ? 1 : undefined,
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  // The machine may be busy building or running other suites; a slow first paint is not a failure.
  expect: { timeout: 10_000 },
  use: {
    ...devices["Desktop Chrome"],
    baseURL: BASE_URL,
    // Home's announcement popup would cover the page in specs about other things; its own spec clears this.
    storageState: announcementsSeen(BASE_URL),
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: false,
    // A trace records every action's DOM and screenshots, and CI keeps no files of a run: off there (decision 080),
    // kept for failures on a developer's machine.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: "node start-server.mjs",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
