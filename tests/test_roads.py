"""Roads off the ground level (issue 38): an elevated road on its embankment
(B5) is ground at the level it is drawn at, where it is drawn.

The synthetic archives are written by ``tests/vasl_writer.py``: no real board's
data is used. The real-board checks read ``~/.cache/vasl-boards`` and are
skipped where it is absent. Every LOS is asked from both ends (A6.5).
"""
from __future__ import annotations

import pytest

from pycore import api
from pycore.errors import SetupError
from tests.boards import on, real, written
from tests.helpers import assert_clear, check_both_ways, cited, unit

SOUTH = (-40, 12, 40, 40)       # Q6's southern part, 12 px and more from its dot
NORTH = (-40, -40, 40, -12)


board = written     # a map of one board the tests write (tests/boards.py)


def ruling(s: dict, a: str, b: str) -> dict:
    there, back = api.los(s, {"hex": a}, {"hex": b}), api.los(s, {"hex": b}, {"hex": a})
    assert there["los"] == back["los"], (there["steps"], back["steps"])     # A6.5
    return there


def embankment(rect: tuple, level: int = 1, code: str = "elevated-road") -> tuple:
    """A road on an embankment across part of Q6, off its dot: the road and its
    embankment's slopes (VASL's Elevated Road code) drawn at ``level``."""
    return ({"hex": "Q6", "terrain": code, "rect": rect, "own": True, "level": level},)


# --- B5: an elevated road is ground at the level drawn ------------------------------------

@pytest.mark.parametrize("code", ["elevated-road", "road"])
def test_B5_an_embankment_drawn_at_level_1_across_the_thread_blocks_level_0_ends(code):
    s = board(embankment(SOUTH, code=code))
    assert api.board_terrain(s["map"]["boards"][0][0]["source"])["hexes"].get("Q6") is None
    r = ruling(s, "41P6", "41S6")           # over the embankment, beside Q6's level-0 dot
    assert r["los"] is False and r["blocked_at"] == "41Q6" and r["rule"] == "A6.2", r["steps"]


def test_B5_the_same_embankment_beside_the_thread_does_not_block():
    r = ruling(board(embankment(NORTH)), "41P6", "41S6")
    assert r["los"] is True, r["steps"]


def test_B5_a_road_drawn_at_the_grounds_own_level_is_no_obstacle():
    r = ruling(board(embankment(SOUTH, level=0, code="road")), "41P6", "41S6")
    assert r["los"] is True, r["steps"]


def test_B5_a_viewer_on_the_embankments_level_sees_over_it():
    # Both ends at level 1: a level-1 embankment between them blocks nothing (A6.2).
    s = board(embankment(SOUTH), hexes={"P6": {"level": 1}, "S6": {"level": 1}})
    assert ruling(s, "41P6", "41S6")["los"] is True


# --- B6.1: a bridge on an embankment, a level above its stream's crest ---------------------

def painted(hexes: dict, units=()) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
            "hexes": {"41" + k: v for k, v in hexes.items()}, "hexsides": {}, "units": list(units)}


HIGH = {"terrain": "stream", "bridge": True, "bridge_level": 1}     # as 13K6 reads
LOW = {"terrain": "stream", "bridge": True}                         # at the crest (13CC5)


def test_B6_2_EX_a_thread_beneath_a_level_1_bridge_has_no_bridge_hindrance():
    # B6.2 EX 13J4-L7: both ends at level 0, below the bridge: no Hindrance.
    s = painted({"Q6": HIGH}, [unit("g", "41Q4"), unit("r", "41Q8", side="Russian")])
    for r in check_both_ways(s, "g", "r"):
        assert_clear(r, hindrance=0)
    # the same bridge at the stream's crest (level 0, the ends' level): +1 (B6.2)
    s = painted({"Q6": LOW}, [unit("g", "41Q4"), unit("r", "41Q8", side="Russian")])
    for r in check_both_ways(s, "g", "r"):
        assert_clear(r, hindrance=1)
        assert "B6.2" in cited(r)


def test_B6_1_a_unit_on_a_level_1_bridge_is_at_level_1_and_one_beneath_it_IN_the_stream():
    s = painted({"Q6": HIGH})
    on = api.los(s, {"hex": "41Q6"}, {"hex": "41Q4"})
    assert "41Q6 (on the gully's bridge, B19.1) at elevation 1" in on["steps"][0]["text"]
    under = api.los(s, {"hex": "41Q6", "beneath": True}, {"hex": "41Q4"})
    assert "41Q6 (IN the Depression) at elevation -1" in under["steps"][0]["text"]
    both = api.los(s, {"hex": "41Q6"}, {"hex": "41Q6", "beneath": True})
    assert both["los"] is False and both["rule"] == "B6.2"


def test_bridge_level_reads_back_and_needs_a_bridge():
    s = api.load(painted({"Q6": HIGH}))
    assert s.to_dict()["hexes"]["41Q6"] == HIGH
    with pytest.raises(SetupError, match=r'hexes\["41Q6"\]\.bridge_level'):
        api.load(painted({"Q6": {"terrain": "stream", "bridge_level": 1}}))
    with pytest.raises(SetupError, match=r'bridge_level'):
        api.load(painted({"Q6": {**HIGH, "bridge_level": "high"}}))


# --- the real boards ------------------------------------------------------------------------

@pytest.mark.parametrize("a,b", [("U7", "AA10"), ("Z8", "W10")])
def test_B5_board_13s_embankment_in_Y9_blocks_level_0_threads_across_it(a, b):
    src = real("13")
    s = on(src, "13", unit("g", "13" + a), unit("r", "13" + b, side="Russian"))
    for r in check_both_ways(s, "g", "r"):
        assert r["los"] is False and r["blocked_at"] == "13Y9", r["steps"]


def test_B6_2_EX_13J4_to_L7_beneath_the_level_1_bridge_at_K6_on_the_real_board():
    src = real("13")
    hexes = api.board_terrain(src)["hexes"]
    assert hexes["K6"] == hexes["Y8"] == HIGH
    s = on(src, "13", unit("g", "13J4"), unit("r", "13L7", side="Russian"))
    for r in check_both_ways(s, "g", "r"):
        assert r["los"] is True, r["steps"]
        assert "B6.2" not in cited(r)           # the bridge: no Hindrance (the marsh's is its own)


def test_B5_board_13s_embankment_in_I7_lies_beside_a_thread_that_misses_it():
    src = real("13")
    s = on(src, "13", unit("g", "13B8"), unit("r", "13Y5", side="Russian"))
    for r in check_both_ways(s, "g", "r"):
        assert r["los"] is True, r["steps"]
