"""Roads off the ground level (issue 38): an elevated road on its embankment
(B5) is ground at the level it is drawn at, where it is drawn.

The synthetic archives are written by ``tests/vasl_writer.py``: no real board's
data is used. The real-board checks read ``~/.cache/vasl-boards`` and are
skipped where it is absent. Every LOS is asked from both ends (A6.5).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from pycore import api
from tests.helpers import check_both_ways, unit
from tests.vasl_writer import board_archive

SOUTH = (-40, 12, 40, 40)       # Q6's southern part, 12 px and more from its dot
NORTH = (-40, -40, 40, -12)


def board(shapes=(), hexes=None, name: str = "41") -> dict:
    source = api.import_board(board_archive(hexes, None, shapes=shapes, name=name))["source"]
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": name, "source": source}]]},
            "hexes": {}, "hexsides": {}, "units": []}


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


# --- the real boards ------------------------------------------------------------------------

BOARDS = Path.home() / ".cache" / "vasl-boards"


def _real(board: str) -> str:
    path = BOARDS / f"bd{board}"
    if not path.exists():
        pytest.skip(f"no VASL board {board} on this machine")
    return api.import_board(path.read_bytes())["source"]


def _on(source: str, board: str, *units: dict) -> dict:
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": board, "source": source}]]}, "units": list(units)}


@pytest.mark.parametrize("a,b", [("U7", "AA10"), ("Z8", "W10")])
def test_B5_board_13s_embankment_in_Y9_blocks_level_0_threads_across_it(a, b):
    src = _real("13")
    s = _on(src, "13", unit("g", "13" + a), unit("r", "13" + b, side="Russian"))
    for r in check_both_ways(s, "g", "r"):
        assert r["los"] is False and r["blocked_at"] == "13Y9", r["steps"]


def test_B5_board_13s_embankment_in_I7_lies_beside_a_thread_that_misses_it():
    src = _real("13")
    s = _on(src, "13", unit("g", "13B8"), unit("r", "13Y5", side="Russian"))
    for r in check_both_ways(s, "g", "r"):
        assert r["los"] is True, r["steps"]
