"""The LOS tool, the Wall Advantage panel and the visibility overlay show
exactly what pycore.api rules for the setup on screen."""
from __future__ import annotations

from pycore import api

from .conftest import open_page, wait_ready
from .test_ui_steps import (hex_sel, load_setup, los_check, message, paint_b92_example, press,
                            read_los_panel, setup_of, tool, toggle_hexside, unit_sel, vertex_name)


def setup_with(**parts) -> dict:
    base = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10}}
    base.update(parts)
    return base


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def assert_panel_matches(panel: dict, ruling: dict) -> None:
    assert panel["los"] is ruling["los"]
    assert panel["range"] == str(ruling["range"])
    assert panel["hindrance"] == (signed(ruling["hindrance"]) if ruling["hindrance"] else "0")
    assert panel["rules"] == [s["rule"] for s in ruling["steps"] if s.get("rule")]
    assert panel["steps"] == [f"{s.get('rule') or ''}{s['text']}" for s in ruling["steps"]]
    status = "blocked" if not ruling["los"] else "hindered" if ruling["hindrance"] else "clear"
    assert panel["thread"] == status


def test_acceptance_new_user_paints_b92_example_and_reads_the_ruling(browser, site):
    """B9.2 EX: the 4-4-7 in 6Z9 attacks the 8-3-8 in X6 "with a +2 DRM for the wall"."""
    page = open_page(browser, site, has_touch=True, viewport={"width": 1280, "height": 800})
    try:
        wait_ready(page)
        german, russian = paint_b92_example(page, touch=True)
        panel = los_check(page, german, russian, touch=True)
        assert panel["los"] is True
        assert panel["range"] == "4"
        assert panel["tem"].startswith("+2")
        assert panel["tem_options"] == "wall +2"
        assert "B9.2" in panel["rules"]
        assert "blocked_at" not in panel and "location_los" not in panel   # clear: no such rows
        assert panel["thread"] == "clear"
        ruling = api.fire(setup_of(page), german, russian)
        assert_panel_matches(panel, ruling)
        assert panel["tem"].startswith(signed(ruling["tem"]))
    finally:
        page.context.close()


def test_b92_third_hedge_blocks_at_the_vertex_and_the_thread_says_where(ready_page):
    """B9.2 EX: "If Y8-Y9 were a hedge hexside, no LOS would exist since the Y8-Y9-Z8
    vertex would have wall/hedge hexsides on all three hexspines"."""
    page = ready_page
    german, russian = paint_b92_example(page)
    los_check(page, german, russian)
    toggle_hexside(page, "Y8-Y9", "hedge")  # the open ruling follows the edit
    page.wait_for_function("() => document.querySelector('#los-verdict').dataset.los === 'false'")
    tool(page, "los")
    panel = read_los_panel(page)
    ruling = api.fire(setup_of(page), german, russian)
    assert ruling["los"] is False and ruling["blocked_at"] is not None
    assert_panel_matches(panel, ruling)
    assert panel["blocked_at"].startswith(ruling["blocked_at"])
    assert panel["block_marks"] == [vertex_name("Y8-Y9-Z8")]
    assert "B9.2" in panel["rules"]
    assert page.locator("#map .los .block-mark").count() == 1


def test_hindrance_colours_the_thread_and_is_the_api_s(ready_page):
    """A6.7: grain between the two units is a +1 LOS Hindrance (B.6 inherent terrain)."""
    page = ready_page
    setup = setup_with(hexes={"C4": {"terrain": "grain"}},
                       units=[{"id": "a", "side": "German", "type": "squad", "hex": "C2"},
                              {"id": "b", "side": "Russian", "type": "squad", "hex": "C6"}])
    ruling = api.fire(setup, "a", "b")
    assert ruling["los"] and ruling["hindrance"] >= 1
    load_setup(page, setup)
    panel = los_check(page, "a", "b")
    assert_panel_matches(panel, ruling)
    assert panel["thread"] == "hindered"


def test_los_to_a_building_level_location_and_a_vertex(ready_page):
    """A target Location: a hex at a building level, or a vertex of it (A6.12, B9.42)."""
    page = ready_page
    setup = setup_with(hexes={"E4": {"terrain": "stone-building", "levels": 3}, "E6": {"terrain": "woods"}},
                       units=[{"id": "a", "side": "German", "type": "squad", "hex": "E8"}])
    load_setup(page, setup)
    tool(page, "los")
    press(page, unit_sel("a"))
    page.fill("#los-target-level", "2")
    press(page, hex_sel("E4"))
    panel = read_los_panel(page)
    assert_panel_matches(panel, api.los(setup, "a", {"hex": "E4", "level": 2}))
    vertex = vertex_name("E4-F3-F4")
    page.click("#los-pick-vertex")
    press(page, f"#map [data-vertex='{vertex}']")
    page.wait_for_function("v => document.querySelector('#los-result').dataset.query.includes(v)", arg=vertex)
    ruling = api.los(setup, "a", {"hex": "E4", "level": 2, "vertex": vertex})
    panel = read_los_panel(page)
    assert_panel_matches(panel, ruling)


