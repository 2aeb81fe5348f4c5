// The service worker, on Workbox (decision 136). `vite build` bundles it to dist/sw.js and vite-plugin-pwa writes this
// build's files into `self.__WB_MANIFEST` (pwa/vite-plugin.ts): a new build is a new worker.
//
// - The shell (index.html, the hashed assets but translations and the operator console, the manifest, the icons,
//   theme-boot.js) is precached at install, one file at a time at low priority, so the app opens offline; an update
//   downloads only the files that changed. Any other hashed asset is cached when first used, and so is what the page
//   loaded before we took control (lib/service-worker.ts sends the list). Hashed assets never change: cache first.
//   The other precached files: network first, the precached copy when offline.
// - A navigation goes to the network, and falls back to the precached index.html when there is none.
// - The API (uploaded files included), the live socket and the API docs never touch a cache: network only.
import { PrecacheController, PrecacheRoute } from "workbox-precaching";
import { Route, Router } from "workbox-routing";
import { CacheFirst, NetworkOnly } from "workbox-strategies";

const SCOPE = self.registration.scope;
const ASSETS = new URL("assets/", SCOPE).href;
const NETWORK_ONLY = ["api/", "ws", "docs"].map((path) => new URL(path, SCOPE).href);
/** Hashed assets cached on first use; emptied when a new worker takes over, as the precache drops what it no longer lists. */
const ASSETS_CACHE = "cryptos-assets";
/** The hand-written worker's caches (before decision 136): dropped once. */
const LEGACY_CACHE_PREFIX = "cryptos-shell-";

const manifest = self.__WB_MANIFEST;
/** Precached files whose names carry no hash (a revision instead): these are asked of the network first. */
const REVISED = new Set(manifest.filter((entry) => entry.revision).map((entry) => new URL(entry.url, SCOPE).href));

const precache = new PrecacheController({
  plugins: [
    {
      // At install only: whatever the page that registered us asks for meanwhile goes first (a first visit must not
      // pay for the offline copy). A precached file the page asks for later is fetched at the page's priority.
      requestWillFetch: ({ request, event }) =>
        event?.type === "install" ? new Request(request, { priority: "low" }) : request,
    },
  ],
});
precache.precache(manifest);

const served = (url) => url.href.startsWith(SCOPE) && !NETWORK_ONLY.some((prefix) => url.href.startsWith(prefix));
/** Network only; when the network fails, the precached `fallback` (or the file itself). */
const networkThenPrecached = (fallback) =>
  new NetworkOnly({
    plugins: [{ handlerDidError: ({ request }) => precache.matchPrecache(fallback ?? request.url.split(/[?#]/)[0]) }],
  });

const router = new Router();
router.registerRoute(
  new Route(({ request, url }) => request.mode === "navigate" && served(url), networkThenPrecached("index.html")),
);
router.registerRoute(new Route(({ url }) => REVISED.has(url.origin + url.pathname), networkThenPrecached()));
router.registerRoute(new PrecacheRoute(precache, { directoryIndex: null, cleanURLs: false }));
router.registerRoute(new Route(({ url }) => url.href.startsWith(ASSETS), new CacheFirst({ cacheName: ASSETS_CACHE })));
router.addFetchListener();

// The page's list of what it loaded (lib/service-worker.ts): each hashed asset goes through the routes above as a fetch
// would. Workbox's own message (`CACHE_URLS`) would cost the page's entry bytes its first-screen budget has not got.
self.addEventListener("message", (event) => {
  if (event.data?.type !== "cache-loaded" || !Array.isArray(event.data.urls)) return;
  const assets = event.data.urls.filter((url) => typeof url === "string" && url.startsWith(ASSETS));
  event.waitUntil(Promise.all(assets.map((url) => router.handleRequest({ request: new Request(url), event }))));
});

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key === ASSETS_CACHE || key.startsWith(LEGACY_CACHE_PREFIX)) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});
