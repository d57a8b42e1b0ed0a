"""The Pyodide runtime and the pinned wheels: fetched once, pinned, cached under .cache/."""
from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from . import CACHE, log

PYODIDE_VERSION = "314.0.7"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PINNED_WHEELS = {"micropip": "0.11.1", "svgwrite": "1.4.3", "segno": "1.6.6"}


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
