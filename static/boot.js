// Starts the Python worker before anything else the page does:
// index.html runs this small classic script first thing in <head>, before the
// browser parses the pre-rendered map and loads the UI's modules, so Pyodide
// boots while they do. static/pyworker.js takes the worker over, with the
// messages it sent meanwhile; without this script (or for another build) it
// starts its own.
(() => {
  const CONFIG = /*ASL_CONFIG*/ { build: "dev" } /*END_ASL_CONFIG*/;
  const url = new URL("worker.js", document.currentScript.src);
  url.searchParams.set("build", CONFIG.build);
  const held = [];
  try {
    const worker = new Worker(url, { type: "module" });
    worker.onmessage = (event) => held.push(event);
    worker.onerror = (event) => { event.preventDefault(); held.push(event); };
    globalThis.aslBoot = { worker, held, build: CONFIG.build };
  } catch (err) {
    console.error(err);      // pyworker.js starts the worker itself and reports
  }
})();
