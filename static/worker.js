// The Python side of the page: a module Web Worker running Pyodide from the
// site's own folder (docs/design.md "Browser conventions"; no CDN, no network).
// Protocol (static/pyworker.js is the only client):
//   page -> worker  {id, name, args}       args: a JSON string of the arguments
//                   {id, name, args, bytes} bytes: an ArrayBuffer (a board file),
//                                          written into Pyodide's file system; its path
//                                          is passed to the query as its first argument
//                   {cancel: id}           a newer question replaced query id: if it is
//                                          still running in steps, it ends at its next
//                                          pause, answered with kind "Superseded"
//   worker -> page  {id, result}           result: the JSON string web.bridge answered
//                   {id, partial}          partial: JSON of what query id, still running in
//                                          steps, has proved since its last partial
//                                          (web.bridge.progress: a sweep's hexes)
//                   {status, detail}       "ready" (detail: timings) or "error" (detail: message)
import { loadPyodide } from "./pyodide/pyodide.mjs";

// Written by build.py: the build id, the app's Python (a zip of bytecode) and
// where it goes, Python's start-up snapshot, the wheels to install at start and
// when idle, a minimal lock file.
const CONFIG = /*ASL_CONFIG*/ { build: "dev", app: null, appPath: null, snapshot: null, wheels: [], idleWheels: [], lock: null } /*END_ASL_CONFIG*/;

const here = new URL("./", import.meta.url);
const expectedBuild = new URL(import.meta.url).searchParams.get("build");

function fetched(path) {
  return fetch(new URL(path, here)).then((response) => {
    if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
    return response;
  });
}

// The app's modules are fetched while the runtime boots: one zip of
// bytecode that goes on sys.path as it is, so nothing is installed.
function fetchApp() {
  if (!CONFIG.app) return Promise.resolve(null);
  return fetched(CONFIG.app).then((response) => response.arrayBuffer());
}

// Python's memory with the app's modules imported (buildsite/snapshot.py), gzipped:
// restored in place of starting Python and importing them.
function fetchSnapshot() {
  return fetched(CONFIG.snapshot)
    .then((response) => new Response(response.body.pipeThrough(new DecompressionStream("gzip"))))
    .then((response) => response.arrayBuffer())
    .then((buffer) => new Uint8Array(buffer));
}

// Pyodide with the app's zip in its file system and web.bridge imported:
// restored from the snapshot (restore), or started afresh. zipBuild: the build
// of the zip it reads its later imports from.
async function startPython(options, app, restore) {
  const pyodide = await loadPyodide(restore ? { ...options, _loadSnapshot: fetchSnapshot() } : options);
  const booted = performance.now();
  const zip = await app;
  if (zip) {
    pyodide.FS.writeFile(CONFIG.appPath, new Uint8Array(zip));
    if (!restore) pyodide.pyimport("sys").path.insert(0, CONFIG.appPath);
  }
  const bridge = pyodide.pyimport("web.bridge");
  // restored, the modules are the snapshot's: the zip fetched must be theirs too
  const zipBuild = restore && zip ? bridge.app_build(CONFIG.appPath) : bridge.BUILD_ID;
  return { pyodide, bridge, booted, restored: restore, zipBuild };
}

// Restored from the snapshot where it can be; else (no snapshot, no
// DecompressionStream, a failed fetch, a runtime that refuses it, a restored
// Python that fails to import) started afresh: only slower.
async function boot(options, app) {
  if (CONFIG.snapshot && globalThis.DecompressionStream) {
    try {
      return await startPython(options, app, true);
    } catch (err) {
      console.warn("Python's start-up snapshot did not load; starting Python afresh:", err);
    }
  }
  return startPython(options, app, false);
}

