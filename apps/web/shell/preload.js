// Put inline into index.html's <head> by shell/vite-plugin.ts, which fills in STYLESHEET, PAGE_CODE and TRANSLATIONS.
// The app's stylesheet is linked from here, on every page: a stylesheet the parser meets in the head would hold the
// first paint until it loads, one linked by a script does not (index.html carries the rules the shells draw with, and
// main.tsx waits for this one before it draws). On a first visit to a tab with a shell, the page's code and
// translations download beside the app's entry: asked for by the app, they would wait for the entry to download and
// run (a round trip and a few hundred ms at 4x CPU). The app's own request for each finds it under way (Vite's
// preload helper skips a file already linked; lib/i18n.ts's fetch matches a fetch preload). The language rule is
// boot.js's.
(() => {
  /** The app's whole stylesheet (the entry's and the shells' pages' rules). */
  const STYLESHEET = SHELL_STYLESHEET;
  const sheet = document.createElement("link");
  sheet.rel = "stylesheet";
  sheet.href = STYLESHEET;
  sheet.setAttribute("data-app-styles", "");
  document.head.append(sheet);
  /** By route: the page's chunks the entry does not load itself, and the page's translation namespace. */
  const PAGE_CODE = SHELL_PAGE_CODE;
  /** The translations' folder and its languages: `<folder>/<language>/<namespace>.json` (apps/web/translations.ts). */
  const TRANSLATIONS = SHELL_TRANSLATIONS;
  const path = location.hash.replace(/^#/, "").split("?")[0];
  const route = path === "" || path === "/" ? "/pages/index/index" : path;
  // biome-ignore lint/suspicious/noPrototypeBuiltins: the build targets ES2020; Object.hasOwn is ES2022 (Safari 15.4)
  const page = Object.prototype.hasOwnProperty.call(PAGE_CODE, route) ? PAGE_CODE[route] : undefined;
  if (!page) return;
  let language = "en";
  try {
    const stored = localStorage.getItem("lang");
    if (stored && TRANSLATIONS.languages.includes(stored)) language = stored;
  } catch {
    // Storage blocked: English.
  }
  const languages = language === "en" ? ["en"] : [language, "en"];
  const translations = languages.flatMap((code) =>
    ["common", page.ns].map((ns) => `${TRANSLATIONS.folder}/${code}/${ns}.json`),
  );
  const ask = (file, rel) => {
    const link = document.createElement("link");
    link.rel = rel;
    link.crossOrigin = "";
    link.href = `./${file}`;
    if (rel === "preload") link.as = "fetch"; // lib/i18n.ts fetches it: same URL, mode and credentials.
    document.head.append(link);
  };
  for (const file of page.code) ask(file, "modulepreload");
  for (const file of translations) ask(file, "preload");
})();
