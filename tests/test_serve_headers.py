"""`python build.py serve` sends the page's Content-Security-Policy as a header,
with frame-ancestors 'none' (which a <meta> tag cannot set), so the app cannot
be framed by another site (issue 14)."""
import threading
import urllib.error
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


def test_serve_base_serves_the_site_under_a_sub_path_only_issue_22(tmp_path):
    # As GitHub Pages serves a project: /asl-los/ is the site, /asl-los goes
    # there, and nothing outside it is the site's; the page keeps its policy.
    (tmp_path / "index.html").write_text((ROOT / "static" / "index.html").read_text())
    server = build.make_server(tmp_path, quiet=True, base="asl-los")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"

    def status(path: str) -> tuple[int, str | None]:
        request = urllib.request.Request(origin + path, method="GET")
        opener = urllib.request.build_opener(_NoRedirect)
        try:
            with opener.open(request) as r:
                return r.status, r.headers.get("Content-Security-Policy")
        except urllib.error.HTTPError as e:
            return e.code, e.headers.get("Location")
    try:
        code, csp = status("/asl-los/")
        assert code == 200 and "frame-ancestors 'none'" in csp
        assert status("/asl-los/index.html")[0] == 200
        assert status("/asl-los") == (301, "/asl-los/")
        assert status("/")[0] == 404 and status("/index.html")[0] == 404
    finally:
        server.shutdown()
        server.server_close()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
