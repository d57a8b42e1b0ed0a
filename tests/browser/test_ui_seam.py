"""S7: two real boards, 41 and 12 flipped, and a LOS across their seam, on a
phone (390x844), a portrait tablet and a landscape one, as a new player does
it: import both files, lay them out, two squads, the ruling. Taps, typed keys
and swipes are counted; the verdict must be in view without a swipe. The
archives are painted by tests/vasl_writer.py (no real board's data)."""
from __future__ import annotations

import pytest

from pycore import api
from tests.browser import conftest
from tests.browser.conftest import open_page, wait_ready
from tests.browser.test_situations import Player
from tests.browser.test_ui_realboard import SIZES, choose_files
from tests.browser.test_ui_steps import hex_sel, read_los_panel, setup_of, unit_sel
from tests.vasl_writer import board_archive

BD41 = board_archive({"Y5": {"terrain": "woods"}}, {}, name="41")
BD12 = board_archive({"Q5": {"terrain": "stone-building"}}, {}, name="12")
GERMAN, RUSSIAN = "41W5", "12Y4"          # either side of the seam (12 flipped: its Y is near 41's GG)
TAPS, KEYS = 12, 4


def import_both(player: Player) -> None:
    """The first-run line's Import button: the system picker (not counted) gives both files."""
    choose_files(player, "#first-run label[for=board-files]", {"bd41": BD41, "bd12": BD12})


@pytest.mark.parametrize("size", list(SIZES))
def test_41_and_12_flipped_and_a_los_across_the_seam_in_twelve_taps_verdict_in_view(browser, site, size):
    page = open_page(browser, site, **SIZES[size])
    try:
        wait_ready(page)
        player = Player(page)
        import_both(player)
        assert page.inner_text("#first-run-new-map") == "Map of boards 41, 12"
        player.tap("#first-run-lay-out")                         # the boards' cells, in view
        player.tap("#board-grid .board-cell:nth-child(2) button")   # flip 12
        player.tap("#new-boards")
        page.wait_for_selector(f"{hex_sel('12Q5')}[data-terrain='stone-building']")
        [row] = setup_of(page)["map"]["boards"]
        assert [(b["board"], b.get("flip", False)) for b in row] == [("41", False), ("12", True)]
        player.tap("button[data-tool=unit]")
        player.tap(hex_sel(GERMAN))
        player.tap("#side-chips [data-chip='1']")
        player.tap(hex_sel(RUSSIAN))
        units = setup_of(page)["units"]
        player.tap("button[data-tool=los]")
        player.tap(unit_sel(units[0]["id"]))
        player.tap(unit_sel(units[1]["id"]))
        shown = read_los_panel(page)
        taps = player.count
        # the verdict in view, with no swipe
        box = page.locator("#los-verdict").bounding_box()
        view = page.viewport_size
        assert 0 <= box["y"] and box["y"] + box["height"] <= view["height"], box
        for data in (BD41, BD12):
            api.import_board(data)
        expected = api.los(setup_of(page), units[0]["id"], units[1]["id"])
        assert shown["los"] == expected["los"]
        conftest.SITUATION_ROWS.append((f"S7: 41 | 12 flipped, LOS across the seam {size} (taps, no key)",
                                        taps, TAPS, player.seconds, shown["los"] == expected["los"]))
        assert taps <= TAPS
    finally:
        page.context.close()
