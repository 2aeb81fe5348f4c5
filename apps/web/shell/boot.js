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
  // A tap on one of the shell's buttons before the app has hydrated would do nothing: the last one is kept, and the
  // app replays it once it is ready (lib/shell-taps.ts). Links need no help: the address changes without the app.
  const taps = [];
  const remember = (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && shell.contains(button)) taps.push(button);
  };
  document.addEventListener("click", remember, true);
  window.__shellTaps = () => {
    document.removeEventListener("click", remember, true);
    return taps.splice(0);
  };
  shell.removeAttribute("id");
  root.replaceWith(shell);
  shell.id = "root";
  shell.removeAttribute("class");
  shells.remove();
})();
