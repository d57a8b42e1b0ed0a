"""Who sees a hex or a unit, and a side's dead ground, in the page (issue 40),
by touch at screen positions on a board written by tests/vasl_writer.py
(tests/browser/seen_board.py), at 1280x800, 800x1280 and a 390x844 phone.

- Visibility, *Who sees it*, a hex: every unit that sees it with its
  Hindrance, as pycore.api.seen_by rules each, a thread drawn for each one
  that sees it; a building hex asked at its level in one more tap;
- a unit's *Who sees it* (the unit editor): its enemies that see it;
- *Dead ground*: every hex shaded by how many of the side's Good Order units
  see it, as pycore.api.coverage counts, at ground, a building's level and
  for a vehicle; said to be an analysis aid (A6.11); nothing overflows;
- the taps each takes, printed.
"""
from __future__ import annotations

import pytest

from pycore import api
from tests.browser.seen_board import BD41, board_page, shot
from tests.browser.conftest import python_call
from tests.browser.test_ui_steps import hex_sel, load_setup, setup_of, unit_sel

GERMANS = ("41N2", "41S3")
RUSSIANS = ("41Q8", "41O9")


def tap(player, selector: str) -> None:
    """Tap a control of the panel as a player does: one swipe first (counted)
    where it is out of sight or under the panel's sticky bar."""
    page = player.page
    on_top = page.evaluate("""(sel) => {
        const e = document.querySelector(sel), r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return Boolean(hit && (hit === e || e.contains(hit)));
    }""", selector)
    if not on_top:
        player.count += 1
        page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'center'})")
    player.tap(selector)


def place_units(page, player) -> list[dict]:
    player.tap("button[data-tool=unit]")
    for h in GERMANS:
        player.tap(hex_sel(h))
    player.tap("#side-chips [data-chip='1']")
    for h in RUSSIANS:
        player.tap(hex_sel(h))
    page.wait_for_selector(unit_sel("r2"), state="attached")
    return setup_of(page)["units"]


def listed(page) -> list[dict]:
    return page.evaluate("""() => [...document.querySelectorAll("#seen-list li")].map((li) => ({
        unit: li.querySelector("button").dataset.unit, status: li.dataset.status, words: li.textContent }))""")


def threads(page) -> list[tuple[str, str]]:
    return page.evaluate("""() => [...document.querySelectorAll("#map .seen-thread")].map(
        (l) => [l.dataset.from, l.dataset.status])""")


