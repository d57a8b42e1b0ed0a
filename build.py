#!/usr/bin/env python3
"""Build, serve, test and benchmark the offline ASL LOS site.

    python build.py                 assemble the offline site in dist/
    python build.py serve [--port N] [--host ADDRESS] [--base /PATH/]
                                    build, then serve dist/ on 127.0.0.1:8000 (or ADDRESS:N, under /PATH/)
    python build.py test [ARGS]     install the test dependencies, build, run pytest
    python build.py bench [ARGS]    build, then run the browser benchmark

Stdlib only: it runs on a fresh machine with python3, node/npm and pip. The
Pyodide runtime comes from the npm registry and the wheels from PyPI, pinned
and cached under .cache/. Every .py file the browser imports (the standard
library and the app) is shipped as bytecode compiled by that same Pyodide, run
once under node, so the browser never compiles Python at startup.
"""
from __future__ import annotations

import argparse
import fnmatch
import functools
import hashlib
import http.server
import importlib.util
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import threading
import tomllib
import zipfile
import zlib
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
PYODIDE_VERSION = "314.0.7"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PINNED_WHEELS = {"micropip": "0.11.1", "svgwrite": "1.4.3", "segno": "1.6.6"}
STARTUP_WHEELS = ()              # micropip is shipped for completeness, never loaded at startup
IDLE_WHEELS = ("svgwrite", "segno")  # web.render's and web.qr's: loaded once ready and idle
DEFAULT_SETUP = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10}}
MAP_PLACEHOLDER = "<!-- prerendered-map -->"
# The site's Content-Security-Policy (issue 24): this one constant is written
# into index.html's <meta> and into sw.js, which puts it on every file it serves
# (a static host such as GitHub Pages sends no headers, and the Pyodide worker
# takes its policy from its own script's response only); `serve` sends it too.
CSP = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval'"),  # Pyodide compiles its wasm; no string is run as code
    ("style-src", "'self'"),          # and the hash of each <style> Python draws (web/inline_styles.py)
    ("img-src", "'self' blob:"),      # the PNG export and the board images are blob: URLs
    ("connect-src", "'self'"),
    ("worker-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'none'"),        # the page's forms are answered by script, never sent
)
CSP_HEADER_ONLY = (("frame-ancestors", "'none'"),)  # a <meta> cannot say it: no framing, no clickjacking
CSP_PLACEHOLDER = "<!-- content-security-policy -->"
# JS files carry a default config between these markers; build.py writes the real one.
CONFIG_RE = re.compile(r"/\*ASL_CONFIG\*/.*?/\*END_ASL_CONFIG\*/", re.S)
MIME_TYPES = {
    ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json", ".json": "application/json",
    ".svg": "image/svg+xml", ".png": "image/png", ".css": "text/css",
    ".html": "text/html", ".zip": "application/zip", ".whl": "application/zip",
}
TEST_REQUIREMENTS = {"pytest": "pytest<9", "hypothesis": "hypothesis",
                     "playwright": "playwright", "svgwrite": "svgwrite==1.4.3",
                     # the QR code (web/qr.py) and, for tests only, a decoder to read it back
                     "segno": "segno==1.6.6", "zxingcpp": "zxing-cpp==3.1.1",
                     "PIL": "pillow==13.0.0",
                     # tests/test_types.py: pycore and web type-check with no errors
                     "mypy": "mypy==2.4.1",
                     # tests/test_wheel.py: setuptools before 70.1 builds wheels with it
                     "wheel": "wheel"}


def log(*args: object) -> None:
    print("build:", *args, flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- inputs, pinned and cached ------------------------------------------------

def pyodide_dir() -> Path:
    """The needed files of the npm package pyodide@PYODIDE_VERSION, cached."""
    target = CACHE / f"pyodide-{PYODIDE_VERSION}"
    needed = (*PYODIDE_FILES, "pyodide-lock.json")
    if all((target / name).exists() for name in needed):
        return target
    log(f"fetching pyodide@{PYODIDE_VERSION} from the npm registry")
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent",
                              "--pack-destination", tmp],
                             check=True, capture_output=True, text=True).stdout.split()
        with tarfile.open(Path(tmp) / out[-1]) as tar:
            staging = Path(tmp) / "files"
            staging.mkdir()
            for name in needed:
                member = tar.getmember(f"package/{name}")
                (staging / name).write_bytes(tar.extractfile(member).read())
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(target, ignore_errors=True)
        shutil.move(str(staging), target)
    return target


