// Service worker: the whole site, cache-first, from one cache per build.
// build.py writes PRECACHE: the build id (a hash of every file's content) and
// each file's SHA-256. A rebuilt site gets a new cache, filled and checked
// whole before it takes over, so a page never runs old JS with new Python.
const PRECACHE = /*ASL_CONFIG*/ { build: "dev", files: {} } /*END_ASL_CONFIG*/;
const PREFIX = "asl-los-";
const CACHE = PREFIX + PRECACHE.build;
const scope = new URL(self.registration.scope);

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetchChecked(cache, path, sha256) {
  const url = new URL(path, scope);
  // "no-cache": revalidated with the server, never a stale HTTP cache entry.
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const digest = hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  if (digest !== sha256) throw new Error(`${path}: not the file of build ${PRECACHE.build}`);
  await cache.put(url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await caches.delete(CACHE); // a half-filled cache from a failed install
    const cache = await caches.open(CACHE);
    await Promise.all(Object.entries(PRECACHE.files).map(([p, h]) => fetchChecked(cache, p, h)));
  })());
  // No skipWaiting here: static/offline.js decides when a new build takes over.
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Put back every file of this build missing from its cache (the browser or the
// user may delete Cache Storage while the worker stays), so the next offline
// visit still works; reports how many are still missing (issue 8).
async function refill() {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const [path, sha256] of Object.entries(PRECACHE.files)) {
    if (await cache.match(new URL(path, scope))) continue;
    try {
      await fetchChecked(cache, path, sha256);
    } catch {
      missing.push(path);
    }
  }
  return missing.length;
}

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
  if (event.data === "refill") {
    event.waitUntil(refill().then((missing) => event.source?.postMessage({ offline: missing === 0, missing })));
  }
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== scope.origin) return;
  event.respondWith((async () => {
    const key = url.pathname === scope.pathname ? new URL("index.html", scope) : url;
    const hit = await caches.match(key, { cacheName: CACHE, ignoreSearch: true });
    return hit || fetch(event.request);
  })());
});
