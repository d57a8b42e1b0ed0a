// Service worker: the whole site, cache-first, from one cache per build.
// build.py writes PRECACHE: the build id (a hash of every file's content) and
// each file's SHA-256. A rebuilt site gets a new cache, filled and checked
// whole before it takes over, so a page never runs old JS with new Python.
// It also writes the headers every response must carry (its CSP, nosniff).
const PRECACHE = /*ASL_CONFIG*/ { build: "dev", files: {}, headers: {} } /*END_ASL_CONFIG*/;
const PREFIX = "asl-los-";
const CACHE = PREFIX + PRECACHE.build;
const scope = new URL(self.registration.scope);

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The site's policy and nosniff on a response: a static host such as
// GitHub Pages sends no headers, and the Pyodide worker takes its policy from
// its own script's response only. Files are kept with them, so a cached file
// is served as it was kept.
function withHeaders(response) {
  const missing = Object.entries(PRECACHE.headers)
    .filter(([name, value]) => response.headers.get(name) !== value);
  if (!missing.length || response.type === "opaqueredirect") return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of missing) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText,
                                       headers });
}

async function fetchChecked(cache, path, sha256) {
  const url = new URL(path, scope);
  // "no-cache": revalidated with the server, never a stale HTTP cache entry.
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const digest = hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  if (digest !== sha256) throw new Error(`${path}: not the file of build ${PRECACHE.build}`);
  await cache.put(url, withHeaders(response));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await caches.delete(CACHE); // a half-filled cache from a failed install
    const cache = await caches.open(CACHE);
    await Promise.all(Object.entries(PRECACHE.files).map(([p, h]) => fetchChecked(cache, p, h)));
  })());
  // No skipWaiting here: static/offline.js decides when a new build takes over.
});

// Pages (and their workers) that were running an older build when this one
// took over keep being served from their own build's cache until each has
// reloaded (static/offline.js reloads them at the player's next pause), so no
// tab is left running a build whose cache is gone. Their ids are
// kept in Cache Storage too, since a service worker's memory does not last.
const OLDER = "asl-older-clients";
const OLDER_KEY = new URL("older-clients.json", scope);

let olderRead = null;                  // read once per worker's life, until changed
function olderClients() {
  olderRead ??= caches.match(OLDER_KEY, { cacheName: OLDER })
    .then(async (hit) => new Set(hit ? await hit.json() : []))
    .catch(() => { olderRead = null; return new Set(); });   // unreadable: none, read again next time
  return olderRead;
}

async function oldCaches() {
  return (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
}

// Delete the older builds' caches once no page or worker of theirs runs.
async function cleanUp() {
  const older = await olderClients();
  const running = await self.clients.matchAll({ includeUncontrolled: true, type: "all" });
  if (running.some((client) => older.has(client.id))) return;
  for (const name of await oldCaches()) await caches.delete(name);
  await caches.delete(OLDER);
  olderRead = null;
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const running = await self.clients.matchAll({ includeUncontrolled: true, type: "all" });
    const older = await olderClients();
    for (const client of running) older.add(client.id);
    await (await caches.open(OLDER)).put(OLDER_KEY, new Response(JSON.stringify([...older])));
    olderRead = null;
    await cleanUp();
    await self.clients.claim();
  })());
});

// Put back every file of this build missing from its cache (the browser or the
// user may delete Cache Storage while the worker stays), so the next offline
// visit still works; reports how many are still missing.
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
  // A page loaded: "refill", or {refill: its build id}.
  const refillFor = event.data?.refill ?? (event.data === "refill" ? PRECACHE.build : undefined);
  if (refillFor === PRECACHE.build) {
    event.waitUntil(refill().then((missing) => {
      event.source?.postMessage({ offline: missing === 0, missing });
      return cleanUp();
    }));
  } else if (refillFor !== undefined) {
    event.source?.postMessage({ build: PRECACHE.build });   // a page of another build
  }
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== scope.origin) return;
  event.respondWith(respond(event, url));
});

async function respond(event, url) {
  // Which build's file: a page of an older build keeps its own (see above). A
  // navigation makes a new page, of this build, whichever page asked for it (a
  // page of an older build reloading itself to take this one names itself as
  // the navigation's client): never the older page's index.html with this
  // build's scripts and policy.
  const key = url.pathname === scope.pathname ? new URL("index.html", scope) : url;
  const clientId = event.request.mode === "navigate" ? null : event.clientId;
  if (clientId && (await olderClients()).has(clientId)) {
    for (const name of await oldCaches()) {      // a page of an older build: its own files
      const old = await caches.match(key, { cacheName: name, ignoreSearch: true });
      if (old) return old;
    }
  }
  const hit = await caches.match(key, { cacheName: CACHE, ignoreSearch: true });
  if (hit) return hit;
  // A file of this build missing from its cache is fetched and checked before
  // it is kept; one the server has in another version is passed on as it is,
  // and the page's build check (static/offline.js) says the versions are mixed.
  const path = key.pathname.slice(scope.pathname.length);
  if (PRECACHE.files[path]) {
    try {
      await fetchChecked(await caches.open(CACHE), path, PRECACHE.files[path]);
      const fixed = await caches.match(key, { cacheName: CACHE });
      if (fixed) return fixed;
    } catch {
      // not this build's file on the server
    }
  }
  // Only a file passed on from the server gets this build's headers: a kept
  // file carries its own build's (an older page's policy names its own styles).
  return withHeaders(await fetch(event.request));
}
