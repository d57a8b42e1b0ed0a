"""The ruling card (web/card.py) and the QR code (web/qr.py), on CPython
(issue 10). The browser tests (tests/browser/test_ui_card.py) read the card
on the page, its PNG and its printed page."""
from __future__ import annotations

import hashlib
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest

from pycore import api, geometry, limits, share
from pycore.errors import SetupError
from pycore.rules.explain import RULEBOOK
from web import bridge, card, frame, present, qr, render

zxingcpp = pytest.importorskip("zxingcpp")   # installed by `python build.py test`
Image = pytest.importorskip("PIL.Image")

SVG = "{http://www.w3.org/2000/svg}"
B92 = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10, "board": "6"},
       "hexsides": {"Z8-Y9": "hedge", "Y8-Z8": "wall", "Y7-X7": "wall"},
       "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "Z9"},
                 {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6"}]}
FIRE = {"tool": "fire", "viewer": "g1", "target": "r1"}


def link_of(setup, question):
    return "http://127.0.0.1:8000/#" + share.encode(setup, question)


def texts(svg: str, cls: str | None = None) -> list[str]:
    root = ET.fromstring(svg)
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")
            if cls is None or t.get("class") == cls]


def decode_png(png: bytes) -> str:
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)).convert("L"))
    assert len(found) == 1
    return found[0].text


@pytest.mark.parametrize("length", [40, 300, 1500, qr.MAX_QR_BYTES])
def test_qr_code_reads_back_to_the_link(length):
    link = ("http://127.0.0.1:8000/#s1." + "AbC-_9" * 500)[:length]
    out = io.BytesIO()
    code = qr.qr_code(link)
    code.save(out, kind="png", scale=4, border=4)
    assert decode_png(out.getvalue()) == link
    svg = ET.fromstring(qr.qr_svg(link))           # a standalone, scalable SVG
    modules = code.symbol_size(scale=1, border=4)[0]
    assert svg.get("viewBox") == f"0 0 {modules} {modules}"
    assert svg.get("width") is None


def test_a_link_too_long_for_a_qr_code_says_so():
    with pytest.raises(SetupError, match="too long for a QR code"):
        qr.qr_svg("s1." + "A" * qr.MAX_QR_BYTES)
    assert qr.MAX_QR_BYTES < limits.MAX_LINK_CHARS


def test_card_of_the_b9_2_example_states_the_ruling():
    link = link_of(B92, FIRE)
    svg = card.ruling_card(B92, FIRE, link, build="abc123", date="2026-11-24")
    every = " ".join(texts(svg))
    ruling = api.fire(B92, "g1", "r1")
    assert texts(svg, "card-verdict") == ["Clear LOS"]
    for want in ("Range 4", "Hindrance DRM 0", "TEM +2", "TEM options wall +2",
                 "Wall Advantage nobody",
                 f"Rules: {RULEBOOK}.", "Build abc123, 2026-11-24"):
        assert want in re.sub(r"\s+", " ", every), want
    assert "Blocked at" not in every and "Location LOS" not in every   # clear: nothing to say
    steps = texts(svg, "card-step")
    for i, step in enumerate(ruling["steps"], 1):
        assert f"{i}. {step['rule']}" in texts(svg)
    assert " ".join(steps).split() == " ".join(s["text"] for s in ruling["steps"]).split()
    assert "".join(texts(svg, "card-link")) == link
    # the map with the thread, ids kept apart from the page's own map
    assert 'class="los"' in svg and 'data-status="clear"' in svg
    assert 'id="map-clip"' not in svg and 'url(#card-map-clip)' in svg


def test_card_of_a_blocked_ruling_to_a_location():
    setup = {**B92, "hexsides": {**B92["hexsides"], "Y8-Y9": "hedge"}}
    ask = {"tool": "los", "viewer": "g1", "target": {"hex": "X6", "level": 0}}
    svg = card.ruling_card(setup, ask, link_of(setup, ask), build="b", date="d")
    assert texts(svg, "card-verdict") == ["No LOS (B9.2)"]
    facts = texts(svg, "card-fact")
    assert "Y8-Y9-Z8 (B9.2)" in facts          # the panel's "Blocked at", word for word
    assert "– (only between two units)" in facts


