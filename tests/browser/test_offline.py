"""Offline use (issue 4 "Offline", docs/design.md "Browser conventions").

After one visit the app works with the server stopped, the status says so
when the network goes, and the first paint (the pre-rendered map) never
waits for Python.
"""
from __future__ import annotations

import json
import struct
from urllib.request import urlopen

from .conftest import open_page, python_call, wait_controlled, wait_ready

OPEN_MAP = {"format": "asl-setup", "version": 1, "map": {"columns": 6, "rows": 4}}


def hexes_on_map(columns: int, rows: int) -> int:
    """docs/contract.md: odd columns hold hexes 1..R, even columns 0..R."""
    return sum(rows if column % 2 else rows + 1 for column in range(1, columns + 1))


def test_a6_los_answered_after_reload_with_server_stopped(ready_page, site, tmp_path):
    page = ready_page
    wait_controlled(page)
    site.stop()
    try:
        page.reload()
        wait_ready(page)
        # A6.1: across open ground at level 0 nothing blocks, range 2 from A1 to C1.
        answer = python_call(page, "los", OPEN_MAP, {"hex": "A1"}, {"hex": "C1"})
        page.screenshot(path=tmp_path / "offline.png")
    finally:
        site.start()
    assert answer.get("error") is None, answer
    assert answer["los"] is True and answer["range"] == 2
    assert answer["blocked_at"] is None


def test_a_cleared_cache_is_refilled_so_the_next_offline_visit_works(ready_page, site):
    # Issue 8: Cache Storage deleted while the service worker stays (a browser
    # clean-up); a reload online refills it, and says so on the status badge.
    page = ready_page
    wait_controlled(page)
    page.evaluate("async () => { for (const k of await caches.keys()) await caches.delete(k); }")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#status[data-offline-ready='true']")
    assert "offline" in page.get_attribute("#status", "title")
    site.stop()
    try:
        page.reload()
        wait_ready(page)
        answer = python_call(page, "los", OPEN_MAP, {"hex": "A1"}, {"hex": "C1"})
    finally:
        site.start()
    assert answer["los"] is True and answer["range"] == 2


def test_status_says_offline_when_the_network_goes(ready_page):
    page = ready_page
    watch = """async (wanted) => {
        const { python } = await import("./pyworker.js");
        return new Promise((resolve) => {
            const stop = python.onStatus((status) => { if (status === wanted) resolve(status); });
        });
    }"""
    assert page.evaluate(watch, "ready") == "ready"
    page.context.set_offline(True)
    assert page.evaluate(watch, "offline") == "offline"
    page.context.set_offline(False)
    assert page.evaluate(watch, "ready") == "ready"


def test_first_paint_shows_the_prerendered_map_before_python(browser, site, tmp_path):
    # The default 33 x 10 board is in index.html itself: with Python's runtime held
    # back (every /pyodide/ request refused) the map is on screen all the same.
    page = open_page(browser, site, goto=False)
    try:
        page.route("**/pyodide/**", lambda route: route.abort())
        page.goto(site.url)
        hexes = page.locator("svg [data-hex]")
        assert hexes.count() == hexes_on_map(33, 10)
        assert page.locator("svg [data-hex='GG10']").count() == 1
        box = page.locator("svg.asl-map").bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 100
        page.screenshot(path=tmp_path / "first-paint.png")
        status = page.evaluate("""async () => {
            const { python } = await import("./pyworker.js");
            return new Promise((resolve) => python.onStatus((s) => s !== "loading" && resolve(s)));
        }""")
        assert status == "error"  # Python never loaded, and the map did not need it
    finally:
        page.context.close()


def test_manifest_and_icons_make_the_app_installable(site):
    # What Chromium asks of an installable app: a linked manifest with a name, a
    # start URL, standalone display, and PNG icons of 192 and 512 px.
    index = urlopen(site.url).read().decode()
    assert '<link rel="manifest" href="manifest.webmanifest">' in index
    manifest = json.load(urlopen(site.url + "manifest.webmanifest"))
    assert manifest["name"] and manifest["start_url"] and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        data = urlopen(site.url + icon["src"]).read()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert {192, 512} <= sizes


def test_a_site_under_a_sub_path_works_offline_and_shares_its_own_address(browser, tmp_path):
    # Issue 22: GitHub Pages serves a project at /<repository>/. The same dist/
    # under /asl-los/ precaches, answers A6.1's open-ground LOS with the server
    # stopped, and its share link is the page's own address, which then opens
    # offline too (no 127.0.0.1:8000 written into the link).
    from .conftest import Site, built_dist, foreign_requests
    from pycore import share
    sub = Site(built_dist(), base="asl-los").start()
    page = open_page(browser, sub)
    try:
        wait_ready(page)
        wait_controlled(page)
        page.click("#share")
        page.wait_for_function("() => document.querySelector('#share-link').value !== ''")
        link = page.input_value("#share-link")
        assert link.startswith(sub.url + "#s1."), link
        assert share.decode(link) == page.evaluate("() => window.asl.getSetup()")
        assert all(r.path.startswith("/asl-los/") for r in sub.requests), sub.requests
        sub.stop()
        page.reload()
        wait_ready(page)
        answer = python_call(page, "los", OPEN_MAP, {"hex": "A1"}, {"hex": "C1"})
        assert answer.get("error") is None, answer
        assert answer["los"] is True and answer["range"] == 2
        other = page.context.new_page()
        other.goto(link)
        wait_ready(other)
        assert other.evaluate("() => window.asl.getSetup().map") == {"columns": 33, "rows": 10}
        other.screenshot(path=tmp_path / "sub-path-offline.png")
        assert not foreign_requests(page.asl_requests, sub.origin)
        assert not [m for m in page.asl_console if m.startswith("pageerror")], page.asl_console
    finally:
        page.context.close()
        sub.stop()
