// Maps Python has drawn, kept in the browser's Cache Storage, so a
// reload of a big map (4 x 2 boards: 3 MB, about a second in Python) shows
// it without waiting for Python to start and draw it again. A drawing is the
// grid of one map (its size, boards and label) from one build, drawn empty:
// the page paints the setup's hexes and hexsides on it (MapView.sync). Its
// name is outside the service worker's "asl-los-" prefix (static/sw.js), which
// deletes the caches of older builds once no tab of theirs runs: drawings are
// keyed by build and the oldest are dropped here (KEEP), so they are not its
// to delete. Each map's preview (web/preview.py, 190 KB on 4 x 2 boards) is
// kept beside its drawing, to be shown first.

const CACHE = "asl-drawn-maps";
const KEEP = 8;                       // the newest four maps' drawings and previews

// part: "drawing" or "preview".
function url(build, map, part) {
  const { columns, rows, board, boards } = map;
  const key = JSON.stringify({ columns, rows, board: board ?? null, boards: boards ?? null });
  const folder = part === "preview" ? "map-preview" : "drawn-map";
  return new URL(`${folder}/${encodeURIComponent(build)}/${encodeURIComponent(key)}`, location.href).href;
}

async function open() {
  try {
    return globalThis.caches ? await caches.open(CACHE) : null;   // none outside a secure context
  } catch {
    return null;
  }
}

// The drawing (or preview) of this map, or null.
export async function drawnMap(build, map, part = "drawing") {
  const cache = await open();
  try {
    const hit = cache && await cache.match(url(build, map, part));
    return hit ? await hit.text() : null;
  } catch {
    return null;
  }
}

// Keep a drawing (best effort: a full storage only means Python draws it again).
export async function keepDrawnMap(build, map, svg, part = "drawing") {
  const cache = await open();
  if (!cache) return;
  try {
    await cache.put(url(build, map, part), new Response(svg, { headers: { "content-type": "image/svg+xml" } }));
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - KEEP))) await cache.delete(old);
  } catch {
    // nothing lost: the map on screen stays, and the next reload asks Python
  }
}