def test_card_crop_stays_on_the_map_and_holds_the_thread():
    result = api.los(B92, "g1", "r1")
    x, y, w, h = card.crop(B92, result)
    mx0, my0, mx1, my1 = frame.map_rect(list(geometry.Grid(33, 10).hexes()), render.U)
    slack = 1e-6   # drawing pixels are floats (sqrt 3); the rules never see them
    assert mx0 - slack <= x and my0 - slack <= y
    assert x + w <= mx1 + slack and y + h <= my1 + slack
    for end in ("from", "to"):
        px, py = geometry.pixel(tuple(result["thread"][end]), render.U)
        assert x < px < x + w and y < py < y + h


def test_card_refuses_a_question_that_does_not_fit():
    with pytest.raises(SetupError, match="question.target"):
        card.ruling_card(B92, {"viewer": "g1", "target": "nobody"}, "s1.x")


def test_bridge_answers_the_card_queries():
    link = link_of(B92, FIRE)
    opened = json.loads(bridge.call("share_read", json.dumps([link])))["ok"]
    assert opened["question"] == FIRE
    assert json.loads(bridge.call("qr_svg", json.dumps([link])))["ok"].startswith("<svg")
    made = json.loads(bridge.call("ruling_card", json.dumps([B92, FIRE, link, None, "2026-11-24"])))
    assert "Clear LOS" in made["ok"]
    assert json.loads(bridge.call("version"))["ok"]["rulebook"] == RULEBOOK


def test_a_link_too_long_for_a_qr_code_still_makes_a_card():
    noise = "".join(hashlib.sha256(str(i).encode()).hexdigest() for i in range(150))
    crowded = {**B92, "notes": noise}    # an extra field the link carries, hard to squeeze
    link = link_of(crowded, FIRE)
    assert len(link) > qr.MAX_QR_BYTES
    svg = card.ruling_card(crowded, FIRE, link, build="b", date="d")
    assert "".join(texts(svg, "card-link")) == link
    assert "too long for a QR code" in " ".join(texts(svg, "card-no-qr"))
    assert 'class="qr"' not in svg


def test_the_card_draws_only_the_map_round_the_thread():
    # The largest map (4 x 2 boards): the card draws the crop, not the 2,706
    # hexes (a whole-map drawing takes a second).
    big = {**B92, "map": {"columns": 132, "rows": 20},
           "units": [*B92["units"], {"id": "far", "side": "Russian", "type": "squad",
                                     "hex": "DDD18"}]}
    svg = card.ruling_card(big, FIRE, link_of(big, FIRE), build="b", date="d")
    drawn = set(re.findall(r'data-hex="([^"]+)"', svg))
    assert {"Z9", "Y8", "X6"} <= drawn and len(drawn) < 300
    assert 'data-unit="far"' not in svg and 'data-unit="g1"' in svg


def test_render_region_keeps_whole_hexsides_and_the_units_in_it():
    region = card.crop(B92, api.los(B92, "g1", "r1"))
    full, part = render.map_svg(B92), render.map_svg(B92, region=region)
    sides = set(re.findall(r'data-hexside="([^"]+)"', part))
    assert sides < set(re.findall(r'data-hexside="([^"]+)"', full))
    assert {"Y9-Z8", "Y8-Z8", "X7-Y7"} <= sides
    assert 'data-unit="g1"' in part and 'data-unit="r1"' in part


def test_the_location_row_shows_only_when_the_location_is_seen_but_not_the_unit():
    # B9.521: from Q7 the Location of Q4 (woods, bocage Q4-Q5) is seen, not the
    # unit in it without Wall Advantage: the one case the row has news for.
    setup = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
             "hexes": {"Q4": {"terrain": "woods"}}, "hexsides": {"Q4-Q5": "bocage"},
             "units": [{"id": "t", "side": "German", "type": "squad", "hex": "Q4", "wa": False},
                       {"id": "f", "side": "Russian", "type": "squad", "hex": "Q7"}]}
    unseen = present.facts(api.los(setup, "f", "t"))
    assert {"key": "location_los", "label": "Location LOS", "value": "yes"} in unseen
    assert any(f["key"] == "blocked_at" for f in unseen)
    seen = present.facts(api.los({**setup, "hexsides": {}}, "f", "t"))
    assert not any(f["key"] in ("location_los", "blocked_at") for f in seen)
