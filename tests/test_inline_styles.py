"""The page's policy allows no inline style but the `<style>` texts of
``web.inline_styles``, by hash (issue 24, item 7): every SVG Python draws for the
page (the map, its preview, the ruling card, the QR code) carries only those,
on any setup, and no ``style`` attribute, which no hash could allow."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pycore import api
from web import card, inline_styles, preview, qr, render

CORPUS = {e["name"]: e for e in json.loads(
    (Path(__file__).parent / "data" / "links.json").read_text("utf-8"))["links"]}
STYLE = re.compile(r"<style[^>]*>(?:<!\[CDATA\[)?(.*?)(?:\]\]>)?</style>", re.S)
B92 = CORPUS["b9-2-ex-board-6"]["source"]
SETUPS = {
    "plain map": {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10}},
    "B9.2 EX": B92,
    "boards, one flipped": CORPUS["boards-12-and-6-flipped-b9-2-ex"]["source"],
    "2 x 2 boards": CORPUS["boards-2x2-stacked-seam"]["source"],
}


def drawings(setup: dict) -> dict[str, str]:
    """Every SVG the page is given for ``setup``: as the bridge's queries draw them."""
    out = {"map": render.map_svg(setup), "grid": render.map_svg(setup, counters=False),
           "preview": preview.map_preview(setup), "qr": qr.qr_svg("http://127.0.0.1/#s1.abc")}
    units = [u["id"] for u in setup.get("units", [])]
    if len(units) >= 2:
        result = api.fire(setup, units[0], units[1])
        out["map with a thread"] = render.map_svg(
            setup, los={**result, "viewer": units[0], "target": units[1]},
            overlay=api.visibility(setup, units[0]), selected=units[0])
        out["card"] = card.ruling_card(setup, {"tool": "fire", "viewer": units[0],
                                               "target": units[1]}, "http://127.0.0.1/#s1.abc")
    return out


@pytest.mark.parametrize("name", SETUPS)
def test_every_style_drawn_is_one_the_policy_allows(name):
    allowed = inline_styles.texts()
    for kind, svg in drawings(SETUPS[name]).items():
        for text in STYLE.findall(svg):
            assert text in allowed, f"{name}, {kind}: a <style> the policy does not allow"
        assert not re.search(r"\sstyle\s*=", svg), f"{name}, {kind}: a style attribute"


def test_the_map_the_preview_and_the_card_each_carry_their_style():
    svgs = drawings(B92)
    sheet, preview_sheet, card_sheet = inline_styles.texts()
    assert STYLE.findall(svgs["map"]) == [sheet]
    assert STYLE.findall(svgs["preview"]) == [preview_sheet]
    assert STYLE.findall(svgs["card"]) == [card_sheet]      # its map's, ids prefixed
    assert "url(#card-t-woods)" in card_sheet and "url(#t-woods)" in sheet
    assert len(set(inline_styles.csp_sources())) == 3
    assert all(re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", s) for s in inline_styles.csp_sources())
