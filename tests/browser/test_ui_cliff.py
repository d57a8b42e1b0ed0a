"""The Hexsides tool's cliff brush (B11, issue 28; docs/hills.md): a tap near a
hexside sets a cliff there, the map draws it, and Python's ruling of a plain
move across it is the refusal (Climbing, B11.4), on a tablet and a phone."""
from __future__ import annotations

import os

import pytest

from tests.browser.conftest import open_page, wait_ready
from tests.browser.test_situations import near_side
from tests.browser.test_ui_steps import hexside_sel

SHOTS = "/tmp/i28"
VIEWPORTS = {"1280x800": {"width": 1280, "height": 800},
             "800x1280": {"width": 800, "height": 1280},
             "390x844": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_B11_a_cliff_is_painted_with_the_Hexsides_tool_and_drawn_on_the_map(browser, site, size):
    page = open_page(browser, site, viewport=VIEWPORTS[size], has_touch=True)
    try:
        wait_ready(page)
        page.evaluate("window.asl.loadSetup({format: 'asl-setup', version: 1, map: "
                      "{columns: 12, rows: 8}, hexes: {E5: {level: 1}}})")
        tool = page.locator("button[data-tool=hexside]").first
        tool.scroll_into_view_if_needed()
        page.touchscreen.tap(*_middle(tool.bounding_box()))
        swatch = page.locator("#hexside-palette [data-hexside-type=cliff]").first
        swatch.scroll_into_view_if_needed()
        page.touchscreen.tap(*_middle(swatch.bounding_box()))
        assert swatch.get_attribute("aria-pressed") == "true"
        page.locator(hexside_sel("E4-E5")).first.scroll_into_view_if_needed()
        page.touchscreen.tap(*near_side(page, "E4-E5", "E5", 0.15))
        page.wait_for_function("() => (window.asl.getSetup().hexsides || {})['E4-E5'] "
                               "|| (window.asl.getSetup().hexsides || {})['E5-E4']")
        sides = page.evaluate("window.asl.getSetup().hexsides")
        assert list(sides.values()) == ["cliff"], sides
        drawn = page.locator(hexside_sel("E4-E5")).first
        page.wait_for_function("(s) => document.querySelector(s).getAttribute('data-type')"
                               " === 'cliff'", arg=hexside_sel("E4-E5"))
        assert drawn.get_attribute("data-type") == "cliff"
        move = page.evaluate("window.asl.call('move_cost', window.asl.getSetup(), "
                             "'infantry', 'E4', 'E5')")
        assert move["allowed"] is False and move["steps"][0]["rule"] == "B11.4"
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/cliff-{size}.png")
    finally:
        page.context.close()


def _middle(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
