import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { antdEnglishDefault } from "./antd-locale-default";
import { iconSprite } from "./icons";
import { precompress } from "./precompress";
import { serviceWorker } from "./pwa/vite-plugin";
import { PRERENDER_OUT, shellRendererBuild } from "./shell/render";
import { prerenderedShells } from "./shell/vite-plugin";
import { translations } from "./translations";

const api = "http://127.0.0.1:8080";
/** Set while shell/render.ts builds the module that renders the shells in Node, apart from the app. */
const prerenderOut = process.env[PRERENDER_OUT];

export default defineConfig(() => ({
  base: "./",
  plugins: prerenderOut
    ? [react(), antdEnglishDefault(), translations(), iconSprite()]
    : [
        react(),
        antdEnglishDefault(),
        translations(),
        iconSprite(),
        prerenderedShells(),
        serviceWorker(),
        precompress(),
      ],
  resolve: {
    alias: [
      { find: "@/", replacement: fileURLToPath(new URL("./src/", import.meta.url)) },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL("./use-sync-external-store-shim.ts", import.meta.url)),
      },
    ],
    // npm hoists React 18 (a peer range of antd-mobile's animation library) to the root and keeps React 19 here:
    // one copy only, this app's.
    dedupe: ["react", "react-dom"],
  },
  server: {
    proxy: {
      "/api": { target: api, changeOrigin: true },
      "/ws": { target: api, ws: true, changeOrigin: true },
    },
  },
  // The renderer bundles its libraries: antd-mobile's modules import CSS, which Node cannot load.
  ssr: prerenderOut ? { noExternal: true } : undefined,
  build: {
    outDir: "dist",
    target: "es2020",
    rolldownOptions: {
      output: {
        // V8 compiles every function of the chart library's chunk when it loads the file (explicit compile hints,
        // Chromium 136+), instead of each on its first call inside the chart's creation and first drawing: those
        // tasks shrank from 29-86 to 13-32 ms and from 54-121 to 54-81 ms at 1x CPU in alternating traces of Trade,
        // for a compile task of 11-19 ms when the file loads (decision 090). Other browsers ignore the comment.
        postBanner: (chunk) =>
          chunk.moduleIds.some((id) => id.includes("/node_modules/lightweight-charts/"))
            ? "//# allFunctionsCalledOnLoad"
            : "",
        codeSplitting: {
          groups: [
            {
              // antd-mobile's light components that the four tabs' first screens draw, with their shared helpers:
              // one file instead of a dozen of 0.1-1 KB, each a request (and a round trip on HTTP/1.1's six
              // connections) before the first screen can draw. Components with animation libraries stay apart.
              name: "ui",
              test: /[\\/]node_modules[\\/](antd-mobile[\\/]es[\\/](components[\\/](button|badge|skeleton|tag|dot-loading)[\\/]|utils[\\/](bound|use-props-value)\.js)|ahooks[\\/]es[\\/]utils[\\/]index\.js|tslib[\\/])/,
            },
            {
              // The outline icons more than one page draws (each is its own module, decision 098): one file, rather than
              // a file of 0.2-0.4 KB for each icon, or for each set of pages that share some.
              name: "shared-icons",
              test: /[\\/]src[\\/]components[\\/]outline-icons[\\/]/,
              minShareCount: 2,
            },
            {
              // The app's small parts the tabs' pages share (0.3-1.7 KB each, made only of what the entry already
              // loaded, and the contract's export paths they name), with the live socket and the decimals, which the
              // tabs use and the entry no longer imports (the signed-in live parts load on use, app/SignedInLive.tsx):
              // one file instead of three to eight per first screen. Nothing here may import a library the entry
              // lacks, or every page would fetch it.
              name: "tab-parts",
              test: /[\\/]src[\\/](components[\\/](AccountButton|SimulatedBadge|EmptyState|lazy-sheet|ExportButton|TabStrip|RichText|LanguagePicker)\.tsx|lib[\\/](market[\\/]live-prices|statement-download|focus-trap|live[\\/][\w-]+)\.ts|hooks[\\/]useReachBottom\.ts)$|[\\/]packages[\\/]contract[\\/]src[\\/](exports|decimal|ws-read|ws-protocol)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // Every module the entry loads statically (the app's core, React, the router, TanStack Query, its i18n):
              // one file. Left to itself rolldown makes a chunk of each module the entry shares with a lazy page, a
              // dozen files of 0.3-25 KB each a request before the first screen draws. Caught last (priority -1),
              // so the groups above keep what only the pages need; rolldown then merges this group into the entry.
              // Only the captured modules, not their dependencies: those are initial too, or they would not load.
              name: "core",
              tags: ["$initial"],
              priority: -1,
              includeDependenciesRecursively: false,
            },
            {
              // The same libraries' modules that only lazy pages use (TanStack's infinite queries, ...): one file.
              name: "vendor",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|i18next|react-i18next|@tanstack|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
      treeshake: {
        // The contract's modules only declare schemas and constants: a page that imports one call must not
        // pull every schema into the entry chunk.
        moduleSideEffects: (id: string) => !id.includes("/packages/contract/"),
      },
    },
    ...(prerenderOut ? shellRendererBuild(prerenderOut) : {}),
  },
}));
