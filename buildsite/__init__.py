"""The jobs of build.py, one module each (issue 31): build.py is the command line.

    runtime    the Pyodide runtime and the pinned wheels, fetched and cached
    bytecode   .pyc files compiled by that Pyodide under node
    snapshot   Python's memory with the app imported, made by that Pyodide under node
    wheels     the app's wheel, from pyproject.toml's one package list
    icons      the PNG icons, generated
    page       index.html's pre-rendered map and Content-Security-Policy
    generated  JS modules written from the Python source (ui/marks.js, ui/counters.js)
    site       assembling dist/ and stamping every file with the build id
    serve      the development server
    testdeps   the test dependencies, installed when missing

Standard library only: it runs on a fresh machine with python3, node/npm and pip.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent   # the project: build.py's folder
CACHE = ROOT / ".cache"


def log(*args: object) -> None:
    print("build:", *args, flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