async function start() {
  const t0 = performance.now();
  if (expectedBuild && expectedBuild !== CONFIG.build) {
    throw new Error(`mixed versions: page ${expectedBuild}, worker ${CONFIG.build}; reload the page`);
  }
  const app = fetchApp();
  app.catch(() => {});          // awaited below; a failure is reported there
  const options = {
    indexURL: new URL("pyodide/", here).href,
    // Wheels by URL, fetched while the runtime boots (PYODIDE-NOTES.md: never by name).
    packages: CONFIG.wheels.map((w) => new URL(w, here).href),
  };
  if (CONFIG.lock) {
    // Saves fetching the full lock file: no package is ever loaded by name.
    options.lockFileContents = CONFIG.lock;
    options.packageBaseUrl = options.indexURL;
  }
  const { pyodide, bridge, booted: tBoot, restored, zipBuild } = await boot(options, app);
  const pythonBuild = [bridge.BUILD_ID, zipBuild].find((b) => b !== CONFIG.build);
  if (pythonBuild !== undefined) {
    throw new Error(`mixed versions: JavaScript ${CONFIG.build}, Python ${pythonBuild}; reload the page`);
  }
  bridge.warm(); // the rules modules: the first click must not pay for imports
  // The queries that first wait for the idle wheels (the map, the ruling card
  // and the QR code need svgwrite or segno): web.bridge's QUERIES says which.
  const idleQueries = new Set(JSON.parse(bridge.idle_queries_json()));
  const timings = {
    start: performance.timeOrigin + t0, // epoch ms, for the page to place the worker's start
    boot: tBoot - t0, import: performance.now() - tBoot, build: CONFIG.build, restored,
    fetched: fetchTimes(t0),
  };
  return { pyodide, bridge, idleQueries, timings };
}

// svgwrite and segno are loaded after ready, not before (about 35 ms each of the
// boot), once: when idle, or at once for a query that needs them.
let idleWheels = null;
function loadIdleWheels(pyodide) {
  idleWheels ??= pyodide.loadPackage(CONFIG.idleWheels.map((w) => new URL(w, here).href))
    .catch((err) => { idleWheels = null; throw err; });     // a failed load is tried again
  return idleWheels;
}

// Where the boot went (build.py bench): when each runtime file had arrived, ms
// after the worker started (Resource Timing, read after the fact: costs nothing).
function fetchTimes(t0) {
  const out = {};
  for (const e of performance.getEntriesByType("resource")) {
    const name = e.name.split("/").pop().split("?")[0];
    if (/\.(wasm|zip|whl|mjs)$/.test(name)) out[name] = Math.round(e.responseEnd - t0);
  }
  return out;
}

// Once ready, the slow optional imports (web.render) run when no query has
// come for IDLE_MS, so they never delay an answer the user is waiting for.
const IDLE_MS = 1000;
let idleTimer = null;
let idleDone = false;
function warmWhenIdle({ pyodide, bridge }) {
  clearTimeout(idleTimer);
  if (idleDone) return;
  idleTimer = setTimeout(async () => {
    if (live.size) return;     // a query in steps: its end sets the timer again
    idleDone = true;
    try {
      await loadIdleWheels(pyodide);
      bridge.warm(true);
    } catch (err) {       // the map's drawing asks again when it needs them, and says why
      console.warn("the idle wheels did not load:", err);
    }
  }, IDLE_MS);
}

const started = start();
started.then(
  (python) => {
    postMessage({ status: "ready", detail: python.timings });
    warmWhenIdle(python);
  },
  (err) => postMessage({ status: "error", detail: String(err && err.message || err) }),
);

