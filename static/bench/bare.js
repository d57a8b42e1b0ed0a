// The bare boot `python build.py bench` measures the app's start-up against:
// this page starts bareworker.js, which boots the site's own
// Pyodide exactly as static/worker.js does, and nothing else. globalThis.bare
// resolves to the same timings the app's python.timings holds.
const worker = new Worker(new URL("bareworker.js", import.meta.url), { type: "module" });
globalThis.bare = new Promise((resolve, reject) => {
  worker.onmessage = ({ data }) => resolve({
    ...data, workerStart: data.start - performance.timeOrigin, readyAt: performance.now() });
  worker.onerror = (event) => { event.preventDefault(); reject(new Error(event.message)); };
});