def pinned_wheels() -> dict[str, Path]:
    """micropip, svgwrite and segno wheels for Python 3.14 (Pyodide's), cached."""
    target = CACHE / "wheels"
    found = {name: next(target.glob(f"{name}-{version}-*.whl"), None)
             for name, version in PINNED_WHEELS.items()} if target.exists() else {}
    if not all(found.get(name) for name in PINNED_WHEELS):
        log("downloading", ", ".join(f"{n}=={v}" for n, v in PINNED_WHEELS.items()))
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--python-version", "3.14", "--only-binary=:all:", "-d", str(target),
                        *(f"{n}=={v}" for n, v in PINNED_WHEELS.items())], check=True)
        found = {name: next(target.glob(f"{name}-{version}-*.whl"))
                 for name, version in PINNED_WHEELS.items()}
    return found


def project_meta(src: Path) -> tuple[str, str]:
    project = tomllib.loads((src / "pyproject.toml").read_text())["project"]
    return re.sub(r"[^A-Za-z0-9.]+", "_", project["name"]), project["version"]


def app_packages(src: Path) -> list[str]:
    """The packages pyproject.toml's [tool.setuptools.packages.find] names, found
    as setuptools finds them: folders with an __init__.py, searched only inside
    packages, whose dotted name matches an `include` and no `exclude` pattern.
    One package list for `pip install .` and the site's wheel (issue 31)."""
    find = tomllib.loads((src / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    include, exclude = find.get("include", ["*"]), find.get("exclude", [])
    found, todo = [], [src]
    while todo:
        folder = todo.pop()
        for child in sorted(folder.iterdir()):
            if not child.is_dir() or "." in child.name or not (child / "__init__.py").is_file():
                continue
            name = ".".join(child.relative_to(src).parts)
            if any(fnmatch.fnmatchcase(name, p) for p in include) and \
                    not any(fnmatch.fnmatchcase(name, p) for p in exclude):
                found.append(name)
            todo.append(child)
    return sorted(found)


def app_sources(src: Path) -> dict[str, bytes]:
    """The .py files of the app's packages, by path inside the wheel."""
    return {path.relative_to(src).as_posix(): path.read_bytes()
            for package in app_packages(src)
            for path in sorted((src / package.replace(".", "/")).glob("*.py"))}


def static_files(src: Path) -> dict[str, bytes]:
    return {path.relative_to(src / "static").as_posix(): path.read_bytes()
            for path in sorted((src / "static").rglob("*")) if path.is_file()}


# --- bytecode, compiled by Pyodide itself under node ---------------------------

NODE_COMPILE = """
import { loadPyodide } from %(pyodide)s;
const py = await loadPyodide({ indexURL: %(index)s });
py.FS.mkdirTree("/job");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(job)s }, "/job");
py.runPython(%(code)s);
"""

COMPILE_PY = """
import importlib.util, json, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)

job = json.load(open("/job/job.json"))
with zipfile.ZipFile(job["stdlib_in"]) as zin, zipfile.ZipFile(job["stdlib_out"], "w") as zout:
    for info in zin.infolist():  # sourceless: zipimport loads mod.pyc when mod.py is absent
        data = zin.read(info)
        if info.filename.endswith(".py"):
            info.filename += "c"
            data = pyc(data, "/lib/python314.zip/" + info.filename[:-1])
        zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
tag = __import__("sys").implementation.cache_tag
out = {}
for path in job["sources"]:  # beside the source: __pycache__/mod.<tag>.pyc, unchecked
    head, _, name = path.rpartition("/")
    cached = f"{head}/__pycache__/{name[:-3]}.{tag}.pyc".lstrip("/")
    out[cached] = "/job/pyc/" + cached.replace("/", "__")
    with open(out[cached], "wb") as f:
        f.write(pyc(open("/job/src/" + path, "rb").read(), "/lib/python3.14/site-packages/" + path))
json.dump(out, open("/job/out.json", "w"))
"""


def compile_bytecode(stdlib: Path, sources: dict[str, bytes]) -> tuple[bytes, dict[str, bytes]]:
    """(sourceless stdlib zip, {wheel path of a .pyc: bytes}) from Pyodide's own compiler."""
    runtime = pyodide_dir()
    with tempfile.TemporaryDirectory() as tmp:
        job = Path(tmp)
        (job / "pyc").mkdir()
        for path, data in sources.items():
            (job / "src" / path).parent.mkdir(parents=True, exist_ok=True)
            (job / "src" / path).write_bytes(data)
        shutil.copy(stdlib, job / "stdlib.zip")
        (job / "job.json").write_text(json.dumps({
            "stdlib_in": "/job/stdlib.zip", "stdlib_out": "/job/stdlib-pyc.zip",
            "sources": sorted(sources)}))
        script = NODE_COMPILE % {
            "pyodide": json.dumps((runtime / "pyodide.mjs").as_uri()),
            "index": json.dumps(str(runtime) + "/"), "job": json.dumps(str(job)),
            "code": json.dumps(COMPILE_PY)}
        (job / "compile.mjs").write_text(script)
        subprocess.run(["node", str(job / "compile.mjs")], check=True, cwd=tmp)
        compiled = json.loads((job / "out.json").read_text())
        return ((job / "stdlib-pyc.zip").read_bytes(),
                {path: (job / "pyc" / Path(name).name).read_bytes()
                 for path, name in compiled.items()})


def compiled_stdlib(runtime: Path) -> bytes:
    cached = CACHE / f"python_stdlib-{PYODIDE_VERSION}-pyc.zip"
    if not cached.exists():
        log("compiling the standard library to bytecode with Pyodide under node")
        data, _ = compile_bytecode(runtime / "python_stdlib.zip", {})
        cached.write_bytes(data)
    return cached.read_bytes()


def compiled_sources(sources: dict[str, bytes]) -> dict[str, bytes]:
    """.pyc files for `sources`, cached by their content."""
    key = sha256(json.dumps({p: sha256(d) for p, d in sorted(sources.items())}).encode())
    cached = CACHE / "bytecode" / f"{key[:24]}.zip"
    if not cached.exists():
        _, pycs = compile_bytecode(pyodide_dir() / "python_stdlib.zip", sources)
        cached.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(cached, "w") as z:
            for path, data in sorted(pycs.items()):
                z.writestr(path, data)
    with zipfile.ZipFile(cached) as z:
        return {name: z.read(name) for name in z.namelist()}


# --- wheels -------------------------------------------------------------------

def make_wheel(name: str, version: str, files: dict[str, bytes]) -> bytes:
    """A minimal pure-Python wheel (PEP 427) holding `files`."""
    info = f"{name}-{version}.dist-info"
    files = {**files,
             f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
             f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: build.py\nRoot-Is-Purelib: true\n"
                              b"Tag: py3-none-any\n"}
    record = "".join(f"{p},sha256={sha256(d)},{len(d)}\n" for p, d in sorted(files.items()))
    files[f"{info}/RECORD"] = (record + f"{info}/RECORD,,\n").encode()
    return zip_bytes(files)


def zip_bytes(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in sorted(files.items()):
            z.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data,
                       compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def with_bytecode(wheel: bytes) -> bytes:
    """A third-party pure-Python wheel plus the bytecode of its modules."""
    with zipfile.ZipFile(io.BytesIO(wheel)) as z:
        files = {name: z.read(name) for name in z.namelist()}
    sources = {p: d for p, d in files.items() if p.endswith(".py")}
    return zip_bytes({**files, **compiled_sources(sources)})


# --- icons: generated, so no binary lives in git ----------------------------

def png(size: int) -> bytes:
    """The app icon: a flat-topped hex with a line of sight across it."""
    half = size / 2
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            dx, dy = abs(x + 0.5 - half) / half, abs(y + 0.5 - half) / half
            inside = dy <= 0.78 and dx * 0.866 + dy * 0.5 <= 0.78  # radius 0.9
            on_thread = abs((x - y) / size) < 0.035 and inside
            row += bytes((200, 40, 40)) if on_thread else (
                bytes((222, 205, 160)) if inside else bytes((38, 70, 45)))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def icons() -> dict[str, bytes]:
    cached = CACHE / "icons"
    result = {}
    for size in (192, 512):
        path = cached / f"icon-{size}.png"
        if not path.exists():
            cached.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png(size))
        result[f"icons/icon-{size}.png"] = path.read_bytes()
    return result


# --- pre-rendered map -----------------------------------------------------------

def prerender_map(src: Path, svgwrite_wheel: Path) -> str | None:
    """web.render.map_svg(DEFAULT_SETUP) run by this CPython, or None before web.render exists."""
    if not (src / "web" / "render.py").exists():
        log("WARNING: web/render.py does not exist yet; index.html has no pre-rendered map")
        return None
    code = ("import json, sys; from web.render import map_svg; "
            "sys.stdout.write(map_svg(json.loads(sys.argv[1])))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(svgwrite_wheel)])}
    run = subprocess.run([sys.executable, "-c", code, json.dumps(DEFAULT_SETUP)],
                         capture_output=True, text=True, env=env, cwd=src)
    if run.returncode != 0:  # the page still works: Python draws the map once loaded
        last = (run.stderr.strip().splitlines() or ["no message"])[-1]
        log(f"WARNING: web.render.map_svg failed ({last}); index.html has no pre-rendered map")
        return None
    return run.stdout


def style_hashes(src: Path, svgwrite_wheel: Path) -> list[str]:
    """web.inline_styles.csp_sources() run by this CPython: the hashes of the
    <style> texts the page shows (the map's, its preview's, the card's)."""
    code = "import json; from web.inline_styles import csp_sources; print(json.dumps(csp_sources()))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(svgwrite_wheel)])}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, cwd=src)
    if run.returncode != 0:
        raise SystemExit(f"build: web.inline_styles failed:\n{run.stderr}")
    return json.loads(run.stdout)


def csp(hashes: list[str], header: bool = False) -> str:
    """CSP as one policy, with the style hashes; `header`: with what only a header can say."""
    directives = CSP + CSP_HEADER_ONLY if header else CSP
    return "; ".join(f"{name} {value} {' '.join(hashes)}" if name == "style-src" and hashes
                     else f"{name} {value}" for name, value in directives)


def with_csp(index: bytes, policy: str) -> bytes:
    text = index.decode()
    if CSP_PLACEHOLDER not in text:
        raise SystemExit(f"build: static/index.html has no {CSP_PLACEHOLDER}")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    return text.replace(CSP_PLACEHOLDER, meta, 1).encode()


def security_headers(policy: str) -> dict[str, str]:
    """The headers on every response: the policy, and no MIME sniffing."""
    return {"Content-Security-Policy": policy, "X-Content-Type-Options": "nosniff"}


# --- JS modules written from the Python source ---------------------------------

# Site path -> the Python that prints it: constants the page draws with, kept in
# one place (web/marks.py), so the JS cannot drift from the SVG Python draws.
GENERATED_JS = {"ui/marks.js": "from web.marks import js_module; print(js_module(), end='')"}


def generated_js(src: Path) -> dict[str, bytes]:
    """GENERATED_JS run by this CPython on the project's sources (stdlib only)."""
    files = {}
    for path, code in GENERATED_JS.items():
        if (src / "static" / path).exists():
            raise SystemExit(f"build: static/{path} is written by the build; remove it")
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=src,
                             env={**os.environ, "PYTHONPATH": str(src)})
        if run.returncode != 0:
            raise SystemExit(f"build: writing {path} failed: {run.stderr.decode().strip()}")
        files[path] = run.stdout
    return files


# --- the build ----------------------------------------------------------------

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


def with_prerendered_map(index: bytes, svg: str | None) -> bytes:
    if svg is None:
        return index
    text = index.decode()
    if MAP_PLACEHOLDER not in text:
        raise SystemExit(f"build: static/index.html has no {MAP_PLACEHOLDER}")
    return text.replace(MAP_PLACEHOLDER, svg, 1).encode()


def page_scripts(files: dict[str, bytes]) -> list[str]:
    """The page's own modules: every script but the service worker, the Web
    Worker (which checks its Python itself) and the Pyodide runtime."""
    return [p for p in files if p.endswith(".js") and p not in ("sw.js", "worker.js")
            and not p.startswith("pyodide/")]


def stamp_script(path: str, data: bytes, build_id: str) -> bytes:
    """A module that says which build it is: static/offline.js compares every
    stamp with the page's build, so a page of mixed versions is found (issue 24)."""
    line = f'\n;(globalThis.aslBuilds ??= {{}})[{json.dumps(path)}] = "{build_id}";\n'
    return data + line.encode()


def build(out: Path | None = None, src: Path | None = None) -> dict:
    """Assemble the site in `out` (default src/dist) from the project at `src`.

    Returns {"build": id, "files": {path: sha256}, "dir": out}. The build id
    hashes every input (static files, runtime, wheels, app sources, this
    script), so any change gives a new service worker cache.
    """
    src = (src or ROOT).resolve()
    out = (out or src / "dist").resolve()
    runtime, wheels = pyodide_dir(), pinned_wheels()
    files = {**site_assets(src, runtime, wheels), **generated_js(src)}
    sources = app_sources(src)
    inputs = {**files, **{f"app/{p}": d for p, d in sources.items()},
              "build.py": Path(__file__).read_bytes()}
    build_id = sha256(json.dumps({p: sha256(d) for p, d in sorted(inputs.items())}).encode())[:16]

    # The app's wheel carries the build id, so the worker can refuse a mixed site.
    sources["web/_build.py"] = f'"""Written by build.py."""\nBUILD_ID = "{build_id}"\n'.encode()
    name, version = project_meta(src)
    app_wheel = f"wheels/{name}-{version}-py3-none-any.whl"
    files[app_wheel] = make_wheel(name, version, {**sources, **compiled_sources(sources)})
    files["index.html"] = with_prerendered_map(files["index.html"],
                                               prerender_map(src, wheels["svgwrite"]))
    hashes = style_hashes(src, wheels["svgwrite"])
    files["index.html"] = with_csp(files["index.html"], csp(hashes))

    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    files["worker.js"] = set_config(files["worker.js"].decode(), {
        "build": build_id,
        "wheels": [f"wheels/{wheels[n].name}" for n in STARTUP_WHEELS] + [app_wheel],
        "idleWheels": [f"wheels/{wheels[n].name}" for n in IDLE_WHEELS],
        "lock": {"info": lock["info"], "packages": {}}}).encode()
    files["pyworker.js"] = set_config(files["pyworker.js"].decode(), {"build": build_id}).encode()
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


# --- serving ------------------------------------------------------------------

_CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


@functools.lru_cache(maxsize=8)
def _csp_of(index: Path, mtime: float) -> str:
    found = _CSP_META.search(index.read_text(encoding="utf-8"))
    return csp([], header=True) if found is None else \
        found.group(1) + "".join(f"; {name} {value}" for name, value in CSP_HEADER_ONLY)


def served_csp(directory: Path) -> str:
    """The Content-Security-Policy header of every response: the built
    index.html's (its hashes are the build's), and frame-ancestors 'none'."""
    index = directory / "index.html"
    try:
        return _csp_of(index, index.stat().st_mtime)
    except OSError:
        return csp([], header=True)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs; records what was asked.

    The site is served under `base` (a sub-path such as "/asl-los/", as on
    GitHub Pages); anything outside it is not found.
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    on_request = None  # set per server: called with (host, path) of every request
    quiet = False
    base = "/"

    def send_head(self):
        if self.on_request is not None:
            self.on_request(self.headers.get("Host", ""), self.path)
        path = self.path.split("?")[0].split("#")[0]
        if self.base != "/" and path == self.base.rstrip("/"):
            self.send_response(301)        # "/asl-los" -> "/asl-los/", as a static host does
            self.send_header("Location", self.base)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not path.startswith(self.base):
            self.send_error(404, "Not under the site's base path")
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.base):]
                                      if path.startswith(self.base) else path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")  # revalidate; the service worker caches
        # Every response, as the service worker serves them (issue 24): the
        # Pyodide worker takes its policy from its own script's response.
        for name, value in security_headers(served_csp(Path(self.directory))).items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, fmt: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(fmt, *args)


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser closing a tab
            super().handle_error(request, client_address)


