"""Lumberyards (issue 38): read from the art, ruled as the app assumes (their
rule's text was not found): a one-level LOS obstacle where their piles are
drawn (A6.2, A6.1), no Hindrance; their TEM and cost of entry are not
modelled, and the rulings say so.

The synthetic archives are written by ``tests/vasl_writer.py``: no real board's
data is used; the real-board check reads ``~/.cache/vasl-boards`` and is
skipped where it is absent. Every LOS is asked from both ends (A6.5).
"""
from __future__ import annotations

import pytest

from pycore import api
from tests.boards import BOARDS, written
from tests.helpers import locations_both_ways as ruling, check_both_ways, unit
from tests.test_reading import read, warnings

SOUTH = (-40, 12, 40, 40)       # Q6's southern part, 12 px and more from its dot
NORTH = (-40, -40, 40, -12)


board = written     # a map of one board the tests write (tests/boards.py)


def piles(rect: tuple, hx: str = "Q6") -> dict:
    return {"hex": hx, "terrain": "lumberyard", "rect": rect, "own": True}


def test_a_lumberyard_at_the_dot_is_a_lumberyard_hex_with_no_warning():
    shapes = [piles((-40, -40, 40, 40))]
    assert read(shapes=shapes)["hexes"] == {"Q6": {"terrain": "lumberyard"}}
    assert not any("Lumberyard" in w for w in warnings(shapes=shapes))


def test_A6_2_lumber_piles_drawn_across_the_thread_block_level_0_ends():
    r = ruling(board([piles(SOUTH)]), "41P6", "41S6")
    assert r["los"] is False and r["blocked_at"] == "41Q6", r["steps"]
    assert "The lumberyard drawn in 41Q6 blocks the LOS" in r["steps"][-1]["text"]


def test_A6_1_lumber_piles_beside_the_thread_do_not_block():
    r = ruling(board([piles(NORTH)]), "41P6", "41S6")
    assert r["los"] is True, r["steps"]


def test_A6_2_a_lumberyard_is_one_level_high_ends_above_it_see_over_it():
    s = board([piles((-40, -40, 40, 40))], hexes={"Q4": {"level": 1}, "Q8": {"level": 1}})
    assert ruling(s, "41Q4", "41Q8")["los"] is True             # level 1 over a level-1 top
    s = board([piles((-40, -40, 40, 40))], name="42")
    r = ruling(s, "42Q4", "42Q8")
    assert r["los"] is False and r["blocked_at"] == "42Q6"
    assert r["hindrance"] == 0


def test_a_lumberyards_TEM_and_entry_are_said_not_modelled():
    s = board([piles((-40, -40, 40, 40))])
    s["units"] = [unit("g", "41Q5"), unit("r", "41Q6", side="Russian")]
    fired = api.fire(s, "g", "r")
    assert any("lumberyard in 41Q6" in x["text"] and "not modelled" in x["text"]
               for x in fired["steps"]), fired["steps"]
    moved = api.move_cost(s, "g", "41Q5", "41Q6")
    assert moved["allowed"] is False
    assert any("lumberyard in 41Q6" in x["text"] and "not modelled" in x["text"]
               for x in moved["steps"]), moved["steps"]


def test_board_24s_lumberyard_in_Q6_blocks_a_thread_through_its_piles():
    path = BOARDS / "bd24"
    if not path.exists():
        pytest.skip("no VASL board 24 on this machine")
    got = api.import_board(path.read_bytes())
    assert not any("Lumberyard" in w for w in got["warnings"])
    hexes = api.board_terrain(got["source"])["hexes"]
    assert hexes["Q5"]["terrain"] == hexes["Q6"]["terrain"] == "lumberyard"
    s = {"format": "asl-setup", "version": 1,
         "map": {"boards": [[{"board": "24", "source": got["source"]}]]},
         "units": [unit("g", "24Q8"), unit("r", "24R2", side="Russian")]}
    for r in check_both_ways(s, "g", "r"):
        assert r["los"] is False and r["blocked_at"] == "24Q6", r["steps"]
