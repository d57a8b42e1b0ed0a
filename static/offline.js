// Registers the service worker (static/sw.js) and applies a new build whole:
// the new worker installs and checks every file in the background, then takes
// over, and the page reloads at once, so old JavaScript never meets new Python.
// Autosave (the UI's) keeps the user's setup across that reload.
// Registration waits until Python is loaded (or failed), so the service
// worker's precache never competes with the first visit's startup.
import { python } from "./pyworker.js";

function watchUpdates() {
  const sw = navigator.serviceWorker;
  const hadController = Boolean(sw.controller);
  let reloading = false;

  sw.addEventListener("controllerchange", () => {
    // The first visit's worker claiming the page changes nothing it runs.
    if (hadController && !reloading) {
      reloading = true;
      location.reload();
    }
  });

  function takeOver(worker) {
    if (worker && sw.controller) worker.postMessage("skipWaiting");
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
    const badge = document.getElementById("status");
    if (!badge || event.data?.offline === undefined) return;
    badge.dataset.offlineReady = String(event.data.offline);
    badge.title = event.data.offline ? "Saved for offline use: the app opens without a network."
      : `Not yet saved for offline use (${event.data.missing} files missing): keep this page open online.`;
  });
  sw.ready.then((registration) => registration.active?.postMessage("refill"));

  sw.register("sw.js", { updateViaCache: "none" }).then((registration) => {
    takeOver(registration.waiting);
    follow(registration.installing);
    registration.addEventListener("updatefound", () => follow(registration.installing));
  }, (err) => console.warn("service worker not registered:", err));
}

if ("serviceWorker" in navigator) {
  python.ready.finally(watchUpdates);
}
