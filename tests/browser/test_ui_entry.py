"""Setting a situation up quickly (issue 9), as a player does it: thread first,
stacks that open, the zoom kept through a rotation, sides that differ only in
case, and drags that are one undoable edit. Taps and drags at screen
positions; ``window.asl`` only reads the outcome."""
from __future__ import annotations

from pycore import api
from tests.browser.test_situations import near_side
from tests.browser.test_ui_steps import centre_of, hex_sel, hexside_name, setup_of, unit_sel


def ask_los(p, viewer: str, target: str) -> None:
    """The LOS tool, then two empty hexes: the thread, clear on open ground."""
    p.tap("button[data-tool=los]")
    p.tap(hex_sel(viewer))
    p.tap(hex_sel(target))
    p.page.wait_for_selector("#map .los[data-status=clear]")


def test_thread_first_two_empty_hexes_light_what_the_thread_touches_A6_1(player):
    p, page = player, player.page
    ask_los(p, "Z9", "X6")
    lit = page.eval_on_selector_all("#map [data-on-thread]", "els => els.map(e => "
                                    "e.dataset.hex || e.dataset.hexside || e.dataset.vertex)")
    want = api.thread({"format": "asl-setup", "version": 1}, "Z9", "X6")["touches"]
    assert sorted(lit) == sorted(want)
    assert {"Y8", "Y9-Z8", "X7-Y7"} <= set(lit)          # the B9.2 EX hexspines, lit to paint


def test_the_ruling_stays_live_and_visible_while_painting_then_clears(player):
    p, page = player, player.page
    ask_los(p, "C3", "C7")
    p.tap("button[data-tool=terrain]")
    assert page.is_visible("#los-chip")
    assert "Clear LOS" in page.text_content("#los-chip-text")
    p.tap("#terrain-palette [data-terrain=woods]")
    p.tap(hex_sel("C5"))                                  # A6.2: woods between them
    page.wait_for_function("() => document.querySelector('#los-chip-text').textContent"
                           ".includes('No LOS')")
    page.wait_for_selector("#map .los[data-status=blocked]")
    p.tap("#los-chip-close")
    assert not page.is_visible("#los-chip")
    assert page.locator("#map .los").count() == 0
    assert page.locator("#map [data-on-thread]").count() == 0


def test_the_viewer_stays_and_each_tap_asks_about_a_new_target(player):
    p, page = player, player.page
    p.tap("button[data-tool=los]")
    for h in ("C3", "C5", "E5", "C3"):
        p.tap(hex_sel(h))
        if h != "C3":
            assert page.text_content("#los-viewer") == "hex C3"
            assert page.text_content("#los-target") == f"hex {h}"
    assert page.text_content("#los-viewer") == "–"         # the viewer again starts over


def test_a_stack_opens_when_one_of_its_counters_is_selected_so_each_can_be_tapped(player):
    p, page = player, player.page
    p.tap("button[data-tool=unit]")
    p.tap(hex_sel("H4"))
    p.tap("#ue-stack")                                    # "Add one here": a stack of three
    p.tap("#ue-stack")
    p.tap(unit_sel("g1"))
    boxes = [page.locator(unit_sel(u) + " rect.counter").bounding_box() for u in ("g1", "g2", "g3")]
    for a, b in zip(boxes, boxes[1:]):                    # side by side, none covered
        assert b["x"] >= a["x"] + a["width"] - 0.5
    p.tap(unit_sel("g2"))
    assert page.text_content("#ue-title") == "g2"


def test_rotating_the_tablet_keeps_the_zoom_and_the_centre(player):
    page = player.page
    page.touchscreen.tap(*centre_of(page, "#zoom-in"))
    page.touchscreen.tap(*centre_of(page, "#zoom-in"))
    before = page.evaluate("() => document.querySelector('#map-content').style.transform")
    centre = page.evaluate("""() => { const r = document.querySelector('#map').getBoundingClientRect();
        return document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)
            .map(e => e.closest('[data-hex]')).find(Boolean).dataset.hex; }""")
    page.set_viewport_size({"width": 800, "height": 1280})
    page.wait_for_timeout(200)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(200)
    after = page.evaluate("() => document.querySelector('#map-content').style.transform")
    assert after.split("scale(")[1] == before.split("scale(")[1]
    again = page.evaluate("""() => { const r = document.querySelector('#map').getBoundingClientRect();
        return document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)
            .map(e => e.closest('[data-hex]')).find(Boolean).dataset.hex; }""")
    assert again == centre


def test_sides_that_differ_only_in_case_are_friends_B9_32(player):
    # "german" typed once and "German" from the chip are one side: no enemy
    # across the wall, so neither denies the other's WA (B9.32).
    p, page = player, player.page
    p.tap("button[data-tool=hexside]")
    p.tap_at(near_side(page, "E3-F3", "E3"))
    p.tap("button[data-tool=unit]")
    p.tap(hex_sel("E3"))
    page.fill("#ue-side", "german ")
    page.press("#ue-side", "Enter")
    p.tap(hex_sel("F3"))
    page.wait_for_function("() => window.asl.getSetup().units.length === 2")
    sides = [u["side"] for u in setup_of(page)["units"]]
    assert sides == ["german", "German"] or sides == ["german ", "German"]
    wa = api.wall_advantage(setup_of(page))
    assert wa["problems"] == []
    page.wait_for_selector("#wa-body tr[data-unit=g1]")
    assert page.locator("#wa-problems li").count() == 0


def test_a_drag_of_the_hexside_brush_is_one_undoable_edit(player):
    p, page = player, player.page
    p.tap("button[data-tool=hexside]")
    p.drag([near_side(page, "Y9-Z8", "Z8", 0.1), near_side(page, "Y8-Z8", "Z8", 0.1)])
    got = set(setup_of(page)["hexsides"])
    assert got == {hexside_name("Y9-Z8"), hexside_name("Y8-Z8")}
    p.tap("#undo")
    assert setup_of(page)["hexsides"] == {}
