"""Sunken roads (B4.1-B4.4): read from the art (VASL's Sunken Road code, or a road
drawn below the ground beside it) as ``{"terrain": "sunken-road"}``, a -1 level
Depression; a unit IN it sees another Depression hex only along the sunken road
(B4.2). Built both ways: the same situations with gullies, which B19.2 rules.

Synthetic archives are written by ``tests/vasl_writer.py``: no real board's data
is used; the real-board check reads ``~/.cache/vasl-boards`` and is skipped where
it is absent. Every LOS is asked from both ends (A6.5).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from pycore import api
from tests.helpers import check_both_ways, unit
from tests.test_reading import read, warnings

SUNK = {"terrain": "sunken-road"}
GULLY = {"terrain": "gully"}


def painted(hexes: dict, hexsides: dict | None = None) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
            "hexes": {"41" + k: v for k, v in hexes.items()},
            "hexsides": {"41" + k.replace("-", "-41"): v for k, v in (hexsides or {}).items()},
            "units": []}


def ruling(s: dict, a: str, b: str) -> dict:
    there = api.los(s, {"hex": "41" + a}, {"hex": "41" + b})
    back = api.los(s, {"hex": "41" + b}, {"hex": "41" + a})
    assert there["los"] == back["los"], (there["steps"], back["steps"])     # A6.5
    return there


def blocked(s: dict, a: str, b: str, rule: str) -> None:
    r = ruling(s, a, b)
    assert r["los"] is False and r["rule"] == rule, r["steps"]


def test_B4_1_vasls_sunken_road_art_reads_as_a_sunken_road_with_no_warning():
    lane = {"hex": "Q5", "terrain": "sunken-road", "level": -1, "rect": (-40, -12, 40, 12),
            "own": True}
    assert read(shapes=[lane])["hexes"] == {"Q5": SUNK}
    assert not any("Sunken" in w or "gully" in w for w in warnings(shapes=[lane]))


def test_B4_2_IN_a_sunken_road_a_unit_sees_along_it():
    s = painted({"E3": SUNK, "E4": SUNK, "E5": SUNK})
    r = ruling(s, "E3", "E5")
    assert r["los"] is True and any(x["rule"] == "B4.2" for x in r["steps"]), r["steps"]


def test_B4_2_but_not_through_a_gully_where_B19_2_would_see():
    blocked(painted({"E3": SUNK, "E4": GULLY, "E5": SUNK}), "E3", "E5", "B4.2")
    assert ruling(painted({"E3": GULLY, "E4": GULLY, "E5": GULLY}), "E3", "E5")["los"] is True


def test_B4_2_an_adjacent_joined_gully_is_seen_one_beyond_it_is_not():
    s = painted({"E3": SUNK, "E4": GULLY, "E5": GULLY})
    assert ruling(s, "E3", "E4")["los"] is True
    blocked(s, "E3", "E5", "B4.2")


def test_B4_2_a_hexside_that_does_not_join_them_blocks():
    blocked(painted({"E3": SUNK, "E4": SUNK, "E5": SUNK}, {"E4-E5": {"depression": False}}),
            "E3", "E5", "B4.2")


def test_B4_2_EX_the_first_ground_level_hex_beyond_the_road_is_seen_the_next_is_not():
    # As R4 from 14T3: the LOS leaves the sunken road at E5; E6 is one hex beyond
    # (A6.3: one level for one hex), E7 two.
    s = painted({"E3": SUNK, "E4": SUNK, "E5": SUNK})
    assert ruling(s, "E3", "E6")["los"] is True
    blocked(s, "E3", "E7", "A6.3")


def test_B4_4_entering_a_sunken_road_is_not_worked_out():
    s = painted({"E4": SUNK})
    s["units"] = [unit("g", "41E3")]
    got = api.move_cost(s, "g", "41E3", "41E4")
    assert got["allowed"] is False and any(x["rule"] == "B4.4" for x in got["steps"])


BOARDS = Path.home() / ".cache" / "vasl-boards"


@pytest.mark.parametrize("target", ["S3", "S4", "T2", "T4", "U3", "U4", "V4", "W5", "R4"])
def test_B4_2_EX_a_unit_IN_14T3_sees_the_adjacent_hexes_and_V4_W5_R4(target):
    path = BOARDS / "bd14"
    if not path.exists():
        pytest.skip("no VASL board 14 on this machine")
    got = api.import_board(path.read_bytes())
    assert not any("Sunken" in w for w in got["warnings"])
    assert api.board_terrain(got["source"])["hexes"]["T3"] == SUNK
    s = {"format": "asl-setup", "version": 1,
         "map": {"boards": [[{"board": "14", "source": got["source"]}]]},
         "units": [unit("g", "14T3"), unit("r", "14" + target, side="Russian")]}
    for r in check_both_ways(s, "g", "r"):
        assert r["los"] is True, (target, r["steps"])
