"""The development server: dist/ with the MIME types Pyodide needs and the site's headers."""
from __future__ import annotations

import functools
import http.server
import re
import sys
from functools import partial
from pathlib import Path

from .page import CSP_HEADER_ONLY, csp, security_headers
from .site import build

MIME_TYPES = {
    ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json", ".json": "application/json",
    ".svg": "image/svg+xml", ".png": "image/png", ".css": "text/css",
    ".html": "text/html", ".zip": "application/zip", ".whl": "application/zip",
}
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
