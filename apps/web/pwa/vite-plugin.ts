import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const TEMPLATE = fileURLToPath(new URL("./service-worker.js", import.meta.url));
const SW_FILE = "sw.js";
/**
 * Files left out of the precache, to keep a first visit to ~130 requests instead of ~300: the translations (14
 * languages; a visitor reads one: apps/web/translations.ts writes them) and the operator console's chunks. The
 * service worker caches them on first use instead.
 */
const CACHED_ON_USE = /\/features\/console\//;
const TRANSLATION_FILE = /^assets\/translations-[\w-]+\//;

/** Every file under `dir`, as paths relative to it with forward slashes. */
function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/**
 * Writes `sw.js` beside index.html: pwa/service-worker.js with the list of this build's files to precache (the
 * bundle but for CACHED_ON_USE, and the public folder) and a version hashed from the contents of the whole build,
 * so that any change installs anew.
 */
export function serviceWorker(): Plugin {
  let publicDir = "";
  return {
    name: "cryptos:service-worker",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const hash = createHash("sha256");
      const files: string[] = [];
      for (const [fileName, output] of Object.entries(bundle)) {
        hash.update(fileName).update(output.type === "chunk" ? output.code : output.source);
        if (output.type === "chunk" && CACHED_ON_USE.test(output.facadeModuleId ?? "")) continue;
        if (output.type === "asset" && TRANSLATION_FILE.test(fileName)) continue;
        files.push(fileName);
      }
      for (const fileName of publicDir ? listFiles(publicDir) : []) {
        files.push(fileName);
        hash.update(fileName).update(readFileSync(path.join(publicDir, fileName)));
      }
      if (!files.includes("index.html")) this.error("index.html is not in the bundle: the shell cannot be precached");
      const manifest = { version: hash.digest("hex").slice(0, 16), files: files.sort() };
      const template = readFileSync(TEMPLATE, "utf8");
      const placeholder = "const BUILD = PRECACHE_MANIFEST;";
      if (!template.includes(placeholder)) this.error(`${TEMPLATE} lost its line "${placeholder}"`);
      const source = template.replace(placeholder, `const BUILD = ${JSON.stringify(manifest)};`);
      this.emitFile({ type: "asset", fileName: SW_FILE, source });
    },
  };
}
