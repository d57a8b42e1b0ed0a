"""Counters as players name them (web/counter_names.py): a tapped unit's editor
offers its nationality's counters; choosing "8-1" names the unit and makes it
a leader, the counter on the map says "8-1", and the ruling's steps name it
"8-1 g1". At three sizes, by taps."""
from __future__ import annotations

import pytest

from .conftest import open_page, wait_ready
from .test_ui_layout import box, shoot
from .test_ui_steps import load_setup, press, settled, setup_of, tool, unit_sel

SIZES = {"phone": (390, 844), "tablet-portrait": (800, 1280), "tablet-landscape": (1280, 800)}
SETUP = {"format": "asl-setup", "version": 1, "map": {"columns": 12, "rows": 8},
         "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "C3"},
                   {"id": "r1", "side": "Russian", "type": "squad", "hex": "H5"},
                   {"id": "p1", "side": "Partisan", "type": "squad", "hex": "E6"}]}


@pytest.mark.parametrize("size", list(SIZES))
def test_a_counter_chosen_by_nationality_names_the_unit_on_the_map_and_in_the_steps(browser, site, size):
    width, height = SIZES[size]
    page = open_page(browser, site, viewport={"width": width, "height": height}, has_touch=True)
    try:
        wait_ready(page)
        load_setup(page, SETUP)
        settled(page)
        tool(page, "unit")
        if size == "phone":                              # the map is above the panel
            page.evaluate("() => window.scrollTo(0, 0)")
        press(page, unit_sel("g1"), touch=True)          # tap 1: the unit
        page.wait_for_selector("#ue-counter-row:not([hidden])")
        groups = page.eval_on_selector_all("#ue-counter optgroup", "gs => gs.map((g) => g.label)")
        assert groups[:4] == ["Squads", "Half-squads", "Crews", "Leaders"], groups
        page.locator("#ue-counter").scroll_into_view_if_needed()
        b = box(page, "#ue-counter")
        assert b["height"] >= 30
        page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)   # tap 2: the list
        page.select_option("#ue-counter", "8-1")                                  # tap 3: "8-1"
        page.wait_for_function("() => window.asl.getSetup().units[0].name === '8-1'")
        unit = setup_of(page)["units"][0]
        assert (unit["name"], unit["type"]) == ("8-1", "leader")
        settled(page)
        assert page.text_content(f"{unit_sel('g1')} text.u-type") == "8-1"
        shoot(page, f"counter-{size}")
        steps = page.evaluate("(s) => window.asl.call('los', s, 'g1', 'r1')", setup_of(page))["steps"]
        assert steps[0]["text"].startswith("LOS from 8-1 g1 in C3"), steps[0]
        # a side with no list: nothing to choose, the name is typed
        press(page, unit_sel("p1"), touch=True)
        page.wait_for_selector("#ue-counter-row", state="hidden")
    finally:
        page.context.close()
