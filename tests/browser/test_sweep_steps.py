"""A long visibility sweep never holds the page (issue 24, item 4).

On bocage everywhere over hills (tests.bench's setup) a sweep from a unit on a
hill takes seconds in the page. The worker runs it in steps and answers
everything else between them: a LOS ruling asked during the sweep comes back
before it, a tap's autosave is written before it ends, and a newer visibility
question cancels the older one, which never reaches the overlay."""
from __future__ import annotations

import pytest

from pycore import api
from tests.bench import bocage_everywhere, pathological

from .conftest import open_page, wait_ready
from .test_ui_layout import shoot
from .test_ui_steps import hex_sel, load_setup, press, setup_of, tool

SAVE_KEY = "asl-los.setup.v1"
WORKING = "working out what it sees…"      # static/ui/vistool.js, while a sweep runs

# A sweep asked through python.call (no lane: nothing cancels it), then 30 ms
# later a ruling: the order in which the answers came.
ORDER = """async ([setup, viewer]) => {
  const { python } = await import("./pyworker.js");
  const order = [];
  const sweep = python.call("visibility", setup, viewer).then(() => order.push("sweep"));
  await new Promise((resolve) => setTimeout(resolve, 30));
  const los = python.call("los", setup, "u0", "u1").then(() => order.push("los"));
  await Promise.all([sweep, los]);
  return order;
}"""

# Sweeps the page does not cancel, from six hill tops (level 3, over the
# bocage: seconds of work together), kept running; window.__swept says when
# the first of them ended.
BACKGROUND = """async (setup) => {
  const { python } = await import("./pyworker.js");
  window.__swept = false;
  Promise.race(["C3", "A15", "NNN19", "A19", "MMM16", "B17"].map((hex) => python.call("visibility", setup, { hex })))
    .then(() => { window.__swept = true; });
}"""

# Two questions in the visibility lane, the second 30 ms after the first.
LANE = """async ([setup, first, second]) => {
  const { python } = await import("./pyworker.js");
  const older = python.latest("visibility", "visibility", setup, first).then(
    (r) => ({ answered: r.viewer }), (err) => ({ kind: err.kind }));
  await new Promise((resolve) => setTimeout(resolve, 30));
  const newer = await python.latest("visibility", "visibility", setup, second);
  return { older: await older, newer: newer.viewer };
}"""


def _loaded(page) -> dict:
    setup = bocage_everywhere()
    load_setup(page, setup)
    return setup_of(page)


def test_a_los_ruling_asked_during_a_long_sweep_is_answered_before_it(ready_page):
    setup = _loaded(ready_page)
    assert ready_page.evaluate(ORDER, [setup, {"hex": "C3", "level": 0}]) == ["los", "sweep"]


def test_a_taps_autosave_is_written_while_a_long_sweep_runs(ready_page):
    page = ready_page
    setup = _loaded(page)
    tool(page, "terrain")
    press(page, "#terrain-palette [data-terrain='woods']")
    page.click("#zoom-fit")
    page.evaluate(BACKGROUND, setup)
    press(page, hex_sel("F6"))
    # Python judged the change and the page saved it, the sweep still running.
    page.wait_for_function(
        f"() => (JSON.parse(localStorage.getItem('{SAVE_KEY}')).hexes.F6 || {{}}).terrain === 'woods'"
        " || window.__swept", timeout=60_000)
    assert not page.evaluate("window.__swept"), "the autosave waited for the sweep"


def test_a_newer_visibility_question_cancels_the_older_which_never_paints(ready_page):
    page = ready_page
    # In the page: A1 tapped (u0 at level 20 over a hindrance field: a sweep of
    # seconds), and once the page says it is working on it, a hex with no unit.
    # Every count painted is recorded: only the second viewer's ever is. (The
    # first viewer's sweep must still run when the second tap lands: a sweep of
    # under a second, as C3's on the bocage map was, sometimes ended first.)
    setup, _ = pathological()["level-20 corner over hindrances, 132 x 20"]
    load_setup(page, setup)
    def count(viewer) -> tuple[str, dict]:
        seen = api.visibility(setup, viewer)["hexes"]
        return f"sees {sum(v['los'] for v in seen.values())} of {len(seen)} hexes", seen
    older_count, _ = count("u0")
    held = {u["hex"] for u in setup["units"]}
    second = next(h for h in ("B1", "A2", "B2", "C1", "C2") if h not in held)
    newer_count, seen = count({"hex": second, "level": 0})
    assert older_count != newer_count
    page.evaluate("""() => { window.__painted = [];
      new MutationObserver(() => window.__painted.push(document.querySelector('#vis-count').textContent))
        .observe(document.querySelector('#vis-count'), { childList: true, characterData: true,
                                                           subtree: true }); }""")
    tool(page, "vis")
    page.click("#zoom-fit")
    press(page, hex_sel("A1"))
    page.wait_for_function(f"() => window.__painted.some((t) => t.startsWith({WORKING!r}))", timeout=30_000)
    press(page, hex_sel(second))
    page.wait_for_function(f"() => window.__painted.some((t) => !t.startsWith({WORKING!r}) && t !== '')",
                           timeout=120_000)
    page.wait_for_timeout(500)
    # (while it works: WORKING, then how many hexes it has proved, issue 30)
    assert {t for t in page.evaluate("window.__painted")
            if t and not t.startswith(WORKING)} == {newer_count}
    assert page.text_content("#vis-from") == second
    marks = page.eval_on_selector_all(
        "#map [data-hex]", "els => Object.fromEntries(els.map((e) => [e.dataset.hex, e.dataset.vis]))")
    assert marks == {h: ("hindered" if v["hindrance"] else "seen") if v["los"] else "unseen"
                     for h, v in seen.items()}
    setup = _loaded(page)
    # The same through python.latest: the older, running, is cancelled (before
    # issue 24 it ran to its end and was answered).
    got = page.evaluate(LANE, [setup, {"hex": "C3"}, {"hex": "G4"}])
    assert got == {"older": {"kind": "Superseded"}, "newer": "G4"}


