"""Tournament-ready on any device (issue 22): a question link on a phone shows
the ruling without a scroll and frames its thread; nothing stale stays on
screen (share link, QR code, a question on a map that lost its hexes, a
failed action's message); the new-map controls offer what the engine allows
and speak a player's words.

Set ASL_UI_SHOTS=DIR to keep the screenshots (look at them when the UI changes).
"""
from __future__ import annotations

import pytest

from pycore import limits, share

from .conftest import open_page, wait_ready
from .test_ui_layout import box, inside, shoot
from .test_ui_steps import hex_sel, message, paint_hex, press, setup_of, tool

SIZES = {"phone": (390, 844), "tablet-portrait": (800, 1280), "tablet-landscape": (1280, 800)}
MIN_HEX_PX = 30

# B9.2 EX: the Z8-Y9 hedge and the X7-Y7 wall; g1 fires at r1 from Z9 to X6.
B92 = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
       "hexes": {"Y6": {"terrain": "woods"}}, "hexsides": {"Z8-Y9": "hedge", "Y7-X7": "wall"},
       "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "Z9"},
                 {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6"}]}


def errors(page) -> list[str]:
    return [m for m in page.asl_console if m.startswith("pageerror")]


@pytest.mark.parametrize("size", list(SIZES))
def test_after_a_verdict_a_unit_asks_from_it_an_enemy_or_hex_about_it_verdict_in_view(
        browser, site, size):
    # issue 42: the player tapped a second unit and got it as the old viewer's
    # target; now the player's next unit tapped after a verdict starts a new
    # question from it, an enemy or a hex tapped is a new target of the same
    # viewer, and each verdict is on screen at once, by taps at screen coordinates
    width, height = SIZES[size]
    two = {**B92, "units": [*B92["units"], {"id": "g2", "side": "German", "type": "squad", "hex": "Z7"}]}
    link = site.url + "#" + share.encode(two)
    page = open_page(browser, site, goto=False, viewport={"width": width, "height": height},
                     has_touch=True)
    screen = {"x": 0, "y": 0, "width": width, "height": height}

    def verdict(viewer: str, target: str) -> str:
        page.wait_for_function("q => (document.querySelector('#los-result').dataset.query || '')"
                               ".includes(q)", arg=target)
        assert page.inner_text("#los-viewer") == viewer
        assert inside(box(page, "#los-verdict"), screen), (size, viewer, target)
        return page.inner_text("#los-verdict")

    try:
        page.goto(link)
        wait_ready(page)
        page.wait_for_selector("#message:not([hidden])")
        press(page, "#map [data-unit='g1']", touch=True)
        press(page, "#map [data-unit='r1']", touch=True)
        assert verdict("unit g1", "r1") == "Clear LOS"
        press(page, "#map [data-unit='g2']", touch=True)          # a new question from g2
        assert page.inner_text("#los-viewer") == "unit g2"
        assert page.inner_text("#los-target") == "–"
        press(page, "#map [data-unit='r1']", touch=True)
        verdict("unit g2", "r1")
        press(page, hex_sel("Y6"), touch=True)                    # a hex: g2's new target
        verdict("unit g2", "Y6")
        press(page, "#map [data-unit='r1']", touch=True)          # an enemy: g2's new target
        verdict("unit g2", "r1")
        shoot(page, f"i42-flow-{size}")
        assert errors(page) == []
    finally:
        page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_question_link_shows_the_ruling_without_a_scroll_and_frames_the_thread(browser, site, size):
    width, height = SIZES[size]
    # The sender's view is the whole map: on a phone that is 12 px hexes, so
    # the page frames the thread instead.
    link = site.url + "#" + share.encode(B92, {"tool": "fire", "viewer": "g1", "target": "r1",
                                               "view": {"zoom": 1}})
    page = open_page(browser, site, goto=False, viewport={"width": width, "height": height},
                     has_touch=True)
    try:
        page.goto(link)
        wait_ready(page)
        page.wait_for_selector("#los-verdict:not(:empty)")
        page.wait_for_selector("#message:not([hidden])")
        shoot(page, f"i22-link-{size}")
        screen = {"x": 0, "y": 0, "width": width, "height": height}
        assert page.inner_text("#los-verdict") == "Clear LOS"
        for selector in ("#los-verdict", "#los-result [data-k=range]", "#los-result [data-k=hindrance]",
                         "#los-result [data-k=tem]"):
            assert inside(box(page, selector), screen), selector
        assert page.inner_text("#los-result [data-k=tem]").startswith("+2")   # the X7-Y7 wall, B9.2 EX
        assert box(page, "header")["height"] <= (110 if size != "tablet-landscape" else 60)
        map_box = box(page, "#map")
        for end in ("Z9", "X6"):
            hex_box = box(page, hex_sel(end))
            assert inside(hex_box, map_box), end
            assert hex_box["width"] >= MIN_HEX_PX, end
        # The "Opened the setup" message covers none of the panel's controls.
        msg, side = box(page, "#message"), box(page, "aside.side")
        assert msg["y"] + msg["height"] <= side["y"] or msg["x"] + msg["width"] <= side["x"]
        assert not errors(page), page.asl_console
    finally:
        page.context.close()


def test_the_share_link_and_qr_code_go_at_an_edit_and_the_next_link_is_the_new_setup(ready_page):
    page = ready_page
    page.click("#share")
    page.wait_for_selector("#share-qr svg")
    first = page.input_value("#share-link")
    first_qr = page.inner_html("#share-qr")
    paint_hex(page, "C3", terrain="woods")
    page.wait_for_selector("#share-link", state="hidden")
    assert page.is_hidden("#share-qr") and page.input_value("#share-link") == ""
    assert "changed" in page.inner_text("#share-stale")
    page.click("#share")
    page.wait_for_selector("#share-qr svg")
    second = page.input_value("#share-link")
    assert second != first and page.inner_html("#share-qr") != first_qr
    assert share.decode(second)["hexes"] == {"C3": {"terrain": "woods"}}
    assert page.is_hidden("#share-stale")
    # A new LOS question changes the link too.
    tool(page, "los")
    page.fill("#los-from", "C3")
    page.fill("#los-to", "E3")
    page.click("#los-typed button[type=submit]")
    page.wait_for_selector("#share-link", state="hidden")
    assert not errors(page), page.asl_console


def test_a_smaller_new_map_ends_a_question_whose_hexes_are_gone_and_says_so(ready_page):
    page = ready_page
    tool(page, "los")
    page.fill("#los-from", "F5")
    page.fill("#los-to", "H5")
    page.click("#los-typed button[type=submit]")
    page.wait_for_selector("#los-result:not([hidden])")
    page.fill("#map-columns", "4")
    page.fill("#map-rows", "4")
    page.click("#new-map")
    page.wait_for_function("() => window.asl.getSetup().map.columns === 4")
    text = message(page)
    assert "F5 and H5 are not on this map" in text
    assert page.is_hidden("#los-result")
    assert page.inner_text("#los-viewer") == "–" and page.locator("#map .los").count() == 0
    assert not errors(page), page.asl_console


def test_a_failed_go_to_or_new_map_message_closes_when_the_next_one_succeeds(ready_page):
    page = ready_page
    page.fill("#goto", "zzz")
    page.click("#goto-form button")
    assert "zzz" in message(page)
    page.fill("#goto", "C3")
    page.click("#goto-form button")
    page.wait_for_selector(f"{hex_sel('C3')}[data-goto]")
    page.wait_for_selector("#message", state="hidden")
    assert page.input_value("#goto") == ""          # ready for the next name
    page.fill("#map-columns", "99")
    page.fill("#map-rows", "99")
    page.click("#new-map")
    refused = message(page)
    assert "Your setup is unchanged" in refused and "map." not in refused   # a player's words
    page.fill("#map-rows", "20")
    page.click("#new-map")
    page.wait_for_function("() => window.asl.getSetup().map.columns === 99")
    page.wait_for_selector("#message", state="hidden")
    assert not errors(page), page.asl_console


def test_the_size_boxes_offer_exactly_the_engines_limits(ready_page):
    page = ready_page
    page.wait_for_function("() => document.querySelector('#map-columns').max !== ''")
    assert page.get_attribute("#map-columns", "max") == str(limits.MAX_COLUMNS)
    assert page.get_attribute("#map-rows", "max") == str(limits.MAX_ROWS)
    assert page.get_attribute("#map-columns", "min") == "1"
    assert f"{limits.MAX_MAP_HEXES:,}" in page.inner_text("#map-limits")
    page.fill("#map-columns", "1")
    page.fill("#map-rows", "1")
    page.click("#new-map")
    page.wait_for_function("() => window.asl.getSetup().map.columns === 1")
    page.wait_for_selector("#map:not([data-drawing])")
    assert page.locator("#map svg [data-hex]").count() == 1   # A1, shown, not an empty area
    assert inside(box(page, hex_sel("A1")), box(page, "#map"))


def test_board_boxes_start_empty_and_a_refused_board_is_named_by_its_box(ready_page):
    page = ready_page
    cells = page.locator("#board-grid .board-cell input")
    assert [cells.nth(i).input_value() for i in range(cells.count())] == ["", ""]
    page.click("#new-boards")
    assert "row 1, column 1 is empty" in message(page)
    cells.nth(0).fill("6")
    cells.nth(1).fill("6")
    page.click("#new-boards")
    page.wait_for_function("() => document.querySelector('#message-text').textContent.includes('already')")
    text = message(page)
    assert "the board in row 1, column 2: board 6 is already on the map" in text
    assert "map.boards" not in text
    cells.nth(1).fill("12")
    page.click("#new-boards")
    page.wait_for_function("() => window.asl.getSetup().map.boards !== undefined")
    page.wait_for_selector("#message", state="hidden")
    assert setup_of(page)["map"]["boards"] == [["6", "12"]]


def test_the_unit_editor_shows_the_building_level_once(ready_page):
    page = ready_page
    setup = {**B92, "hexes": {"Z9": {"terrain": "stone-building", "levels": 3}}}
    page.evaluate("s => window.asl.loadSetup(s)", setup)
    tool(page, "unit")
    press(page, "#map [data-unit='g1']")
    page.wait_for_selector("#unit-editor:not([hidden])")
    buttons = page.locator(".quick[data-for=ue-level] button")
    assert [buttons.nth(i).inner_text() for i in range(buttons.count())] == ["0", "1", "2"]
    select = box(page, "#ue-level")
    assert select["width"] <= 1 and select["height"] <= 1     # the buttons say it; the select stays for keyboards
    buttons.nth(2).click()
    page.wait_for_function("() => window.asl.getSetup().units[0].level === 2")
    assert page.input_value("#ue-level") == "2"


def test_the_keys_list_opens_in_sight_on_a_phone(browser, site):
    page = open_page(browser, site, viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        wait_ready(page)
        page.keyboard.press("?")
        page.wait_for_selector("#keys-help[open]")
        page.wait_for_timeout(300)
        assert inside(box(page, "#keys-help summary"), {"x": 0, "y": 0, "width": 390, "height": 844})
        assert inside(box(page, "#keys-help dl"), box(page, "aside.side"))
    finally:
        page.context.close()


def test_a_first_run_hint_of_real_boards_units_los_goes_after_the_first_ruling_for_good(browser, site):
    page = open_page(browser, site, viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        wait_ready(page)
        hint = page.inner_text("#first-run")
        # issue 33: one line says how to begin with real boards, the import button right there
        assert "Import your VASL board files (bd41" in hint.replace("import your", "Import your")
        assert all(step in hint for step in ("Units", "LOS"))
        assert inside(box(page, "#first-run"), {"x": 0, "y": 0, "width": 390, "height": 844})
        assert inside(box(page, "#first-run label[for=board-files]"), box(page, "#first-run"))
        page.evaluate("s => window.asl.loadSetup(s)", B92)
        tool(page, "los")
        press(page, "#map [data-unit='g1']", touch=True)
        press(page, "#map [data-unit='r1']", touch=True)
        page.wait_for_selector("#los-result:not([hidden])")
        page.wait_for_selector("#first-run", state="hidden")
        page.reload()
        wait_ready(page)
        assert page.is_hidden("#first-run")
    finally:
        page.context.close()
    other = open_page(browser, site)
    try:
        wait_ready(other)
        other.click("#first-run-close")
        assert other.is_hidden("#first-run")
        other.reload()
        wait_ready(other)
        assert other.is_hidden("#first-run")
    finally:
        other.context.close()


def test_on_a_phone_the_panel_is_a_sheet_pulled_up_for_the_steps_and_let_down(browser, site):
    link = site.url + "#" + share.encode(B92, {"tool": "fire", "viewer": "g1", "target": "r1"})
    page = open_page(browser, site, goto=False, viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page.goto(link)
        wait_ready(page)
        page.wait_for_selector("#los-steps li")
        low = box(page, "aside.side")["height"]
        press(page, "#sheet-toggle", touch=True)
        page.wait_for_function("() => document.body.dataset.sheet === 'up'")
        page.wait_for_timeout(200)
        shoot(page, "i22-sheet-up-phone")
        high = box(page, "aside.side")["height"]
        assert high > low + 200 and box(page, "#map")["height"] >= 120
        # The steps of B9.2 EX's ruling come into the sheet; the thread stays on the map.
        page.locator("#los-steps").scroll_into_view_if_needed()
        assert inside(box(page, "#los-steps li"), box(page, "aside.side"))
        assert inside(box(page, "#sheet-toggle"), box(page, "aside.side"))   # it stays at the top
        press(page, "#sheet-toggle", touch=True)
        page.wait_for_function("() => document.body.dataset.sheet === undefined")
        assert abs(box(page, "aside.side")["height"] - low) < 2
        assert not errors(page), page.asl_console
    finally:
        page.context.close()


def test_a_wall_and_a_hedge_under_the_thread_show_on_both_sides_of_it(ready_page):
    # B9.2 EX: the thread g1-r1 runs along the X7-Y7 wall and Y9-Z8 hedge hexspines.
    page = ready_page
    page.evaluate("s => window.asl.loadSetup(s)", B92)
    tool(page, "los")
    press(page, "#map [data-unit='g1']")
    press(page, "#map [data-unit='r1']")
    page.wait_for_selector("#map .los[data-status=clear]")
    page.wait_for_selector("#map .hexside[data-type][data-on-thread]")
    widths = page.evaluate("""() => {
        const w = (el) => parseFloat(getComputedStyle(el).strokeWidth);
        const sides = [...document.querySelectorAll("#map .hexside[data-type][data-on-thread]")];
        return { thread: w(document.querySelector("#map .los .thread")),
                 sides: Object.fromEntries(sides.map((s) => [s.dataset.type, w(s)])) };
    }""")
    assert set(widths["sides"]) == {"wall", "hedge"}
    for kind, width in widths["sides"].items():
        assert width >= 3 * widths["thread"], kind
