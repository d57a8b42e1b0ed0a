"""Browser benchmark: `python build.py bench [--runs N]` (prints figures, asserts nothing).

Each run takes a new Chromium profile through three visits of the built site:
cold (first visit, empty profile), warm (the browser restarted on the same
profile: HTTP cache, service worker and compiled code kept) and offline (the
same, with the HTTP server stopped). Printed: the median over the runs, in ms.

- first paint: first-contentful-paint, which is the pre-rendered map
- python ready: `window.asl.ready` resolved (ms since navigation start)
- los call: `window.asl.call("los", ...)` on the B9.2 example (median of 9)
- los click: tapping viewer then target with the UI's LOS tool, to the verdict
- vis call: `visibility` computed on a 2 x 2 board map (65 x 20 hexes)
- vis click 33x10: tapping a hex with the Visibility tool, to the overlay drawn,
  on the B9.2 board: a viewer not asked before
- vis click 66x20: the same on a random 2 x 2 board map (tests.bench's,
  30% of hexes with terrain), a viewer not asked before
- feedback: from the end of a tap to the frame showing the changed map
  (a terrain tap, a hexside tap by nearest edge), and to the LOS verdict
  text after an edit under a live question (issue 9)
- a map of 4 x 2 boards (issue 11): New map of boards to its preview painted
  (the first paint) and to its drawing painted (the map that answers taps),
  the same taps on it, and on a reload the kept preview and drawing on screen
  and Python ready (ms since navigation start)
- board files (issue 19): importing one board in the page (the query, the
  first of a worker apart), two files chosen to both listed, a 2 x 1 map of
  them to their terrain painted, a reload to the kept boards painted again
- pathological setups (issue 24, tests.bench's): a new setup's validate, a
  sweep from a new viewer, and a LOS ruling and a changed setup's validate
  asked during a sweep (`--only pathological` runs this section alone)
- start-up against a bare boot (issue 32): each run also boots the built
  site's bench/bare.html (the same Pyodide in a worker, nothing else) cold and
  warm on a profile of its own; printed: our ready / its ready, and when each
  worker started (`--only startup` runs this section alone)
- dead ground (issue 40, tests/browser/bench_seen.py): a side of 10 units on a
  2 x 1 map of boards as drawn, a tap on Dead ground to the first hexes shaded
  and to the whole map shaded (`--only deadground` runs this section alone)
- worker timings: boot (loadPyodide: wasm compile, stdlib, packages), imports
  (the rules modules) and, from the worker's Resource Timing, when the wasm and
  the stdlib zip had arrived
"""
from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, Site  # noqa: E402

sys.path.insert(0, str(ROOT))
from tests.bench import random_setup  # noqa: E402

