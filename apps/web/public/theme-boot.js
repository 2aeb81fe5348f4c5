// Runs before the first paint: the build puts it inline in <head> (the server's CSP allows it by its hash). Applies the theme
// saved by the account page's switch, or the system's, so a dark page never flashes light. lib/theme.ts keeps it in
// step afterwards and holds the same rules: the key "cryptos.theme" ("system" | "light" | "dark"), and the operator
// console (#/admin) always light.
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem("cryptos.theme");
  } catch {
    // Storage blocked: follow the system.
  }
  const systemDark = window.matchMedia?.("(prefers-color-scheme: dark)").matches === true;
  const dark = !location.hash.startsWith("#/admin") && (choice === "dark" || (choice !== "light" && systemDark));
  document.documentElement.setAttribute("data-prefers-color-scheme", dark ? "dark" : "light");
})();