def test_clearing_the_overlay_during_a_long_sweep_cancels_it_and_paints_nothing(ready_page):
    page = ready_page
    setup, _ = pathological()["level-20 corner over hindrances, 132 x 20"]
    load_setup(page, setup)                       # u0 in A1 at level 20: seconds of sweep
    page.evaluate("""() => { window.__painted = [];
      new MutationObserver(() => window.__painted.push(document.querySelector('#vis-count').textContent))
        .observe(document.querySelector('#vis-count'), { childList: true, characterData: true,
                                                           subtree: true }); }""")
    tool(page, "vis")
    page.click("#zoom-fit")
    press(page, hex_sel("A1"))
    page.wait_for_function(f"() => window.__painted.some((t) => t.startsWith({WORKING!r}))", timeout=30_000)
    press(page, "#vis-clear")
    page.wait_for_timeout(3000)
    assert page.text_content("#vis-from") == "–"
    assert all(text == "" or text.startswith(WORKING) for text in page.evaluate("window.__painted"))
    assert page.text_content("#vis-count") == ""
    assert page.eval_on_selector_all("#map [data-vis]", "els => els.length") == 0
    # ...and the lane's sweep was cancelled, not left to run on (python.stop).
    got = page.evaluate("""async (setup) => {
      const { python } = await import("./pyworker.js");
      const sweep = python.latest("visibility", "visibility", setup, "u0").then(
        () => "answered", (err) => err.kind);
      await new Promise((resolve) => setTimeout(resolve, 30));
      python.stop("visibility");
      return sweep;
    }""", setup_of(page))
    assert got == "Superseded"


# Every shading the overlay is given, in order, and what #vis-count said then.
RECORD = """() => { window.__vis = []; window.__counts = [];
  new MutationObserver((records) => { for (const r of records) {
      if (r.type === 'attributes') window.__vis.push([r.target.dataset.hex, r.target.getAttribute('data-vis')]);
      else window.__counts.push(document.querySelector('#vis-count').textContent); } })
    .observe(document.querySelector('#map'), { attributes: true, attributeFilter: ['data-vis'], subtree: true });
  new MutationObserver(() => window.__counts.push(document.querySelector('#vis-count').textContent))
    .observe(document.querySelector('#vis-count'), { childList: true, characterData: true, subtree: true }); }"""

# What the overlay shows now: the hexes shaded, and the count beside it.
NOW = """() => ({ shaded: document.querySelectorAll('#map [data-vis]').length,
                count: document.querySelector('#vis-count').textContent })"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["tablet-landscape", "phone"])
def test_a_long_sweep_draws_what_it_has_proved_as_it_goes_and_never_redraws_it(browser, site, size):
    # Issue 30, item 5: the level-20 corner over a field of hindrances takes
    # seconds in the page; the overlay fills in as Python proves hexes, never
    # blank until the end, and a hex once shaded keeps its shade (A6.2).
    width, height = size
    setup, viewer = pathological()["level-20 corner over hindrances, 132 x 20"]
    final = api.visibility(setup, viewer)["hexes"]
    want = {h: ("hindered" if v["hindrance"] else "seen") if v["los"] else "unseen" for h, v in final.items()}
    page = open_page(browser, site, viewport={"width": width, "height": height}, has_touch=True)
    try:
        wait_ready(page)
        load_setup(page, setup)
        page.evaluate(RECORD)
        tool(page, "vis")
        page.click("#zoom-fit")
        press(page, hex_sel("A1"), touch=True)              # u0's hex, level 20
        # Mid-sweep: some hexes shaded, the count saying how many are proved.
        page.wait_for_function(f"() => {{ const n = document.querySelectorAll('#map [data-vis]').length;"
                               f" return n > 0 && document.querySelector('#vis-count').textContent"
                               f".startsWith({WORKING!r} + ' '); }}", timeout=60_000)
        mid = page.evaluate(NOW)
        shoot(page, f"i30-sweep-mid-{width}x{height}")
        page.screenshot(path=f"/tmp/i30b/sweep-mid-{width}x{height}.png")
        page.wait_for_function("() => document.querySelector('#vis-count').textContent.startsWith('sees')",
                               timeout=120_000)
        page.screenshot(path=f"/tmp/i30b/sweep-end-{width}x{height}.png")
        marks = page.eval_on_selector_all(
            "#map [data-hex]", "els => Object.fromEntries(els.map((e) => [e.dataset.hex, e.dataset.vis]))")
        shadings, counts = page.evaluate("[window.__vis, window.__counts]")
    finally:
        page.context.close()
    assert 0 < mid["shaded"] < len(final)
    assert mid["count"] == f"{WORKING} {mid['shaded']} of {len(final)} hexes"
    assert marks == want
    # A hex shaded early was shaded as at the end, and never otherwise.
    assert all(shade == want[h] for h, shade in shadings)
    early = len(shadings) - len(final)           # the answer's own shading, all at once, last
    assert early >= mid["shaded"]
    assert [h for h, _ in shadings[:early]] == list(final)[:early]    # proved in the map's order
    # The count grew while it worked, then said what it sees.
    proved = [int(c.split()[-4]) for c in counts if c.startswith(WORKING + " ")]
    assert proved == sorted(proved) and len(set(proved)) > 1
    assert counts[-1] == f"sees {sum(v['los'] for v in final.values())} of {len(final)} hexes"
