// The service worker. `vite build` writes it to dist/sw.js (pwa/vite-plugin.ts), which fills in BUILD with the
// build's files and a version that changes with any of them; a new version replaces the old cache.
//
// - The shell (index.html, the hashed assets but translations and the operator console, the manifest, the icons,
//   theme-boot.js) is cached at install, so the app opens offline; any other hashed asset is cached when first
//   used, and so is what the page loaded before we took control (it sends the list). Hashed assets never change:
//   cache first. The rest: network first, the cache when offline.
// - A navigation goes to the network, and falls back to the cached index.html when there is none.
// - The API (uploaded files included), the live socket and the API docs never touch a cache: network only.
const BUILD = PRECACHE_MANIFEST;

const CACHE_PREFIX = "cryptos-shell-";
const CACHE = `${CACHE_PREFIX}${BUILD.version}`;
const SCOPE = self.registration.scope;
const SHELL = new URL("index.html", SCOPE).href;
const ASSETS = new URL("assets/", SCOPE).href;
const NETWORK_ONLY = ["api/", "ws", "docs"].map((path) => new URL(path, SCOPE).href);
const PRECACHED = new Set(BUILD.files.map((file) => new URL(file, SCOPE).href));
/**
 * Files per batch while precaching, and the pause between batches: the page that registered us (once it was idle,
 * lib/service-worker.ts) may still be drawing or reading, and a first visit must not pay for the offline copy.
 */
const PRECACHE_BATCH = 4;
const PRECACHE_PAUSE_MS = 50;

async function precache() {
  const cache = await caches.open(CACHE);
  const queue = [...PRECACHED];
  while (queue.length > 0) {
    const batch = queue.splice(0, PRECACHE_BATCH);
    await Promise.all(
      batch.map(async (url) => {
        // Low priority: whatever the page asks for meanwhile goes first.
        const response = await fetch(url, { cache: "reload", priority: "low" });
        if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
        await cache.put(url, response);
      }),
    );
    if (queue.length > 0) await new Promise((resolve) => setTimeout(resolve, PRECACHE_PAUSE_MS));
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(CACHE_PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

async function networkFirst(request, fallback) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(fallback, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

/** Hashed assets the page loaded before this worker controlled it (its translations, its first screen). */
async function cacheLoaded(urls) {
  const cache = await caches.open(CACHE);
  for (const url of urls) {
    if (typeof url !== "string" || !url.startsWith(ASSETS) || (await cache.match(url))) continue;
    const response = await fetch(url).catch(() => null);
    if (response?.ok) await cache.put(url, response);
  }
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "cache-loaded" && Array.isArray(event.data.urls)) {
    event.waitUntil(cacheLoaded(event.data.urls));
  }
});

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = request.url;
  if (request.method !== "GET" || !url.startsWith(SCOPE)) return;
  if (NETWORK_ONLY.some((prefix) => url.startsWith(prefix))) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, SHELL));
    return;
  }
  const file = url.split(/[?#]/)[0];
  if (file.startsWith(ASSETS)) event.respondWith(cacheFirst(request));
  else if (PRECACHED.has(file)) event.respondWith(networkFirst(request, file));
});
