"""Session fixtures for the browser tests (this folder's and the UI's).

- ``site``: dist/ (built once if missing or older than its sources) served on
  a free 127.0.0.1 port by a thread; ``.url``, ``.requests`` (what the server
  saw: ``Request(host, path)``), ``.stop()`` and ``.start()`` (same port, so
  the same origin and the same service worker).
- ``browser``: Debian's Chromium, headless (PYODIDE-NOTES.md flags).
- ``page``: a fresh context and page per test, opened at ``site.url``; every
  request it makes is recorded in ``page.asl_requests`` and the test fails if
  one goes anywhere but the site's own origin (docs/design.md: no CDN, no network),
  or if the page throws an uncaught error (issue 22).
- ``ready_page``: the same, once ``window.asl.ready`` has resolved.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import threading
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (the project's build script)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
READY_TIMEOUT_MS = 60_000
# The page has run app.js (window.asl.ready is then a promise), checked every
# POLL_MS rather than at each animation frame, which a starved page may not draw.
HAS_ASL = "() => window.asl && window.asl.ready"
POLL_MS = 100
SOURCES = ("static", "pycore", "web", "build.py", "buildsite", "pyproject.toml")


# (situation, interactions, target, seconds, ruling matches pycore.api), filled
# by tests/browser/test_situations.py and printed at the end of the run.
SITUATION_ROWS: list = []


def pytest_terminal_summary(terminalreporter):
    if not SITUATION_ROWS:
        return
    write = terminalreporter.write_line
    write("")
    write("| situation | interactions | target | seconds | ruling matches pycore.api |")
    write("| --- | ---: | ---: | ---: | --- |")
    for name, count, target, seconds, matches in SITUATION_ROWS:
        write(f"| {name} | {count} | <= {target} | {seconds:.1f} | {'yes' if matches else 'NO'} |")


class Request(NamedTuple):
    host: str
    path: str


class Site:
    """A built site served from a thread; stop() and start() keep the port."""

    def __init__(self, directory: Path, port: int = 0, base: str = "/"):
        self.directory = Path(directory)
        self.port = port
        self.base = build.site_base(base)   # a sub-path, as on GitHub Pages
        self.requests: list[Request] = []
        self._server = None
        self._thread = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.base}"

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "Site":
        self._server = build.make_server(
            self.directory, self.port, quiet=True, base=self.base,
            on_request=lambda host, path: self.requests.append(Request(host, path)))
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._thread.join()
            self._server = None


def _newest_source_mtime() -> float:
    paths = [ROOT / s for s in SOURCES]
    files = [p for s in paths for p in ([s] if s.is_file() else s.rglob("*")) if p.is_file()]
    return max(p.stat().st_mtime for p in files)


def built_dist() -> Path:
    """dist/, rebuilt when missing or older than any source.

    ASL_SITE_DIR names another built site to test instead (built by build.build).
    """
    if os.environ.get("ASL_SITE_DIR"):
        return Path(os.environ["ASL_SITE_DIR"])
    dist = ROOT / "dist"
    stamp = dist / "sw.js"
    if not stamp.exists() or stamp.stat().st_mtime < _newest_source_mtime():
        build.build(dist)
    return dist


@pytest.fixture(scope="session")
def site():
    server = Site(built_dist()).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    playwright = sync_playwright().start()
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()
    playwright.stop()


def foreign_requests(urls: list[str], origin: str) -> list[str]:
    """The URLs that leave `origin` (data: and blob: URLs stay in the page)."""
    return [u for u in urls
            if urlsplit(u).scheme not in ("data", "blob")
            and f"{urlsplit(u).scheme}://{urlsplit(u).netloc}" != origin]


def open_page(browser, site: Site, goto: bool = True, **context_options):
    """A new context and page (at site.url if `goto`), recording every request it makes."""
    context = browser.new_context(**context_options)
    page = watch_console(context.new_page())
    page.asl_requests = []
    context.on("request", lambda r: page.asl_requests.append(r.url))
    if goto:
        page.goto(site.url)
    return page


def watch_console(page):
    """Record the page's console and uncaught errors in ``page.asl_console``,
    and the requests not yet answered in ``page.asl_waiting``."""
    page.asl_console = []
    page.asl_waiting = {}
    page.on("console", lambda m: page.asl_console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: page.asl_console.append(f"pageerror: {e}"))
    page.on("request", lambda r: page.asl_waiting.__setitem__(id(r), r.url))
    for done in ("requestfinished", "requestfailed"):
        page.on(done, lambda r: page.asl_waiting.pop(id(r), None))
    return page


def console_tail(page, lines: int = 40) -> str:
    """The last lines of what ``watch_console`` recorded, and the requests still
    waiting, for a failure's message (a page that never starts says why)."""
    waiting = sorted(set(getattr(page, "asl_waiting", {}).values()))
    return "\n".join(getattr(page, "asl_console", [])[-lines:] +
                     [f"requests not answered: {waiting}"])


LATE = "no answer in time"


