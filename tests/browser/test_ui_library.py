"""The board library in the page (issue 19), as a player uses it at 1280x800
with touch: board files imported by the file input (a tablet's Files app:
files named ``bd41``, no extension) and by drop, kept on the device across a
reload with no network, a share link naming a board the device lacks, and
bad files. The archives are painted by tests/vasl_writer.py: no real board's
data is used."""
from __future__ import annotations

import base64
import time

import pytest

from pycore import api, share
from tests.browser.conftest import TABLET, open_page, wait_controlled, wait_ready
from tests.browser.test_ui_steps import hex_sel, message, press, setup_of
from tests.vasl_writer import board_archive

BD41 = board_archive({"Q5": {"terrain": "woods"}, "R4": {"level": 1}}, {"Q5-R4": "hedge"})
BD42 = board_archive({"C3": {"terrain": "stone-building", "levels": 2}}, {}, name="42")



def import_files(page, files: dict[str, bytes]) -> str:
    """Files panel: Import board files…, choosing these files (no MIME type, as
    a tablet's Files app gives them); the message shown after."""
    page.locator("#message").evaluate("m => { m.hidden = true; }")
    page.set_input_files("#board-files", [{"name": n, "mimeType": "", "buffer": b}
                                          for n, b in files.items()])
    return message(page)


def listed(page) -> list[str]:
    return page.locator("#board-library > li:not(.waiting-link) > span").all_inner_texts()


def source_of(data: bytes) -> str:
    return api.import_board(data)["source"]


def test_two_board_files_imported_make_a_2x1_map_painted_with_their_terrain_kept_offline(tablet, site):
    page = tablet
    said = import_files(page, {"bd41": BD41, "bd42": BD42})
    assert "Imported board 41 (VASL 6.3), board 42 (VASL 6.3)" in said
    assert listed(page) == ["Board 41 · VASL 6.3", "Board 42 · VASL 6.3"]
    # The new map's cells offer the boards just imported: one tap makes the map.
    assert page.locator("#board-grid input").evaluate_all("els => els.map(e => e.value)") == ["41", "42"]
    press(page, "#new-boards", touch=True)
    page.wait_for_selector(f"{hex_sel('41Q5')}[data-terrain='woods']")
    boards = setup_of(page)["map"]["boards"]
    assert boards == [[{"board": "41", "source": source_of(BD41)}, {"board": "42", "source": source_of(BD42)}]]
    # The boards' terrain is painted, not put in the setup: links carry only the player's entries.
    assert page.get_attribute(hex_sel("41R4"), "data-ground") == "1"
    assert page.get_attribute(hex_sel("42C3"), "data-terrain") == "stone-building"
    hedge = "#map [data-hexside='41Q5-41R4'], #map [data-hexside='41R4-41Q5']"
    assert page.locator(hedge).get_attribute("data-type") == "hedge"
    assert setup_of(page)["hexes"] == {} and setup_of(page)["hexsides"] == {}
    # The player's correction overrides the board: 41Q5 painted open.
    press(page, "button[data-tool=terrain]", touch=True)
    press(page, "#terrain-palette [data-terrain='open']", touch=True)
    press(page, hex_sel("41Q5"), touch=True)
    page.wait_for_selector(f"{hex_sel('41Q5')}:not([data-terrain])")
    assert setup_of(page)["hexes"] == {"41Q5": {"terrain": "open"}}
    # The board's hedge tapped with the hedge brush: gone, the setup says "none" there.
    page.click("button[data-tool=hexside]")
    press(page, "#hexside-palette [data-hexside-type='hedge']", touch=True)
    press(page, hedge, touch=True)
    page.wait_for_function("() => Object.keys(window.asl.getSetup().hexsides).length === 1")
    assert list(setup_of(page)["hexsides"].values()) == ["none"]
    assert page.locator(hedge).get_attribute("data-type") is None

    # A reload with the server gone: the boards are still on the device, the map still painted.
    wait_controlled(page)
    page.wait_for_timeout(300)          # the autosave of the correction
    site.stop()
    try:
        page.reload()
        wait_ready(page)
        page.wait_for_selector(f"{hex_sel('42C3')}[data-terrain='stone-building']")
        assert listed(page) == ["Board 41 · VASL 6.3", "Board 42 · VASL 6.3"]
        assert page.get_attribute(hex_sel("41Q5"), "data-terrain") is None
        assert page.get_attribute(hex_sel("41R4"), "data-ground") == "1"
    finally:
        site.start()

    # A board on the map on screen is not removed; another map first, then it is.
    press(page, "#board-library > li:first-child > button", touch=True)
    assert "on the map on screen" in message(page)
    assert len(listed(page)) == 2


def test_a_board_file_dropped_on_the_map_is_imported(tablet):
    page = tablet
    page.evaluate("""(b64) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const dt = new DataTransfer();
        dt.items.add(new File([bytes], "bd42"));
        const map = document.getElementById("map");
        for (const type of ["dragenter", "dragover", "drop"]) {
            map.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
        }
    }""", base64.b64encode(BD42).decode())
    assert "Imported board 42 (VASL 6.3)" in message(page)
    assert listed(page) == ["Board 42 · VASL 6.3"]
    assert page.get_attribute("body", "data-dropping") == "false"


