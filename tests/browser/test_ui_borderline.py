"""A borderline LOS in the page (A6.1, issue 40), by touch at screen
positions on a board written by tests/vasl_writer.py: woods drawn a pixel
across the thread 41Q4-41Q8 (tests/browser/seen_board.py).

- the LOS panel says Borderline (A6.1), names the art, and shows both
  outcomes as the core rules them;
- one tap rolls the dr (in Python), whose result decides the verdict; Undo
  takes it back; the players may instead agree, one tap each way, and take
  it back;
- the ruling card and the share link carry the roll, and the link opens on
  a fresh browser (its own board import) showing the same roll and verdict.
"""
from __future__ import annotations

import re

import pytest

from pycore import api
from tests.browser.conftest import open_page, wait_ready
from tests.browser.seen_board import BD41, board_page, shot
from tests.browser.test_ui_steps import hex_sel, read_los_panel, setup_of
from web import present

VIEWER, TARGET = "41Q4", "41Q8"


def borderline_panel(page) -> dict:
    page.wait_for_selector("#los-borderline:not([hidden])")
    return page.evaluate("""() => ({
        title: document.getElementById("bl-title").textContent,
        lead: document.getElementById("bl-lead").textContent,
        outcomes: [...document.querySelectorAll(".bl-outcome")].map((o) => ({
            key: o.dataset.outcome, chosen: o.dataset.chosen ?? null,
            verdict: o.querySelector(".bl-verdict").textContent,
            facts: Object.fromEntries([...o.querySelectorAll("dd")].map((d) => [d.dataset.k, d.textContent])) })),
        settled: document.getElementById("bl-settled").hidden ? null
            : document.getElementById("bl-settled").textContent,
    })""")


def settled_text(page, expected: str | None) -> None:
    """Wait for the panel's settlement line to be ``expected`` (None: none)."""
    page.wait_for_function("""(want) => {
        const box = document.getElementById("los-borderline");
        const line = document.getElementById("bl-settled");
        return !box.hidden && (want === null ? line.hidden : !line.hidden && line.textContent === want);
    }""", arg=expected, timeout=30_000)


def expected_panel(setup: dict) -> dict:
    api.import_board(BD41)
    return present.los(setup, {"hex": VIEWER, "level": 0}, {"hex": TARGET, "level": 0})


