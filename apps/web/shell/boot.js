// Put inline into index.html by shell/vite-plugin.ts, which fills in SHELLS: a blocking script right after the
// prerendered shells, so it runs before the first paint. It moves the shell of the page the address
// names into #root, in the stored language, and drops the others; main.tsx then hydrates it. No shell for the address
// (another page): #root keeps its loader. The language rule is lib/i18n.ts's for a stored choice (key "lang"); a
// value it would resolve differently only costs a redraw of the texts when the app hydrates.
(() => {
  /** By route: where the shell's translated texts are, and each language's texts (see app/shell/prerender.tsx). */
  const SHELLS = SHELL_TEXTS;
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
  let language = "en";
  try {
    const stored = localStorage.getItem("lang");
    if (stored && texts.strings[stored]) language = stored;
  } catch {
    // Storage blocked: English.
  }
  if (language !== "en") {
    const strings = texts.strings[language];
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
