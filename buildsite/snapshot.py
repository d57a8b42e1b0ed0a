"""Python's memory with the app's modules imported, made once at build time
(issue 32): static/worker.js restores it in place of starting Python and
importing them, which was most of the app's start-up after Pyodide's own.

It is made under node by the site's own Pyodide, from the very files the site
serves (the runtime, the bytecode standard library and the app's zip): the
memory holds zipimport's directory of both zips, so the browser must read the
same bytes. Before it is kept, a second Pyodide is restored from it and must
answer a LOS question as the first one does; a snapshot that does not restore
is never shipped (the build fails and says why). In the browser a snapshot
that cannot be loaded (no DecompressionStream, a failed fetch, a runtime that
refuses it) only means Python starts afresh, as before.

Pyodide's snapshots are its own experimental feature (``_makeSnapshot``,
``_loadSnapshot``); they hold no package loaded by ``loadPackage``, so the idle
wheels (svgwrite, segno) are still loaded once the worker is idle.
"""
from __future__ import annotations

import gzip
import json
import subprocess
import tempfile
from pathlib import Path

from . import CACHE, log, sha256

APP_PATH = "/lib/asl_los.zip"       # where the worker writes the app's zip; on sys.path

# A LOS question the restored Python must answer as the Python it was made from.
_CHECK = json.dumps([{"format": "asl-setup", "version": 1, "map": {"columns": 10, "rows": 10},
                      "hexes": {"C3": {"terrain": "woods"}},
                      "units": [{"id": "a", "side": "German", "type": "squad", "hex": "B2"},
                                {"id": "b", "side": "Russian", "type": "squad", "hex": "E5"}]},
                     "a", "b"])

NODE_SNAPSHOT = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync, writeFileSync } from "fs";
const options = { indexURL: %(index)s, lockFileContents: %(lock)s, packageBaseUrl: %(index)s };
const app = readFileSync(%(zip)s);
const made = await loadPyodide({ ...options, _makeSnapshot: true });
made.FS.writeFile(%(path)s, app);
made.pyimport("sys").path.insert(0, %(path)s);
const bridge = made.pyimport("web.bridge");
bridge.warm();
const expected = bridge.call("los", %(check)s);
const snapshot = made.makeMemorySnapshot();
writeFileSync(%(out)s, snapshot);
const restored = await loadPyodide({ ...options, _loadSnapshot: snapshot });
restored.FS.writeFile(%(path)s, app);
const again = restored.pyimport("web.bridge");
const build = again.app_build(%(path)s);
const answer = again.call("los", %(check)s);
if (build !== again.BUILD_ID || answer !== expected) {
  console.error("restored:", build, again.BUILD_ID, answer, "made:", expected);
  process.exit(3);
}
"""


def snapshot(runtime: dict[str, bytes], app: bytes, lock: dict) -> bytes:
    """The gzipped memory snapshot of Python with ``web.bridge`` imported and
    warmed; ``runtime``: the site's pyodide/ files by name. Cached by its inputs."""
    key = sha256(json.dumps({"runtime": {n: sha256(d) for n, d in sorted(runtime.items())},
                             "app": sha256(app), "lock": lock, "script": NODE_SNAPSHOT,
                             "path": APP_PATH, "check": _CHECK}, sort_keys=True).encode())
    cached = CACHE / "snapshot" / f"{key[:24]}.gz"
    if cached.exists():
        return cached.read_bytes()
    log("making Python's start-up snapshot with Pyodide under node")
    with tempfile.TemporaryDirectory() as tmp:
        job = Path(tmp)
        (job / "pyodide").mkdir()
        for name, data in runtime.items():
            (job / "pyodide" / name).write_bytes(data)
        (job / "app.zip").write_bytes(app)
        script = NODE_SNAPSHOT % {
            "pyodide": json.dumps((job / "pyodide" / "pyodide.mjs").as_uri()),
            "index": json.dumps(str(job / "pyodide") + "/"), "lock": json.dumps(lock),
            "zip": json.dumps(str(job / "app.zip")), "path": json.dumps(APP_PATH),
            "check": json.dumps(_CHECK), "out": json.dumps(str(job / "snapshot.bin"))}
        (job / "snapshot.mjs").write_text(script)
        done = subprocess.run(["node", str(job / "snapshot.mjs")], cwd=tmp,
                              capture_output=True, text=True)
        if done.returncode != 0:
            said = "\n".join(line[:300] for line in done.stderr.splitlines())
            raise SystemExit("build: Python's start-up snapshot did not restore as it was "
                             f"made (issue 32):\n{said[-3000:]}")
        data = gzip.compress((job / "snapshot.bin").read_bytes(), 6, mtime=0)
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(data)
    return data
