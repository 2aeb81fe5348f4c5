// Build time only: apps/web/shell/vite-plugin.ts builds this page apart from the app and opens it in Chromium once per
// tab, with the API held unanswered, so that the app draws the tab's first screen as a first visit does before its
// data: header, tab bar, section frames and skeletons. The markup comes from React's server renderer (the Suspense
// markers hydrateRoot needs), with every translated text replaced by a marker; each language's text for each marker
// is looked up here too, and shell/boot.js puts the stored language's into the shell before the first paint.
import { LOCALES, STORAGE_KEYS } from "@cryptos/contract";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import type { TranslateOptions } from "@/lib/i18n";
import { matchPath } from "@/lib/router";

/** One tab's shell: English markup, where its translated texts are, and each language's texts. */
export interface RenderedShell {
  html: string;
  /** [index of the text node among the shell's text nodes, its text with markers] */
  texts: [number, string][];
  /** [index of the element among the shell's elements, attribute, its value with markers] */
  attributes: [number, string, string][];
  /** Each language's text of each marker, by the marker's number. */
  strings: Record<string, string[]>;
}

const MARK = "\u2063";
const MARKER = new RegExp(`${MARK}(\\d+)${MARK}`, "g");
const NAMESPACES = Object.keys(import.meta.glob("../../locales/en/*.json")).map((file) =>
  file.replace(/^.*\/(.+)\.json$/, "$1"),
);

function fill(template: string, strings: readonly string[]): string {
  return template.replace(MARKER, (_, id: string) => strings[Number(id)] ?? "");
}

/** `signedIn`: drawn for a session (Assets: a visitor is sent to Login), else for a first visit without one. */
async function renderShell(hash: string, signedIn: boolean): Promise<RenderedShell> {
  // What a first visit knows, set before the app's modules load (some read storage then): English, the currencies'
  // decimals (none, so that no gate waits for them), and the session if any.
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.currencyDecimals, "[]");
  if (signedIn) localStorage.setItem(STORAGE_KEYS.token, "shell");
  const [{ App }, { PAGE_ROUTES, preloadPage }, { initI18n, markTranslations, translatorIn }, { queryClient }] =
    await Promise.all([import("../App"), import("../routes"), import("@/lib/i18n"), import("@/lib/query-client")]);

  await initI18n(NAMESPACES);
  const path = hash.replace(/^#/, "");
  const route = PAGE_ROUTES.find((r) => matchPath(r.path, path));
  if (!route) throw new Error(`no page at ${hash}`);
  await preloadPage(hash, queryClient);
  await route.load();
  await new Promise((resolve) => setTimeout(resolve, 0)); // preloadPage's own `then` keeps the page's code

  const keys: [string, string, TranslateOptions | undefined][] = [];
  markTranslations((ns, key, options) => `${MARK}${keys.push([ns, key, options]) - 1}${MARK}`);
  const marked = renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  markTranslations(null);

  const strings: Record<string, string[]> = {};
  for (const lng of LOCALES) {
    const t = await translatorIn(lng, NAMESPACES);
    strings[lng] = keys.map(([ns, key, options]) => t(ns, key, options));
  }
  const english = strings.en ?? [];

  const template = document.createElement("template");
  template.innerHTML = marked;
  const texts: [number, string][] = [];
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  for (let index = 0, node = walker.nextNode(); node; index++, node = walker.nextNode()) {
    const text = node as Text;
    if (!text.data.includes(MARK)) continue;
    texts.push([index, text.data]);
    text.data = fill(text.data, english);
  }
  const attributes: [number, string, string][] = [];
  template.content.querySelectorAll("*").forEach((element, index) => {
    for (const attribute of element.attributes) {
      if (!attribute.value.includes(MARK)) continue;
      attributes.push([index, attribute.name, attribute.value]);
      attribute.value = fill(attribute.value, english);
    }
  });
  return { html: template.innerHTML, texts, attributes, strings };
}

/** What the shell scripts need of the app beside each shell's reads, from the app's own modules. */
async function firstReadsFacts() {
  const [{ FIRST_VISIT_READ }, { SHELL_TEXTS_META }] = await Promise.all([
    import("@/lib/currencies"),
    import("@/lib/shell-texts"),
  ]);
  return {
    firstVisitReads: [FIRST_VISIT_READ],
    shellTextsMeta: SHELL_TEXTS_META,
    storage: {
      token: STORAGE_KEYS.token,
      language: STORAGE_KEYS.language,
      languages: LOCALES,
      shellTexts: STORAGE_KEYS.shellTexts,
    },
  };
}

export type FirstReadsFacts = Awaited<ReturnType<typeof firstReadsFacts>>;

declare global {
  interface Window {
    renderShell?: typeof renderShell;
    firstReadsFacts?: typeof firstReadsFacts;
  }
}
window.renderShell = renderShell;
window.firstReadsFacts = firstReadsFacts;
