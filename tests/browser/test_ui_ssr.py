"""Scenario rules in the page (issue 29; ui/scenario.js, web/scenario.py): one
tap turns an SSR on, the map repaints at once with bocage where the hedges
were (painted or imported), the map's legend says so, Undo takes it back,
and a link carries it.

Set ASL_UI_SHOTS=DIR to keep the screenshots (look at them when the UI changes).
"""
from __future__ import annotations

import pytest

from pycore import api, share

from .conftest import open_page, wait_ready
from .test_ui_layout import box, inside, shoot
from .test_ui_library import import_files, source_of
from .test_ui_steps import hexside_sel, load_setup, press, setup_of
from tests.vasl_writer import board_archive

SIZES = {"phone": (390, 844), "tablet-portrait": (800, 1280), "tablet-landscape": (1280, 800)}

# B9.2 EX's hedge and wall, painted: "All hedges are bocage" makes Y9-Z8 bocage.
B92 = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10, "board": "6"},
       "hexsides": {"Z8-Y9": "hedge", "Y7-X7": "wall"},
       "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "Z9"},
                 {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6"}]}
TOGGLE = "[data-ssr='hedges-to-bocage']"


def side_sel(name: str) -> str:
    return f"#map [data-hexside='{name}']" if name[0].isdigit() else hexside_sel(name)


def side_type(page, name: str) -> str | None:
    return page.get_attribute(side_sel(name), "data-type")


def wait_side(page, name: str, kind: str) -> None:
    page.wait_for_selector(f"{side_sel(name)}[data-type='{kind}']", timeout=15000)


def tap_toggle(page, size: str) -> None:
    if size == "phone" and page.get_attribute("#sheet-toggle", "aria-expanded") != "true":
        press(page, "#sheet-toggle", touch=True)       # the panel is a sheet pulled up
    page.locator(TOGGLE).scroll_into_view_if_needed()
    b = box(page, TOGGLE)
    page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)


@pytest.mark.parametrize("size", list(SIZES))
def test_one_tap_turns_hedges_to_bocage_on_the_map_repaints_and_undo_takes_it_back(browser, site, size):
    width, height = SIZES[size]
    page = open_page(browser, site, goto=True, viewport={"width": width, "height": height},
                     has_touch=True)
    try:
        wait_ready(page)
        load_setup(page, B92)
        wait_side(page, "Z8-Y9", "hedge")
        page.wait_for_selector(TOGGLE)
        assert page.get_attribute(TOGGLE, "aria-pressed") == "false"
        assert box(page, TOGGLE)["height"] >= 44                  # a finger's target
        tap_toggle(page, size)
        wait_side(page, "Z8-Y9", "bocage")
        assert side_type(page, "Y7-X7") == "wall"                  # walls stay walls
        assert setup_of(page)["ssr"] == ["hedges-to-bocage"]
        assert sorted(setup_of(page)["hexsides"].values()) == ["hedge", "wall"]   # kept as painted
        assert page.get_attribute(TOGGLE, "aria-pressed") == "true"
        page.wait_for_selector("#map-legend:not([hidden])")
        assert page.inner_text("#map-legend") == ("SSR: hedges to bocage (B9.51); what they "
                                                  "change is edged in gold")
        # the hedge the SSR made bocage looks different from a board's own bocage
        page.wait_for_selector(f"{side_sel('Z8-Y9')}[data-ssr]")
        assert page.get_attribute(side_sel("Y7-X7"), "data-ssr") is None
        assert inside(box(page, "#map-legend"), box(page, "#map"))
        if size == "phone":
            press(page, "#sheet-toggle", touch=True)                # let the sheet down to see the map
        shoot(page, f"i29-ssr-on-{size}")
        # The ruling says which SSR decided it.
        r = page.evaluate("s => window.asl.call('los', s, 'g1', 'r1')", setup_of(page))
        assert r["los"] is False and r["rule"] == "B9.52"
        # said where the thread meets the hedge, before the step that it blocks
        assert r["steps"][1]["text"] == ("The hedge Y9-Z8 is bocage by the scenario's SSR "
                                         "(hedges to bocage; B9.51).")
        # Undo takes the SSR back like any edit.
        press(page, "#undo", touch=True)
        wait_side(page, "Z8-Y9", "hedge")
        assert "ssr" not in setup_of(page)
        page.wait_for_selector("#map-legend", state="hidden")
        assert page.locator("#map [data-ssr]").count() == 0
        assert page.get_attribute(TOGGLE, "aria-pressed") == "false"
        shoot(page, f"i29-ssr-undone-{size}")
        assert not [m for m in page.asl_console if m.startswith("pageerror")], page.asl_console
    finally:
        page.context.close()


