"""Assembling the site in dist/: every file, stamped with the build id."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from . import ROOT, log, sha256
from .bytecode import compiled_stdlib
from .generated import generated_js
from .icons import icons
from .page import (csp, map_key, prerender_map, security_headers, style_hashes, with_csp, with_map_key,
                   with_prerendered_map)
from .runtime import PYODIDE_FILES, pinned_wheels, pyodide_dir
from .snapshot import APP_PATH, snapshot
from .wheels import app_sources, app_zip, project_meta, with_bytecode

STARTUP_WHEELS = ()              # micropip is shipped for completeness, never loaded at startup
IDLE_WHEELS = ("svgwrite", "segno")  # web.render's and web.qr's: loaded once ready and idle
# `python build.py bench`'s bare boot (issue 32): a page that boots the same
# Pyodide and nothing else, the measure of the app's own start-up.
BARE_WORKER = "bench/bareworker.js"
# JS files carry a default config between these markers; build.py writes the real one.
CONFIG_RE = re.compile(r"/\*ASL_CONFIG\*/.*?/\*END_ASL_CONFIG\*/", re.S)


def static_files(src: Path) -> dict[str, bytes]:
    return {path.relative_to(src / "static").as_posix(): path.read_bytes()
            for path in sorted((src / "static").rglob("*")) if path.is_file()}


def set_config(text: str, config: dict) -> str:
    if not CONFIG_RE.search(text):
        raise SystemExit("build: a JS file lost its /*ASL_CONFIG*/ ... /*END_ASL_CONFIG*/ block")
    return CONFIG_RE.sub(lambda _: json.dumps(config, separators=(",", ":")), text, count=1)


def site_assets(src: Path, runtime: Path, wheels: dict[str, Path]) -> dict[str, bytes]:
    """Everything but the app's own wheel: static/, icons, the runtime, the pinned wheels."""
    files = {**icons(), **static_files(src)}
    if "index.html" not in files:
        raise SystemExit("build: static/index.html is missing")
    files.update({f"pyodide/{n}": (runtime / n).read_bytes()
                  for n in PYODIDE_FILES if n != "python_stdlib.zip"})
    files["pyodide/python_stdlib.zip"] = compiled_stdlib(runtime)
    files.update({f"wheels/{w.name}": w.read_bytes() for w in wheels.values()})
    for name in STARTUP_WHEELS:
        path = f"wheels/{wheels[name].name}"
        files[path] = with_bytecode(files[path])
    return files


def page_scripts(files: dict[str, bytes]) -> list[str]:
    """The page's own modules: every script but the service worker, the Web
    Worker (which checks its Python itself) and the Pyodide runtime."""
    return [p for p in files if p.endswith(".js") and p not in ("sw.js", "worker.js", BARE_WORKER)
            and not p.startswith("pyodide/")]


def stamp_script(path: str, data: bytes, build_id: str) -> bytes:
    """A module that says which build it is: static/offline.js compares every
    stamp with the page's build, so a page of mixed versions is found (issue 24)."""
    line = f'\n;(globalThis.aslBuilds ??= {{}})[{json.dumps(path)}] = "{build_id}";\n'
    return data + line.encode()


def build_scripts() -> dict[str, bytes]:
    """The build's own code, an input of every build: build.py and buildsite/*.py."""
    return {"build.py": (ROOT / "build.py").read_bytes(),
            **{f"buildsite/{p.name}": p.read_bytes()
               for p in sorted((ROOT / "buildsite").glob("*.py"))}}


def build(out: Path | None = None, src: Path | None = None) -> dict:
    """Assemble the site in `out` (default src/dist) from the project at `src`.

    Returns {"build": id, "files": {path: sha256}, "dir": out}. The build id
    hashes every input (static files, runtime, wheels, app sources, build.py
    and buildsite/), so any change gives a new service worker cache.
    """
    src = (src or ROOT).resolve()
    out = (out or src / "dist").resolve()
    runtime, wheels = pyodide_dir(), pinned_wheels()
    files = {**site_assets(src, runtime, wheels), **generated_js(src)}
    sources = app_sources(src)
    inputs = {**files, **{f"app/{p}": d for p, d in sources.items()},
              **build_scripts()}
    build_id = sha256(json.dumps({p: sha256(d) for p, d in sorted(inputs.items())}).encode())[:16]

    # The app's Python carries the build id, so the worker can refuse a mixed site.
    sources["web/_build.py"] = f'"""Written by build.py."""\nBUILD_ID = "{build_id}"\n'.encode()
    name, version = project_meta(src)
    app = f"python/{name}-{version}.zip"
    files[app] = app_zip(sources)
    files["index.html"] = with_prerendered_map(files["index.html"],
                                               prerender_map(src, wheels["svgwrite"]))
    files["index.html"] = with_map_key(files["index.html"], map_key(src, wheels["svgwrite"]))
    hashes = style_hashes(src, wheels["svgwrite"])
    files["index.html"] = with_csp(files["index.html"], csp(hashes))

    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    minimal_lock = {"info": lock["info"], "packages": {}}
    # Python's memory once the app is imported, made from the files served (issue 32)
    memory = f"python/{name}-{version}.snapshot.gz"
    files[memory] = snapshot({n: files[f"pyodide/{n}"] for n in PYODIDE_FILES},
                             files[app], minimal_lock)
    files["worker.js"] = set_config(files["worker.js"].decode(), {
        "build": build_id,
        "wheels": [f"wheels/{wheels[n].name}" for n in STARTUP_WHEELS], "app": app,
        "appPath": APP_PATH, "snapshot": memory,
        "idleWheels": [f"wheels/{wheels[n].name}" for n in IDLE_WHEELS],
        "lock": minimal_lock}).encode()
    for script in ("pyworker.js", "boot.js"):
        files[script] = set_config(files[script].decode(), {"build": build_id}).encode()
    if BARE_WORKER in files:   # the bench's bare boot: the same runtime, the same lock
        files[BARE_WORKER] = set_config(files[BARE_WORKER].decode(), {
            "lock": minimal_lock}).encode()
    for path in page_scripts(files):
        files[path] = stamp_script(path, files[path], build_id)
    manifest = {path: sha256(data) for path, data in sorted(files.items()) if path != "sw.js"}
    files["sw.js"] = set_config(files["sw.js"].decode(), {
        "build": build_id, "files": manifest,
        "headers": security_headers(csp(hashes, header=True))}).encode()
    write_tree(out, files)
    total = sum(map(len, files.values()))
    log(f"dist: {len(files)} files, {total / 2**20:.1f} MiB, build {build_id} -> {out}")
    return {"build": build_id, "files": manifest, "dir": str(out)}


def write_tree(out: Path, files: dict[str, bytes]) -> None:
    """Write `files` to a fresh folder, then swap it in, so a server never sees half a site."""
    staging = out.with_name(f".{out.name}.new")
    shutil.rmtree(staging, ignore_errors=True)
    for path, data in files.items():
        (staging / path).parent.mkdir(parents=True, exist_ok=True)
        (staging / path).write_bytes(data)
    old = out.with_name(f".{out.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.rename(old)
    staging.rename(out)
    shutil.rmtree(old, ignore_errors=True)
