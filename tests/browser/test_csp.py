"""The site's Content-Security-Policy covers every script, on any host (issue 24,
item 7): the Pyodide worker runs under the policy (no eval, no new Function, no
data: import), every response carries it and nosniff, from `build.py serve` and
from the service worker on a host that sends no headers (GitHub Pages), and a
normal session breaks none of it: painting, a unit, an LOS question, a new map,
the ruling card and the share link's QR code, on three screens, with touch.

Set ASL_CSP_SHOTS=dir to keep the session's screenshots for a look."""
from __future__ import annotations

import http.server
import json
import os
import re
import threading
from functools import partial
from pathlib import Path

import pytest

from .conftest import Site, build, built_dist, open_page, wait_controlled, wait_ready
from .test_ui_share import close_checked
from .test_ui_library import BD41, BD42, import_files
from .test_ui_steps import hex_sel, los_check, paint_b92_example, paint_hex, press, tool

SCREENS = {"landscape": {"viewport": {"width": 1280, "height": 800}},
           "portrait": {"viewport": {"width": 800, "height": 1280}},
           "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
                     "is_mobile": True}}

# Run inside the Pyodide worker. Each try runs from a timer: DevTools' own
# evaluation (how Playwright runs this) is let past CSP's eval check, a
# timer's callback is not.
TRIES_IN_WORKER = """async () => {
    const later = (f) => new Promise((done) => setTimeout(() => {
        try { done(`ran: ${f()}`); } catch (e) { done(e.name); }
    }));
    return {
        eval: await later(() => eval("1 + 1")),
        newFunction: await later(() => new Function("return 2")()),
        dataImport: await import("data:text/javascript,export default 3")
            .then((m) => `ran: ${m.default}`, (e) => e.name),
    };
}"""
REFUSED = {"eval": "EvalError", "newFunction": "EvalError", "dataImport": "TypeError"}


def sw_config(dist: Path) -> dict:
    """What build.py wrote into dist/sw.js: the build's files and the headers."""
    text = (dist / "sw.js").read_text("utf-8")
    return json.loads(re.search(r"^const PRECACHE = (.*);$", text, re.M).group(1))


def the_worker(page):
    page.wait_for_function("() => window.asl && window.asl.ready")
    (worker,) = [w for w in page.workers if "/worker.js" in w.url]
    return worker


def test_the_policy_allows_what_pyodide_needs_and_no_more():
    policy = sw_config(built_dist())["headers"]["Content-Security-Policy"]
    directives = dict(d.split(" ", 1) for d in policy.split("; "))
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert directives["style-src"].startswith("'self' 'sha256-")
    assert "unsafe-inline" not in policy and "'unsafe-eval'" not in policy
    for name, value in {"default-src": "'self'", "object-src": "'none'", "base-uri": "'none'",
                        "form-action": "'none'", "frame-ancestors": "'none'",
                        "worker-src": "'self'", "connect-src": "'self'"}.items():
        assert directives[name] == value, name
    # One policy: the page's <meta> is the header's, but for what only a header says.
    assert policy == build.served_csp(built_dist())
    meta = build._CSP_META.search((built_dist() / "index.html").read_text("utf-8")).group(1)
    assert policy == meta + "; frame-ancestors 'none'"


def test_build_py_serve_puts_the_policy_and_nosniff_on_every_response(browser, site):
    page = open_page(browser, site, goto=False)
    responses = []
    page.context.on("response", lambda r: responses.append(r))
    try:
        page.goto(site.url)
        worker = the_worker(page)
        assert worker.evaluate(TRIES_IN_WORKER) == REFUSED
        policy = build.served_csp(site.directory)
        ours = [r for r in responses if r.url.startswith(site.origin)]
        names = {r.url.rsplit("/", 1)[-1].split("?")[0] for r in ours}
        assert {"", "app.js", "worker.js", "pyodide.mjs", "pyodide.asm.wasm"} <= names
        for r in ours:
            headers = r.all_headers()
            assert headers.get("x-content-type-options") == "nosniff", r.url
            assert headers.get("content-security-policy") == policy, r.url
    finally:
        close_checked(page, site)


class BareHost(build.SiteHandler):
    """A static host that sends no security header at all, as GitHub Pages."""
    quiet = True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        http.server.SimpleHTTPRequestHandler.end_headers(self)


class ReportingHost(build.SiteHandler):
    """`build.py serve`'s headers, its policy reporting each violation here."""
    quiet = True
    reports: list = []

    def send_header(self, keyword: str, value: str) -> None:
        if keyword == "Content-Security-Policy":
            value += "; report-uri /csp-report"
        super().send_header(keyword, value)

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.reports.append(body.decode("utf-8", "replace"))
        self.send_response(204)
        self.end_headers()


class HostSite(Site):
    def __init__(self, directory: Path, handler):
        super().__init__(directory)
        self.handler = handler

    def start(self) -> "HostSite":
        self._server = build.QuietServer(("127.0.0.1", self.port),
                                         partial(self.handler, directory=str(self.directory)))
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self


@pytest.fixture
def host(request):
    site = HostSite(built_dist(), request.param).start()
    yield site
    site.stop()


