import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { minifySync, type Plugin, type Rolldown } from "vite";
import { criticalRules, cssOf } from "./critical-css";
import { type RenderedShell, renderShells, type ShellRead } from "./render";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB = path.dirname(HERE);
const BOOT_TEMPLATE = path.join(HERE, "boot.js");
const PRELOAD_TEMPLATE = path.join(HERE, "preload.js");
const FIRST_READS_TEMPLATE = path.join(HERE, "first-reads.js");
const PUBLIC = path.join(WEB, "public");

/** The tabs that get a shell: the four of the tab bar and Login. Assets is drawn signed in (a visitor goes to Login). */
const SHELLS = [
  { path: "/pages/index/index", page: "features/home/pages/Home.tsx", ns: "home", signedIn: false },
  { path: "/pages/markets/markets", page: "features/market/pages/Markets.tsx", ns: "market", signedIn: false },
  // Not preloaded (shell/preload.js): its frame is the whole first paint, and its page code is some thirty chunks
  // that, asked for beside the entry, moved Lighthouse's first-paint estimate and LCP from 2.3 to 3.0 s (decision 082).
  // Its reads wait for the app too (shell/first-reads.js): with its data in before it hydrated, Lighthouse's TBT
  // rose from 235-516 to 308-1,039 ms in alternating runs, its LCP (the frame's text) unchanged.
  {
    path: "/pages/transaction/transaction",
    page: "features/updown/pages/Transaction.tsx",
    ns: "updown",
    signedIn: false,
    preload: false,
  },
  { path: "/pages/assets/assets", page: "features/funds/pages/Assets.tsx", ns: "funds", signedIn: true },
  { path: "/pages/login", page: "features/accounts/pages/Login.tsx", ns: "accounts", signedIn: false },
] as const;

/**
 * Without JavaScript the shell the address names shows (`:target`: each shell's id is its route), with it
 * the inline shell/boot.js moves that one into #root and drops the others before the first paint.
 */
const SHELL_CSS =
  ".shells>.shell{display:none}.shells>.shell:target{display:block}#root:has(~.shells>.shell:target){display:none}";

/** The JavaScript files a chunk runs: itself and its static imports, transitively. */
function filesOf(bundle: OutputBundle, chunk: OutputChunk, files = new Set<string>()): Set<string> {
  if (files.has(chunk.fileName)) return files;
  files.add(chunk.fileName);
  for (const name of chunk.imports) {
    const imported = bundle[name];
    if (imported?.type === "chunk") filesOf(bundle, imported, files);
  }
  return files;
}

/**
 * What shell/preload.js asks for at once on a shell's first visit, beside the entry: the page's own chunks (those
 * the entry does not load itself) by route, and where the translations are (apps/web/translations.ts writes them to
 * `<folder>/<language>/<namespace>.json`) with the languages there are.
 */
