"""Painting a setup on the page: terrain, levels, hexsides, units and their
status, with the mouse and with a finger; undo/redo; autosave."""
from __future__ import annotations

import pytest

from .conftest import open_page, wait_ready
from .test_ui_steps import (add_unit, hex_sel, hexside_name, hexside_sel, message, paint_hex, press, settled,
                            setup_of, toggle_hexside, tool, unit_sel, vertex_name)


def hex_attr(page, name: str, attr: str):
    return page.get_attribute(hex_sel(name), attr)


def side_attr(page, name: str, attr: str):
    return page.get_attribute(f"#map [data-hexside='{hexside_name(name)}']", attr)


def test_palette_paints_terrain_base_level_and_building_levels(ready_page):
    page = ready_page
    paint_hex(page, "Y8", terrain="woods")
    paint_hex(page, "J4", level="3")
    page.select_option("#brush-levels", "2")
    paint_hex(page, "T1", terrain="building")
    paint_hex(page, "Y8", level="1")  # "keep" terrain: a wooded hill, B10 + B13
    assert setup_of(page)["hexes"] == {"Y8": {"terrain": "woods", "level": 1}, "J4": {"level": 3},
                                       "T1": {"terrain": "building", "levels": 2}}
    assert hex_attr(page, "Y8", "data-terrain") == "woods"
    assert hex_attr(page, "J4", "data-ground") == "3"
    assert page.text_content(hex_sel("T1") + " .hex-info") == "2 lvl"
    paint_hex(page, "Y8", terrain="open", level="0")  # painting open ground level 0 clears the hex
    assert "Y8" not in setup_of(page)["hexes"]
    assert hex_attr(page, "Y8", "data-terrain") is None


def test_B23_1_building_names_say_which_hexes_are_one_building(ready_page):
    # two touching two-level buildings of different names: a unit on the
    # ground floor of one sees level 1 of the other (no floors of one
    # building between them, A6.8); of one name, it does not
    page = ready_page
    tool(page, "terrain")
    page.select_option("#brush-levels", "2")
    page.fill("#brush-building", "A")
    paint_hex(page, "Q5", terrain="building")
    page.fill("#brush-building", "B")
    paint_hex(page, "Q6", terrain="building")
    assert setup_of(page)["hexes"] == {"Q5": {"terrain": "building", "levels": 2, "building": "A"},
                                       "Q6": {"terrain": "building", "levels": 2, "building": "B"}}
    ask = "s => window.asl.call('los', s, {hex: 'Q5', level: 0}, {hex: 'Q6', level: 1})"
    assert page.evaluate(ask, setup_of(page))["los"] is True
    page.fill("#brush-building", "A")
    paint_hex(page, "Q6", terrain="building")
    assert page.evaluate(ask, setup_of(page))["los"] is False


def test_new_map_says_what_it_removes_and_undo_brings_it_back(ready_page):
    page = ready_page
    page.evaluate("s => window.asl.loadSetup(s)", {
        "format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
        "hexes": {"C3": {"terrain": "woods"}}, "hexsides": {},
        "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "C3"},
                  {"id": "r1", "side": "Russian", "type": "squad", "hex": "F5"}]})
    page.fill("#map-columns", "20")
    press(page, "#new-map")
    assert message(page) == "New map: 2 units and 1 painted hex removed."
    assert page.is_visible("#message-action") and page.inner_text("#message-action") == "Undo"
    page.click("#message-action")
    page.wait_for_function("() => window.asl.getSetup().units.length === 2")
    assert setup_of(page)["map"]["columns"] == 33


