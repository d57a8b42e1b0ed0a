// Registers the service worker (static/sw.js) and applies a new build whole,
// at a moment that costs the player nothing: the new worker installs
// and checks every file in the background; the page offers it, and it takes
// over when the player pauses (nothing being typed, no change waiting for
// Python's verdict, no finger down, no input for IDLE_MS), or at once if asked.
// Then every tab of the app reloads, each at its own safe moment, saying until
// then that it must. Autosave (the UI's) keeps the user's setup across it.
// Every page script carries its build id (build.py stamps it): a page whose
// scripts, worker or Python are of different builds says so (mixedBuilds).
// Registration waits until Python is loaded (or failed), so the service
// worker's precache never competes with the first visit's startup.
import { python } from "./pyworker.js";
import { Store } from "./ui/store.js";

const IDLE_MS = 3000;
const TEXT_FIELDS = /^(INPUT|TEXTAREA|SELECT)$/;
const NOT_TYPED = new Set(["button", "checkbox", "radio", "range", "color", "file", "submit", "reset"]);
let lastInput = performance.now();
let pointersDown = 0;
for (const type of ["keydown", "input", "pointerdown", "wheel"]) {
  addEventListener(type, () => { lastInput = performance.now(); }, { capture: true, passive: true });
}
addEventListener("pointerdown", () => { pointersDown += 1; }, { capture: true, passive: true });
for (const type of ["pointerup", "pointercancel"]) {
  addEventListener(type, () => { pointersDown = Math.max(0, pointersDown - 1); },
    { capture: true, passive: true });
}

// True when a reload now loses nothing the player is doing.
export function safeMoment() {
  const el = document.activeElement;
  const typing = el && (el.isContentEditable ||
    (TEXT_FIELDS.test(el.tagName) && !NOT_TYPED.has(el.type)));
  return !typing && pointersDown === 0 && !Store.judging() &&
    (document.visibilityState === "hidden" || performance.now() - lastInput >= IDLE_MS);
}

// Run fn at the next safe moment (checked each half second, and when the page is hidden).
function whenSafe(fn) {
  let done = false;
  const attempt = () => {
    if (done || !safeMoment()) return;
    done = true;
    clearInterval(timer);
    fn();
  };
  const timer = setInterval(attempt, 500);
  document.addEventListener("visibilitychange", attempt);
  attempt();
}

// Tell the page (static/app.js shows it): {kind: "ready" | "reload" | "mixed", apply, detail}.
function announce(kind, apply, detail = null) {
  dispatchEvent(new CustomEvent("asl-update", { detail: { kind, apply, detail } }));
}

function watchUpdates() {
  const sw = navigator.serviceWorker;
  let controlled = Boolean(sw.controller);
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  };

  // A new build now serves this page: it reloads at the player's next pause.
  let told = false;
  const mustReload = () => {
    if (told || reloading) return;
    told = true;
    announce("reload", reload);
    whenSafe(reload);
  };
  sw.addEventListener("controllerchange", () => {
    // The first visit's worker claiming the page changes nothing it runs;
    // any worker after it is a new build.
    if (controlled) mustReload();
    controlled = true;
  });

  let offered = null;
  function takeOver(worker) {
    if (!worker || !sw.controller || offered === worker) return;
    offered = worker;
    const apply = () => worker.postMessage("skipWaiting");
    announce("ready", apply);
    whenSafe(apply);
  }

  function follow(worker) {
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") takeOver(worker);
    });
  }

  // Once this page's build serves it, make sure its cache is whole (refilled
  // if Cache Storage was cleared) and say in the status badge's tooltip
  // whether the app will open offline.
  sw.addEventListener("message", (event) => {
    // The active worker is of another build: it took over before this page
    // listened (while Python loaded), or served the page's first visit.
    if (event.data?.build !== undefined && event.data.build !== python.build) mustReload();
    const badge = document.getElementById("status");
    if (!badge || event.data?.offline === undefined) return;
    badge.dataset.offlineReady = String(event.data.offline);
    badge.title = event.data.offline ? "Saved for offline use: the app opens without a network."
      : `Not yet saved for offline use (${event.data.missing} files missing): keep this page open online.`;
  });
  sw.ready.then((registration) => registration.active?.postMessage({ refill: python.build }));

  sw.register("sw.js", { updateViaCache: "none" }).then((registration) => {
    takeOver(registration.waiting);
    follow(registration.installing);
    registration.addEventListener("updatefound", () => follow(registration.installing));
    // Ask for a new build now, and whenever the page comes back into view (a
    // tablet woken at the table): the browser's own check after a navigation
    // waits for a quiet second across every tab of the app, and is not retried
    // when it fails. Offline, the check fails and nothing changes.
    const check = () => registration.update().catch(() => {});
    check();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") check();
    });
  }, (err) => console.warn("service worker not registered:", err));
}

// The scripts of this page whose build is not the page's (build.py stamps each
// one), and Python's if it differs: [] when the page runs one build.
export async function mixedBuilds() {
  const stamps = globalThis.aslBuilds;
  if (!stamps || python.build === "dev") return [];
  const mixed = Object.entries(stamps).filter(([, id]) => id !== python.build).map(([path]) => path);
  try {
    if ((await python.call("version")).build !== python.build) mixed.push("the rules (Python)");
  } catch {
    // Python did not load: the worker's own build check has said why
  }
  return mixed;
}

python.ready.then(mixedBuilds).then((mixed) => {
  if (mixed.length) announce("mixed", () => location.reload(), mixed);
}, () => {});

if ("serviceWorker" in navigator) {
  python.ready.finally(watchUpdates);
}
