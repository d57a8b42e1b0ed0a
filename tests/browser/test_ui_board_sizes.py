"""Deluxe boards (15 x 5 hexes) in the page (issue 38), at 1280x800 with
touch: two imported side by side make a map whose hexes are named as printed,
painted with their terrain, tapped, and asked a LOS across the seam. The
archives are painted by tests/vasl_writer.py."""
from __future__ import annotations

from pycore import api
from tests.browser.test_ui_library import import_files
from tests.browser.test_ui_steps import hex_sel, press, read_los_panel, setup_of
from tests.vasl_writer import DELUXE, board_archive

BDA = board_archive({"C3": {"terrain": "woods"}}, {}, name="a", shape=DELUXE)
BDB = board_archive({"B3": {"terrain": "woods"}, "D2": {"level": 1}}, {"F3-G3": "wall"},
                    name="b", shape=DELUXE)


def test_two_deluxe_boards_make_a_map_painted_tapped_and_asked_across_the_seam(tablet):
    page = tablet
    said = import_files(page, {"bda": BDA, "bdb": BDB})
    assert "Imported board a (VASL 6.3), board b (VASL 6.3)" in said
    press(page, "#new-boards", touch=True)
    page.wait_for_selector(f"{hex_sel('aC3')}[data-terrain='woods']")
    assert setup_of(page)["map"]["columns"] == 29 and setup_of(page)["map"]["rows"] == 5
    assert page.get_attribute(hex_sel("bD2"), "data-ground") == "1"
    assert page.locator("#map .board-edge").count() == 2
    # the seam hex is drawn once, under its first name
    assert page.locator(hex_sel("aO3")).count() == 1 and page.locator(hex_sel("bA3")).count() == 0
    # a hex a finger can hit: the map fits the page, each hex at least 40 px across
    box = page.locator(hex_sel("bD3")).bounding_box()
    assert box["width"] >= 40
    # tap the viewer, then the target: the ruling is Python's
    press(page, "button[data-tool=los]", touch=True)
    press(page, hex_sel("aN3"), touch=True)
    press(page, hex_sel("bD3"), touch=True)
    panel = read_los_panel(page)
    for data in (BDA, BDB):
        api.import_board(data)
    expected = api.los(setup_of(page), {"hex": "aN3", "level": 0}, {"hex": "bD3", "level": 0})
    assert expected["los"] is False and expected["blocked_at"] == "bB3"
    assert panel["los"] is False and panel["blocked_at"].startswith("bB3")
    assert panel["range"] == "4" and panel["thread"] == "blocked"
    page.screenshot(path="/tmp/boards38-eye/deluxe-page.png")