# The B9.2 example: 6Z9 to X6 across the Z8-Y9 hedge and the Y7-X7 wall.
B92 = {"format": "asl-setup", "version": 1,
       "map": {"columns": 33, "rows": 10, "board": "6"},
       "hexsides": {"Z8-Y9": "hedge", "Y7-X7": "wall"},
       "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "Z9"},
                 {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6"}]}
RANDOM_66x20 = random_setup(66, 20, __import__("random").Random(2))
BIG_MAP = {"format": "asl-setup", "version": 1, "map": {"columns": 65, "rows": 20},
           "hexes": {"M10": {"terrain": "woods"}, "AA12": {"terrain": "building", "levels": 2},
                     "P5": {"level": 1}, "Q5": {"level": 1}}}

MEASURE = """async ([b92, big]) => {
    await window.asl.ready;
    const { python } = await import("./pyworker.js");
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const timeCall = async (name, ...args) => {
        const t0 = performance.now();
        await window.asl.call(name, ...args);
        return performance.now() - t0;
    };
    const los = [];
    for (let i = 0; i < 9; i++) los.push(await timeCall("los", b92, "g1", "r1"));
    const vis = [];
    for (let i = 0; i < 3; i++) vis.push(await timeCall("visibility", big, {hex: "AA10"}));
    const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
    return { "first paint": paint ? paint.startTime : null,
             "python ready": python.timings.readyAt, "worker start": python.timings.workerStart,
             "worker boot": python.timings.boot, "imports": python.timings.import,
             "wasm arrived": (python.timings.fetched || {})["pyodide.asm.wasm"],
             "stdlib arrived": (python.timings.fetched || {})["python_stdlib.zip"],
             "los call": median(los), "vis call": median(vis) };
}"""

WATCH = """(selector) => { window.aslBenchWatch = new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error(`${selector} did not change in 10 s`)), 10000);
    let start = null;
    addEventListener("pointerdown", () => { start = performance.now(); }, { capture: true, once: true });
    const target = document.querySelector(selector);
    new MutationObserver((_, observer) => {
        observer.disconnect();
        // the answer is in the DOM; wait for the frame that shows it
        requestAnimationFrame(() => resolve(performance.now() - start));
    }).observe(target, { childList: true, characterData: true, subtree: true, attributes: true });
}); }"""


def ui_click_times(page) -> dict:
    """Click-to-answer through the UI, or None where the UI lacks a part."""
    result = {"los click": None, "vis click 33x10": None, "vis click 66x20": None}
    try:
        page.evaluate("(s) => Promise.race([window.asl.loadSetup(s), new Promise("
                      "(_, reject) => setTimeout(() => reject(new Error('loadSetup hung')), 10000))])",
                      B92)
        page.click("button[data-tool='los']")
        page.locator("[data-unit='g1']").first.click(timeout=5000)
        page.evaluate(WATCH, "#los-verdict")
        page.locator("[data-unit='r1']").first.click(timeout=5000)
        result["los click"] = page.evaluate("window.aslBenchWatch")
        page.click("button[data-tool='vis']")
        page.evaluate(WATCH, "#vis-count")
        page.locator("[data-hex='R5']").first.click(timeout=5000)
        result["vis click 33x10"] = page.evaluate("window.aslBenchWatch")
        page.click("#vis-clear")
        page.evaluate("(s) => window.asl.loadSetup(s)", RANDOM_66x20)
        page.evaluate(WATCH, "#vis-count")
        page.locator("[data-hex='F6']").first.click(timeout=5000)
        result["vis click 66x20"] = page.evaluate("window.aslBenchWatch")
    except Exception as exc:  # noqa: BLE001 - a missing UI part is reported, not fatal
        print(f"  (UI click not measured: {str(exc).splitlines()[0]})", file=sys.stderr)
    return result


def visit(playwright, profile: Path, site: Site) -> dict:
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        page = context.new_page()
        page.goto(site.url)
        page.wait_for_function("() => window.asl && window.asl.ready", timeout=60_000)
        figures = page.evaluate(MEASURE, [B92, BIG_MAP])
        figures.update(ui_click_times(page))
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=60_000)
        return figures
    finally:
        context.close()


BARE = """async () => {
    const t = await globalThis.bare;
    return { "python ready": t.readyAt, "worker start": t.workerStart, "worker boot": t.boot };
}"""


def bare_visit(playwright, profile: Path, site: Site) -> dict:
    """The bare boot (issue 32): the built site's bench/bare.html, which boots the
    same Pyodide in a worker and nothing else, timed as the app's ready is."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        page = context.new_page()
        page.goto(site.url + "bench/bare.html")
        page.wait_for_function("() => globalThis.bare", timeout=60_000)
        return page.evaluate(BARE)
    finally:
        context.close()


def run(site: Site, runs: int) -> dict[str, dict[str, list[float]]]:
    """Per run, a new profile for the bare boot (cold, then warm) and one for the
    app (cold, warm, offline), in turn, so both see the same load."""
    from playwright.sync_api import sync_playwright
    results: dict[str, dict[str, list[float]]] = {
        "cold": {}, "warm": {}, "offline": {}, "bare cold": {}, "bare warm": {}}
    with sync_playwright() as playwright:
        for number in range(1, runs + 1):
            with tempfile.TemporaryDirectory(prefix="asl-bench-bare-") as profile:
                for kind in ("bare cold", "bare warm"):
                    figures = bare_visit(playwright, Path(profile), site)
                    print(f"run {number} {kind}: " + ", ".join(
                        f"{k} {v:.0f}" for k, v in figures.items()), flush=True)
                    for key, value in figures.items():
                        results[kind].setdefault(key, []).append(value)
            with tempfile.TemporaryDirectory(prefix="asl-bench-") as profile:
                for kind in ("cold", "warm", "offline"):
                    if kind == "offline":
                        site.stop()
                    try:
                        figures = visit(playwright, Path(profile), site)
                    finally:
                        if kind == "offline":
                            site.start()
                    print(f"run {number} {kind}: " + ", ".join(
                        f"{k} {v:.0f}" for k, v in figures.items() if v is not None), flush=True)
                    for key, value in figures.items():
                        if value is not None:
                            results[kind].setdefault(key, []).append(value)
    return results


def table(results: dict[str, dict[str, list[float]]]) -> str:
    keys = ["first paint", "worker start", "python ready", "worker boot", "imports", "los call", "los click",
            "vis call", "vis click 33x10", "vis click 66x20"]
    lines = ["| ms (median) | " + " | ".join(keys) + " |",
             "| --- |" + " ---: |" * len(keys)]
    for kind, figures in results.items():
        cells = [f"{statistics.median(figures[k]):,.0f}" if figures.get(k) else "n/a"
                 for k in keys]
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def startup_ratio(results: dict[str, dict[str, list[float]]]) -> str:
    """The app's ready against the bare Pyodide boot of the same runs (issue 32: target <= 1.1x)."""
    lines = []
    for kind in ("cold", "warm"):
        ours, bare = results[kind].get("python ready"), results[f"bare {kind}"].get("python ready")
        if ours and bare:
            a, b = statistics.median(ours), statistics.median(bare)
            start = statistics.median(results[kind].get("worker start") or [float("nan")])
            bare_start = statistics.median(results[f"bare {kind}"].get("worker start") or [float("nan")])
            lines.append(f"  {kind:5} ready {a:6,.0f} ms / bare boot {b:6,.0f} ms = {a / b:.2f}x"
                         f"   (worker started at {start:,.0f} / {bare_start:,.0f} ms)")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return "\n".join([f"start-up against a bare Pyodide boot (median; load average {load}):", *lines])


LARGEST = """async ([setup, corner, middle]) => {
  const out = {};
  const time = async (name, ...args) => {
    const t0 = performance.now();
    await window.asl.call(...args);
    out[name] = performance.now() - t0;
  };
  await time("validate", "validate", setup);
  await time("wall_advantage", "wall_advantage", setup);
  await time("los, corner to corner", "los", setup, corner, middle.far);
  await time("fire, unit to unit", "fire", setup, "unit-0", "unit-1");
  await time("visibility, a corner (new viewer)", "visibility", setup, corner);
  await time("visibility, the middle (new viewer)", "visibility", setup, middle.hex);
  await time("render_map, the whole setup", "render_map", setup);
  // what the page asks for when the map size changes (static/app.js redrawGrid)
  const grid = { ...setup, hexes: {}, hexsides: {}, units: [] };
  await time("render_map, the grid the page asks for", "render_map", grid, { counters: false });
  return out;
}"""


def largest_setup_times(site: Site) -> dict:
    """Each query on the largest setup the limits allow (tests/test_hostile.py's),
    in the page (Pyodide), ms; one fresh profile."""
    from pycore import geometry
    from tests.test_hostile import _largest_setup

    def at(col: int, row: int) -> dict:
        return {"hex": geometry.PLAIN.hex(geometry.hex_at(col, row)), "level": 0}
    with fresh_page(site, idle=False) as page:
        return page.evaluate(LARGEST, [_largest_setup(), at(1, 1),
                                       {"hex": at(66, 10), "far": at(132, 20)}])


# Issue 9: from the end of a tap (pointerup) to the frame that shows the changed
# map, and to the ruling text that follows, on a tablet page.
FEEDBACK = """() => new Promise((resolve) => {
    window.__taps = [];
    document.querySelector("#map").addEventListener("pointerup", () => {
        const t0 = performance.now();
        const seen = new MutationObserver(() => {
            seen.disconnect();
            // the frame's script, style, layout and paint are done when a
            // task queued from its animation callback runs
            requestAnimationFrame(() => setTimeout(() => window.__taps.push(performance.now() - t0), 0));
        });
        seen.observe(document.querySelector("#map-content"),
                     { attributes: true, subtree: true, childList: true });
    }, { capture: true });
    resolve();
})"""


@contextlib.contextmanager
def fresh_page(site: Site, idle: bool = True, **options):
    """The app in a page of a fresh browser profile, Python ready (and, if
    `idle`, its idle imports done); `options` for the context (viewport...)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright, \
            tempfile.TemporaryDirectory(prefix="asl-bench-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **options)
        try:
            page = context.new_page()
            page.goto(site.url)
            page.wait_for_function("() => window.asl && window.asl.ready", timeout=60_000)
            page.evaluate("() => window.asl.ready")
            if idle:
                page.wait_for_timeout(1500)
            yield page
        finally:
            context.close()


@contextlib.contextmanager
def tablet_page(site: Site):
    """A fresh page at 1280x800 with touch, Python ready and idle, timing
    every tap from its end to the changed map painted (FEEDBACK)."""
    with fresh_page(site, viewport={"width": 1280, "height": 800}, has_touch=True) as page:
        page.evaluate(FEEDBACK)
        yield page


def centre(page, sel: str) -> tuple[float, float]:
    box = page.locator(sel).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap_times(page, hexes: list[str]) -> dict:
    """Median ms from the end of a tap to the changed map painted: woods
    painted in each hex, then a hexside set near the top of each."""
    out = {}
    for tool, what in (("terrain", "hex painted"), ("hexside", "hexside set")):
        page.click(f"button[data-tool={tool}]")
        if tool == "terrain":
            page.click("#terrain-palette [data-terrain=woods]")
        page.evaluate("() => { window.__taps = []; }")
        for h in hexes:
            x, y = centre(page, f"#map [data-hex='{h}']")
            page.touchscreen.tap(x, y - (6 if tool == "hexside" else 0))
            page.wait_for_timeout(120)
        got = page.evaluate("() => window.__taps")
        out[f"tap to map changed ({what})"] = statistics.median(got) if got else None
    return out


def feedback_times(site: Site, taps: int = 25) -> dict:
    """Median ms from the end of a tap to the changed map painted (terrain, a
    hexside by nearest edge), and to the LOS verdict text after an edit."""
    from pycore import geometry
    with tablet_page(site) as page:
        out = tap_times(page, [geometry.PLAIN.hex(geometry.hex_at(3 + i % 25, 2 + (i // 25) * 4 + i % 2))
                               for i in range(taps)])
        # The verdict text after an edit under a live LOS question.
        page.click("button[data-tool=los]")
        page.touchscreen.tap(*centre(page, "#map [data-hex='C3']"))
        page.touchscreen.tap(*centre(page, "#map [data-hex='C8']"))
        page.wait_for_selector("#los-result:not([hidden])")
        page.click("button[data-tool=terrain]")
        times = []
        for i in range(9):       # woods in C5 blocks (A6.2), open ground clears it again
            page.click(f"#terrain-palette [data-terrain={'open' if i % 2 else 'woods'}]")
            before = page.text_content("#los-chip-text")
            t0 = page.evaluate("() => performance.now()")
            page.touchscreen.tap(*centre(page, "#map [data-hex='C5']"))
            page.wait_for_function("(b) => document.querySelector('#los-chip-text')"
                                   ".textContent !== b", arg=before)
            times.append(page.evaluate("() => performance.now()") - t0)
        out["tap to the ruling text updated"] = statistics.median(times)
        return out


# Issue 11: from the tap on "New map of boards" (4 x 2 boards, new labels each
# time) to the frame that shows the new map's preview (web/preview.py), and to
# the frame that shows its drawing (the map the player can tap).
SEEN = """(t0, resolve) => {
    const times = {};
    const before = document.querySelector("#map svg.asl-map");
    const seen = new MutationObserver(() => {
        for (const [part, sel] of [["preview", "svg.map-preview[data-boards]"],
                                   ["drawing", "svg.asl-map[data-boards]"]]) {
            const node = document.querySelector(`#map ${sel}`);
            if (times[part] !== undefined || !node || node === before) continue;
            times[part] = null;
            requestAnimationFrame(() => setTimeout(() => {
                times[part] = performance.now() - t0;
                if (times.drawing !== undefined && times.drawing !== null) {
                    seen.disconnect();
                    resolve(times);
                }
            }, 0));
        }
    });
    seen.observe(document, { childList: true, subtree: true });
}"""
NEW_BOARDS = f"""() => new Promise((resolve) => {{
    ({SEEN})(performance.now(), resolve);
    document.querySelector("#new-boards").click();
}})"""
RELOAD_SEEN = f"""({SEEN})(0, (times) => {{ window.__boardsShown = times; }});"""


def boards_times(site: Site, runs: int = 3) -> dict:
    """On a map of 4 x 2 boards: ms from New map of boards to the new map's
    preview and drawing painted (each run), then the taps of ``tap_times`` on
    board 3, then a reload's."""
    with tablet_page(site) as page:
        made = []
        for run in range(runs):
            page.select_option("#boards-across", "4")
            page.select_option("#boards-down", "2")
            cells = page.locator("#board-grid .board-cell input")
            for i in range(8):
                cells.nth(i).fill(str(10 * run + i + 1))
            made.append(page.evaluate(NEW_BOARDS))
            page.wait_for_timeout(300)
        board = 10 * (runs - 1) + 3          # the last map's third board
        page.fill("#goto", f"{board}P5")
        page.click("#goto-form button")
        page.wait_for_timeout(500)
        taps = tap_times(page, [f"{board}{'MNOPQRS'[i % 7]}{3 + i // 7}" for i in range(14)])
        # A reload: the kept drawing (static/ui/mapcache.js) in the page, ms
        # after navigation start, and Python ready.
        page.add_init_script(RELOAD_SEEN)
        page.reload()
        page.wait_for_function("() => window.__boardsShown && window.asl && window.asl.ready",
                               timeout=60_000)
        ready = page.evaluate("async () => { await window.asl.ready; return performance.now(); }")
        shown = page.evaluate("() => window.__boardsShown")
        return {"new map: preview painted": [m["preview"] for m in made],
                "new map: drawing painted": [m["drawing"] for m in made], **taps,
                "reload: the preview on screen": shown["preview"],
                "reload: the drawing on screen": shown["drawing"],
                "reload: Python ready (about)": ready}


# Issue 19: board files in the page. Archives painted by tests/vasl_writer.py
# (no real board's data); ASL_BENCH_BOARD may name a board file of your own
# to time as well (read locally, never stored).
IMPORT_QUERY = """async (b64) => {
    const { python } = await import("./pyworker.js");
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
    const t0 = performance.now();
    await python.callBytes("import_board_file", bytes);
    return performance.now() - t0;
}"""
WATCH_LIST = """(count) => { window.__listed = new Promise((resolve) => {
    const input = document.querySelector("#board-files");
    input.addEventListener("change", () => {
        const t0 = performance.now();
        const seen = new MutationObserver(() => {
            if (document.querySelectorAll("#board-library > li").length < count) return;
            seen.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
        });
        seen.observe(document.querySelector("#board-library"), { childList: true });
    }, { once: true, capture: true });
}); }"""


def library_times(site: Site) -> dict:
    """Importing a board in the page: the query (the bytes handed to the
    worker, read into the board library), the first of a worker apart; a
    file chosen to the board listed; New map of boards on two imported boards
    to their terrain painted; a reload to the kept boards imported again."""
    import base64
    import os

    import random

    sys.path.insert(0, str(ROOT))
    from tests.bench import _drawn_board
    from tests.vasl_writer import board_archive
    painted = [board_archive({"Q5": {"terrain": "woods"}, "R4": {"level": 1}}, {"Q5-R4": "hedge"},
                             name=str(n)) for n in range(41, 45)]
    # boards 45 and 46: woods and buildings drawn over parts of 100 hexes each (issue 20)
    for n, seed in ((45, 5), (46, 6)):
        hexes, shapes = _drawn_board(random.Random(seed))
        painted.append(board_archive(hexes, {}, name=str(n), shapes=shapes,
                                     metadata_buildings=False))
    out: dict = {}
    with tablet_page(site) as page:
        page.set_default_timeout(60_000)
        b64 = [base64.b64encode(d).decode() for d in painted]
        out["import query: first of the worker"] = page.evaluate(IMPORT_QUERY, b64[0])
        out["import query: later ones (median)"] = statistics.median(
            page.evaluate(IMPORT_QUERY, b) for b in b64[1:4])
        own = os.environ.get("ASL_BENCH_BOARD")
        if own:
            out["import query: ASL_BENCH_BOARD"] = page.evaluate(
                IMPORT_QUERY, base64.b64encode(Path(own).read_bytes()).decode())
        page.reload()
        page.wait_for_function("() => window.asl && window.asl.ready", timeout=60_000)
        page.evaluate("() => window.asl.ready")
        page.evaluate(WATCH_LIST, 2)
        page.set_input_files("#board-files", [{"name": f"bd{n}", "mimeType": "", "buffer": d}
                                              for n, d in ((45, painted[4]), (46, painted[5]))])
        out["two files chosen to both listed"] = page.evaluate("() => window.__listed")
        t0 = page.evaluate("() => performance.now()")
        page.click("#new-boards")
        page.wait_for_selector("#map [data-hex^='46'][data-terrain]", timeout=60_000)
        out["new 2 x 1 map of them to terrain painted"] = page.evaluate("() => performance.now()") - t0
        page.click("button[data-tool='vis']")
        for n, name in enumerate(("45F6", "46R5", "45CC3")):
            page.evaluate(WATCH, "#vis-count")
            page.locator(f"[data-hex='{name}']").first.click(timeout=5000)
            key = "visibility by click, new viewer, drawn" + (" (first)" if n == 0 else "")
            out.setdefault(key, []).append(page.evaluate("window.aslBenchWatch"))
        out["visibility by click, new viewer, drawn"] = statistics.median(
            out["visibility by click, new viewer, drawn"])
        out["visibility by click, new viewer, drawn (first)"] = \
            out["visibility by click, new viewer, drawn (first)"][0]
        page.reload()
        page.wait_for_selector("#map [data-hex^='46'][data-terrain]", timeout=60_000)
        out["reload: boards imported, terrain painted"] = page.evaluate("() => performance.now()")
    return out


# Issue 24, item 4: the pathological but legal setups of tests.bench, in the
# page. Per setup: a new setup's validate (a tap's check) and a visibility
# sweep from a new viewer, each alone; then, while a sweep from another new
# viewer runs, a LOS ruling and a changed setup's validate asked 50 ms into
# it (ms from asking to the answer), and whether each came before the sweep's.
SWEEPS = """async (cases) => {
  const { python } = await import("./pyworker.js");
  const out = {};
  const time = async (f) => { const t0 = performance.now(); await f(); return performance.now() - t0; };
  for (const [name, setup, viewer, other] of cases) {
    const r = {};
    r["validate, a new setup"] = await time(() => python.call("validate", setup));
    r["visibility, a new viewer"] = await time(() => python.call("visibility", setup, viewer));
    const t0 = performance.now();
    let swept = null;
    const sweep = python.call("visibility", setup, other).then(() => { swept = performance.now() - t0; });
    await new Promise((resolve) => setTimeout(resolve, 50));
    r["during a sweep: los"] = await time(() => python.call("los", setup, viewer, { hex: "F5" }));
    r["  ... answered before the sweep"] = swept === null ? "yes" : "no";
    const changed = { ...setup, units: setup.units.slice(0, -1) };
    r["during a sweep: validate, a changed setup"] = await time(() => python.call("validate", changed));
    r["  ... answered before the sweep "] = swept === null ? "yes" : "no";
    await sweep;
    r["the sweep (from its start)"] = swept;
    out[name] = r;
  }
  return out;
}"""


def pathological_times(site: Site) -> dict:
    """``SWEEPS`` on each of tests.bench's pathological setups, one fresh profile."""
    from tests.bench import pathological
    cases = []
    for name, (setup, viewer) in pathological().items():
        where = next(u["hex"] for u in setup["units"] if u["id"] == viewer)
        cases.append([name, setup, viewer, {"hex": where}])
    with fresh_page(site) as page:
        return page.evaluate(SWEEPS, cases)


# The audit's 8 rapid taps: with the visibility overlay on from u0, 8 hexes
# painted woods in quick succession; ms from the last tap to the autosave
# holding all 8, and to the overlay painted for the last setup.
TAPS = """async (hexes) => {
  const t0 = window.__lastTap;
  const saved = () => { const s = JSON.parse(localStorage.getItem("asl-los.setup.v1") || "{}");
                        return hexes.every((h) => (s.hexes || {})[h]?.terrain === "woods"); };
  const out = {};
  while (out.saved === undefined || out.overlay === undefined) {
    if (out.saved === undefined && saved()) out.saved = performance.now() - t0;
    if (out.overlay === undefined && window.__overlaid) out.overlay = window.__overlaid - t0;
    if (performance.now() - t0 > 180000) break;   // the audit waited 180 s
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return out;
}"""


def rapid_taps(site: Site) -> dict:
    """``TAPS`` on the level-20 corner over hindrances (132 x 20, 400 units)."""
    from tests.bench import hindrance_field
    setup = hindrance_field()
    hexes = ["J5", "K7", "M4", "N9", "P6", "R8", "T5", "V7"]
    with tablet_page(site) as page:
        page.set_default_timeout(120_000)
        page.evaluate("(s) => window.asl.loadSetup(s)", setup)
        page.click("#zoom-fit")
        page.click("button[data-tool='vis']")
        page.touchscreen.tap(*centre(page, "#map [data-hex='A1']"))
        page.wait_for_selector("#map [data-vis]", timeout=180_000)
        page.click("button[data-tool='terrain']")
        page.click("#terrain-palette [data-terrain=woods]")
        page.evaluate("""() => { window.__overlaid = null;
          addEventListener("pointerup", () => { window.__lastTap = performance.now(); },
                           { capture: true });
          new MutationObserver(() => { window.__overlaid = performance.now(); })
            .observe(document.querySelector('#vis-count'), { childList: true, characterData: true,
                                                               subtree: true }); }""")
        spots = [centre(page, f"#map [data-hex='{h}']") for h in hexes]
        started = page.evaluate("performance.now()")
        for x, y in spots:
            page.touchscreen.tap(x, y)
        got = page.evaluate(TAPS, hexes)
        taps = page.evaluate("window.__lastTap") - started
    return {"8 rapid taps: the first to the last": taps,"8 rapid taps: the last to the autosave": got.get("saved"),
            "8 rapid taps: the last to the overlay": got.get("overlay")}


def print_pathological(found: dict) -> None:
    print("\npathological setups (issue 24; tests.bench), in the page, ms "
          "(target: nothing else waits behind a sweep):")
    for name, rows in found.items():
        print(f"  {name}:")
        for row, value in rows.items():
            print(f"    {row:44} {value:>8}" if isinstance(value, str)
                  else f"    {row:44} {value:8,.0f} ms" if value is not None
                  else f"    {row:44} not within 180 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--only", choices=["pathological", "startup", "deadground"],
                        help="run only this section (issue 24's pathological setups; "
                             "issue 32's start-up against a bare Pyodide boot)")
    args = parser.parse_args()
    site = Site(args.dist).start()
    if args.only == "pathological":
        try:
            found = pathological_times(site)
            found["level-20 corner over hindrances, in the UI"] = rapid_taps(site)
        finally:
            site.stop()
        print_pathological(found)
        return
    if args.only == "deadground":           # issue 40: tests/browser/bench_seen.py
        from bench_seen import dead_ground_times, print_dead_ground
        try:
            found = dead_ground_times(site, args.runs + 1)
        finally:
            site.stop()
        print_dead_ground(found, False)
        return
    if args.only == "startup":
        try:
            results = run(site, args.runs)
        finally:
            site.stop()
        print(f"\nmedian of {args.runs} runs, ms from navigation start (calls: per call)")
        print(table(results))
        print(startup_ratio(results))
        return
    try:
        results = run(site, args.runs)
        largest = largest_setup_times(site)
        feedback = feedback_times(site)
        boards = boards_times(site)
        boardfiles = library_times(site)
        patho = pathological_times(site)
        patho["level-20 corner over hindrances, in the UI"] = rapid_taps(site)
        from bench_seen import dead_ground_times, print_dead_ground
        dead = dead_ground_times(site, args.runs + 1)
    finally:
        site.stop()
    print(f"\nmedian of {args.runs} runs, ms from navigation start (calls: per call)")
    print(table(results))
    print(startup_ratio(results))
    print("\nthe largest legal setup (132 x 20, every hex painted, ~3,900 hexsides, "
          "400 units), in the page:")
    for name, ms in largest.items():
        print(f"  {name:40} {ms:8,.0f} ms")
    print("\nfeedback on a tablet page (1280x800, touch), median ms (target: map <= 16):")
    for name, ms in feedback.items():
        print(f"  {name:40} {ms:8,.1f} ms" if ms is not None else f"  {name:40} (none)")
    print("\na map of 4 x 2 boards (132 x 20) on the same page:")
    for name in ("new map: preview painted", "new map: drawing painted"):
        print(f"  {name:40} " + ", ".join(f"{ms:,.0f}" for ms in boards.pop(name)) + " ms"
              + (" (target: first paint 300)" if "preview" in name else ""))
    for name, ms in boards.items():
        print(f"  {name:40} {ms:8,.1f} ms" if ms is not None else f"  {name:40} (none)")

    print("\nboard files (issue 19) on a tablet page, ms (targets: import one board <= 1,500;"
          " a 2 x 1 map of them <= 1,000; visibility from a new viewer on drawn boards <= 250):")
    for name, ms in boardfiles.items():
        print(f"  {name:40} {ms:8,.1f} ms")
    print_pathological(patho)
    print_dead_ground(dead, False)


if __name__ == "__main__":
    main()