def shading(page) -> dict:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll("#map [data-cover]")].map(
        (g) => [g.dataset.hex, [Number(g.dataset.cover), g.hasAttribute("data-cover-hindered")]]))""")


def wait_said(page, sel: str, words: str) -> None:
    page.wait_for_function("([sel, words]) => document.querySelector(sel).textContent.includes(words)",
                           arg=[sel, words], timeout=60_000)


def no_overflow(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= width
    right = page.evaluate("""() => Math.max(...[...document.querySelectorAll("#panel-vis *")]
        .filter((e) => e.offsetParent).map((e) => e.getBoundingClientRect().right))""")
    assert right <= width + 0.5


@pytest.mark.parametrize("size", ["1280x800", "800x1280", "390x844"])
def test_A6_11_who_sees_a_hex_and_a_unit_and_dead_ground_by_touch(browser, site, size):
    page, player = board_page(browser, site, size)
    try:
        units = place_units(page, player)
        api.import_board(BD41)
        setup = setup_of(page)
        assert [u["hex"] for u in units] == [*GERMANS, *RUSSIANS]

        # Who sees a hex: Visibility, Who sees it, the hex.
        player.count = 0
        player.tap("button[data-tool=vis]")
        tap(player, "[data-vis-mode=who]")
        player.tap(hex_sel("41Q6"))
        page.wait_for_selector("#seen-list li")
        who_hex = player.count
        want = api.seen_by(setup, {"hex": "41Q6", "level": 0})
        got = listed(page)
        assert sorted((u["unit"], u["status"]) for u in got) == sorted(
            (u["unit"], "blocked" if not u["los"] else "hindered" if u["hindrance"] else "clear")
            for u in want["units"])
        assert [u["status"] != "blocked" for u in got] == sorted((u["status"] != "blocked" for u in got), reverse=True)
        seeing = [u["unit"] for u in want["units"] if u["los"]]
        assert sorted(t[0] for t in threads(page)) == sorted(
            next(x["hex"] for x in units if x["id"] == uid) for uid in seeing)
        assert page.inner_text("#seen-said") == f"{len(seeing)} of {len(want['units'])} units see 41Q6."
        assert "A6.11" in page.inner_text("#seen-aid")
        assert page.get_attribute(hex_sel("41Q6"), "data-seen-target") == "true"
        no_overflow(page)
        shot(page, f"seen-{size}-1-who-hex")

        # A building hex at its level: one more tap.
        player.tap(hex_sel("41O3"))
        page.wait_for_selector("#seen-level-row:not([hidden]) [data-level='1']")
        before = player.count
        tap(player, "#seen-levels [data-level='1']")
        wait_said(page, "#seen-said", "see 41O3 level 1")
        level_taps = player.count - before
        want = api.seen_by(setup, {"hex": "41O3", "level": 1})
        assert {u["unit"]: u["status"] != "blocked" for u in listed(page)} == \
            {u["unit"]: u["los"] for u in want["units"]}

        # Who sees a unit: its enemies (the unit editor's button).
        player.tap("button[data-tool=unit]")
        before = player.count
        player.tap(unit_sel("r1"))
        tap(player, "#ue-who-sees")
        wait_said(page, "#seen-said", "enemy units see r1")
        who_unit = player.count - before
        want = api.seen_by(setup, "r1")
        assert {u["unit"] for u in listed(page)} == {u["unit"] for u in want["units"]} == {"g1", "g2"}
        assert page.get_attribute("button[data-tool=vis]", "aria-pressed") == "true"
        shot(page, f"seen-{size}-2-who-unit")

        # Dead ground for the Germans: Visibility is open; one tap.
        before = player.count
        tap(player, "[data-vis-mode=dead]")
        wait_said(page, "#dead-said", "Unseen (dead ground)")
        dead = player.count - before
        cover = api.coverage(setup, "German")
        assert shading(page) == {n: [min(h["seen"], 2), h["hindered"]] for n, h in cover["hexes"].items()}
        counts = {k: sum(1 for h in cover["hexes"].values() if min(h["seen"], 2) == k) for k in (0, 1, 2)}
        assert all(counts.values()), counts              # the board shows all three shades
        assert "A6.11" in page.inner_text("#seen-aid")
        no_overflow(page)
        shot(page, f"seen-{size}-3-dead-ground")

        # At a building's level 1, and for a vehicle; then the Russians.
        tap(player, "#dead-targets [data-cover='1']")
        wait_said(page, "#dead-said", "a unit at level 1")
        level1 = api.coverage(setup, "German", 1)
        assert shading(page) == {n: [min(h["seen"], 2), h["hindered"]] for n, h in level1["hexes"].items()}
        tap(player, "#dead-targets [data-cover=vehicle]")
        wait_said(page, "#dead-said", "seeing a vehicle")
        vehicle = api.coverage(setup, "German", 0, None, True)
        assert shading(page) == {n: [min(h["seen"], 2), h["hindered"]] for n, h in vehicle["hexes"].items()}
        tap(player, "#dead-sides [data-side=Russian]")
        wait_said(page, "#dead-said", "Russian: 2 Good Order units")
        russian = api.coverage(setup, "Russian", 0, None, True)
        assert shading(page) == {n: [min(h["seen"], 2), h["hindered"]] for n, h in russian["hexes"].items()}

        # A tap on a shaded hex: who sees it, threads over the shading.
        player.tap(hex_sel("41Q6"))
        wait_said(page, "#seen-said", "Russian units see 41Q6")
        assert {u["unit"] for u in listed(page)} == {"r1", "r2"}   # the dead ground's side only
        assert threads(page)
        shot(page, f"seen-{size}-4-dead-who")
        tap(player, "#dead-clear")
        page.wait_for_function("() => !document.querySelector('#map [data-cover]')")
        print(f"issue 40 at {size}: who sees a hex {who_hex} taps (+{level_taps} for a building level), "
              f"who sees a unit {who_unit} (from Units), dead ground {dead} more")
        assert who_hex <= 4 and who_unit <= 3 and dead <= 2
    finally:
        page.context.close()


def test_A6_11_the_dead_grounds_side_buttons_are_the_sides_the_rules_count(ready_page):
    # Python counts the sides (web/marks.py counters, side_key): "German", " german"
    # and a fullwidth German are one side, a Cyrillic е another; an edit that takes
    # the last Russian off the map takes its button away, and no error is shown.
    page = ready_page
    sides = ["German", " german", "\uff27\uff45\uff52\uff4d\uff41\uff4e", "Russian", "G\u0435rman"]
    setup = {"format": "asl-setup", "version": 1, "map": {"columns": 10, "rows": 10},
             "units": [{"id": f"u{i}", "side": s, "type": "squad", "hex": f"C{i + 2}"}
                       for i, s in enumerate(sides)]}
    load_setup(page, setup)
    page.click("button[data-tool=vis]")
    page.click("[data-vis-mode=dead]")
    buttons = "() => [...document.querySelectorAll('#dead-sides button')].map((b) => b.textContent)"
    count = "(n) => document.querySelectorAll('#dead-sides button').length === n"
    page.wait_for_function(count, arg=3)
    assert page.evaluate(buttons) == python_call(page, "counters", setup)["sides"] \
        == ["German", "Russian", "G\u0435rman"]
    wait_said(page, "#dead-said", "German: 3 Good Order units")
    page.click("#dead-sides [data-side=Russian]")
    wait_said(page, "#dead-said", "Russian: 1 Good Order unit")
    load_setup(page, {**setup, "units": [u for u in setup["units"] if u["side"] != "Russian"]})
    page.wait_for_function(count, arg=2)
    assert page.evaluate(buttons) == ["German", "G\u0435rman"]
    assert not page.locator("#dead-sides [aria-pressed=true]").count()
    assert "Russian" not in page.inner_text("#dead-said")
