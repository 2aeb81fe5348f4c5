// Put inline into index.html by shell/vite-plugin.ts, which fills in SHELLS and STORAGE: a blocking script right
// after the prerendered shells, so it runs before the first paint. It moves the shell of the page the address
// names into #root, in the stored language, and drops the others; main.tsx then hydrates it. No shell for the address
// (another page): #root keeps its loader. index.html carries the shells' texts in English only (the language of every
// first visit); another language's are this device's copy (lib/shell-texts.ts). A text the copy lacks stays English
// and only costs a redraw of it when the app hydrates.
(() => {
  /**
   * By route: where the shell's translated texts are (text nodes and attributes, by index, with markers) and their
   * English (see app/shell/prerender.tsx).
   */
  const SHELLS = SHELL_TEXTS;
  /** The storage keys of the language and of this device's copy of the shells' texts in it (lib/shell-texts.ts). */
  const STORAGE = SHELL_STORAGE;
  const HOME = "/pages/index/index";
  const root = document.getElementById("root");
  const shells = document.querySelector(".shells");
  if (!root || !shells) return;
  const path = location.hash.replace(/^#/, "").split("?")[0];
  const route = path === "" || path === "/" ? HOME : path;
  const texts = SHELLS[route];
  const shell = texts && shells.querySelector(`[data-shell="${route}"]`);
  if (!shell) {
    shells.remove();
    return;
  }
  // Another language's texts come from this device's copy, kept by the app: { language, texts: English -> its }.
  // Without one (the language was chosen on another version, storage was cleared) the shell stays in English and
  // the app puts its language in as it hydrates.
  let language = "en";
  let translated = null;
  try {
    const stored = localStorage.getItem(STORAGE.language);
    const copy = stored && stored !== "en" ? JSON.parse(localStorage.getItem(STORAGE.shellTexts) ?? "null") : null;
    if (copy && copy.language === stored && copy.texts) {
      language = stored;
      translated = copy.texts;
    }
  } catch {
    // Storage blocked or a copy that does not parse: English.
  }
  if (translated) {
    const strings = texts.english.map((english) =>
      // biome-ignore lint/suspicious/noPrototypeBuiltins: the build targets ES2020; Object.hasOwn is ES2022
      Object.prototype.hasOwnProperty.call(translated, english) ? String(translated[english]) : english,
    );
    const fill = (template) => template.replace(/\u2063(\d+)\u2063/g, (_, id) => strings[Number(id)] ?? "");
    const walker = document.createTreeWalker(shell, NodeFilter.SHOW_TEXT);
    let next = 0;
    for (let index = 0, node = walker.nextNode(); node && next < texts.texts.length; index++) {
      if (index === texts.texts[next][0]) {
        node.data = fill(texts.texts[next][1]);
        next++;
      }
      node = walker.nextNode();
    }
    const elements = shell.querySelectorAll("*");
    for (const [index, name, template] of texts.attributes) elements[index]?.setAttribute(name, fill(template));
    document.documentElement.lang = language;
  }
  // A tap on one of the shell's buttons before React owns it (before the app runs, or while it hydrates the part
  // the button is in) would be lost: React drops a click it cannot hydrate its target for at once. Such a tap is held
  // here, before React's own listeners see it, and the app replays the last one once React owns the button
  // (lib/shell-taps.ts, which says how "owns" is told). Links need no help: the address changes without the app.
  const taps = [];
  const ownedByReact = (element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  const hold = (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || !shell.contains(button) || ownedByReact(button)) return;
    event.stopPropagation();
    event.preventDefault();
    taps.push(button);
  };
  document.addEventListener("click", hold, true);
  window.__shellTaps = {
    take: () => taps.splice(0),
    stop: () => document.removeEventListener("click", hold, true),
  };
  shell.removeAttribute("id");
  root.replaceWith(shell);
  shell.id = "root";
  shell.removeAttribute("class");
  shells.remove();
})();
