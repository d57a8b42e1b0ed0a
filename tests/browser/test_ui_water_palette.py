"""Water and streams in the Terrain tool and the reading view (issue 38, B20, B21):
a river read from a board file shows as "river/pond" when its hex is held, and
a correction to a stream or to water is one pick from the same list; on a
painted map the palette paints both. Taps at screen positions on a phone
(390x844); the board file is written by tests/vasl_writer.py."""
from __future__ import annotations

from tests.browser.conftest import open_page, wait_ready
from tests.browser.test_situations import Player
from tests.browser.test_ui_realboard import SIZES, choose_files, hold
from tests.browser.test_ui_steps import centre_of, hex_sel, setup_of
from tests.vasl_writer import board_archive

WET = board_archive(shapes=[{"hex": "Q5", "terrain": "water", "level": -1, "rect": (-40, -40, 40, 40),
                             "own": True}])


def test_B21_a_river_hex_held_reads_as_water_and_a_hex_is_corrected_to_a_stream_in_one_pick(browser, site):
    page = open_page(browser, site, **SIZES["390x844"])
    try:
        wait_ready(page)
        player = Player(page)
        choose_files(player, "#first-run label[for=board-files]", {"bd41": WET})
        player.tap("#first-run-new-map")
        page.wait_for_selector(f"{hex_sel('41Q5')}[data-terrain='water']")
        hold(page, centre_of(page, hex_sel("41Q5")))
        page.wait_for_selector("#reading:not([hidden])")
        assert page.input_value("#reading-terrain") == "water"
        assert page.inner_text("#reading-terrain option:checked") == "river/pond"
        hold(page, centre_of(page, hex_sel("41Q6")))
        page.wait_for_function("() => document.getElementById('reading-text').textContent.startsWith('41Q6')")
        page.select_option("#reading-terrain", "stream")
        page.wait_for_selector(f"{hex_sel('41Q6')}[data-terrain='stream']")
        assert setup_of(page)["hexes"]["41Q6"]["terrain"] == "stream"
    finally:
        page.context.close()


def test_the_terrain_palette_paints_a_stream_B20_and_a_river_B21_on_a_painted_map(browser, site):
    page = open_page(browser, site, **SIZES["390x844"])
    try:
        wait_ready(page)
        player = Player(page)
        player.tap("button[data-tool=terrain]")
        for terrain, name in (("stream", "C3"), ("water", "D3")):
            player.tap(f"#terrain-palette [data-terrain={terrain}]")
            player.tap(hex_sel(name))
            page.wait_for_selector(f"{hex_sel(name)}[data-terrain={terrain}]")
        hexes = setup_of(page)["hexes"]
        assert hexes["C3"]["terrain"] == "stream" and hexes["D3"]["terrain"] == "water"
    finally:
        page.context.close()
