"""Updates are whole (issue 5 "The page under abuse"): after the app is
rebuilt with a change, the service worker serves the new version, and never
old JavaScript with new Python, even from a half-updated server.
"""
from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from .conftest import (ROOT, Site, builds, foreign_requests, open_page, wait_controlled,
                       wait_ready, build)

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
    b = Path(build.build(root / "b", project)["dir"])
    return a, b


def build_id(directory: Path) -> str:
    text = (directory / "pyworker.js").read_text()
    return text.split('"build":"', 1)[1].split('"', 1)[0]


@pytest.fixture
def update_site(two_builds):
    a, _ = two_builds
    server = Site(a).start()
    yield server
    server.stop()


def poll(page, script: str, wanted, timeout: float = 60) -> None:
    """Evaluate `script` until it gives `wanted`, across the page's own reloads."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = page.evaluate(script)
        except PlaywrightError as exc:  # the page reloaded under the evaluation
            last = exc
        if last == wanted:
            return
        time.sleep(0.25)
    raise AssertionError(f"waited {timeout} s for {wanted!r}; last {last!r}")


def serve(site: Site, directory: Path) -> None:
    site.stop()
    site.directory = directory
    site.start()


@pytest.fixture
def visited(browser, update_site):
    """A page that ran build A once, so its service worker holds A."""
    page = open_page(browser, update_site)
    wait_ready(page)
    wait_controlled(page)
    yield page
    foreign = foreign_requests(page.asl_requests, update_site.origin)
    page.context.close()
    assert not foreign


def test_rebuilt_site_is_served_whole(visited, update_site, two_builds, tmp_path):
    a, b = two_builds
    assert build_id(a) != build_id(b)
    assert builds(visited) == {"js": build_id(a), "python": build_id(a)}
    serve(update_site, b)
    # The next visit finds the new service worker; it precaches B, takes over and
    # reloads the page once, which then runs B's JavaScript and B's Python.
    visited.reload()
    poll(visited, "async () => (await import('./pyworker.js')).python.build", build_id(b))
    wait_ready(visited)
    assert builds(visited) == {"js": build_id(b), "python": build_id(b)}
    visited.screenshot(path=tmp_path / "updated.png")


def test_half_updated_server_keeps_the_old_build_whole(visited, update_site, two_builds,
                                                      tmp_path):
    a, b = two_builds
    half = tmp_path / "half"
    shutil.copytree(b, half)
    wheel = next((half / "wheels").glob("asl_los-*.whl"))
    shutil.copy(next((a / "wheels").glob("asl_los-*.whl")), wheel)  # B's site, A's Python
    serve(update_site, half)
    start = len(update_site.requests)
    visited.reload()
    wait_ready(visited)
    # The new service worker fetches the stale wheel, finds it is not B's, and gives up.
    wheel_path = "/" + wheel.relative_to(half).as_posix()
    deadline = time.monotonic() + 60
    while not any(r.path == wheel_path for r in update_site.requests[start:]):
        assert time.monotonic() < deadline, "the new service worker never fetched the wheel"
        time.sleep(0.2)
    poll(visited, """async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return reg.installing === null && reg.waiting === null;
    }""", True)
    visited.reload()
    wait_ready(visited)
    assert builds(visited) == {"js": build_id(a), "python": build_id(a)}
