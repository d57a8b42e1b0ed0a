"""No request leaves the site (issue 4 "Offline", issue 5 "No network"), and
the page's one channel to Python (static/pyworker.js -> web.bridge) reports
bad input as SetupError and everything else as InternalError.
"""
from __future__ import annotations

import json
import re

from .conftest import open_page, python_call

SETUP = {"format": "asl-setup", "version": 1, "map": {"columns": 6, "rows": 4}}


def precached_paths(site) -> set[str]:
    """Every file of the build, from the service worker's precache list."""
    sw = (site.directory / "sw.js").read_text()
    manifest = json.loads(re.search(r'"files":(\{.*?\})', sw).group(1))
    return {"/" + path for path in manifest}


def test_server_sees_only_its_own_host_and_files(ready_page, site):
    start = len(site.requests)
    page = ready_page
    page.reload()
    page.wait_for_function("() => window.asl && window.asl.ready")
    page.evaluate("() => window.asl.ready")
    python_call(page, "render_map", SETUP)
    python_call(page, "los", SETUP, {"hex": "A1"}, {"hex": "C1"})
    seen = site.requests[start:]
    assert seen, "the reload reached the server"
    assert {r.host for r in seen} == {f"127.0.0.1:{site.port}"}
    allowed = precached_paths(site) | {"/", "/sw.js"}
    assert {r.path.split("?")[0] for r in seen} <= allowed


def test_browser_requests_stay_on_the_origin(ready_page, site):
    page = ready_page
    python_call(page, "render_map", SETUP)
    # The fixture fails the test on any foreign request; this checks it saw some.
    assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u in page.asl_requests)
    assert all(u.startswith(site.origin + "/") for u in page.asl_requests
               if not u.startswith(("data:", "blob:")))


def test_bad_setup_rejects_with_setuperror_naming_the_field(ready_page):
    answer = python_call(ready_page, "validate", {**SETUP, "map": {"columns": "many"}})
    assert answer["kind"] == "SetupError"
    assert "columns" in answer["error"]


def test_valid_setup_round_trips_through_python(ready_page):
    answer = python_call(ready_page, "validate", SETUP)
    assert answer["map"]["columns"] == 6 and answer["map"]["rows"] == 4


def test_unknown_query_is_an_internal_error_not_a_crash(ready_page):
    answer = python_call(ready_page, "no_such_query", SETUP)
    assert answer == {"error": "unknown query 'no_such_query'", "kind": "InternalError"}
    # The worker still answers afterwards.
    assert python_call(ready_page, "version")["python"].startswith("3.14")


def test_queries_made_before_ready_are_queued_and_answered(page):
    # Called at once, before Python has loaded: the worker queues and answers in order.
    answers = page.evaluate("""async () => {
        const { python } = await import("./pyworker.js");
        const early = python.timings === null;  // not loaded yet
        const calls = [python.call("version"), python.call("validate", { format: "x" })
                       .catch((e) => e.kind)];
        return [early, ...await Promise.all(calls)];
    }""")
    assert answers[0] is True
    assert answers[1]["python"].startswith("3.14")
    assert answers[2] == "SetupError"


def test_queries_are_refused_not_hung_when_python_cannot_load(browser, site):
    # With the runtime unreachable, a waiting query and a later one both reject.
    page = open_page(browser, site, goto=False)
    try:
        page.route("**/pyodide/**", lambda route: route.abort())
        page.goto(site.url)
        kinds = page.evaluate("""async () => {
            const { python } = await import("./pyworker.js");
            const early = python.call("version").catch((e) => e.kind);
            await python.ready.catch(() => {});
            const late = await python.call("version").catch((e) => e.kind);
            return [await early, late];
        }""")
        assert kinds == ["InternalError", "InternalError"]
    finally:
        page.context.close()