// Messages that arrive while Python loads wait here, and are answered in order.
// A query with steps (web.queries QUERIES: a visibility sweep) runs about 50 ms
// at a time; between steps the worker lets the page's messages in, so a ruling,
// a save's check or a cancel never waits behind a sweep.
const PROGRESS_MS = 250;        // how often a query in steps tells the page what it proved
const live = new Set();         // ids being answered
const cancelled = new Set();    // ids of those a newer question replaced
self.onmessage = async (event) => {
  const { id, name, bytes, cancel } = event.data;
  if (cancel !== undefined) {
    if (live.has(cancel)) cancelled.add(cancel);
    return;
  }
  let { args } = event.data;
  let result;
  live.add(id);
  try {
    const python = await started;
    if (python.idleQueries.has(name)) await loadIdleWheels(python.pyodide);
    if (bytes) {        // web/boardfile.py reads the file once and removes it
      const path = `/tmp/asl-board-${id}`;
      python.pyodide.FS.writeFile(path, new Uint8Array(bytes));
      args = JSON.stringify([path, ...JSON.parse(args)]);
    }
    clearTimeout(idleTimer);
    for (let round = 0; ; round++) {
      let told = performance.now();
      result = python.bridge.begin(id, name, args);
      while (result === undefined) {          // Python's None: more steps to run
        // what the steps proved (a sweep's hexes so far), for the page to
        // draw now; every PROGRESS_MS, so a short sweep costs the page no extra drawing
        if (!cancelled.has(id) && performance.now() - told >= PROGRESS_MS) {
          const partial = python.bridge.progress(id);
          if (partial !== undefined) postMessage({ id, partial });
          told = performance.now();
        }
        await nextTask();
        result = cancelled.has(id) ? python.bridge.cancel(id) : python.bridge.resume(id);
      }
      // Overlay images Python has no decoder for: decoded here, given back, asked again.
      const images = !bytes && round < MAX_DECODE_ROUNDS ? neededPixels(result) : null;
      if (!images) break;
      const failed = await decodeImages(python, images);
      if (failed) {
        result = JSON.stringify({ error: failed, kind: "SetupError", player: failed });
        break;
      }
    }
    warmWhenIdle(python);
  } catch (err) {
    result = JSON.stringify({ error: String(err && err.message || err), kind: "InternalError" });
  }
  live.delete(id);
  cancelled.delete(id);
  postMessage({ id, result });
};

// --- overlay images, decoded by the browser (pycore/terrain/vasl/gif.py) ----
// The site's Python has no image decoder. A query whose setup lays an overlay
// not decoded yet answers kind "NeedsPixels", naming the images; each is
// handed out by Python checked (its sizes and blocks, gif.check), decoded here
// by the browser's own decoder, its RGBA given back (Python turns it into the
// image's palette exactly, or refuses it), and the query asked again. No rule here.
const MAX_DECODE_ROUNDS = 3;
let pixelFiles = 0;

function neededPixels(result) {
  if (typeof result !== "string" || !result.startsWith('{"error"') || !result.includes('"NeedsPixels"')) return null;
  const got = JSON.parse(result);
  return got.kind === "NeedsPixels" && Array.isArray(got.images) && got.images.length ? got.images : null;
}

// null once every image is given to Python, else why not in a player's words.
async function decodeImages(python, images) {
  for (const [source, member] of images) {
    let bitmap;
    try {
      const proxy = python.bridge.overlay_gif(source, member);
      const gif = proxy.toJs();
      proxy.destroy();
      bitmap = await createImageBitmap(new Blob([gif], { type: "image/gif" }),
        { colorSpaceConversion: "none", premultiplyAlpha: "none" });
    } catch (err) {
      return `overlay file: ${member} cannot be decoded by this browser (${String(err?.message ?? err).split("\n")[0].slice(0, 120)}): ` +
        "copy the archive again from its source";
    }
    const { width, height } = bitmap;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d", { willReadFrequently: true });
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const rgba = context.getImageData(0, 0, width, height).data;
    const path = `/tmp/asl-pixels-${++pixelFiles}`;
    python.pyodide.FS.writeFile(path, new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength));
    const refused = python.bridge.overlay_pixels(source, member, width, height, path);
    if (refused) return refused;
  }
  return null;
}

// A new task: the messages already queued (the page's questions) run first.
// A MessageChannel, not setTimeout, whose nesting adds 4 ms per pause.
const ticks = new MessageChannel();
const waiting = [];
ticks.port1.onmessage = () => waiting.shift()();
function nextTask() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    ticks.port2.postMessage(null);
  });
}
