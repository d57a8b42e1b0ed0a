"""index.html's build-time parts: the pre-rendered map and the Content-Security-Policy."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from . import log

DEFAULT_SETUP = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10}}
MAP_PLACEHOLDER = "<!-- prerendered-map -->"
KEY_PLACEHOLDER = "<!-- map-key -->"
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


def _python(src: Path, svgwrite_wheel: Path, code: str, *args: str) -> subprocess.CompletedProcess:
    """`code` run by this CPython over the app's sources (and svgwrite)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(svgwrite_wheel)])}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, cwd=src)


def prerender_map(src: Path, svgwrite_wheel: Path) -> str | None:
    """web.render.map_svg(DEFAULT_SETUP) run by this CPython, or None before web.render exists."""
    if not (src / "web" / "render.py").exists():
        log("WARNING: web/render.py does not exist yet; index.html has no pre-rendered map")
        return None
    code = ("import json, sys; from web.render import map_svg; "
            "sys.stdout.write(map_svg(json.loads(sys.argv[1])))")
    run = _python(src, svgwrite_wheel, code, json.dumps(DEFAULT_SETUP))
    if run.returncode != 0:  # the page still works: Python draws the map once loaded
        last = (run.stderr.strip().splitlines() or ["no message"])[-1]
        log(f"WARNING: web.render.map_svg failed ({last}); index.html has no pre-rendered map")
        return None
    return run.stdout


def map_key(src: Path, svgwrite_wheel: Path) -> str:
    """web.legend.key_html() run by this CPython: the map's key, written into index.html."""
    run = _python(src, svgwrite_wheel, "import sys; from web.legend import key_html; "
                  "sys.stdout.write(key_html())")
    if run.returncode != 0:
        raise SystemExit(f"build: web.legend failed:\n{run.stderr}")
    return run.stdout


def _fill(index: bytes, placeholder: str, text: str) -> bytes:
    page = index.decode()
    if placeholder not in page:
        raise SystemExit(f"build: static/index.html has no {placeholder}")
    return page.replace(placeholder, text, 1).encode()


def with_prerendered_map(index: bytes, svg: str | None) -> bytes:
    return index if svg is None else _fill(index, MAP_PLACEHOLDER, svg)


def with_map_key(index: bytes, key: str) -> bytes:
    return _fill(index, KEY_PLACEHOLDER, key)


def style_hashes(src: Path, svgwrite_wheel: Path) -> list[str]:
    """web.inline_styles.csp_sources() run by this CPython: the hashes of the
    <style> texts the page shows (the map's, its preview's, the card's)."""
    run = _python(src, svgwrite_wheel, "import json; from web.inline_styles import csp_sources; "
                  "print(json.dumps(csp_sources()))")
    if run.returncode != 0:
        raise SystemExit(f"build: web.inline_styles failed:\n{run.stderr}")
    return json.loads(run.stdout)


def csp(hashes: list[str], header: bool = False) -> str:
    """CSP as one policy, with the style hashes; `header`: with what only a header can say."""
    directives = CSP + CSP_HEADER_ONLY if header else CSP
    return "; ".join(f"{name} {value} {' '.join(hashes)}" if name == "style-src" and hashes
                     else f"{name} {value}" for name, value in directives)


def with_csp(index: bytes, policy: str) -> bytes:
    return _fill(index, CSP_PLACEHOLDER, f'<meta http-equiv="Content-Security-Policy" content="{policy}">')


def security_headers(policy: str) -> dict[str, str]:
    """The headers on every response: the policy, and no MIME sniffing."""
    return {"Content-Security-Policy": policy, "X-Content-Type-Options": "nosniff"}