def test_hexside_tools_toggle_wall_hedge_bocage_and_b96_b93_flags(ready_page):
    page = ready_page
    toggle_hexside(page, "Z8-Y9", "hedge")
    toggle_hexside(page, "Y7-X7", "wall", hillside=True)  # B9.6 Hillside wall
    toggle_hexside(page, "W9-X9", "wall", gap=True)  # B9.3: a road's break in the depiction
    toggle_hexside(page, "AA5-AA6", "bocage")
    sides = {hexside_name(k): v for k, v in setup_of(page)["hexsides"].items()}
    assert sides == {hexside_name("Z8-Y9"): "hedge",
                     hexside_name("Y7-X7"): {"type": "wall", "hillside": True},
                     hexside_name("W9-X9"): {"type": "wall", "gap": True},
                     hexside_name("AA5-AA6"): "bocage"}
    assert side_attr(page, "AA5-AA6", "data-type") == "bocage"
    assert side_attr(page, "Y7-X7", "data-hillside") == "true"
    toggle_hexside(page, "Z8-Y9", "hedge")  # the same type again removes it
    toggle_hexside(page, "AA5-AA6", "wall")  # another type replaces it
    sides = {hexside_name(k): v for k, v in setup_of(page)["hexsides"].items()}
    assert hexside_name("Z8-Y9") not in sides and sides[hexside_name("AA5-AA6")] == "wall"
    assert side_attr(page, "Z8-Y9", "data-type") is None


def test_units_are_placed_given_status_moved_and_removed(ready_page):
    page = ready_page
    page.evaluate("s => window.asl.loadSetup(s)", {
        "format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
        "hexes": {"T1": {"terrain": "building", "levels": 2}}})
    g = add_unit(page, "T1", "German", "leader")
    page.check("#ue-flags [data-flag=broken]")
    page.check("#ue-flags [data-flag=concealed]")
    page.select_option("#ue-level", "1")
    page.select_option("#ue-wa", "false")
    page.fill("#ue-name", "Lt. Kessler")
    page.press("#ue-name", "Enter")
    unit = setup_of(page)["units"][0]
    assert unit == {"id": g, "side": "German", "type": "leader", "hex": "T1", "broken": True,
                    "concealed": True, "level": 1, "wa": False, "name": "Lt. Kessler"}
    settled(page)                         # the counter Python labelled for this change
    counter = page.text_content(unit_sel(g))
    # The counter shows the unit's name in place of its type (issue 9).
    assert "Lt. Ke" in counter and "BRK" in counter and "noWA" in counter and "L1" in counter
    # Bypass (A4.3) on one of its hex's hexsides, and the vertex its LOS is traced to (A6.12)
    page.click("#ue-pick-bypass")
    press(page, hexside_sel("T1-U1"))
    page.click("#ue-pick-vertex")
    press(page, f"#map [data-vertex='{vertex_name('T1-U1-U2')}']")
    unit = setup_of(page)["units"][0]
    assert hexside_name(unit["bypass"]) == hexside_name("T1-U1")
    assert vertex_name(unit["vertex"]) == vertex_name("T1-U1-U2")
    page.click("#ue-move")
    press(page, hex_sel("C3"))
    unit = setup_of(page)["units"][0]
    assert unit["hex"] == "C3" and "bypass" not in unit and "vertex" not in unit
    assert "level" not in unit            # it arrives at ground level: C3 has no level 1
    page.click("#ue-delete")
    assert setup_of(page)["units"] == []
    settled(page)                         # the counters are Python's answer for the deletion
    assert page.locator("#map .unit").count() == 0


def test_unit_ids_stay_unique(ready_page):
    page = ready_page
    a = add_unit(page, "C3", "German")
    b = add_unit(page, "C4", "German")
    assert a != b
    page.fill("#ue-id", a)
    page.press("#ue-id", "Enter")
    assert "already" in message(page)
    assert [u["id"] for u in setup_of(page)["units"]] == [a, b]


def test_touch_taps_paint_and_place_units(browser, site):
    page = open_page(browser, site, has_touch=True, viewport={"width": 800, "height": 1280})
    try:
        wait_ready(page)
        paint_hex(page, "Y8", terrain="woods", touch=True)
        toggle_hexside(page, "Z8-Y9", "hedge", touch=True)
        uid = add_unit(page, "Z9", "German", touch=True)
        setup = setup_of(page)
        assert setup["hexes"] == {"Y8": {"terrain": "woods"}}
        assert {hexside_name(k) for k in setup["hexsides"]} == {hexside_name("Z8-Y9")}
        assert [(u["id"], u["hex"]) for u in setup["units"]] == [(uid, "Z9")]
    finally:
        page.context.close()


