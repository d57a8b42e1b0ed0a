"""JS modules written from the Python source."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# Site path -> the Python that prints it: constants the page draws with, kept in
# one place (web/marks.py), so the JS cannot drift from the SVG Python draws.
GENERATED_JS = {"ui/marks.js": "from web.marks import js_module; print(js_module(), end='')",
                "ui/counters.js": "from web.counter_names import js_module; print(js_module(), end='')"}


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