def test_a_link_naming_a_board_not_here_is_kept_and_opens_once_it_is_imported(browser, site):
    source = source_of(BD41)
    setup = {"format": "asl-setup", "version": 1, "map": {"boards": [[{"board": "41", "source": source}]]},
             "hexes": {"41Q6": {"terrain": "brush"}},
             "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "41Q4"},
                       {"id": "r1", "side": "Russian", "type": "squad", "hex": "41Q7"}]}
    link = share.encode(api.load(setup), {"tool": "los", "viewer": "g1", "target": "r1"})
    api.clear_boards()
    page = open_page(browser, site, goto=False, **TABLET)
    try:
        page.goto(site.url + "#" + link)
        wait_ready(page)
        said = message(page)
        assert said.startswith("Board 41 (VASL 6.3) is not on this device: import bd41.")
        assert "kept" in said
        assert page.inner_text("#message-action") == "Import bd41…"
        assert "boards" not in setup_of(page)["map"]         # the setup on screen is unchanged
        import_files(page, {"bd41": BD41})
        page.wait_for_function("() => window.asl.getSetup().map.boards !== undefined")
        opened = setup_of(page)
        assert opened["map"]["boards"] == [[{"board": "41", "source": source}]]
        assert opened["hexes"] == {"41Q6": {"terrain": "brush"}}
        # The question came with it: the LOS tool asks g1 to r1.
        page.wait_for_selector("#los-result:not([hidden])")
        assert page.inner_text("#los-viewer") == "unit g1" and page.inner_text("#los-target") == "unit r1"
        page.wait_for_selector(f"{hex_sel('41Q5')}[data-terrain='woods']")
    finally:
        page.context.close()


@pytest.mark.parametrize("name, data, says", [
    ("bd41.txt", b"these are not the bytes of a board", "not a zip"),
    ("bd41", BD41[: len(BD41) // 2], "bd41 was not imported"),
    ("notes.zip", b"PK\x05\x06" + bytes(18), "no LOSData"),      # an empty zip
])
def test_a_bad_file_is_refused_in_a_players_words_within_a_second_and_nothing_is_lost(tablet, name, data, says):
    page = tablet
    import_files(page, {"bd42": BD42})
    before = setup_of(page)
    started = time.monotonic()
    said = import_files(page, {name: data})
    took = time.monotonic() - started
    assert f"{name} was not imported" in said and says in said, said
    assert "Nothing else changed" in said
    assert took < 1.0, took
    assert listed(page) == ["Board 42 · VASL 6.3"]
    assert setup_of(page) == before


def test_my_board_image_is_shown_beneath_the_grid_on_its_board_from_this_page_only(tablet):
    page = tablet
    import_files(page, {"bd41": BD41, "bd42": BD42})
    press(page, "#board-grid .board-cell:nth-child(2) button", touch=True)       # 42 flipped
    press(page, "#new-boards", touch=True)
    page.wait_for_selector(f"{hex_sel('41Q5')}[data-terrain='woods']")
    press(page, "#board-images", touch=True)
    page.wait_for_selector("#map-content > svg.board-images image:nth-child(2)")
    images = page.locator("#map-content > svg.board-images image")
    for i, board in enumerate(("41", "42")):
        rect = page.locator(f"#map .board-edge[data-board='{board}'] rect")
        for a in ("x", "y", "width", "height"):
            assert images.nth(i).get_attribute(a) == rect.get_attribute(a)
        assert images.nth(i).get_attribute("href").startswith("blob:")
    assert images.nth(0).get_attribute("transform") is None
    assert images.nth(1).get_attribute("transform").startswith("rotate(180")
    # Off again: gone.
    press(page, "#board-images", touch=True)
    page.wait_for_selector("#map-content > svg.board-images", state="detached")


def test_an_import_with_notes_offers_them_and_one_tap_opens_them_in_view(tablet):
    """The notes of what a board draws that the app reads otherwise are one
    tap away from the import's message, opened and in view."""
    page = tablet
    noted = board_archive({}, {}, shapes=({"hex": "Q5", "disc": 14, "terrain": "rubble", "own": True},))
    said = import_files(page, {"bd41": noted})
    assert "the board's notes say where" in said, said
    assert page.inner_text("#message-action") == "Show the notes"
    assert not page.eval_on_selector(".board-notes", "d => d.open")
    press(page, "#message-action", touch=True)
    notes = page.locator(".board-notes")
    assert notes.evaluate("d => d.open")
    b = notes.bounding_box()
    assert 0 <= b["y"] and b["y"] + 20 <= TABLET["viewport"]["height"], b     # in view
    assert "41Q5" in notes.inner_text() or "Q5" in notes.inner_text()
