"""B23.1: adjacent building hexes are one building only where building
hexsides join them (A6.8: only one building's floors lie between its
levels). Each situation both ways: one building (blocked between different
levels) and two (clear), painted and on an imported board; every LOS asked
from both ends (A6.5). Archives are written by ``tests/vasl_writer.py``."""
from __future__ import annotations

import pytest

from pycore import api
from tests.vasl_writer import board_archive

TWO = {"terrain": "building", "levels": 2}


def painted(q5: dict, q6: dict) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
            "hexes": {"Q5": q5, "Q6": q6}, "hexsides": {}, "units": []}


def both_ways(s: dict, a: str, b: str) -> dict:
    """The LOS from level 0 of a to level 1 of b, the same from both ends (A6.5)."""
    there = api.los(s, {"hex": a, "level": 0}, {"hex": b, "level": 1})
    back = api.los(s, {"hex": b, "level": 1}, {"hex": a, "level": 0})
    assert there["los"] == back["los"], (there["steps"], back["steps"])
    return there


@pytest.mark.parametrize("q5,q6,one", [
    (TWO, TWO, True),                                          # unnamed: as painted, one
    ({**TWO, "building": "A"}, {**TWO, "building": "A"}, True),
    ({**TWO, "building": "A"}, {**TWO, "building": "B"}, False),
    ({**TWO, "building": "A"}, TWO, False)])
def test_B23_1_painted_building_hexes_are_one_building_by_name(q5, q6, one):
    r = both_ways(painted(q5, q6), "Q5", "Q6")
    assert r["los"] is not one, r["steps"]
    assert any(st["rule"] == ("A6.8" if one else "B23.1") for st in r["steps"]), r["steps"]


def board(shapes=(), **named) -> dict:
    source = api.import_board(board_archive({"Q5": TWO, "Q6": TWO}, None, shapes=shapes))["source"]
    return {"format": "asl-setup", "version": 1, "map": {"boards": [[{"board": "41", "source": source}]]},
            "hexes": {f"41{h}": {**TWO, "building": n} for h, n in named.items()}, "hexsides": {},
            "units": []}


def test_B23_1_EX_a_building_drawn_across_the_hexside_is_one_building():
    r = both_ways(board(), "41Q5", "41Q6")
    assert r["los"] is False and r["rule"] == "A6.8"
    assert "drawn across hexside" in r["steps"][-1]["text"]


def test_B23_1_building_hexes_that_only_touch_are_two_buildings():
    # open ground drawn along Q6's side of the Q5-Q6 hexside: no building hexside
    gap = {"hex": "Q6", "terrain": "open", "rect": (-40, -40, 40, -22), "own": True}
    r = both_ways(board(shapes=(gap,)), "41Q5", "41Q6")
    assert r["los"] is True
    assert any(st["rule"] == "B23.1" and "separate buildings" in st["text"]
               for st in r["steps"]), r["steps"]
    # the player's names decide over the art
    assert both_ways(board(shapes=(gap,), Q5="A", Q6="A"), "41Q5", "41Q6")["los"] is False


def test_B23_1_a_building_name_travels_in_links_and_a_bad_one_is_refused():
    from pycore import share
    from pycore.errors import SetupError
    s = painted({**TWO, "building": "A"}, {**TWO, "building": "B"})
    assert share.decode(share.encode(s))["hexes"]["Q5"]["building"] == "A"
    s["hexes"]["Q5"]["building"] = 3
    with pytest.raises(SetupError, match=r"hexes\[.Q5.\]\.building"):
        api.los(s, {"hex": "Q5"}, {"hex": "Q6"})
