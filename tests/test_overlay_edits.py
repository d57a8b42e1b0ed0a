"""The Overlays tool's edits (pycore/setup/overlay_edits.py; docs/overlays.md
"Laying one in the page"): lay, point, move, turn, remove, each answered as
the new map.overlays, laid and checked, on boards flipped and not. The archives
are written by the tests (tests/vasl_writer.py)."""
from __future__ import annotations

import pytest

from pycore import api
from pycore.errors import SetupError
from pycore.session import Session
from tests.vasl_writer import board_archive, overlay_archive, overlay_image

SIX = {side: overlay_image({"C3": "WoodsGreen", "C2": "WoodsGreen"}) for side in "abcdef"}
FLIPS = pytest.mark.parametrize("flip", [False, True], ids=["as-is", "flipped"])


def _setup(flip: bool, art: dict | None = None) -> tuple[Session, dict]:
    s = Session()
    board = api.import_board(board_archive({}, {}, name="12", colors=True), session=s)["source"]
    api.import_board(overlay_archive({"t1": ("c3;c3;c3;c3;c3;c3", art or SIX),
                                      "t2": ("b2;b2;b2;b2;b2;b2", {"a": overlay_image({"B2": "WoodsGreen"})})}),
                     session=s)
    cell = {"board": "12", "source": board, **({"flip": True} if flip else {})}
    return s, {"format": "asl-setup", "version": 1, "map": {"boards": [[cell]]}}


def _apply(s: Session, setup: dict, change: dict) -> dict:
    got = api.overlay_edit(setup, change, session=s)
    setup["map"] = {k: v for k, v in setup["map"].items() if k != "overlays"}
    if got["overlays"]:
        setup["map"]["overlays"] = got["overlays"]
    return got


@FLIPS
def test_turning_goes_round_the_six_neighbours_clockwise_on_the_screen_and_back(flip):
    s, setup = _setup(flip)
    got = _apply(s, setup, {"lay": {"overlay": "t1", "hex": "12F5"}})
    assert got["index"] == 0 and "T1 laid on 12F5" in got["said"]
    seen = [setup["map"]["overlays"][0]["toward"]]
    for _ in range(6):
        _apply(s, setup, {"turn": 0})
        seen.append(setup["map"]["overlays"][0]["toward"])
    # clockwise on the screen from the hex straight above: on a flipped board
    # 12F4 is below 12F5, so the turn starts from 12F6
    ring = ["12F4", "12G5", "12G6", "12F6", "12E6", "12E5"]
    start = ring.index("12F6") if flip else 0
    assert seen == (ring[start:] + ring[:start])[:6] + [seen[0]]


@FLIPS
def test_a_tap_next_to_the_anchor_points_it_and_a_far_tap_moves_it_pointing_the_same_way(flip):
    s, setup = _setup(flip)
    _apply(s, setup, {"lay": {"overlay": "T1", "hex": "12F5"}})
    got = _apply(s, setup, {"tap": 0, "hex": "12G6"})
    assert got["said"] == "T1 now points toward 12G6."
    got = _apply(s, setup, {"tap": 0, "hex": "12K5"})
    assert setup["map"]["overlays"][0] | {"source": ""} == \
        {"overlay": "T1", "source": "", "hex": "12K5", "toward": "12L5"}
    assert got["said"] == "T1 moved to 12K5, pointing toward 12L5."     # down right, as before
    hexes = api.map_terrain(setup, session=s)["hexes"]
    covered = {h for h, v in hexes.items() if v["origin"] == "overlay T1"}
    assert "12K5" in covered and len(covered) == 2 and not any(h.startswith("12F") for h in covered)


def test_a_direction_without_an_image_is_refused_and_turning_skips_it():
    s, setup = _setup(False, art={"a": SIX["a"], "d": SIX["d"]})
    _apply(s, setup, {"lay": {"overlay": "T1", "hex": "12F5"}})
    before = dict(setup)
    with pytest.raises(SetupError, match="T1 cannot point toward 12G5: its file has no image"):
        api.overlay_edit(setup, {"tap": 0, "hex": "12G5"}, session=s)
    assert setup == before
    _apply(s, setup, {"turn": 0})
    assert setup["map"]["overlays"][0]["toward"] == "12F6"


def test_a_one_hex_overlay_is_laid_by_one_tap_and_does_not_turn_and_remove_takes_it_away():
    s, setup = _setup(False)
    got = _apply(s, setup, {"lay": {"overlay": "T2", "hex": "12C3"}})
    assert "toward" not in setup["map"]["overlays"][0]
    assert "one-hex overlay" in got["said"]
    assert "does not turn" in _apply(s, setup, {"turn": 0})["said"]
    # the card's "X1 on 12C3-C4": the second hex leaves it where it is
    assert "whichever way it points" in _apply(s, setup, {"tap": 0, "hex": "12C4"})["said"]
    assert setup["map"]["overlays"][0]["hex"] == "12C3"
    got = _apply(s, setup, {"remove": 0})
    assert got == {"overlays": [], "index": None, "said": "T2 removed from 12C3."}
    assert "overlays" not in setup["map"]


@pytest.mark.parametrize("change, why", [
    ({"turn": 3}, "no such overlay"),
    ({"lay": {"overlay": "T9", "hex": "12C3"}}, "^overlay T9 is not on this device: import ovrT$"),
    ({"lay": {"overlay": "T1", "hex": "12ZZ3"}}, "overlay's hex"),
    ({"lay": {"overlay": "X1", "hex": "12C3"}}, "import ovrX"),
    ({"turn": 0, "remove": 0}, "one of lay, tap, turn or remove"),
    ("turn", "one of lay, tap, turn or remove"),
])
def test_a_bad_edit_is_refused_saying_what(change, why):
    s, setup = _setup(False)
    with pytest.raises(SetupError, match=why):
        api.overlay_edit(setup, change, session=s)


def test_the_ruling_card_lists_the_overlays_as_a_scenario_card_does():
    from web.card import facts
    s, setup = _setup(False)
    _apply(s, setup, {"lay": {"overlay": "T1", "hex": "12F5"}})
    _apply(s, setup, {"lay": {"overlay": "T2", "hex": "12C3"}})
    setup["units"] = [{"id": "g1", "side": "German", "type": "squad", "hex": "12F2"},
                      {"id": "r1", "side": "Russian", "type": "squad", "hex": "12F8"}]
    question = {"viewer": "g1", "target": "r1"}
    result = api.los(setup, "g1", "r1", session=s)
    rows = dict(facts(api.load(setup, session=s).to_dict(), question, result, {}))
    assert rows["Overlays"] == "T1 on 12F5-12F4, T2 on 12C3"


def test_on_a_flipped_board_the_art_lies_turned_half_round_about_the_boards_middle():
    """pycore.api.overlay_art: the board's own image turns about its middle; the
    overlay's image, laid in the board's own coordinates, turns with it."""
    from pycore.geometry.boards import Layout
    boxes = {}
    for flip in (False, True):
        s, setup = _setup(flip)
        _apply(s, setup, {"lay": {"overlay": "T1", "hex": "12F5"}})
        (art,) = api.overlay_art(setup, session=s)
        boxes[flip] = art["box"]
        assert art["flip"] is flip
    (bx0, by0), (bx1, by1) = Layout([[("12", False)]]).boards[0].box()
    unflipped, flipped = boxes[False], boxes[True]
    assert flipped[0] + unflipped[2] == flipped[2] + unflipped[0] == bx0 + bx1
    assert flipped[1] + unflipped[3] == flipped[3] + unflipped[1] == by0 + by1
