import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Beasties from "beasties";
import { minifySync, type Plugin, type Rolldown } from "vite";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../../scripts/chromium.mjs";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

import type { FirstReadsFacts, RenderedShell } from "../src/app/shell/prerender";

/** The environment variable that makes vite.config.ts build the prerender page (shell/prerender.html) instead. */
export const PRERENDER_OUT = "CRYPTOS_SHELL_PRERENDER_OUT";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB = path.dirname(HERE);
const BOOT_TEMPLATE = path.join(HERE, "boot.js");
const PRELOAD_TEMPLATE = path.join(HERE, "preload.js");
const FIRST_READS_TEMPLATE = path.join(HERE, "first-reads.js");
const PUBLIC = path.join(WEB, "public");
const CHROMIUM = process.env.CHROMIUM_PATH ?? CHROMIUM_PATH;

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

/** Builds shell/prerender.html into a temporary folder, with this same config (vite.config.ts reads PRERENDER_OUT). */
async function buildPrerenderPage(out: string): Promise<void> {
  const { build } = await import("vite");
  process.env[PRERENDER_OUT] = out;
  try {
    await build({ root: WEB, configFile: path.join(WEB, "vite.config.ts"), logLevel: "warn" });
  } finally {
    delete process.env[PRERENDER_OUT];
  }
}

/**
 * A shell's first reads as the page asked for them (app/routes preloadPage; some of the spec's reads are POSTs):
 * sent only with a session if `signedIn`.
 */
interface ShellReads {
  signedIn: boolean;
  reads: { method: string; url: string; body: string | null }[];
}

interface Rendered {
  shells: Map<string, RenderedShell>;
  /** null: the page sends nothing before the app runs. */
  reads: Map<string, ShellReads | null>;
  facts: FirstReadsFacts;
}

/**
 * Opens the prerender page in Chromium once per shell, the API held unanswered (a first visit before its data), and
 * records the reads each page asks for, as the app spells their addresses (same origin: the path and query).
 */
async function renderShells(dir: string): Promise<Rendered> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    if (pathname.startsWith("/api/")) return; // held: the page's reads stay pending
    const file = path.join(dir, pathname === "/" ? "shell/prerender.html" : pathname);
    if (!file.startsWith(dir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith(".html") ? "text/html" : file.endsWith(".css") ? "text/css" : "text/javascript";
    res.writeHead(200, { "content-type": type }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
  try {
    const shells = new Map<string, RenderedShell>();
    const reads = new Map<string, ShellReads | null>();
    let facts: FirstReadsFacts | undefined;
    for (const shell of SHELLS) {
      const page = await browser.newPage();

      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const asked: ShellReads["reads"] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (!url.pathname.startsWith("/api/")) return;
        asked.push({
          method: request.method(),
          url: url.origin === `http://127.0.0.1:${port}` ? `${url.pathname}${url.search}` : url.href,
          body: request.postData(),
        });
      });
      await page.goto(`http://127.0.0.1:${port}/#${shell.path}`);
      await page.waitForFunction(() => typeof window.renderShell === "function");
      const rendered = await page
        .evaluate(([hash, signedIn]) => window.renderShell?.(hash, signedIn), [
          `#${shell.path}`,
          shell.signedIn,
        ] as const)
        .catch((error: Error) => {
          throw new Error(`prerendering ${shell.path}: ${error.message}\n${errors.join("\n")}`);
        });
      if (!rendered) throw new Error(`prerendering ${shell.path}: nothing rendered`);
      shells.set(shell.path, rendered);
      reads.set(shell.path, "preload" in shell && !shell.preload ? null : { signedIn: shell.signedIn, reads: asked });
      facts ??= await page.evaluate(() => window.firstReadsFacts?.());
      await page.close();
    }
    if (!facts) throw new Error("prerendering: the page gave no facts for shell/first-reads.js");
    return { shells, reads, facts };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

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

/** The CSS files a chunk and its static imports bring, in the order Vite links them. */
function cssOf(bundle: OutputBundle, chunk: OutputChunk, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const css: string[] = [];
  for (const name of chunk.imports) {
    const imported = bundle[name];
    if (imported?.type === "chunk") css.push(...cssOf(bundle, imported, seen));
  }
  const own = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
  css.push(...(own ?? []));
  return css;
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
 * The rules of `styles` that the page draws before the app runs: those whose selectors match an element of `html`
 * (the five shells and index.html's loader), in any of their media queries, and both themes' variables (the theme's
 * attribute is set by an inline script, after the build looked). Beasties reads selectors, not a browser's layout.
 */
async function criticalRules(html: string, styles: string): Promise<string> {
  const beasties = new Beasties({
    external: false,
    reduceInlineStyles: true,
    keyframes: "critical",
    allowRules: [/data-prefers-color-scheme/],
    logLevel: "warn",
  });
  const page = html.replace("</head>", () => `<style>${styles}</style></head>`);
  const reduced = (await beasties.process(page)).match(/<style>([\s\S]*?)<\/style>/)?.[1];
  if (reduced === undefined) throw new Error("critical CSS: Beasties left no <style> in index.html");
  return withoutUnusedVariables(reduced, html);
}

/**
 * `css` without the custom properties nothing in it or in `html` reads (antd-mobile declares some two hundred on
 * :root): the shells draw without them, and the whole stylesheet has them before the app draws.
 */
function withoutUnusedVariables(css: string, html: string): string {
  let kept = css;
  for (let pass = 0; pass < 10; pass++) {
    const read = new Set([...`${kept}${html}`.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]));
    // A declaration starts a block or follows one (BEM's `.a--b:hover` is a selector, not a property).
    const next = kept
      .replace(/([{;])(--[\w-]+)\s*:[^;{}]*/g, (declaration, before: string, name: string) =>
        read.has(name) ? declaration : before,
      )
      .replace(/;+}/g, "}")
      .replace(/\{;+/g, "{")
      .replace(/;;+/g, ";")
      .replace(/[^{}]+\{\}/g, "");
    if (next === kept) break;
    kept = next;
  }
  return kept;
}

/**
 * Prerendered shells (issue 23): each tab's first screen, drawn by the app's own components at build time, goes
 * into index.html with the CSS rules it draws with inline and its texts in English; shell/boot.js (inline) picks the
 * one the address names before the first paint, puts in the stored language's texts if the app kept a copy, and
 * main.tsx hydrates it. Without Chromium the build
 * goes on without shells (index.html's loader shows until the app draws, as before) and says so.
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
      if (!existsSync(CHROMIUM)) {
        this.warn(`no Chromium at ${CHROMIUM} (CHROMIUM_PATH): index.html gets no prerendered shells`);
        return;
      }
      const scratch = mkdtempSync(path.join(tmpdir(), "cryptos-shells-"));
      let rendered: Rendered;
      try {
        await buildPrerenderPage(scratch);
        rendered = await renderShells(scratch);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }

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
      const { shells, reads, facts } = rendered;
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