def test_turning_on_cactus_turns_bocage_off_one_group_at_a_time(ready_page):
    page = ready_page
    load_setup(page, {**B92, "ssr": ["hedges-to-bocage"]})
    wait_side(page, "Z8-Y9", "bocage")
    page.click("[data-ssr='hedges-to-cactus']")
    wait_side(page, "Z8-Y9", "cactus-hedge")
    assert setup_of(page)["ssr"] == ["hedges-to-cactus"]
    assert page.inner_text("#map-legend") == ("SSR: hedges to cactus hedges (B9.7); what they "
                                              "change is edged in gold")


def test_a_link_round_trip_carries_the_ssr(browser, site):
    link = site.url + "#" + share.encode({**B92, "ssr": ["hedges-to-bocage", "no-walls"]})
    page = open_page(browser, site, goto=False, viewport={"width": 1280, "height": 800},
                     has_touch=True)
    try:
        page.goto(link)
        wait_ready(page)
        wait_side(page, "Z8-Y9", "bocage")
        assert side_type(page, "Y7-X7") is None                    # no walls
        assert setup_of(page)["ssr"] == ["hedges-to-bocage", "no-walls"]
        assert page.get_attribute("[data-ssr='no-walls']", "aria-pressed") == "true"
        again = page.evaluate("s => window.asl.call('share_encode', s)", setup_of(page))
        assert share.read(again)["setup"]["ssr"] == ["hedges-to-bocage", "no-walls"]
    finally:
        page.context.close()


def _board_55_map(page, bd55) -> None:
    """Import ``bd55`` through the page and open a map of it, its hedge Q1-R1
    on screen as the board has it."""
    wait_ready(page)
    import_files(page, {"bd55": bd55})
    page.wait_for_function("() => document.querySelectorAll('#board-library > li').length > 0")
    load_setup(page, {"format": "asl-setup", "version": 1,
                      "map": {"boards": [[{"board": "55", "source": source_of(bd55)}]]},
                      "units": []})
    wait_side(page, "55Q1-55R1", "hedge")


def test_an_imported_board_shows_bocage_on_the_hedge_arts_hexsides(browser, site):
    bd55 = board_archive({"R5": {"terrain": "woods"}}, {"Q1-R1": "hedge", "E4-E5": "wall"}, name="55")
    page = open_page(browser, site, goto=True, viewport={"width": 1280, "height": 800},
                     has_touch=True)
    try:
        _board_55_map(page, bd55)
        tap_toggle(page, "tablet-landscape")
        wait_side(page, "55Q1-55R1", "bocage")
        assert side_type(page, "55E4-55E5") == "wall"
        assert setup_of(page)["hexsides"] == {}            # nothing of the board in the setup
        shoot(page, "i29-ssr-imported")
    finally:
        page.context.close()


def test_a_boards_own_ssr_art_is_listed_among_the_scenario_rules_of_a_map_of_it(browser, site):
    from tests.vasl_writer import overlay_image
    bd55 = board_archive({}, {"Q1-R1": "hedge"}, name="55", colors=True, members={
        "jungle.gif": overlay_image({"B2": "WoodsGreen"}),
        "overlaySSR": b"DenseJungle\r\njungle.gif 10,20\r\n"})
    page = open_page(browser, site, goto=True, viewport={"width": 1280, "height": 800},
                     has_touch=True)
    try:
        page.wait_for_selector(TOGGLE)
        assert page.locator("[data-ssr='art-dense-jungle']").count() == 0    # no board of it yet
        _board_55_map(page, bd55)
        art = "[data-ssr='art-dense-jungle']"
        page.wait_for_selector(art, timeout=15000)
        assert "dense jungle (board 55's own SSR art)" in page.inner_text(art)
        assert page.get_attribute(art, "aria-pressed") == "false"
        shoot(page, "i39-ssr-art-listed")
        # one tap lays it: its image decoded by the browser, read as CPython reads it
        page.click(art)
        page.wait_for_function(f"() => document.querySelector(\"{art}\")"
                               ".getAttribute('aria-pressed') === 'true'", timeout=15000)
        assert setup_of(page)["ssr"] == ["art-dense-jungle"]
        got = page.evaluate("s => window.asl.call('map_terrain', s)", setup_of(page))
        api.import_board(bd55)
        want = api.map_terrain({**setup_of(page), "ssr": ["art-dense-jungle"]})
        laid = {h: v for h, v in got["hexes"].items() if v["origin"] == "ssr art-dense-jungle"}
        assert laid and laid == {h: v for h, v in want["hexes"].items()
                                 if v["origin"] == "ssr art-dense-jungle"}
        assert {v["terrain"] for v in laid.values()} == {"woods"}
        shoot(page, "i39-ssr-art-on")
    finally:
        page.context.close()


