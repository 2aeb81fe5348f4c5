// Build time only: apps/web/shell/render.ts builds this module for Node (Vite's SSR build) and runs it once per tab, in
// a worker thread of its own whose globals are a first visit's browser (shell/first-visit.mjs): no storage but
// English and the decimals, the API held unanswered. The app draws the tab's first screen as a first visit does
// before its data (header, tab bar, section frames and skeletons) with React's server renderer, which writes the
// Suspense markers hydrateRoot needs. Every translated text is a marker in that markup; each language's text for each
// marker is looked up here too, and shell/render.ts puts the English in while it notes where the markers were.
import { LOCALES, STORAGE_KEYS } from "@cryptos/contract";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import type { TranslateOptions } from "@/lib/i18n";
import { matchPath } from "@/lib/router";

/** One tab's shell as the app drew it: markup whose translated texts are markers, and each language's texts. */
export interface MarkedShell {
  /** React's markup, each translated text `\u2063<number>\u2063`. */
  marked: string;
  /** Each language's text of each marker, by the marker's number. */
  strings: Record<string, string[]>;
}

/** Marks a translated text in the markup: `${SHELL_MARK}<its number>${SHELL_MARK}`. */
export const SHELL_MARK = "\u2063";
const NAMESPACES = Object.keys(import.meta.glob("../../locales/en/*.json")).map((file) =>
  file.replace(/^.*\/(.+)\.json$/, "$1"),
);

/** `signedIn`: drawn for a session (Assets: a visitor is sent to Login), else for a first visit without one. */
export async function renderShell(hash: string, signedIn: boolean): Promise<MarkedShell> {
  // What a first visit knows, set before the app's modules load (some read storage then): English, the currencies'
  // decimals (none, so that no gate waits for them), and the session if any.
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.currencyDecimals, "[]");
  // English, whatever a first visit's browser prefers (a first visit takes the browser's language: decision 123).
  localStorage.setItem(STORAGE_KEYS.language, "en");
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
  markTranslations((ns, key, options) => `${SHELL_MARK}${keys.push([ns, key, options]) - 1}${SHELL_MARK}`);
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
  return { marked, strings };
}

/** What the shell scripts need of the app beside each shell's reads, from the app's own modules. */
export async function firstReadsFacts() {
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
