"""`python build.py serve` sends the page's Content-Security-Policy as a header,
with frame-ancestors 'none' (which a <meta> tag cannot set), so the app cannot
be framed by another site (issue 14)."""
import threading
import urllib.request
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parents[1]


def _served(directory: Path, path: str):
    server = build.make_server(directory, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}{path}") as r:
            return r.headers
    finally:
        server.shutdown()
        server.server_close()


def test_the_page_is_served_with_its_csp_and_frame_ancestors_none(tmp_path):
    (tmp_path / "index.html").write_text((ROOT / "static" / "index.html").read_text())
    (tmp_path / "worker.js").write_text("// worker")
    csp = _served(tmp_path, "/")["Content-Security-Policy"]
    meta = build._CSP_META.search((ROOT / "static" / "index.html").read_text()).group(1)
    assert csp == meta + "; frame-ancestors 'none'"
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp
    assert _served(tmp_path, "/index.html")["Content-Security-Policy"] == csp
    # a worker script keeps its own (Pyodide's) policy: none is forced on it
    assert _served(tmp_path, "/worker.js")["Content-Security-Policy"] is None
