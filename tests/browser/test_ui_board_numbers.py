"""Board numbers as players type them (issue 27): "4", "04" and "bd4" name
the same imported board in the New map's cells, and a cell naming a number no
imported board has says so before the map is made. With touch at 1280x800,
800x1280 and on a phone (390x844); the archive is painted by
tests/vasl_writer.py (no real board's data)."""
from __future__ import annotations

import pytest

from pycore import api
from tests.browser.conftest import open_page, wait_ready
from tests.browser.test_ui_boards import new_layout
from tests.browser.test_ui_library import import_files
from tests.browser.test_ui_steps import hex_sel, message, setup_of
from tests.vasl_writer import board_archive

BD04 = board_archive({"Q5": {"terrain": "woods"}}, {}, name="04")


SIZES = {"tablet": (1280, 800), "portrait": (800, 1280), "phone": (390, 844)}


@pytest.mark.parametrize("size", SIZES)
def test_board_4_typed_as_4_names_the_imported_bd04_and_12_is_said_missing(browser, site, size):
    width, height = SIZES[size]
    page = open_page(browser, site, viewport={"width": width, "height": height}, has_touch=True)
    wait_ready(page)
    assert "Imported board 04" in import_files(page, {"bd04": BD04})
    page.locator("#message").evaluate("m => { m.hidden = true; }")
    new_layout(page, "2", "1", ["4", "12"], flips=[])
    said = message(page)
    page.screenshot(path=f"/tmp/i27/board-numbers-missing-{size}.png")
    assert "board 12 is not imported on this device (imported: 4): import bd12" in said, said
    assert "row 1, column 2" in said
    new_layout(page, "1", "1", ["bd4"], flips=[])
    page.wait_for_selector(f"{hex_sel('4Q5')}[data-terrain='woods']")
    page.screenshot(path=f"/tmp/i27/board-numbers-made-{size}.png")
    source = api.import_board(BD04)["source"]
    assert setup_of(page)["map"]["boards"] == [[{"board": "4", "source": source}]]
    page.context.close()