@pytest.mark.parametrize("size", ["1280x800", "800x1280", "390x844"])
def test_A6_1_a_borderline_ruling_shows_both_outcomes_and_a_roll_settles_it(browser, site, size):
    page, player = board_page(browser, site, size)
    try:
        player.tap(hex_sel(VIEWER))
        player.tap(hex_sel(TARGET))
        shown = read_los_panel(page)
        panel = borderline_panel(page)
        asked = player.count
        want = expected_panel(setup_of(page))
        b = want["present"]["borderline"]
        assert shown["los"] is want["los"] is False and shown["borderline"].startswith("the woods drawn in 41Q6")
        assert panel["title"] == "Borderline (A6.1)" and panel["lead"] == b["lead"]
        assert [(o["key"], o["verdict"]) for o in panel["outcomes"]] == \
            [(o["key"], o["verdict"]) for o in b["outcomes"]] == [("clear", "Clear LOS"), ("blocked", "No LOS (A6.1)")]
        assert panel["outcomes"][1]["facts"] == {"blocked_at": "41Q6 (A6.1)"}
        assert page.get_attribute(hex_sel("41Q6"), "data-borderline") == "true"
        shot(page, f"borderline-{size}-1-asked")

        player.tap("#bl-roll")                               # one tap rolls the dr
        page.wait_for_function("() => (window.asl.getSetup().settled ?? []).length === 1")
        entry = setup_of(page)["settled"][0]
        dr = entry["dr"]
        assert 1 <= dr <= 6 and entry["los"] is (dr <= 3)
        assert entry["viewer"] == {"hex": VIEWER, "level": 0} and entry["target"] == {"hex": TARGET, "level": 0}
        outcome = "not blocked" if dr <= 3 else "blocked"
        settled_text(page, f"Settled, dr {dr}: {outcome} (A6.1).")
        shown = read_los_panel(page)
        assert shown["los"] is (dr <= 3)
        assert shown["steps"][-1].endswith(f"settled this borderline LOS by a dr of {dr}: it is {outcome} (A6.1).")
        chosen = {o["key"]: o["chosen"] for o in borderline_panel(page)["outcomes"]}
        assert chosen == {"clear": str(dr <= 3).lower(), "blocked": str(dr > 3).lower()}
        print(f"borderline at {size}: asked in {asked} taps, rolled (dr {dr}) in {player.count - asked}")
        shot(page, f"borderline-{size}-2-rolled")

        # Undo takes the roll back; the players agree instead, then take that back.
        page.locator("#undo").tap()
        settled_text(page, None)
        assert "settled" not in setup_of(page) and read_los_panel(page)["los"] is False
        player.tap("#bl-agree-clear")
        settled_text(page, "Settled, agreed: not blocked (A6.1).")
        assert read_los_panel(page)["los"] is True
        player.tap("#bl-agree-blocked")
        settled_text(page, "Settled, agreed: blocked (A6.1).")
        assert setup_of(page)["settled"] == [{"viewer": {"hex": VIEWER, "level": 0},
                                             "target": {"hex": TARGET, "level": 0}, "dr": None, "los": False}]
        player.tap("#bl-unsettle")
        settled_text(page, None)
        assert "settled" not in setup_of(page)
    finally:
        page.context.close()


def test_A6_1_the_card_and_a_link_carry_the_roll_to_a_fresh_browser(browser, site):
    page, player = board_page(browser, site, "1280x800")
    try:
        player.tap(hex_sel(VIEWER))
        player.tap(hex_sel(TARGET))
        borderline_panel(page)
        player.tap("#bl-roll")
        page.wait_for_function("() => (window.asl.getSetup().settled ?? []).length === 1")
        dr = setup_of(page)["settled"][0]["dr"]
        outcome = "not blocked" if dr <= 3 else "blocked"
        settled_text(page, f"Settled, dr {dr}: {outcome} (A6.1).")
        verdict = page.inner_text("#los-verdict")

        # The ruling card: the roll in its facts and its steps.
        player.tap("#ruling-card")
        page.wait_for_selector("#card-dialog:not([hidden]) #card-body svg")
        card = page.inner_html("#card-body")
        facts = " ".join(re.findall(r'class="card-fact"[^>]*>([^<]*)<', card))
        steps = " ".join(re.findall(r'class="card-step"[^>]*>([^<]*)<', card))
        assert f"settled, dr {dr}: {outcome}" in facts
        assert f"by a dr of {dr}: it is {outcome}" in steps
        shot(page, "borderline-1280x800-3-card")
        page.locator("#card-close").click()

        # The share link, opened in a fresh browser that imports the board it names.
        player.tap("#share")
        page.wait_for_selector("#share-link:not([hidden])")
        link = page.input_value("#share-link")
        other = open_page(browser, site, goto=False, viewport={"width": 390, "height": 844},
                          has_touch=True, is_mobile=True)
        try:
            other.goto(link)
            wait_ready(other)
            # the page names the board to import; the system's picker gives it bd41
            other.set_input_files("#board-files", files=[{"name": "bd41", "mimeType": "", "buffer": BD41}])
            settled_text(other, f"Settled, dr {dr}: {outcome} (A6.1).")
            assert other.inner_text("#los-verdict") == verdict
            assert setup_of(other)["settled"] == setup_of(page)["settled"]
            shot(other, "borderline-390x844-4-link-opened")
        finally:
            other.context.close()
    finally:
        page.context.close()
