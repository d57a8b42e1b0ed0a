"""Bytecode compiled by Pyodide itself, run once under node, so the browser never
compiles Python at startup: the standard library's zip and the app's modules."""
from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from . import CACHE, log, sha256
from .runtime import PYODIDE_VERSION, pyodide_dir

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