def wa_rows(page) -> dict:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll("#wa-body tr[data-unit]")]
        .map((tr) => [tr.dataset.unit, Object.fromEntries([...tr.cells].map((td) => [td.dataset.k, td.textContent]))]))""")


def test_wall_advantage_panel_matches_the_api(ready_page):
    """B9.32 WA, B9.323 mandatory WA, B9.321 an enemy's WA denies it."""
    page = ready_page
    setup = setup_with(
        hexes={"T3": {"terrain": "building"}},
        hexsides={"T3-U3": "wall", "C3-C4": "hedge", "G5-H5": "bocage"},
        units=[{"id": "g1", "side": "German", "type": "squad", "hex": "T3", "wa": True},
               {"id": "r1", "side": "Russian", "type": "squad", "hex": "U3"},
               {"id": "g2", "side": "German", "type": "squad", "hex": "C3", "broken": True},
               {"id": "r2", "side": "Russian", "type": "halfsquad", "hex": "G5"},
               {"id": "r3", "side": "Russian", "type": "squad", "hex": "M5"}])
    load_setup(page, setup)
    page.wait_for_selector("#wa-body tr[data-unit]")
    expected = api.wall_advantage(setup)
    rows = wa_rows(page)
    assert set(rows) == set(expected["units"])
    yes_no = lambda v: "yes" if v else "no"  # noqa: E731
    for uid, wa in expected["units"].items():
        assert rows[uid]["has"] == yes_no(wa["has"])
        assert rows[uid]["eligible"] == yes_no(wa["eligible"])
        assert rows[uid]["mandatory"] == yes_no(wa["mandatory"])
        assert rows[uid]["hexsides"] == " ".join(wa["hexsides"])
        assert rows[uid]["reason"] == (wa["reason"] or "")
    problems = page.eval_on_selector_all("#wa-problems li", "els => els.map((e) => e.textContent)")
    assert problems == [f"{p.get('rule') or ''}{p['text']}" for p in expected["problems"]]


def test_wall_advantage_panel_follows_edits(ready_page):
    page = ready_page
    load_setup(page, setup_with(units=[{"id": "g1", "side": "German", "type": "squad", "hex": "T3"}]))
    page.wait_for_selector("#wa-body tr[data-unit=g1]")
    before = wa_rows(page)["g1"]["hexsides"]
    toggle_hexside(page, "T3-U3", "wall")
    page.wait_for_function(
        "() => document.querySelector('#wa-body tr[data-unit=g1] [data-k=hexsides]').textContent !== ''")
    expected = api.wall_advantage(setup_of(page))["units"]["g1"]
    assert before == "" and wa_rows(page)["g1"]["hexsides"] == " ".join(expected["hexsides"])


def test_visibility_overlay_shows_every_hex_the_unit_sees(ready_page):
    page = ready_page
    setup = setup_with(hexes={"E4": {"terrain": "woods"}, "F5": {"terrain": "grain"}, "H4": {"level": 1},
                              "C6": {"terrain": "stone-building", "levels": 2}},
                       hexsides={"D5-E5": "wall"},
                       units=[{"id": "a", "side": "German", "type": "squad", "hex": "D6"}])
    load_setup(page, setup)
    tool(page, "vis")
    press(page, unit_sel("a"))
    # the sweep's end, not its first proved hexes (drawn as they come, issue 30)
    page.wait_for_function("() => document.querySelector('#vis-count').textContent.startsWith('sees')")
    expected = api.visibility(setup, "a")["hexes"]
    shown = page.eval_on_selector_all("#map [data-hex]", "els => Object.fromEntries(els.map((e) => [e.dataset.hex, e.dataset.vis]))")
    want = {h: ("hindered" if v["hindrance"] else "seen") if v["los"] else "unseen" for h, v in expected.items()}
    assert shown == want
    assert "unseen" in want.values()  # the setup really hides something
    page.click("#vis-clear")
    assert page.locator("#map [data-vis]").count() == 0


def test_a_bad_query_shows_a_message_not_a_crash(browser, site):
    """Python's SetupError text reaches the player (a unit standing in no building level)."""
    page = open_page(browser, site)
    try:
        wait_ready(page)
        load_setup(page, setup_with(units=[{"id": "a", "side": "German", "type": "squad", "hex": "D6"}]))
        tool(page, "los")
        press(page, unit_sel("a"))
        page.fill("#los-target-level", "3")
        press(page, hex_sel("D3"))
        assert "level" in message(page)
        assert page.is_hidden("#los-result")
    finally:
        page.context.close()


def test_A6_7_EX_same_range_collapse_and_sum_are_on_screen(ready_page):
    """Issue 10: the seven grain hexes from 4V3 to W10 count +5; the steps say
    which hexes share a range and give the total as a sum."""
    page = ready_page
    setup = setup_with(hexes={h: {"terrain": "grain"} for h in "V5 V6 W6 V7 W7 W8 W9".split()})
    load_setup(page, setup)
    tool(page, "los")
    press(page, hex_sel("V3"))
    press(page, hex_sel("W10"))
    panel = read_los_panel(page)
    ruling = api.los(setup, {"hex": "V3", "level": 0}, {"hex": "W10", "level": 0})
    assert ruling["hindrance"] == 5
    assert_panel_matches(panel, ruling)
    steps = " | ".join(panel["steps"])
    assert "V6 and W6 are both at range 3" in steps or "W6 and V6 are both at range 3" in steps
    assert "count once, +1" in steps
    assert "= +5." in steps