def site_base(base: str) -> str:
    """A sub-path as "/name/" (or "/" for the root)."""
    return "/" + base.strip("/") + "/" if base.strip("/") else "/"


def make_server(directory: Path, port: int = 0, on_request=None,
                quiet: bool = False, host: str = "127.0.0.1",
                base: str = "/") -> http.server.ThreadingHTTPServer:
    """An HTTP server for `directory` on `host`:`port` (0: a free port), at `base`.

    `on_request(host, path)`, if given, is called for every request served.
    """
    base = site_base(base)
    handler = type("Handler", (SiteHandler,),
                   {"on_request": staticmethod(on_request) if on_request else None,
                    "quiet": quiet, "base": base})
    return QuietServer((host, port), partial(handler, directory=str(directory)))


def serve(port: int, host: str = "127.0.0.1", base: str = "/") -> None:
    info = build()
    server = make_server(Path(info["dir"]), port, host=host, base=base)
    port, base = server.server_address[1], site_base(base)
    where = f"{host}:{port}{base}"
    print(f"serving {info['dir']} on http://{where} (Ctrl+C stops)", flush=True)
    if host not in ("127.0.0.1", "localhost", "::1"):
        print("Other devices open it at http://<this computer's address>:"
              f"{port}{base}. Over plain HTTP "
              "a browser keeps no offline copy (service workers need HTTPS or localhost): "
              "on a tablet the app then works only while this server runs.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --- test and bench -----------------------------------------------------------

def missing_requirements() -> list[str]:
    from importlib import metadata
    missing = []
    for module, requirement in TEST_REQUIREMENTS.items():
        if importlib.util.find_spec(module) is None:
            missing.append(requirement)
        elif module == "pytest" and int(metadata.version("pytest").split(".")[0]) >= 9:
            missing.append(requirement)
        elif module in ("svgwrite", "mypy") and \
                metadata.version(module) != requirement.split("==")[1]:
            missing.append(requirement)
    return missing


def install_test_dependencies() -> None:
    """Debian chromium and the pip packages, each only when missing."""
    if not Path("/usr/bin/chromium").exists():
        log("installing Debian chromium")
        apt = ["sudo"] if os.geteuid() != 0 and shutil.which("sudo") else []
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run([*apt, "apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run([*apt, "apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env)
    missing = missing_requirements()
    if missing:
        log("installing", ", ".join(missing))
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *missing], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    serve_parser = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument("--host", default="127.0.0.1",
                              help="address to listen on, e.g. 0.0.0.0 for a local network")
    serve_parser.add_argument("--base", default="/",
                              help="serve the site under this sub-path, e.g. /asl-los/")
    sub.add_parser("test", help="install test dependencies, build, run pytest [ARGS]")
    sub.add_parser("bench", help="build, then run the browser benchmark [ARGS]")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command not in ("test", "bench"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "serve":
        serve(args.port, args.host, args.base)
        return 0
    if args.command in ("test", "bench"):
        install_test_dependencies()
        build()
        if args.command == "bench":
            return subprocess.call([sys.executable, str(ROOT / "tests/browser/bench.py"), *rest])
        return subprocess.call([sys.executable, "-m", "pytest", *(rest or ["tests"])], cwd=ROOT)
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
