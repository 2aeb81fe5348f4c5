// The browser every tool of the project launches: Debian's Chromium (a downloaded browser fails here) with the same
// flags, for the browser tests (e2e/playwright.config.ts) and the benchmarks (bench/lib.mjs). The build needs none
// (apps/web/shell/render.ts draws the prerendered shells in Node).
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
