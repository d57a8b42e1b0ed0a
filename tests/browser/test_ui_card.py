"""A ruling a tournament director can keep (issue 10): a link that carries the
question opens with the ruling shown; the ruling card (PNG and printable page)
with its QR code; the QR code of the share link on screen; a step's
explanation. Driven at 1280x800 and 800x1280 with touch, taps at screen
coordinates. Set ASL_CARD_SHOTS=dir to keep the screenshots for a look."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from pycore import api, share
from pycore.rules.explain import EXPLAIN, RULEBOOK

from .conftest import open_page, wait_ready
from .test_ui_share import close_checked
from .test_ui_steps import (hex_sel, in_view, load_setup, los_check, paint_b92_example, press,
                            read_los_panel, setup_of, tool, unit_sel)

zxingcpp = pytest.importorskip("zxingcpp")   # installed by `python build.py test`
Image = pytest.importorskip("PIL.Image")

CORPUS = {e["name"]: e for e in json.loads(
    (Path(__file__).parent.parent / "data" / "links.json").read_text("utf-8"))["links"]}
SCREENS = {"landscape": {"width": 1280, "height": 800}, "portrait": {"width": 800, "height": 1280}}
PHONE = {"width": 390, "height": 844}   # the card is read on the opponent's phone too (3x)


def keep(path: Path) -> None:
    where = os.environ.get("ASL_CARD_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(where) / path.name)


def qr_text(png: Path) -> str:
    found = zxingcpp.read_barcodes(Image.open(png).convert("L"))
    codes = [b.text for b in found if b.format == zxingcpp.BarcodeFormat.QRCode]
    assert len(codes) == 1, f"{png.name}: {len(codes)} QR codes"
    return codes[0]


def touch_page(browser, site, screen: str, fragment: str = ""):
    phone = {"viewport": PHONE, "device_scale_factor": 3, "is_mobile": True}
    size = phone if screen == "phone" else {"viewport": SCREENS[screen]}
    page = open_page(browser, site, goto=False, has_touch=True, **size)
    page.goto(site.url + fragment)
    wait_ready(page)
    return page


@pytest.mark.parametrize("screen", SCREENS)
def test_a_link_with_a_question_opens_with_its_ruling_shown(browser, site, screen):
    entry = CORPUS["question-b9-2-ex-fire-with-view"]
    page = touch_page(browser, site, screen, "#" + entry["link"])   # a fresh profile
    try:
        panel = read_los_panel(page)
        ruling = api.fire(entry["source"], "g1", "r1")
        assert page.is_visible("#panel-los")
        assert panel["verdict"] == "Clear LOS" and panel["range"] == "4"
        assert panel["tem"].startswith(f"+{ruling['tem']}")
        assert panel["rules"] == [s["rule"] for s in ruling["steps"]]
        assert panel["thread"] == "clear"
        # The setup is the corpus entry's, and the thread is framed on screen.
        assert setup_of(page) == share.decode(entry["link"])
        for hex_ in ("Z9", "X6", "Y8"):
            assert in_view(page, f"#map [data-hex='{hex_}']"), hex_
    finally:
        close_checked(page, site)


def test_a_link_to_a_vertex_opens_with_that_vertex(browser, site):
    entry = CORPUS["question-b9-42-ex-target-vertex"]
    page = touch_page(browser, site, "landscape", "#" + entry["link"])
    try:
        panel = read_los_panel(page)
        assert panel["los"] is True
        assert page.inner_text("#los-viewer") == "unit p4"
        assert page.inner_text("#los-target") == "hex Q4"
        assert page.inner_text("#los-vertex") == entry["question"]["target"]["vertex"]
    finally:
        close_checked(page, site)


def test_a_question_that_does_not_fit_still_opens_the_setup(browser, site):
    setup = CORPUS["b9-2-ex-board-6"]["source"]
    link = share._pack({**setup, "question": {"viewer": "g1", "target": "ghost"}})
    page = touch_page(browser, site, "landscape", "#" + link)
    try:
        page.wait_for_selector("#message:not([hidden])")
        assert "question.target" in page.inner_text("#message-text")
        assert setup_of(page) == share.decode(link)
        assert page.is_hidden("#los-result")
    finally:
        close_checked(page, site)


def test_the_share_link_carries_the_question_and_its_qr_code(browser, site, tmp_path):
    page = touch_page(browser, site, "landscape")
    try:
        german, russian = paint_b92_example(page, touch=True)
        los_check(page, german, russian, touch=True)
        press(page, "#share", touch=True)
        page.wait_for_selector("#share-qr svg")
        link = page.input_value("#share-link")
        opened = share.read(link)
        assert opened["question"]["viewer"] == german
        assert opened["question"]["target"] == russian and opened["question"]["tool"] == "fire"
        shot = tmp_path / "share-qr.png"
        page.locator("#share-qr").screenshot(path=str(shot))
        keep(shot)
        assert qr_text(shot) == link
    finally:
        close_checked(page, site)


def card_text(page) -> dict:
    return page.evaluate("""() => {
        const svg = document.querySelector("#card-body svg");
        const texts = (cls) => [...svg.querySelectorAll(`text${cls}`)].map((t) => t.textContent);
        return {all: texts(""), verdict: texts(".card-verdict"), facts: texts(".card-fact"),
                steps: texts(".card-step"), link: texts(".card-link").join(""),
                build: texts(".card-build")};
    }""")


@pytest.mark.parametrize("screen", [*SCREENS, "phone"])
def test_ruling_card_of_the_b9_2_example(browser, site, tmp_path, screen):
    page = touch_page(browser, site, screen)
    try:
        german, russian = paint_b92_example(page, touch=True)
        los_check(page, german, russian, touch=True)
        press(page, "#ruling-card", touch=True)
        page.wait_for_selector("#card-dialog:not([hidden]) #card-body svg")
        text = card_text(page)
        ruling = api.fire(setup_of(page), german, russian)
        everything = " ".join(text["all"])
        assert text["verdict"] == ["Clear LOS"]
        for fact in ("Range", "4", "Hindrance DRM", "TEM", "+2", "TEM options", "wall +2",
                     "Wall Advantage"):
            assert fact in everything, fact
        for i, step in enumerate(ruling["steps"], 1):
            assert f"{i}. {step['rule']}" in text["all"]
        # The link printed on the card opens this setup and this question.
        opened = share.read(text["link"])
        assert opened["setup"] == setup_of(page)
        assert (opened["question"]["viewer"], opened["question"]["target"]) == (german, russian)
        build = page.evaluate("async () => (await window.asl.call('version')).build")
        assert text["build"][0].startswith(f"Build {build}, ")
        assert f"Rules: {RULEBOOK}." in everything

        # One action, one image: the PNG, whose QR code reads back to the link.
        with page.expect_download() as got:
            press(page, "#card-png", touch=True)
        png = tmp_path / f"card-{screen}.png"
        got.value.save_as(png)
        keep(png)
        with Image.open(png) as img:
            assert img.width >= 1200 and img.height > img.width   # 2x, portrait card
        assert qr_text(png) == text["link"]

        # The card as the screen shows it, and as it prints (black and white).
        shot = tmp_path / f"card-screen-{screen}.png"
        page.screenshot(path=str(shot))
        keep(shot)
        page.emulate_media(media="print")
        assert page.is_hidden("#map") and page.is_hidden(".card-bar")
        assert page.is_visible("#card-body svg")
        printed = tmp_path / f"card-print-{screen}.png"
        page.screenshot(path=str(printed), full_page=True)
        keep(printed)
        gray = Image.open(printed).convert("L")
        assert qr_text(printed) == text["link"]
        assert gray.getextrema()[0] < 40          # black text on the page
        page.emulate_media(media="screen")
        press(page, "#card-close", touch=True)
        assert page.is_hidden("#card-dialog")
        press(page, "#ruling-card", touch=True)
        page.wait_for_selector("#card-dialog:not([hidden])")
        page.keyboard.press("Escape")
        assert page.is_hidden("#card-dialog")
    finally:
        close_checked(page, site)


B92 = CORPUS["b9-2-ex-board-6"]["source"]
BLOCKED = {**B92, "hexsides": {**B92["hexsides"], "Y8-Y9": "hedge"}, "units": B92["units"][:1]}
HINDERED = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
            "hexes": {"C4": {"terrain": "grain"}},
            "units": [{"id": "a", "side": "German", "type": "squad", "hex": "C2"},
                      {"id": "b", "side": "Russian", "type": "squad", "hex": "C6"}]}
SAME_RULINGS = {   # (setup, viewer, target): a unit id, or a hex tapped as a Location
    "clear, TEM and its options (B9.2 EX)": (B92, "g1", "r1"),
    "hindered (A6.7)": (HINDERED, "a", "b"),
    "blocked at a vertex, to a Location (B9.2 EX)": (BLOCKED, "g1", "X6"),
}


def panel_and_card(page, setup: dict, viewer: str, target: str) -> tuple[dict, dict]:
    """The LOS panel's verdict and facts, then the ruling card's, for one question."""
    load_setup(page, setup)
    tool(page, "los")
    ids = {u["id"] for u in setup["units"]}
    for end in (viewer, target):
        press(page, unit_sel(end) if end in ids else hex_sel(end), touch=True)
    read_los_panel(page)
    panel = page.evaluate("""() => ({
        verdict: document.querySelector("#los-verdict").textContent,
        labels: [...document.querySelectorAll("#los-facts dt")].map((e) => e.textContent),
        values: [...document.querySelectorAll("#los-facts dd")].map((e) => e.textContent)})""")
    press(page, "#ruling-card", touch=True)
    page.wait_for_selector("#card-dialog:not([hidden]) #card-body svg")
    card = page.evaluate("""() => {
        const texts = (cls) => [...document.querySelectorAll(`#card-body svg text.${cls}`)].map((t) => t.textContent);
        return {verdict: texts("card-verdict"), labels: texts("card-fact-label"), lines: texts("card-fact")};
    }""")
    press(page, "#card-close", touch=True)
    return panel, card


def test_the_panel_and_the_card_word_a_ruling_alike(browser, site):
    """web.present words each ruling once: the panel on screen and the card
    show the same verdict and the same facts, label by label."""
    page = touch_page(browser, site, "landscape")
    try:
        for name, (setup, viewer, target) in SAME_RULINGS.items():
            panel, card = panel_and_card(page, setup, viewer, target)
            assert card["verdict"] == [panel["verdict"]], name
            # the card adds the two ends before, and who has WA after
            assert card["labels"] == ["Viewer", "Target", *panel["labels"], "Wall Advantage"], name
            shown = " ".join(card["lines"]).split()
            values = " ".join(panel["values"]).split()
            start = next(i for i in range(len(shown)) if shown[i:i + len(values)] == values)
            assert start > 0 and shown[start + len(values):], name
        # one of each: the verdicts differ as the rulings do
        assert panel["verdict"] == "No LOS (B9.2)"
    finally:
        close_checked(page, site)


def test_a_step_expands_to_what_its_rule_requires(browser, site):
    page = touch_page(browser, site, "portrait")
    try:
        german, russian = paint_b92_example(page, touch=True)
        los_check(page, german, russian, touch=True)
        summary = "#los-steps li:nth-child(2) summary"
        assert page.inner_text(summary).startswith("B9.2")
        assert page.is_hidden("#los-steps li:nth-child(2) .explain-text")
        press(page, summary, touch=True)
        shown = page.inner_text("#los-steps li:nth-child(2) .explain-text")
        assert shown == EXPLAIN["B9.2"]
        # The step's own line names the fact of this setup: the hexspine and vertex.
        assert "Y8-Y9-Z8" in page.inner_text(summary)
    finally:
        close_checked(page, site)


def test_about_shows_the_build_and_the_rulebook(browser, site):
    page = touch_page(browser, site, "landscape")
    try:
        press(page, "#about summary", touch=True)
        page.wait_for_selector("#about-text[data-build]")
        build = page.evaluate("async () => (await window.asl.call('version')).build")
        about = page.inner_text("#about-text")
        assert f"Build {build}" in about and RULEBOOK in about
    finally:
        close_checked(page, site)