def test_on_a_map_of_boards_an_ssr_may_be_limited_to_one_board(ready_page):
    page = ready_page
    load_setup(page, {"format": "asl-setup", "version": 1, "map": {"boards": [["55", "44"]]},
                      "hexsides": {"55Q1-55R1": "hedge", "44Q1-44R1": "hedge"}, "units": []})
    wait_side(page, "55Q1-55R1", "hedge")
    page.wait_for_selector("#ssr-scope-row:not([hidden])")
    page.select_option("#ssr-scope", "55")
    page.click(TOGGLE)
    wait_side(page, "55Q1-55R1", "bocage")
    assert side_type(page, "44Q1-44R1") == "hedge"
    assert setup_of(page)["ssr"] == [{"name": "hedges-to-bocage", "board": "55"}]
    assert page.inner_text("#map-legend") == ("SSR: hedges to bocage on board 55 (B9.51); what "
                                              "they change is edged in gold")
    page.select_option("#ssr-scope", "")               # the whole map: not on there
    assert page.get_attribute(TOGGLE, "aria-pressed") == "false"
    page.click(TOGGLE)                                  # whole map: replaces the board's
    wait_side(page, "44Q1-44R1", "bocage")
    assert setup_of(page)["ssr"] == ["hedges-to-bocage"]


@pytest.mark.parametrize("size", list(SIZES))
def test_the_hexside_tool_corrects_the_bocage_an_ssr_shows_not_the_boards_hedge(browser, site, size):
    # Board 55's hedge Q1-R1 shown as bocage by "hedges to bocage": a tap of the
    # bocage brush on it removes the bocage shown ("none"), and a tap of the hedge
    # brush makes it a hedge again by the player's correction (docs/ssr.md).
    width, height = SIZES[size]
    bd55 = board_archive({"R5": {"terrain": "woods"}}, {"Q1-R1": "hedge"}, name="55")
    page = open_page(browser, site, goto=True, viewport={"width": width, "height": height},
                     has_touch=True)
    try:
        _board_55_map(page, bd55)
        tap_toggle(page, size)
        if size == "phone":
            press(page, "#sheet-toggle", touch=True)
        wait_side(page, "55Q1-55R1", "bocage")
        side = side_sel("55Q1-55R1")

        def brush(kind: str) -> None:
            if size == "phone" and page.get_attribute("#sheet-toggle", "aria-expanded") != "true":
                press(page, "#sheet-toggle", touch=True)
            press(page, "button[data-tool=hexside]", touch=True)
            press(page, f"#hexside-palette [data-hexside-type='{kind}']", touch=True)
            if size == "phone":
                press(page, "#sheet-toggle", touch=True)        # the sheet down: the map shows

        brush("bocage")
        press(page, side, touch=True)
        page.wait_for_function("() => Object.keys(window.asl.getSetup().hexsides).length === 1")
        assert setup_of(page)["hexsides"] == {"55Q1-55R1": "none"}
        page.wait_for_selector(f"{side}:not([data-type])")          # no bocage, no hedge
        shoot(page, f"i29b-bocage-removed-{size}")
        press(page, "#undo", touch=True)
        wait_side(page, "55Q1-55R1", "bocage")
        assert setup_of(page)["hexsides"] == {}
        brush("hedge")
        press(page, side, touch=True)
        wait_side(page, "55Q1-55R1", "hedge")                   # the correction overrides the SSR
        assert setup_of(page)["hexsides"] == {"55Q1-55R1": "hedge"}
        shoot(page, f"i29b-hedge-corrected-{size}")
        assert not [m for m in page.asl_console if m.startswith("pageerror")], page.asl_console
    finally:
        page.context.close()
