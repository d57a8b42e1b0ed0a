"""A board for the borderline and who-sees browser tests (issue 40), written
by tests/vasl_writer.py (no real board's data): board 41 with woods drawn in
Q6 a pixel across the thread 41Q4-41Q8 (A6.1 borderline), a building in
O3 with two levels, and woods in S6. Opened in the page as a player does:
the first-run Import (the system's file picker), then *Map of these boards*."""
from __future__ import annotations

from tests.browser.conftest import open_page, wait_ready
from tests.browser.test_situations import Player
from tests.browser.test_ui_realboard import choose_files
from tests.browser.test_ui_steps import hex_sel
from tests.vasl_writer import board_archive

SHAPES = ({"hex": "Q6", "terrain": "woods", "rect": (-1, -40, 19, 40), "own": True},)
BD41 = board_archive({"O3": {"terrain": "stone-building", "levels": 2}, "S6": {"terrain": "woods"}},
                     None, shapes=SHAPES, metadata_buildings=False)
SIZES = {"1280x800": {"viewport": {"width": 1280, "height": 800}, "has_touch": True},
         "800x1280": {"viewport": {"width": 800, "height": 1280}, "has_touch": True},
         "390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}


def board_page(browser, site, size: str):
    """A page at ``size`` showing the map of board 41, and its Player (taps
    counted from zero once the map is on screen)."""
    page = open_page(browser, site, **SIZES[size])
    wait_ready(page)
    player = Player(page)
    choose_files(player, "#first-run label[for=board-files]", {"bd41": BD41})
    player.tap("#first-run-new-map")
    page.wait_for_selector(f"{hex_sel('41S6')}[data-terrain='woods']")
    page.wait_for_timeout(300)
    player.count = 0
    return page, player


def shot(page, name: str) -> None:
    page.screenshot(path=f"/tmp/page40-shots/{name}.png")
