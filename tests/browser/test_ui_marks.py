"""Reading the map: its key (web/legend.py) is one tap away at every size,
inside the screen, and coloured by the same stylesheet as the map, so a woods
hex, a wall and a hindered hex look in the key exactly as on the map; and the
hexes that matter (a unit's, the question's ends) are named legibly at any
zoom, above building patterns."""
from __future__ import annotations

import pytest

from .conftest import open_page, wait_ready
from .test_ui_layout import box, inside, shoot
from .test_ui_steps import hex_sel, hexside_sel, load_setup, press, settled, unit_sel

SIZES = {"phone": (390, 844), "tablet-portrait": (800, 1280), "tablet-landscape": (1280, 800)}
SETUP = {"format": "asl-setup", "version": 1, "map": {"columns": 12, "rows": 8},
         "hexes": {"C3": {"terrain": "woods"}, "E4": {"terrain": "grain", "level": 1}},
         "hexsides": {"D3-D4": "wall", "F3-F4": "bocage"}}
STYLE = "(el, p) => getComputedStyle(el)[p]"


def tap(page, selector: str) -> None:
    b = box(page, selector)
    page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)


def same_look(page, on_map: str, in_key: str, prop: str) -> tuple[str, str]:
    return (page.eval_on_selector(on_map, STYLE, prop),
            page.eval_on_selector(f"#map-key {in_key}", STYLE, prop))


@pytest.mark.parametrize("size", list(SIZES))
def test_one_tap_opens_the_key_on_screen_drawn_as_the_map_is_and_one_tap_closes_it(browser, site, size):
    width, height = SIZES[size]
    page = open_page(browser, site, viewport={"width": width, "height": height}, has_touch=True)
    try:
        wait_ready(page)
        load_setup(page, SETUP)
        page.wait_for_selector(f"{hexside_sel('F3-F4')}[data-type=bocage]", state="attached")
        assert page.is_hidden("#map-key")
        tap(page, "#key-open")                                   # one tap
        page.wait_for_selector("#map-key:not([hidden])")
        shoot(page, f"key-{size}")
        screen = {"x": 0, "y": 0, "width": width, "height": height}
        assert inside(box(page, "#map-key"), screen)
        assert inside(box(page, "#map-key"), box(page, "#map"))
        assert box(page, "#key-close")["height"] >= 44
        assert page.get_attribute("#key-open", "aria-expanded") == "true"
        # the same sheet colours both: terrain, ground level, hexsides
        for on_map, in_key, prop in [
                (f"{hex_sel('C3')} .hex-terrain", "[data-terrain=woods] .hex-terrain", "fill"),
                (f"{hex_sel('E4')} .hex-ground", "[data-ground='1'] .hex-ground", "fill"),
                (hexside_sel("D3-D4"), ".hexside[data-type=wall]:not([data-block])", "stroke"),
                (hexside_sel("F3-F4"), ".hexside[data-type=bocage]", "stroke-width")]:
            got_map, got_key = same_look(page, on_map, in_key, prop)
            assert got_map == got_key, (in_key, got_map, got_key)
        words = page.inner_text("#map-key")
        for said in ("Woods (B13)", "Wall (B9.1)", "Seen through a Hindrance", "Blocked LOS (A6.3)",
                     "check it by eye", "changed"):
            assert said in words, said
        assert page.is_hidden("#map-key .key-images")            # painted map: no board-art note
        # a tap on the key's list is not a tap on the map beneath it
        before = page.evaluate("() => JSON.stringify(window.asl.getSetup())")
        tap(page, "#map-key h3")
        assert page.evaluate("() => JSON.stringify(window.asl.getSetup())") == before
        tap(page, "#key-close")                                  # one tap
        page.wait_for_selector("#map-key", state="hidden")
        assert page.get_attribute("#key-open", "aria-expanded") == "false"
        # closed, the key holds nothing a search of the map's marks could find
        assert page.locator("#map .hex:not([data-hex]), #map .unit, #map .los").count() == 0
    finally:
        page.context.close()


BUILDING = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
            "hexes": {h: {"terrain": "stone-building"} for h in ("C3", "C4", "D3", "D4")},
            "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "C3"},
                      {"id": "g2", "side": "German", "type": "leader", "hex": "C3"},
                      {"id": "r1", "side": "Russian", "type": "squad", "hex": "Y7"}]}
NAMES = """() => [...document.querySelectorAll("#map text.u-hex, #map .los text.end-name")].map((t) => {
  const r = t.getBoundingClientRect();
  return [t.textContent, Math.round(r.height)];
})"""


@pytest.mark.parametrize("size", list(SIZES))
def test_a_units_hex_and_the_questions_ends_are_named_legibly_with_the_whole_map_in_view(browser, site, size):
    width, height = SIZES[size]
    page = open_page(browser, site, viewport={"width": width, "height": height}, has_touch=True)
    try:
        wait_ready(page)
        load_setup(page, BUILDING)
        settled(page)
        page.click("#zoom-fit")                        # the whole map: 17-28 px hexes
        press(page, unit_sel("g1"), touch=True)        # LOS: the viewer, then a hex
        press(page, hex_sel("Q5"), touch=True)
        page.wait_for_selector("#map .los:not([data-status=pending])")
        shoot(page, f"names-{size}")
        shown = page.evaluate(NAMES)
        named = dict(shown)
        # one name per stack (C3 holds two counters), and the hex target's; the
        # viewer's end is named by its counter already
        assert len(shown) == len(named) == 3 and set(named) == {"C3", "Y7", "Q5"}, shown
        for name, px in named.items():
            assert px >= 10, (name, px)                # legible at this zoom
        # a hex name over a building pattern has a light halo
        halo = page.eval_on_selector(f"{hex_sel('D4')} .hex-name", "(t) => getComputedStyle(t).stroke")
        assert halo != "none"
    finally:
        page.context.close()


def test_on_a_phone_the_status_is_a_badge_with_a_sign_and_a_tap_says_it_in_words(browser, site):
    page = open_page(browser, site, viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        wait_ready(page)
        b = box(page, "#status")
        assert b["width"] >= 28 and b["height"] >= 28 and b["x"] + b["width"] <= 390
        sign = page.eval_on_selector("#status", "(s) => getComputedStyle(s, '::before').content")
        assert sign == '"\u2713"', sign                         # ready: a tick
        tap(page, "#status")
        page.wait_for_selector("#message:not([hidden])")
        assert page.inner_text("#message-text") == "Rules engine: Ready."
    finally:
        page.context.close()