def within(page, script: str, seconds: int = 60):
    """``page.evaluate(script)`` for a script whose promise may never settle (a
    page that never starts, a worker that never answers): its value, or LATE
    after ``seconds``, so the test fails instead of waiting for ever."""
    return page.evaluate(f"() => Promise.race([({script})(), new Promise((resolve) => "
                         f"setTimeout(() => resolve({json.dumps(LATE)}), {seconds * 1000}))])")


PAGE_STATE = """() => ({
  url: location.href, readyState: document.readyState, asl: typeof window.asl,
  worker: typeof globalThis.aslBoot, controller: navigator.serviceWorker?.controller?.state ?? null,
  scripts: performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".js"))
    .map((e) => `${e.name.split("/").pop()} ${Math.round(e.duration)} ms`),
})"""


def page_state(page) -> str:
    """What a page that never became ready had done (for a failure's message)."""
    try:
        return json.dumps(page.evaluate(PAGE_STATE))
    except Exception as err:                  # a page that cannot even answer says that
        return f"no answer ({err})"


def wait_ready(page) -> dict:
    """Wait for window.asl.ready; returns the worker's timings.

    On a timeout the failure carries the page's console, so a CI log says why."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    try:
        page.wait_for_function(HAS_ASL, polling=POLL_MS, timeout=READY_TIMEOUT_MS)
    except PlaywrightTimeout:
        pytest.fail(f"the page was not ready in {READY_TIMEOUT_MS // 1000} s; its state: "
                    f"{page_state(page)}; its console:\n{console_tail(page)}")
    timings = within(page, "() => window.asl.ready.then((t) => t ?? null)")
    if timings == LATE:
        pytest.fail(f"the page ran but Python was not ready in 60 s; its console:\n"
                    f"{console_tail(page)}")
    return timings


def python_call(page, name: str, *args):
    """python.call(name, *args) in the page (static/pyworker.js), its result or error.

    Returns the JSON result, or {"error": message, "kind": kind} if it rejected.
    """
    return page.evaluate("""async ([name, args]) => {
        const { python } = await import("./pyworker.js");
        try { return await python.call(name, ...args); }
        catch (e) { return { error: e.message, kind: e.kind ?? null }; }
    }""", [name, list(args)])


def wait_controlled(page) -> None:
    """Wait until the service worker controls the page: the whole site is precached."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=READY_TIMEOUT_MS)


def builds(page) -> dict:
    """The build ids of the page's JavaScript and of the Python it runs."""
    return page.evaluate("""async () => {
        const { python } = await import("./pyworker.js");
        return { js: python.build, python: (await python.call("version")).build };
    }""")


@pytest.fixture
def page(browser, site):
    page = open_page(browser, site)
    yield page
    foreign = foreign_requests(page.asl_requests, site.origin)
    uncaught = [m for m in page.asl_console if m.startswith("pageerror")]
    page.context.close()
    if foreign:
        pytest.fail(f"requests left the site's origin {site.origin}: {foreign}")
    if uncaught:   # issue 22: no uncaught error in the console in any test
        pytest.fail(f"uncaught errors in the page: {uncaught}")


@pytest.fixture
def ready_page(page):
    wait_ready(page)
    return page


# --- fixtures several test files share --------------------------------------------

TABLET = {"viewport": {"width": 1280, "height": 800}, "has_touch": True}


@pytest.fixture
def tablet(browser, site):
    """A ready page on a tablet at 1280x800 with touch."""
    page = open_page(browser, site, **TABLET)
    wait_ready(page)
    yield page
    page.context.close()


@pytest.fixture
def player(browser, site):
    """A player tapping a ready page on a tablet at 1280x800 (tests/browser/test_situations.py Player)."""
    from tests.browser.test_situations import Player
    page = open_page(browser, site, **TABLET)
    wait_ready(page)
    yield Player(page)
    page.context.close()


# What the update tests rebuild (tests/browser/test_update.py, test_mixed_random.py).
PROJECT = ("static", "pycore", "web", "pyproject.toml")


@pytest.fixture(scope="module")
def two_builds(site, tmp_path_factory):
    """(A, B): the session's build, and one made from a copy with a JS and a Python change."""
    root = tmp_path_factory.mktemp("update")
    a = root / "a"
    shutil.copytree(site.directory, a)
    project = root / "project"
    for name in PROJECT:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, project / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, project / name)
    with open(project / "static" / "pyworker.js", "a") as f:
        f.write("// changed by the update test\n")
    with open(project / "pycore" / "__init__.py", "a") as f:
        f.write("# changed by the update test\n")
    # and the map's style sheet, whose hash the page's policy names (web/inline_styles.py)
    with open(project / "web" / "mapstyle.py", "a") as f:
        f.write("\nHEX_CSS += '\\n.hex-name{word-spacing:1px}'   # changed by the update test\n")
    b = Path(build.build(root / "b", project)["dir"])
    return a, b


@pytest.fixture
def update_site(two_builds):
    """The session's build (A) served on a server of its own, to be updated."""
    a, _ = two_builds
    server = Site(a).start()
    yield server
    server.stop()
