"""`python build.py serve` sends the site's Content-Security-Policy as a header,
with frame-ancestors 'none' (which a <meta> tag cannot set), so the app cannot
be framed by another site (issue 14), and with nosniff, on every response: the
Pyodide worker takes its policy from its own script's response (issue 24)."""
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


HASHES = ["'sha256-AAAA'", "'sha256-BBBB'"]


def built_index() -> str:
    """static/index.html with the policy build.py writes into it."""
    return build.with_csp((ROOT / "static" / "index.html").read_bytes(), build.csp(HASHES)).decode()


def test_the_page_is_served_with_its_csp_and_frame_ancestors_none(tmp_path):
    (tmp_path / "index.html").write_text(built_index())
    csp = _served(tmp_path, "/")["Content-Security-Policy"]
    meta = build._CSP_META.search(built_index()).group(1)
    assert csp == meta + "; frame-ancestors 'none'" == build.csp(HASHES, header=True)
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp
    assert "style-src 'self' 'sha256-AAAA' 'sha256-BBBB'" in csp
    assert "unsafe-inline" not in csp and "'unsafe-eval'" not in csp
    assert "form-action 'none'" in csp and "object-src 'none'" in csp and "base-uri 'none'" in csp
    assert _served(tmp_path, "/index.html")["Content-Security-Policy"] == csp


def test_every_response_carries_the_policy_and_nosniff_issue_24(tmp_path):
    # The worker's script above all: it runs Pyodide, under this policy only.
    (tmp_path / "index.html").write_text(built_index())
    (tmp_path / "worker.js").write_text("// worker")
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    csp = build.csp(HASHES, header=True)
    for path in ("/", "/index.html", "/worker.js", "/pyodide/pyodide.asm.wasm"):
        headers = _served(tmp_path, path)
        assert headers["Content-Security-Policy"] == csp, path
        assert headers["X-Content-Type-Options"] == "nosniff", path
    try:
        _served(tmp_path, "/no-such-file")
    except urllib.error.HTTPError as e:
        assert e.code == 404
        assert e.headers["X-Content-Type-Options"] == "nosniff"
        assert e.headers["Content-Security-Policy"] == csp
    else:
        raise AssertionError("a missing file was served")


def test_the_policy_is_in_index_html_once_and_nowhere_else_in_static():
    static = ROOT / "static" / "index.html"
    assert static.read_text().count(build.CSP_PLACEHOLDER) == 1
    assert "Content-Security-Policy" not in static.read_text()


def test_serve_base_serves_the_site_under_a_sub_path_only_issue_22(tmp_path):
    # As GitHub Pages serves a project: /asl-los/ is the site, /asl-los goes
    # there, and nothing outside it is the site's; the page keeps its policy.
    (tmp_path / "index.html").write_text(built_index())
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