def test_undo_redo_with_buttons_and_keys(ready_page):
    page = ready_page
    assert page.is_disabled("#undo") and page.is_disabled("#redo")
    paint_hex(page, "C3", terrain="woods")
    paint_hex(page, "C4", terrain="brush")
    toggle_hexside(page, "C3-C4", "wall")
    after_all = setup_of(page)
    page.click("#undo")
    assert setup_of(page)["hexsides"] == {}
    page.keyboard.press("Control+z")
    assert setup_of(page)["hexes"] == {"C3": {"terrain": "woods"}}
    assert page.get_attribute(hex_sel("C4"), "data-terrain") is None
    page.keyboard.press("Control+y")
    assert setup_of(page)["hexes"] == {"C3": {"terrain": "woods"}, "C4": {"terrain": "brush"}}
    page.keyboard.press("Control+Shift+z")
    assert setup_of(page) == after_all
    assert page.is_disabled("#redo")
    page.click("#undo")
    page.click("#redo")
    assert setup_of(page) == after_all
    for _ in range(3):
        page.click("#undo")
    assert setup_of(page)["hexes"] == {} and page.is_disabled("#undo")


def test_unit_edits_undo_too(ready_page):
    page = ready_page
    uid = add_unit(page, "D4", "Russian")
    page.check("#ue-flags [data-flag=entrenched]")
    page.keyboard.press("Control+z")  # focus is on a checkbox: Ctrl+Z is still the app's undo
    assert "entrenched" not in setup_of(page)["units"][0]
    page.click("#undo")
    assert setup_of(page)["units"] == []
    page.click("#redo")
    assert [u["id"] for u in setup_of(page)["units"]] == [uid]


@pytest.mark.parametrize("how", ["reload", "closed tab"])
def test_autosave_survives_a_reload_and_a_closed_tab(ready_page, how):
    page = ready_page
    paint_hex(page, "Y8", terrain="woods")
    toggle_hexside(page, "Z8-Y9", "hedge")
    add_unit(page, "Z9", "German")
    saved = setup_of(page)
    if how == "reload":
        page.reload()
        again = page
    else:
        url = page.url
        again = page.context.new_page()
        page.close()
        again.goto(url)
    wait_ready(again)
    assert setup_of(again) == saved
    assert again.get_attribute(hex_sel("Y8"), "data-terrain") == "woods"
    settled(again)                        # the counters come from Python once it is ready
    assert again.locator("#map .unit").count() == 1


def test_a_setup_of_another_map_size_redraws_the_grid_and_undo_restores_it(ready_page):
    """Python draws the new grid (render_map); every hex of it is addressable."""
    page = ready_page
    page.evaluate("s => window.asl.loadSetup(s)", {
        "format": "asl-setup", "version": 1, "map": {"columns": 12, "rows": 6},
        "hexes": {"L6": {"terrain": "woods"}}})
    assert page.get_attribute("#map svg.asl-map", "data-columns") == "12"
    assert page.locator("#map [data-hex]").count() == 6 * 6 + 6 * 7
    assert page.get_attribute(hex_sel("L6"), "data-terrain") == "woods"
    paint_hex(page, "A1", terrain="grain")
    assert setup_of(page)["hexes"]["A1"] == {"terrain": "grain"}
    page.click("#undo")
    page.click("#undo")
    page.wait_for_function("() => document.querySelector('#map svg.asl-map')?.dataset.columns === '33'")
    assert page.locator("#map [data-hex]").count() == 17 * 10 + 16 * 11


def test_light_bocage_from_the_palette_with_a_finger(browser, site):
    page = open_page(browser, site, has_touch=True, viewport={"width": 1280, "height": 800})
    wait_ready(page)
    toggle_hexside(page, "E4-E5", "light-bocage", touch=True)
    sides = {hexside_name(k): v for k, v in setup_of(page)["hexsides"].items()}
    assert sides == {hexside_name("E4-E5"): "light-bocage"}
    assert side_attr(page, "E4-E5", "data-type") == "light-bocage"
