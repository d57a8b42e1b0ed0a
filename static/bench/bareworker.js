// Boots the site's Pyodide with the options static/worker.js gives it, minus
// the app: no wheel, no import (see bare.js).
import { loadPyodide } from "../pyodide/pyodide.mjs";

// Written by build.py: the same minimal lock file as worker.js's.
const CONFIG = /*ASL_CONFIG*/ { lock: null } /*END_ASL_CONFIG*/;

const t0 = performance.now();
const options = { indexURL: new URL("../pyodide/", import.meta.url).href };
if (CONFIG.lock) {
  options.lockFileContents = CONFIG.lock;
  options.packageBaseUrl = options.indexURL;
}
await loadPyodide(options);
postMessage({ start: performance.timeOrigin + t0, boot: performance.now() - t0 });
