import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const LOCALES = fileURLToPath(new URL("./src/locales/", import.meta.url));

/** Every catalogue as the build writes it, minified: "<language>/<namespace>" -> JSON. */
function catalogues(): Map<string, string> {
  const all = new Map<string, string>();
  for (const language of readdirSync(LOCALES, { withFileTypes: true })) {
    if (!language.isDirectory()) continue;
    for (const file of readdirSync(path.join(LOCALES, language.name)).sort()) {
      if (!file.endsWith(".json")) continue;
      const json = JSON.stringify(JSON.parse(readFileSync(path.join(LOCALES, language.name, file), "utf8")));
      all.set(`${language.name}/${file.slice(0, -".json".length)}`, json);
    }
  }
  return new Map([...all].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The folder of this build's catalogues, named by all of their contents: `assets/translations-<8 characters>`.
 * A change to any text is a new folder, so each file can be cached for good (the server's rule for /assets/).
 */
export function translationsFolder(all = catalogues()): string {
  const hash = createHash("sha256");
  for (const [key, json] of all) hash.update(key).update("\0").update(json).update("\0");
  return `assets/translations-${hash.digest("base64url").slice(0, 8)}`;
}

/**
 * The translations as data (decision 094): `src/locales/<language>/<namespace>.json` is written to
 * `<translationsFolder>/<language>/<namespace>.json`, and lib/i18n.ts fetches the ones it needs by that pattern.
 * As JavaScript modules (import.meta.glob), each of the 168 files cost the entry an import with its hashed name,
 * 3 KB gzip of the first visit's JavaScript, and each catalogue was compiled as code. `__TRANSLATIONS__` names the
 * folder, relative to the document; on the dev server it is the sources' own.
 */
export function translations(): Plugin {
  let folder = "src/locales";
  let all = new Map<string, string>();
  return {
    name: "cryptos:translations",
    config(_config, { command }) {
      if (command === "build") {
        all = catalogues();
        folder = translationsFolder(all);
      }
      return { define: { __TRANSLATIONS__: JSON.stringify(folder) } };
    },
    generateBundle() {
      for (const [key, json] of all) {
        this.emitFile({ type: "asset", fileName: `${folder}/${key}.json`, source: json });
      }
    },
  };
}
