"""Overlay files in the page (issue 39; docs/overlays.md): imported with the board
files, kept in the same offline library, named by their overlays; a link laying
one opens once its files are here, the overlay's GIFs decoded by the browser's
own decoder (static/worker.js) and read as the core reads them. The archives
are written by the tests (tests/vasl_writer.py)."""
from __future__ import annotations

from pycore import api, share
from tests.browser.conftest import TABLET, open_page, wait_ready
from tests.browser.test_ui_library import import_files, listed
from tests.browser.test_ui_steps import hex_sel, press, setup_of
from tests.browser.test_waiting_link import said_with, waiting_entry
from tests.vasl_writer import board_archive, overlay_archive, overlay_image

BD12 = board_archive({}, {}, name="12", colors=True)
# T1 paints woods on its hexes C3 and C4 (orientation a: laid on 12F5 toward 12F4, 12F5 and 12F6)
# or brush on C3 and C2 (d).
OVRT = overlay_archive({"t1": ("c3;c3;c3;c3;c3;c3", {
    "a": overlay_image({"C3": "WoodsGreen", "C4": "WoodsGreen"}),
    "d": overlay_image({"C3": "BrushL0", "C2": "BrushL0"})}),
    "t2": ("b2;b2;b2;b2;b2;b2", {"a": overlay_image({"B2": "WoodsGreen"})})})


def test_an_overlay_file_is_kept_offline_listed_by_its_overlays_and_removed(tablet):
    page = tablet
    said = import_files(page, {"ovrT": OVRT})
    assert "Imported overlay file ovrT (VASL 1)" in said and "not imported" not in said, said
    assert listed(page) == ["Overlay file ovrT · VASL 1"]
    assert page.locator("#board-library li span").first.get_attribute("title") == "T1, T2 (from ovrT)"
    assert page.locator("#board-grid input").evaluate_all("els => els.map(e => e.value)") == ["", ""]
    page.reload()
    wait_ready(page)
    page.wait_for_function("() => document.querySelectorAll('#board-library > li').length === 1")
    assert listed(page) == ["Overlay file ovrT · VASL 1"]      # kept on this device
    press(page, "#board-library li button", touch=True)
    assert "Removed overlay file ovrT (VASL 1)" in said_with(page, "Removed")
    assert listed(page) == []


def overlay_link() -> tuple[str, dict]:
    """The link, and the hexes its map reads as the core reads them in CPython."""
    board = api.import_board(BD12)["source"]
    ovr = api.import_board(OVRT)["source"]
    setup = {"format": "asl-setup", "version": 1,
             "map": {"boards": [[{"board": "12", "source": board}]],
                     "overlays": [{"overlay": "T1", "source": ovr, "hex": "12F5", "toward": "12F4"}]}}
    loaded = api.load(setup)
    return share.encode(loaded), api.map_terrain(loaded)["hexes"]


def test_a_link_laying_an_overlay_waits_for_its_file_then_opens_with_its_art_read(browser, site):
    """The GIFs are decoded by the browser (the site's Python has no Pillow) and
    the overlay's woods read on the hexes its art covers, as CPython reads them."""
    link, expected = overlay_link()
    page = open_page(browser, site, goto=False, **TABLET)
    try:
        page.goto(site.url + "#" + link)
        wait_ready(page)
        said = said_with(page, "not on this device")
        assert said.startswith("Overlay file ovrT (VASL 1) is not on this device: import ovrT"), said
        assert "it opens once ovrT and bd12 are imported" in said, said
        import_files(page, {"bd12": BD12})
        said = said_with(page, "still waits for ovrT")
        assert "waiting for ovrT" in waiting_entry(page)
        import_files(page, {"ovrT": OVRT})
        said_with(page, "Opened the setup from the share link")
        page.wait_for_function("() => window.asl.getSetup().map.overlays?.length === 1")
        assert setup_of(page)["map"]["overlays"][0]["overlay"] == "T1"
        woods = sorted(h for h, v in expected.items() if v["origin"] == "overlay T1")
        assert woods == ["12F5", "12F6"]
        for h in woods:
            page.wait_for_selector(f"{hex_sel(h)}[data-terrain='woods']")
        assert page.locator(f"{hex_sel('12F4')}[data-terrain='woods']").count() == 0
    finally:
        page.context.close()
