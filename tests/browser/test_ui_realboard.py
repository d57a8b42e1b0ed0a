"""A first dispute on a real board, on any device (issue 33), played as a new
player would at 1280x800 with touch, 800x1280 and a 390x844 phone: taps and
drags at screen positions, on a map of a board file written by
tests/vasl_writer.py (no real board's data).

- the page opens looking and asking: a one-finger drag pans, paints nothing;
- the dispute (import, map, two squads, the ruling) in at most 10 taps and no
  typed key, its count printed (docs/real-board-ui.md);
- a reload keeps the question and the ruling;
- paint over the board's reading says so, with Undo one tap away;
- a held hex shows what the app read there, corrected in one tap;
- on the phone the toolbar stays within 390 px, and a question link's hexes
  are at least 44 px, both ends and the verdict in view.
"""
from __future__ import annotations

import pytest

from pycore import api, share
from tests.browser import conftest
from tests.browser.conftest import open_page, wait_ready
from tests.browser.test_situations import Player
from tests.browser.test_ui_steps import centre_of, hex_sel, message, read_los_panel, setup_of, unit_sel
from tests.vasl_writer import board_archive

# Two stone buildings with a hedge between them, and woods: the dispute's ground.
BD41 = board_archive({"Q6": {"terrain": "stone-building"}, "R5": {"terrain": "stone-building"},
                      "P7": {"terrain": "woods"}}, {"Q6-R5": "hedge"})
SIZES = {"1280x800": {"viewport": {"width": 1280, "height": 800}, "has_touch": True},
         "800x1280": {"viewport": {"width": 800, "height": 1280}, "has_touch": True},
         "390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}
GERMAN, RUSSIAN = "41O6", "41T5"       # either side of the buildings
TAP_TARGET = 10


def screenshot(page, name: str) -> None:
    page.screenshot(path=f"/tmp/i33/{name}.png")


STILL = """(sel) => new Promise((done) => {
    const at = () => JSON.stringify(document.querySelector(sel)?.getBoundingClientRect());
    const first = at();
    setTimeout(() => requestAnimationFrame(() => done(first !== undefined && at() === first)), 300);
  })"""


def choose_files(player: Player, label: str, files: dict[str, bytes]) -> None:
    """Tap ``label`` (a file input's label) and give the system picker (not
    counted) these files. As a player's eye does, the button is tapped once
    it stays put: the page lays itself out for a moment after it is ready, and
    a tap in that moment can land where the button was. On a loaded machine a
    late message can still move it: a tap that opens no picker is tapped
    again, as a player would, and counted."""
    page = player.page
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    for attempt in range(3):
        page.wait_for_function(STILL, arg=label, timeout=10_000)
        try:
            with page.expect_file_chooser(timeout=10_000) as chooser:
                player.tap(label)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    chooser.value.set_files([{"name": n, "mimeType": "", "buffer": b} for n, b in files.items()])
    page.wait_for_selector("#first-run-new-map:visible")


def import_by_first_run(player: Player) -> None:
    """The first-run line's Import button: the system picker (not counted) gives bd41."""
    choose_files(player, "#first-run label[for=board-files]", {"bd41": BD41})


def drag(player: Player, start, end) -> None:
    player.drag([start, ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2), end])
    player.page.wait_for_timeout(400)      # the next tap no second tap of it (a loaded machine)


def transform(page) -> str:
    return page.eval_on_selector("#map-content", "e => e.style.transform")


