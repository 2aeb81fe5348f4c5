// Put inline into index.html's <head> by shell/vite-plugin.ts, which fills in READS, FIRST_VISIT_READS and STORAGE.
// The first screen's reads leave with the HTML: asked for by the app, each would wait for the entry to download and
// run, and the currencies' decimals, which every screen waits for on a first visit (app/App.tsx), for the app's first
// render besides. Each goes exactly as the app's own request would (lib/api-client.ts: same address, `lang` and
// session headers); the app takes the answer for its first request of that address (lib/first-reads.ts) and drops
// what it did not take once it has started. The language rule is boot.js's.
(() => {
  /**
   * By route: the reads the page makes first (app/routes preloadPage, as prerendering recorded them: method, address
   * and body), and whether they were recorded for a session (Assets), so go only with one. null: the page sends
   * nothing before the app runs, not even a first visit's reads (Trade; shell/vite-plugin.ts says why).
   */
  const READS = SHELL_READS;
  /** Read on a first visit to any page, before it draws: [address, the storage key whose absence means "first"]. */
  const FIRST_VISIT_READS = SHELL_FIRST_VISIT_READS;
  /** The storage keys of the language and the session token, and the languages the app has. */
  const STORAGE = SHELL_STORAGE;
  const path = location.hash.replace(/^#/, "").split("?")[0];
  const route = path === "" || path === "/" ? "/pages/index/index" : path;
  // biome-ignore lint/suspicious/noPrototypeBuiltins: the build targets ES2020; Object.hasOwn is ES2022 (Safari 15.4)
  const page = Object.prototype.hasOwnProperty.call(READS, route) ? READS[route] : undefined;
  if (page === null) return;
  const read = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null; // Storage blocked: as on a first visit, which is what the app will see too.
    }
  };
  const token = read(STORAGE.token);
  const stored = read(STORAGE.language);
  const language = stored && STORAGE.languages.includes(stored) ? stored : "en";
  const reads = page && (token || !page.signedIn) ? [...page.reads] : [];
  for (const [url, key] of FIRST_VISIT_READS) if (read(key) === null) reads.push({ method: "GET", url, body: null });
  window.__firstReads = reads.map(({ method, url, body }) => {
    const headers = { lang: language, accept: "application/json" };
    if (token) Object.assign(headers, { authorization: `Bearer ${token}`, token });
    if (body !== null) headers["content-type"] = "application/json";
    const response = fetch(url, { method, headers, body });
    response.catch(() => {}); // Not taken, a failure is nobody's; taken, the app sees it as its own request's.
    return { method, url, body, language, token, response };
  });
})();
