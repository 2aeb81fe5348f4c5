// The browser of a first visit, as far as the app's modules and its first render read it, for the worker thread that
// draws one shell at build time (shell/render-worker.mjs): the address of the tab and its history entry, empty
// storage, English, and an API that does not answer yet (the shell is the page before its data). Translations come
// from the sources, the catalogues the build writes (apps/web/translations.ts). Only what the app reads is here:
// anything else it reaches for is missing, and the build stops (shell/render.ts) rather than draw a shell the
// browser would draw differently. Effects do not run in React's server renderer, so nothing here is ever drawn on.
import { readFile } from "node:fs/promises";
import path from "node:path";

/** The origin the shell is drawn at; the app's own addresses are relative to it. */
const ORIGIN = "https://shell.invalid";

class MemoryStorage {
  #items = new Map();
  get length() {
    return this.#items.size;
  }
  key(index) {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key) {
    return this.#items.get(String(key)) ?? null;
  }
  setItem(key, value) {
    this.#items.set(String(key), String(value));
  }
  removeItem(key) {
    this.#items.delete(String(key));
  }
  clear() {
    this.#items.clear();
  }
}

/**
 * `fetch` as the page sees it before the API answers: a read of the API is recorded (method, address as the app
 * spells it on its own origin, body) and stays pending; a translation file is read from the sources.
 */
function heldFetch({ translationsFolder, locales, reads }) {
  return async (input, init = {}) => {
    const url = new URL(typeof input === "string" ? input : input.url, `${ORIGIN}/`);
    const prefix = `/${translationsFolder}/`;
    if (url.origin === ORIGIN && url.pathname.startsWith(prefix)) {
      const file = path.join(locales, url.pathname.slice(prefix.length));
      if (!file.startsWith(locales)) return new Response(null, { status: 404 });
      const json = await readFile(file, "utf8").catch(() => null);
      return json === null
        ? new Response(null, { status: 404 })
        : new Response(json, { headers: { "content-type": "application/json" } });
    }
    reads.push({
      method: (init.method ?? "GET").toUpperCase(),
      url: url.origin === ORIGIN ? `${url.pathname}${url.search}` : url.href,
      body: typeof init.body === "string" ? init.body : null,
    });
    return new Promise((_resolve, reject) => {
      init.signal?.addEventListener("abort", () => reject(init.signal.reason));
    });
  };
}

/**
 * Makes this thread's globals a first visit's browser at `#<route>`; `reads` collects the API reads the app asks for.
 * `translationsFolder` is where the app fetches its catalogues (`__TRANSLATIONS__`), `locales` the sources' folder.
 */
export function installFirstVisit({ route, translationsFolder, locales, reads }) {
  const events = new EventTarget();
  const on = {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  };
  const history = {
    state: null,
    length: 1,
    pushState(state) {
      history.state = state;
    },
    replaceState(state) {
      history.state = state;
    },
    go() {},
    back() {},
    forward() {},
  };
  const documentElement = {
    lang: "en",
    dataset: {},
    setAttribute() {},
    removeAttribute() {},
    getAttribute: () => null,
  };
  const document = {
    ...on,
    baseURI: `${ORIGIN}/`,
    documentElement,
    visibilityState: "visible",
    hidden: false,
    querySelector: () => null,
    querySelectorAll: () => [],
    getElementById: () => null,
  };
  const globals = {
    ...on,
    window: globalThis,
    location: new URL(`${ORIGIN}/#${route}`),
    history,
    document,
    navigator: { language: "en", languages: ["en"], onLine: true, userAgent: "" },
    localStorage: new MemoryStorage(),
    fetch: heldFetch({ translationsFolder, locales, reads }),
  };
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
}