def hold(page, point, ms: int = 800) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": point[0], "y": point[1]}]})
    page.wait_for_timeout(ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.parametrize("size", list(SIZES))
def test_a_dispute_on_a_real_board_in_ten_taps_kept_over_a_reload(browser, site, size):
    page = open_page(browser, site, **SIZES[size])
    try:
        wait_ready(page)
        player = Player(page)
        # Opened on LOS: a one-finger drag on the map pans and paints nothing.
        assert page.get_attribute("button[data-tool=los]", "aria-pressed") == "true"
        box = page.locator("#map").bounding_box()
        before = transform(page)
        drag(player, (box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.5),
             (box["x"] + box["width"] * 0.6, box["y"] + box["height"] * 0.6))
        assert transform(page) != before, "the drag panned"
        assert setup_of(page)["hexes"] == {} and page.is_disabled("#undo")
        player.count = 0                                         # the dispute starts here

        import_by_first_run(player)
        player.tap("#first-run-new-map")
        page.wait_for_selector(f"{hex_sel('41Q6')}[data-terrain='stone-building']")
        page.wait_for_timeout(300)
        screenshot(page, f"{size}-1-map")
        # The map of the board, opened on LOS: a one-finger drag still pans only.
        start, end = centre_of(page, hex_sel("41P7")), centre_of(page, hex_sel("41S6"))
        made = setup_of(page)
        drag(player, start, end)
        assert setup_of(page) == made
        drag(player, end, start)                                 # and back
        player.count -= 2                                        # those drags are the check, not the dispute
        player.tap("button[data-tool=unit]")
        player.tap(hex_sel(GERMAN))
        player.tap("#side-chips [data-chip='1']")
        player.tap(hex_sel(RUSSIAN))
        units = setup_of(page)["units"]
        assert [(u["side"], u["hex"]) for u in units] == [("German", GERMAN), ("Russian", RUSSIAN)]
        player.tap("button[data-tool=los]")
        player.tap(unit_sel(units[0]["id"]))
        player.tap(unit_sel(units[1]["id"]))
        shown = read_los_panel(page)
        taps = player.count
        screenshot(page, f"{size}-2-ruling")
        api.import_board(BD41)
        expected = api.los(setup_of(page), units[0]["id"], units[1]["id"])
        assert shown["los"] == expected["los"]
        assert page.is_visible("#los-verdict")
        conftest.SITUATION_ROWS.append((f"real-board dispute {size} (taps, no key)", taps, TAP_TARGET,
                                        player.seconds, shown["los"] == expected["los"]))
        print(f"real-board dispute at {size}: {taps} taps, 0 typed keys")
        assert taps <= TAP_TARGET

        # The ruling card's controls open below the toolbar, never over it.
        page.locator("#ruling-card").click()
        page.wait_for_selector("#card-dialog:not([hidden]) #card-body svg")
        bar = page.locator(".topbar").bounding_box()
        for control in ("#card-png", "#card-print", "#card-close"):
            assert page.locator(control).bounding_box()["y"] >= bar["y"] + bar["height"] - 1, control
        page.locator("#card-close").click()

        # A reload brings back the same viewer, target and ruling.
        verdict = page.inner_text("#los-verdict")
        page.wait_for_timeout(300)                               # the autosave
        page.reload()
        wait_ready(page)
        again = read_los_panel(page)
        assert page.inner_text("#los-verdict") == verdict and again["los"] == shown["los"]
        assert page.inner_text("#los-viewer") == f"unit {units[0]['id']}"
        assert page.inner_text("#los-target") == f"unit {units[1]['id']}"
        screenshot(page, f"{size}-3-reloaded")
        if size == "390x844":
            right = page.evaluate("() => Math.max(...[...document.querySelectorAll('.topbar *')]"
                                  ".filter(e => e.offsetParent).map(e => e.getBoundingClientRect().right))")
            assert right <= 390
            assert page.locator("#goto-form button").bounding_box()["x"] + 44 <= 390
    finally:
        page.context.close()


def test_paint_over_the_boards_reading_says_so_with_undo_and_a_held_hex_shows_the_reading(browser, site):
    page = open_page(browser, site, **SIZES["390x844"])
    try:
        wait_ready(page)
        player = Player(page)
        import_by_first_run(player)
        player.tap("#first-run-new-map")
        page.wait_for_selector(f"{hex_sel('41Q6')}[data-terrain='stone-building']")
        # Terrain chosen: a one-finger drag paints (open, the brush's first terrain).
        player.tap("button[data-tool=terrain]")
        drag(player, centre_of(page, hex_sel("41Q6")), centre_of(page, hex_sel("41R5")))
        assert "2 hexes of the board's reading repainted" in message(page)
        assert page.get_attribute(hex_sel("41Q6"), "data-terrain") is None
        screenshot(page, "390x844-4-repainted")
        player.tap("#message-action")                            # Undo, one tap away
        page.wait_for_selector(f"{hex_sel('41Q6')}[data-terrain='stone-building']")
        assert setup_of(page)["hexes"] == {}

        # The board's image shown: the reading drawn thin, no second copy of the hex names.
        page.locator("#board-images").check()
        style = page.evaluate("""() => {
            const name = document.querySelector("#map .hex-name");
            const side = document.querySelector("#map .hexside[data-type]");
            const ground = document.querySelector("#map .hex-ground");
            return { name: getComputedStyle(name).display, width: parseFloat(getComputedStyle(side).strokeWidth),
                     fill: getComputedStyle(ground).fillOpacity };
        }""")
        assert style == {"name": "none", "width": 1.6, "fill": "0"}

        # Back on LOS, a held hex shows what the app read there; one tap removes the hedge.
        player.tap("button[data-tool=los]")
        hold(page, centre_of(page, hex_sel("41Q6")))
        page.wait_for_selector("#reading:not([hidden])")
        assert page.inner_text("#reading-text") == "41Q6: stone building, level 0; hedge 41Q6-41R5"
        assert setup_of(page)["units"] == [] and page.inner_text("#los-viewer") == "–"   # not a tap
        screenshot(page, "390x844-5-reading")
        player.tap("#reading-sides button")
        page.wait_for_function("() => window.asl.getSetup().hexsides['41Q6-41R5'] === 'none'")
        page.wait_for_function("() => document.getElementById('reading-text').textContent"
                               ".endsWith('(your correction)')")
        assert "hedge" not in page.inner_text("#reading-text")
        # The terrain corrected from the list: a select, two taps.
        page.select_option("#reading-terrain", "woods")
        page.wait_for_selector(f"{hex_sel('41Q6')}[data-terrain='woods']")
    finally:
        page.context.close()


def test_a_question_link_on_the_phone_frames_the_thread_at_44px_hexes_with_the_verdict_in_view(browser, site):
    source = api.import_board(BD41)["source"]
    setup = {"format": "asl-setup", "version": 1, "map": {"boards": [[{"board": "41", "source": source}]]},
             "hexes": {}, "hexsides": {},
             "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "41N6"},
                       {"id": "r1", "side": "Russian", "type": "squad", "hex": "41T5"}]}
    link = share.encode(api.load(setup), {"tool": "fire", "viewer": "g1", "target": "r1", "view": {"zoom": 1}})
    page = open_page(browser, site, **SIZES["390x844"])
    try:
        wait_ready(page)
        page.set_input_files("#board-files", [{"name": "bd41", "mimeType": "", "buffer": BD41}])
        page.wait_for_selector("#board-library > li")
        page.goto(site.url + "#" + link)
        page.wait_for_selector("#los-result:not([hidden])")
        page.wait_for_timeout(300)
        view = page.locator("#map").bounding_box()
        for uid, hex_name in (("g1", "41N6"), ("r1", "41T5")):
            box = page.locator(hex_sel(hex_name)).bounding_box()
            assert box["width"] >= 44, (hex_name, box)
            assert view["x"] <= box["x"] and box["x"] + box["width"] <= view["x"] + view["width"]
            assert view["y"] <= box["y"] and box["y"] + box["height"] <= view["y"] + view["height"]
        verdict = page.locator("#los-verdict").bounding_box()
        assert 0 <= verdict["y"] and verdict["y"] + verdict["height"] <= 844
        screenshot(page, "390x844-6-link")
    finally:
        page.context.close()
