import type { Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/**
 * Chunks left out of the precache, to keep a first visit to ~130 requests instead of ~300: the operator console's
 * (found by their source in the bundle, whatever rolldown names them), and the translations below (14 languages; a
 * visitor reads one: apps/web/translations.ts writes them). The service worker caches them on first use instead.
 */
const CACHED_ON_USE = /\/features\/console\//;
const TRANSLATIONS = "assets/translations-*/**";

/**
 * Builds pwa/sw.js into dist/sw.js with Workbox (vite-plugin-pwa's injectManifest), its precache list being this
 * build's files (the bundle and the public folder) but those cached on use. The page registers it itself, once idle
 * (lib/service-worker.ts): nothing is injected into index.html, and public/manifest.webmanifest stays as it is.
 */
export function serviceWorker(): Plugin[] {
  const cachedOnUse = new Set<string>();
  const consoleChunks: Plugin = {
    name: "cryptos:service-worker-cached-on-use",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk" && CACHED_ON_USE.test(output.facadeModuleId ?? ""))
          cachedOnUse.add(output.fileName);
      }
    },
  };
  const workbox = VitePWA({
    strategies: "injectManifest",
    srcDir: "pwa",
    filename: "sw.js",
    injectRegister: false,
    manifest: false,
    injectManifest: {
      rollupFormat: "iife",
      globPatterns: ["**/*"],
      globIgnores: ["sw.js", "**/*.br", "**/*.gz", TRANSLATIONS],
      // Vite's assets carry their content hash in their names: cached under their own URL, never fetched again.
      dontCacheBustURLsMatching: /^assets\//,
      manifestTransforms: [
        async (entries) => {
          if (!entries.some((entry) => entry.url === "index.html")) {
            throw new Error("index.html is not in the build: the shell cannot be precached");
          }
          return { manifest: entries.filter((entry) => !cachedOnUse.has(entry.url)), warnings: [] };
        },
      ],
    },
  });
  return [consoleChunks, ...workbox];
}