@pytest.mark.parametrize("host", [BareHost], indirect=True)
def test_on_a_host_without_headers_the_service_worker_puts_them_on_every_file(browser, host):
    expected = sw_config(host.directory)
    page = open_page(browser, host)
    try:
        wait_ready(page)
        wait_controlled(page)
        page.reload()                     # the page and its worker, from the service worker
        worker = the_worker(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert worker.evaluate(TRIES_IN_WORKER) == REFUSED
        paths = [*expected["files"], "", "no-such-file.js"]
        got = page.evaluate("""async (paths) => Object.fromEntries(await Promise.all(paths.map(
            async (p) => { const r = await fetch(p);
                           return [p, [r.status, r.headers.get("content-security-policy"),
                                       r.headers.get("x-content-type-options")]]; })))""", paths)
        policy = expected["headers"]["Content-Security-Policy"]
        for path in paths:
            status, csp, nosniff = got[path]
            assert (csp, nosniff) == (policy, "nosniff"), path
            assert status == (404 if path == "no-such-file.js" else 200), path
    finally:
        close_checked(page, host)


def keep(page, name: str) -> None:
    where = os.environ.get("ASL_CSP_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(where) / f"{name}.png"))


WATCH_PAGE = """window.aslViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.aslViolations.push(
    `${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""
WATCH_WORKER = """() => { self.aslViolations = [];
    self.addEventListener("securitypolicyviolation", (e) => self.aslViolations.push(
        `${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`)); }"""


def open_watched(browser, host, **options):
    """A page of `host` and its Pyodide worker, each listening for violations."""
    ReportingHost.reports.clear()
    page = open_page(browser, host, goto=False, **options)
    page.add_init_script(WATCH_PAGE)
    page.goto(host.url)
    worker = the_worker(page)
    worker.evaluate(WATCH_WORKER)
    return page, worker


def broken_rules(page, worker) -> list[str]:
    """Every violation seen: events in the page and the worker, the console's
    words, the reports posted to the server; and any uncaught error."""
    page.wait_for_timeout(500)        # reports are posted after the fact
    said = [m for m in page.asl_console
            if "Content Security Policy" in m or "Content-Security" in m or m.startswith("pageerror")]
    return (page.evaluate("window.aslViolations") + worker.evaluate("() => self.aslViolations")
            + said + ReportingHost.reports)


@pytest.mark.parametrize("host", [ReportingHost], indirect=True)
@pytest.mark.parametrize("screen", SCREENS)
def test_a_normal_session_breaks_no_rule_of_the_policy(browser, host, screen, tmp_path):
    page, worker = open_watched(browser, host, has_touch=True, **SCREENS[screen])
    try:
        keep(page, f"{screen}-0-start")
        # A new map: its preview, then its drawing, both Python's SVG with their style.
        page.fill("#map-columns", "34")
        press(page, "#new-map", touch=True)
        page.wait_for_function("() => window.asl.getSetup().map.columns === 34"
                               " && document.querySelector('#map').dataset.drawing !== 'true'")
        tool(page, "terrain")
        paint_hex(page, "C3", terrain="woods", touch=True)
        german, russian = paint_b92_example(page, touch=True)
        los_check(page, german, russian, touch=True)
        page.fill("#los-from", german)     # a form answered by script, never sent
        page.fill("#los-to", "C3")
        page.press("#los-to", "Enter")
        page.wait_for_function("() => document.querySelector('#los-target').textContent.includes('C3')")
        keep(page, f"{screen}-1-los")
        press(page, "#los-clear", touch=True)
        los_check(page, german, russian, touch=True)
        press(page, "#ruling-card", touch=True)
        page.wait_for_selector("#card-dialog:not([hidden]) #card-body svg")
        page.wait_for_timeout(300)
        keep(page, f"{screen}-2-card")
        with page.expect_download() as got:   # the PNG: the card drawn through an <img>
            press(page, "#card-png", touch=True)
        got.value.save_as(tmp_path / "card.png")
        press(page, "#card-close", touch=True)
        press(page, "#share", touch=True)
        page.wait_for_selector("#share-qr svg")
        page.locator("#share-qr").scroll_into_view_if_needed()
        keep(page, f"{screen}-3-qr")
        assert broken_rules(page, worker) == []
    finally:
        close_checked(page, host)


@pytest.mark.parametrize("host", [ReportingHost], indirect=True)
def test_board_files_their_images_and_visibility_break_no_rule_of_the_policy(browser, host):
    # Board files go through Pyodide's file system; their images are blob: URLs.
    page, worker = open_watched(browser, host, has_touch=True, **SCREENS["landscape"])
    try:
        import_files(page, {"bd41": BD41, "bd42": BD42})
        press(page, "#new-boards", touch=True)
        page.wait_for_selector(f"{hex_sel('41Q5')}[data-terrain='woods']")
        press(page, "#board-images", touch=True)
        page.wait_for_selector("#map-content > svg.board-images image:nth-child(2)")
        tool(page, "vis")
        press(page, hex_sel("41Q5"), touch=True)
        page.wait_for_function("() => document.querySelector('#vis-from').textContent.includes('Q5')")
        keep(page, "landscape-4-boards")
        assert broken_rules(page, worker) == []
    finally:
        close_checked(page, host)


def test_the_session_test_sees_a_violation(browser):
    """The watchers above do see one: the same page and worker, made to break the policy."""
    site = HostSite(built_dist(), ReportingHost).start()
    page, worker = open_watched(browser, site)
    try:
        page.evaluate("""() => { const s = document.createElement("style");
                                 s.textContent = "b{}"; document.head.append(s); }""")
        worker.evaluate(TRIES_IN_WORKER)
        page.wait_for_function("() => window.aslViolations.length > 0")
        assert worker.evaluate("() => self.aslViolations.length") == 3
        page.wait_for_timeout(500)
        assert len(ReportingHost.reports) >= 2   # the page's and the worker's
        assert broken_rules(page, worker)
    finally:
        close_checked(page, site)
        site.stop()