function pageCode(bundle: OutputBundle) {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === "chunk");
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loadedByEntry = entry ? filesOf(bundle, entry) : new Set<string>();
  const code: Record<string, { code: string[]; ns: string }> = {};
  for (const shell of SHELLS) {
    if ("preload" in shell && !shell.preload) continue;
    const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/src/${shell.page}`));
    const files = page ? [...filesOf(bundle, page)].filter((file) => !loadedByEntry.has(file)) : [];
    code[shell.path] = { code: files, ns: shell.ns };
  }
  let folder = "";
  const languages = new Set<string>();
  for (const fileName of Object.keys(bundle)) {
    const [, at, language] = /^(assets\/translations-[\w-]+)\/([^/]+)\/common\.json$/.exec(fileName) ?? [];
    if (!at || !language) continue;
    folder = at;
    languages.add(language);
  }
  if (!folder) throw new Error("the bundle has no translations (apps/web/translations.ts)");
  return { code, translations: { folder, languages: [...languages].sort() } };
}

/** A boot script's template with its placeholder lines filled in; a line it lost is an error, not a silent no-op. */
function fillIn(template: string, lines: Record<string, string>): string {
  let filled = template;
  for (const [line, replacement] of Object.entries(lines)) {
    if (!filled.includes(line)) throw new Error(`a shell script template lost its line "${line}"`);
    filled = filled.replace(line, () => replacement);
  }
  return filled;
}

/**
 * A script that must run before the first paint goes into index.html itself: as a file it would cost a request, a
 * round trip the first paint waits for. The server allows exactly these scripts by their hashes in its CSP
 * (apps/server/src/plugins/spa.ts, inlineScriptHashes). Minified: index.html should fit the first round trip of a
 * new connection (14 KB). `</` cannot end the element early: the boot scripts hold texts, which JSON.stringify leaves
 * as they are.
 */
function inlineScript(source: string): string {
  const { code, errors } = minifySync("inline.js", source);
  if (errors.length > 0) throw new Error(`an inline script does not minify: ${errors[0]?.message}`);
  return `<script>${code.replaceAll("</", "<\\/").trim()}</script>`;
}

/** index.html's `<script src="./x.js" data-inline></script>`: public/x.js, inline. */
function inlineBootScripts(html: string): string {
  return html.replace(/<script src="\.\/([\w-]+\.js)" data-inline><\/script>/g, (_tag, file: string) =>
    inlineScript(readFileSync(path.join(PUBLIC, file), "utf8")),
  );
}

/** A file of the build named by its content, as Vite names its own: `assets/<name>-<8 characters>.<extension>`. */
function hashedName(name: string, content: string, extension: string): string {
  return `assets/${name}-${createHash("sha256").update(content).digest("base64url").slice(0, 8)}.${extension}`;
}

/**
 * The shells' texts in every language but English, as JSON: { language: { English text: its translation } }, for
 * lib/shell-texts.ts to keep a copy of the interface language's (index.html carries English only: with all fourteen
 * languages it was 6 KB brotli more, past the 14 KB a new connection's first round trip brings). Keyed by the English
 * so that a copy from an earlier build still fits the texts that did not change; one English text translated two
 * ways would make that ambiguous, and stops the build.
 */
function shellTranslations(shells: Map<string, RenderedShell>): string {
  const byLanguage: Record<string, Record<string, string>> = {};
  for (const { strings } of shells.values()) {
    const english = strings.en ?? [];
    for (const [language, texts] of Object.entries(strings)) {
      if (language === "en") continue;
      byLanguage[language] ??= {};
      const table = byLanguage[language];
      english.forEach((text, index) => {
        const translation = texts[index] ?? text;
        if (table[text] !== undefined && table[text] !== translation)
          throw new Error(`shell texts: "${text}" is "${table[text]}" and "${translation}" in ${language}`);
        table[text] = translation;
      });
    }
  }
  return JSON.stringify(byLanguage);
}

/**
 * Prerendered shells (issue 23): each tab's first screen, drawn by the app's own components at build time, goes
 * into index.html with the CSS rules it draws with inline and its texts in English; shell/boot.js (inline) picks the
 * one the address names before the first paint, puts in the stored language's texts if the app kept a copy, and
 * main.tsx hydrates it. The shells are drawn in Node (shell/render.ts): every build has them, no browser needed.
 */
export function prerenderedShells(): Plugin {
  return {
    name: "cryptos:prerendered-shells",
    apply: "build",
    enforce: "post",
    async generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") this.error("index.html is not in the bundle");
      html.source = inlineBootScripts(String(html.source));
      const rendered = await renderShells(SHELLS);
      // What shell/first-reads.js sends before the app runs; null: nothing (see SHELLS).
      const reads = new Map<string, { signedIn: boolean; reads: ShellRead[] } | null>(
        SHELLS.map((shell) => [
          shell.path,
          "preload" in shell && !shell.preload
            ? null
            : { signedIn: shell.signedIn, reads: rendered.reads.get(shell.path) ?? [] },
        ]),
      );

      // The CSS of the entry and of the shells' pages.
      const css = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const id = output.facadeModuleId ?? "";
        if (output.isEntry || SHELLS.some((shell) => id.endsWith(`/src/${shell.page}`))) {
          for (const file of cssOf(bundle, output)) css.add(file);
        }
      }
      const styles = [...css]
        .map((file) => {
          const asset = bundle[file];
          return asset?.type === "asset" ? String(asset.source) : "";
        })
        .join("");

      // The rules the shells draw with go inline; all of them, as one stylesheet, load beside the entry without
      // holding the first paint (shell/preload.js links it; main.tsx draws once it is in). Inline in full, they
      // made index.html 27 KB brotli, two round trips on a new connection instead of one (bench/RESULTS.md).
      const stylesheet = hashedName("styles", styles, "css");
      this.emitFile({ type: "asset", fileName: stylesheet, source: styles });
      let source = String(html.source).replace(
        /<link rel="stylesheet"[^>]*href="\.\/([^"]+)"[^>]*>\s*/g,
        (link, file) => (css.has(file) ? "" : link),
      );
      // A shell page's chunk lists its CSS files, and Vite's preload helper would fetch each one (and hold the
      // page's code until it loads) though the stylesheet above has their rules. The helper skips a file linked as a
      // stylesheet already; a `disabled` link is never fetched (HTML: a disabled stylesheet is not obtained).
      const inlined = [...css].map((file) => `<link rel="stylesheet" href="./${file}" disabled>`).join("");
      const { shells, facts } = rendered;
      const data = Object.fromEntries(
        [...shells].map(([route, { texts, attributes, strings }]) => [
          route,
          { texts, attributes, english: strings.en },
        ]),
      );
      const translations = shellTranslations(shells);
      const textsFile = hashedName("shell-texts", translations, "json");
      this.emitFile({ type: "asset", fileName: textsFile, source: translations });
      const bootScript = fillIn(readFileSync(BOOT_TEMPLATE, "utf8"), {
        "const SHELLS = SHELL_TEXTS;": `const SHELLS = ${JSON.stringify(data)};`,
        "const STORAGE = SHELL_STORAGE;": `const STORAGE = ${JSON.stringify({ language: facts.storage.language, shellTexts: facts.storage.shellTexts })};`,
      });
      const { code, translations: chunks } = pageCode(bundle);
      const preload = fillIn(readFileSync(PRELOAD_TEMPLATE, "utf8"), {
        "const STYLESHEET = SHELL_STYLESHEET;": `const STYLESHEET = ${JSON.stringify(`./${stylesheet}`)};`,
        "const PAGE_CODE = SHELL_PAGE_CODE;": `const PAGE_CODE = ${JSON.stringify(code)};`,
        "const TRANSLATIONS = SHELL_TRANSLATIONS;": `const TRANSLATIONS = ${JSON.stringify(chunks)};`,
      });

      const firstReads = fillIn(readFileSync(FIRST_READS_TEMPLATE, "utf8"), {
        "const READS = SHELL_READS;": `const READS = ${JSON.stringify(Object.fromEntries(reads))};`,
        "const FIRST_VISIT_READS = SHELL_FIRST_VISIT_READS;": `const FIRST_VISIT_READS = ${JSON.stringify(facts.firstVisitReads)};`,
        "const STORAGE = SHELL_STORAGE;": `const STORAGE = ${JSON.stringify(facts.storage)};`,
      });

      const shellMarkup = SHELLS.map(
        ({ path: route }) =>
          `<div class="shell" id="${route}" data-shell="${route}">${shells.get(route)?.html ?? ""}</div>`,
      ).join("");
      if (!source.includes('<div id="root">')) this.error("index.html has no #root for the shells");
      // Each shell would carry its own copy of an icon drawn from its outline (decision 096).
      const outlined = shellMarkup.match(/<svg[^>]*class="antd-mobile-icon[^"]*"[^>]*><path d="[^"]{0,40}/);
      if (outlined) {
        this.error(
          `a shell draws an icon from its outline (${outlined[0]}...): add its name to IN_DOCUMENT in apps/web/scripts/gen-icons.mjs and run it`,
        );
      }
      // Replaced by functions: a replacement string reads `$'` and `` $` `` as the text around the match, and
      // minified scripts are full of template literals.
      source = source.replace(
        "</body>",
        () => `<div class="shells">${shellMarkup}</div>\n${inlineScript(bootScript)}\n</body>`,
      );
      const critical = await criticalRules(source, styles);
      source = source.replace(
        "</head>",
        () =>
          `<meta name="${facts.shellTextsMeta}" content="./${textsFile}">\n<style>${SHELL_CSS}${critical}</style>\n${inlined}\n${inlineScript(firstReads)}\n${inlineScript(preload)}\n</head>`,
      );
      html.source = source;
    },
  };
}
