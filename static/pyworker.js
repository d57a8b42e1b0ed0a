// The page's handle on Python (the UI imports this module).
//   python.ready           a Promise, resolved once Python answers queries
//   python.call(name, ...) a Promise of the JSON result of web.bridge.call(name, args);
//                          rejects with an Error whose .kind is "SetupError" (bad
//                          input, .message names the field) or "InternalError"
//   python.onStatus(cb)    cb(status, detail) now and on every change, status being
//                          "loading" | "ready" | "offline" | "error"
//   python.latest(lane, name, ...)  the same, for a panel that wants only the answer
//                          to its newest question: per lane, one query runs at a time
//                          and a newer one replaces a waiting one, which rejects with
//                          .kind "Superseded" before it ever reaches Python;
//                          the one running is cancelled: a query Python answers in
//                          steps (a visibility sweep) then ends at its next pause,
//                          rejecting with .kind "Superseded" too
//   python.latestWithProgress(lane, name, onProgress, ...)  python.latest, and
//                          onProgress(partial) with what a query in steps has proved
//                          so far, as it goes (a sweep's hexes: web.bridge.progress);
//                          never after its answer or its cancelling
//   python.callBytes(name, buffer, ...)  the same, with an ArrayBuffer (a board file)
//                          handed to the worker (transferred, not copied), which
//                          passes its path in Pyodide's file system first
//   python.sent            how many queries of each name were sent to Python
// Queries made before Python is ready are queued by the worker and answered in order.
const CONFIG = /*ASL_CONFIG*/ { build: "dev" } /*END_ASL_CONFIG*/;

const workerURL = new URL("worker.js", import.meta.url);
workerURL.searchParams.set("build", CONFIG.build);

const listeners = new Set();
const pending = new Map();
let nextId = 1;
let loaded = false;
let state = { status: "loading", detail: null };

function setStatus(status, detail) {
  state = { status, detail };
  for (const cb of listeners) {
    try { cb(status, detail); } catch (err) { console.error(err); }
  }
}

// "offline" means: ready, and the network is gone (the app still works).
function connectivityStatus() {
  return navigator.onLine ? "ready" : "offline";
}

let resolveReady, rejectReady;
const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
ready.catch(() => {}); // a failed load is reported through onStatus("error") too

// static/boot.js started the worker as the page began: take it over,
// unless it is of another build (a half-updated server), then start our own.
const boot = globalThis.aslBoot;
if (boot && boot.build !== CONFIG.build) boot.worker.terminate();
const worker = boot && boot.build === CONFIG.build ? boot.worker : new Worker(workerURL, { type: "module" });
worker.onmessage = (event) => {
  const msg = event.data;
  if (msg.status === "ready") {
    loaded = true;
    // ms since navigation: the worker started at workerStart and was ready at readyAt
    python.timings = { ...msg.detail, workerStart: msg.detail.start - performance.timeOrigin,
                       readyAt: performance.now() };
    setStatus(connectivityStatus(), python.timings);
    resolveReady(python.timings);
  } else if (msg.status === "error") {
    fail(msg.detail);
  } else if (msg.partial !== undefined) {
    const entry = pending.get(msg.id);
    if (entry?.onProgress && !entry.cancelled) entry.onProgress(JSON.parse(msg.partial));
  } else if (pending.has(msg.id)) {
    const { resolve, reject } = pending.get(msg.id);
    pending.delete(msg.id);
    const answer = JSON.parse(msg.result);
    if ("ok" in answer) {
      resolve(answer.ok);
    } else {
      const err = new Error(answer.error);
      err.kind = answer.kind;
      if (answer.player) err.player = answer.player;   // the message in a player's words
      reject(err);
    }
  }
};
worker.onerror = (event) => {
  event.preventDefault();
  fail(event.message || "the Python worker failed to start");
};

function internalError(message) {
  const err = new Error(message);
  err.kind = "InternalError";
  return err;
}

// Python will not come: say so, and answer every waiting and later query.
let failure = null;
function fail(detail) {
  failure = detail;
  setStatus("error", detail);
  rejectReady(new Error(detail));
  for (const { reject } of pending.values()) reject(internalError(detail));
  pending.clear();
}

for (const type of ["online", "offline"]) {
  addEventListener(type, () => { if (loaded) setStatus(connectivityStatus(), null); });
}

function call(name, ...args) {
  return send(name, null, args);
}

function callBytes(name, bytes, ...args) {
  return send(name, bytes, args);
}

function send(name, bytes, args, onSent = null, onProgress = null) {
  return new Promise((resolve, reject) => {
    if (failure !== null) {
      reject(internalError(failure));
      return;
    }
    let json;
    try {
      json = JSON.stringify(args);
    } catch (err) {
      reject(internalError(`${name}: arguments are not JSON (${err.message})`));
      return;
    }
    const id = nextId++;
    pending.set(id, { resolve, reject, onProgress, cancelled: false });
    python.sent[name] = (python.sent[name] || 0) + 1;
    if (bytes) worker.postMessage({ id, name, args: json, bytes }, [bytes]);
    else worker.postMessage({ id, name, args: json });
    onSent?.(id);
  });
}

// The single worker answers in turn, so three quick edits under the visibility
// overlay would queue three full sweeps. A lane keeps one query in flight and
// at most one waiting: the newest. The time from the last edit to its answer
// is then at most the query in flight plus its own, never a queue; and the
// one in flight is cancelled, which ends a sweep at its next pause.
const lanes = new Map();

function latest(lane, name, ...args) {
  return latestWithProgress(lane, name, null, ...args);
}

function latestWithProgress(lane, name, onProgress, ...args) {
  let l = lanes.get(lane);
  if (!l) lanes.set(lane, (l = { busy: false, next: null, running: null }));
  return new Promise((resolve, reject) => {
    drop(l, "superseded by a newer question");
    l.next = { name, args, resolve, reject, onProgress };
    pump(l);
  });
}

// A lane's question no longer wanted (the overlay cleared): the one waiting is
// rejected as Superseded, the one running cancelled at its next pause.
function stop(lane) {
  const l = lanes.get(lane);
  if (l) drop(l, "no longer wanted");
}

function drop(l, why) {
  if (l.next) {
    const err = new Error(`${l.next.name}: ${why}`);
    err.kind = "Superseded";
    l.next.reject(err);
    l.next = null;
  }
  if (l.running !== null) {
    worker.postMessage({ cancel: l.running });
    const entry = pending.get(l.running);
    if (entry) entry.cancelled = true;    // its progress no longer drawn
    l.running = null;                     // asked once
  }
}

function pump(l) {
  if (l.busy || !l.next) return;
  const { name, args, resolve, reject, onProgress } = l.next;
  l.next = null;
  l.busy = true;
  send(name, null, args, (id) => { l.running = id; }, onProgress).then(resolve, reject).finally(() => {
    l.busy = false;
    l.running = null;
    pump(l);
  });
}

function onStatus(cb) {
  listeners.add(cb);
  cb(state.status, state.detail);
  return () => listeners.delete(cb);
}

export const python = { ready, call, callBytes, latest, latestWithProgress, stop, onStatus, build: CONFIG.build, timings: null,
                        sent: {} };

if (worker === boot?.worker) {   // what it said before this module ran, in order,
  // once everything above is defined
  for (const event of boot.held.splice(0)) {
    (event.type === "error" ? worker.onerror : worker.onmessage)(event);
  }
}
