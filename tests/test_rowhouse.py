"""Rowhouses (B23.71): a rowhouse's inner wall, the bar between two of its hexes,
read from the art as the hexside type ``"rowhouse"`` and ruled as the app
assumes (the rule's text was not found): it blocks a LOS crossing it or along
it below its building's roof, the two hexes it divides included; an end above
the roof sees over it; a thread crossing the hexside where no bar is drawn
passes (A6.1).

Synthetic archives are written by ``tests/vasl_writer.py``: no real board's
data is used; the real-board checks read ``~/.cache/vasl-boards`` and are
skipped where it is absent. Every LOS is asked from both ends (A6.5).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from pycore import api
from pycore.errors import SetupError
from tests.helpers import locations_both_ways as ruling, check_both_ways, unit
from tests.vasl_writer import board_archive

ROW = {"Q5": {"terrain": "stone-building"}, "Q6": {"terrain": "stone-building"}}
TALL = {"Q5": {"terrain": "stone-building", "levels": 2},
        "Q6": {"terrain": "stone-building", "levels": 2}}


def painted(hexes: dict, hexsides: dict) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
            "hexes": {"41" + k: v for k, v in hexes.items()},
            "hexsides": {"41" + k.replace("-", "-41"): v for k, v in hexsides.items()},
            "units": []}


def imported(hexes: dict, hexsides: dict, name: str = "41") -> dict:
    source = api.import_board(board_archive(hexes, hexsides, name=name))["source"]
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": name, "source": source}]]}, "units": []}


def test_B23_71_adjacent_rowhouse_hexes_do_not_see_each_other_through_the_bar():
    r = ruling(painted(ROW, {"Q5-Q6": "rowhouse"}), "41Q5", "41Q6")
    assert r["los"] is False and r["blocked_at"] == "41Q5-41Q6" and r["rule"] == "B23.71"
    assert "rowhouse wall 41Q5-41Q6 blocks the LOS across it" in r["steps"][-1]["text"]


def test_B23_71_without_the_bar_the_same_hexes_see_each_other():
    assert ruling(painted(ROW, {}), "41Q5", "41Q6")["los"] is True


def test_B23_71_the_bar_rises_to_the_roof_upper_levels_are_blocked_too():
    s = painted(TALL, {"Q5-Q6": "rowhouse"})
    r = ruling(s, "41Q5", "41Q6", 1, 1)
    assert r["los"] is False and r["rule"] == "B23.71"
    assert ruling(painted(TALL, {}), "41Q5", "41Q6", 1, 1)["los"] is True


def test_B23_71_an_end_above_the_roof_sees_over_the_bar():
    # A level-2 hill in Q7 looks across Q6 (open) and the bar at Q5-Q6 into Q5, whose
    # single-story roof is at level 1: the bar does not block; at level 1 on the same
    # hill, the viewer is not above the roof, and the bar blocks.
    hexes = {"Q5": {"terrain": "stone-building"}, "Q7": {"level": 2}}
    r = ruling(painted(hexes, {"Q5-Q6": "rowhouse"}), "41Q7", "41Q5")
    assert r["los"] is True, r["steps"]
    assert any("an end is above it" in x["text"] for x in r["steps"]), r["steps"]
    hexes["Q7"] = {"level": 1}
    r = ruling(painted(hexes, {"Q5-Q6": "rowhouse"}), "41Q7", "41Q5")
    assert r["los"] is False and r["rule"] == "B23.71"


def test_B23_71_a_thread_along_the_bar_is_blocked():
    # N5 to R5 runs along Q5-Q6. With the building on one side only, the building
    # does not block along the hexside (A6.1); the bar on it does.
    hexes = {"Q5": {"terrain": "stone-building"}}
    assert "41Q5-41Q6" in api.thread(painted(hexes, {}), {"hex": "41N5"}, {"hex": "41R5"})["touches"]
    assert ruling(painted(hexes, {}), "41N5", "41R5")["los"] is True
    r = ruling(painted(hexes, {"Q5-Q6": "rowhouse"}), "41N5", "41R5")
    assert r["los"] is False and r["rule"] == "B23.71"
    assert "blocks the LOS along it" in r["steps"][-1]["text"]


def test_the_setup_format_takes_rowhouse_and_refuses_nonsense():
    s = painted(ROW, {"Q5-Q6": "rowhouse"})
    info = api.hex_terrain(s, "41Q5")
    assert {"name": "41Q5-41Q6", "type": "rowhouse", "hillside": False, "gap": False} \
        in info["hexsides"]
    with pytest.raises(SetupError, match="rowhous"):
        api.los(painted(ROW, {"Q5-Q6": "rowhous"}), {"hex": "41Q5"}, {"hex": "41Q6"})


def test_a_rowhouse_wall_is_not_crossed_by_a_plain_move():
    s = painted(ROW, {"Q5-Q6": "rowhouse"})
    s["units"] = [unit("g", "41Q5")]
    got = api.move_cost(s, "g", "41Q5", "41Q6")
    assert got["allowed"] is False
    assert any(x["rule"] == "B23.71" for x in got["steps"])


# --- read from the art -------------------------------------------------------------------

@pytest.mark.parametrize("cover, read", [((0.2, 0.8), True), ((0.3, 0.56), True),
                                         ((0.45, 0.65), False), ((0.4, 0.6), False)])
def test_a_bar_drawn_on_a_quarter_of_the_hexside_is_a_rowhouse_wall(cover, read):
    source = imported(ROW, {"Q5-Q6": {"type": "rowhouse", "cover": cover}})["map"]["boards"][0][0]
    sides = api.board_terrain(source["source"])["hexsides"]
    assert (sides.get("Q5-Q6") == "rowhouse") is read, sides
    assert not any("Rowhouse" in w for w in api.import_board(
        board_archive(ROW, {"Q5-Q6": {"type": "rowhouse", "cover": cover}}))["warnings"])


def test_A6_1_a_thread_crossing_the_hexside_beside_the_bar_drawn_passes():
    # The bar drawn over the hexside's first two fifths: the centre-to-centre thread
    # crosses its middle, where no bar is drawn.
    s = imported(ROW, {"Q5-Q6": {"type": "rowhouse", "cover": (0, 0.4)}})
    r = ruling(s, "41Q5", "41Q6")
    assert r["los"] is True, r["steps"]
    assert any("beside its rowhouse wall" in x["text"] for x in r["steps"])
    s = imported(ROW, {"Q5-Q6": {"type": "rowhouse", "cover": (0.3, 0.7)}}, name="42")
    r = ruling(s, "42Q5", "42Q6")
    assert r["los"] is False and r["rule"] == "B23.71"


def test_the_players_entry_makes_a_bar_drawn_in_part_a_whole_hexside():
    s = imported(ROW, {"Q5-Q6": {"type": "rowhouse", "cover": (0, 0.4)}}, name="43")
    s["hexsides"] = {"43Q5-43Q6": "rowhouse"}
    assert ruling(s, "43Q5", "43Q6")["los"] is False


# --- the real boards ------------------------------------------------------------------------

BOARDS = Path.home() / ".cache" / "vasl-boards"


def _real(board: str) -> dict:
    path = BOARDS / f"bd{board}"
    if not path.exists():
        pytest.skip(f"no VASL board {board} on this machine")
    return api.import_board(path.read_bytes())


@pytest.mark.parametrize("a,b,at", [("N3", "O3", "20N3-20O3"), ("N3", "L5", "20M4-20N3"),
                                    ("P2", "Q2", "20P2-20Q2")])
def test_B23_71_board_20s_rowhouse_bars_block_as_vasl_rules_them(a, b, at):
    got = _real("20")
    assert not any("Rowhouse" in w for w in got["warnings"])
    sides = api.board_terrain(got["source"])["hexsides"]
    assert {k for k, v in sides.items() if v == "rowhouse"} >= {"M3-M4", "M3-N3", "M4-N3",
                                                                 "N3-O3", "O3-P2", "P2-Q2"}
    s = {"format": "asl-setup", "version": 1,
         "map": {"boards": [[{"board": "20", "source": got["source"]}]]},
         "units": [unit("g", "20" + a), unit("r", "20" + b, side="Russian")]}
    for r in check_both_ways(s, "g", "r"):
        assert r["los"] is False and r["blocked_at"] == at and r["rule"] == "B23.71", r["steps"]
