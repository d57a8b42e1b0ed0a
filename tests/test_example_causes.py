"""The causes of the rulebook examples that failed on the real boards
(tests/test_real_board_examples.py), each built both ways on archives the tests
write (tests/vasl_writer.py) and on painted maps: no real board's data is used.

- a road drawn over a hill is the hill there (A6.2; B10.2 EX, 15Y4 to AA3 along
  the road across Z3);
- the Crest Lines drawn in a lower hex adjacent to the higher end are passed
  (B10.2 EXC, 15Y4 through Y3 to Y2);
- terrain drawn in a gully's bed sets no level (B19.21, 12CC9);
- a gully run on down as ground drawn below its floor makes a Crest
  Line-Depression hexside (B19.5, 24D8-D9);
- two terrains with neither dominant both apply (B.1, A2.4: 2I9).

Every LOS is asked from both ends (A6.5).
"""
from __future__ import annotations

from typing import Any

import pytest

from pycore import api, share
from pycore.errors import SetupError
from tests.helpers import check_both_ways, setup, unit
from tests.vasl_writer import board_archive

SOUTH = (-40, 6, 40, 40)          # the part of a hex below its dot (towards the next row)
STRIP = (-6, -40, 6, 40)          # a north-south strip through the dot: a road along a thread


def drawn(hexes: dict, shapes: tuple = ()) -> dict:
    source = api.import_board(board_archive(hexes, None, shapes=shapes))["source"]
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": "41", "source": source}]]}}


def painted(hexes: dict) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
            "hexes": {"41" + k: v for k, v in hexes.items()}}


def ruling(s: dict, a: Any, b: Any) -> dict:
    """The LOS a-b (plain names or Locations), the same both ways (A6.5)."""
    def end(x: Any) -> dict:
        return {"hex": "41" + x} if isinstance(x, str) else dict(x, hex="41" + x["hex"])
    there, back = api.los(s, end(a), end(b)), api.los(s, end(b), end(a))
    assert (there["los"], there["hindrance"]) == (back["los"], back["hindrance"]), \
        (there["steps"], back["steps"])
    return there


def texts(r: dict) -> str:
    return " / ".join(st["text"] for st in r["steps"])


# --- A6.2: a road drawn over a hill is that hill ----------------------------------------

def test_A6_2_a_thread_along_a_road_over_the_hill_meets_the_hill():
    # Q7 is level 2 with a level-1 corner (a crest line across it); the thread from
    # Q8 (level 2) to Q6 (level 1) runs along a road drawn over Q7's level-2 ground
    hexes = {"Q8": {"level": 2}, "Q7": {"level": 2}, "Q6": {"level": 1}}
    corner = {"hex": "Q7", "level": 1, "rect": (20, -40, 40, -20), "own": True}
    road = {"hex": "Q7", "terrain": "road", "level": 2, "rect": STRIP, "own": True}
    for s in (drawn(hexes, (corner, road)), painted(hexes)):
        r = ruling(s, "Q8", "Q6")
        assert r["los"] is False and r["blocked_at"] == "41Q7", texts(r)


def test_A6_2_a_road_drawn_on_the_lower_level_leaves_the_crest_beside_the_thread():
    # the same road drawn down at level 1 through the hex: the thread passes over level 1
    hexes = {"Q8": {"level": 2}, "Q7": {"level": 2}, "Q6": {"level": 1}}
    corner = {"hex": "Q7", "level": 1, "rect": (20, -40, 40, -20), "own": True}
    road = {"hex": "Q7", "terrain": "road", "level": 1, "rect": STRIP, "own": True}
    r = ruling(drawn(hexes, (corner, road)), "Q8", "Q6")
    assert r["los"] is True, texts(r)
    assert ruling(painted({**hexes, "Q7": {"level": 1}}), "Q8", "Q6")["los"] is True


# --- B10.2 EXC: a Crest Line in an adjacent hex of lower elevation ----------------------------

LOWER = {"Q8": {"level": 2}, "Q7": {"level": 1}}      # Q6 below at level 0


def test_B10_2_EXC_the_higher_ends_own_level_drawn_in_the_adjacent_lower_hex_is_passed():
    # Q7 (level 1 at its dot) holds level-2 ground on Q8's side: Q8 traces through it
    spur = {"hex": "Q7", "level": 2, "rect": SOUTH, "own": True}
    for s in (drawn(LOWER, (spur,)), painted(LOWER)):
        r = ruling(s, "Q8", "Q6")
        assert r["los"] is True, texts(r)
        assert any(st["rule"] == "B10.2" and "41Q7" in st["text"] for st in r["steps"])


def test_B10_2_EXC_ground_drawn_above_the_higher_end_in_that_hex_still_blocks():
    knoll = {"hex": "Q7", "level": 3, "rect": SOUTH, "own": True}
    r = ruling(drawn(LOWER, (knoll,)), "Q8", "Q6")
    assert r["los"] is False and r["blocked_at"] == "41Q7", texts(r)


def test_B10_2_an_adjacent_hex_at_the_higher_ends_level_is_no_Crest_Line_as_it_leaves():
    # "but it cannot fire through Z3 to AA3": Q7 at Q8's own level, its crest down to Q6
    hexes = {"Q8": {"level": 2}, "Q7": {"level": 2}, "Q6": {"level": 1}}
    edge = {"hex": "Q7", "level": 1, "rect": (-40, -40, 40, -12), "own": True}
    for s in (drawn(hexes, (edge,)), painted(hexes)):
        r = ruling(s, "Q8", "Q6")
        assert r["los"] is False and r["blocked_at"] == "41Q7", texts(r)


# --- B19.21: terrain in a gully's bed sets no level -------------------------------------------

def _in_bed(level: int) -> tuple:
    """Q5's brush drawn down in the gully's bed round the dot, the open ground of
    the hex's east side at its own level beside the gully."""
    return ({"hex": "Q5", "terrain": "brush", "disc": 16, "level": level - 1},
            {"hex": "Q5", "terrain": "open", "rect": (12, -40, 40, 40), "level": level,
             "own": True})


def _brush_in_gully(level: int) -> dict:
    """Q5 a gully-brush hex at ``level``, its brush drawn down in the bed round the dot."""
    hexes = {"Q5": {"terrain": "brush", "gully": True, **({"level": level} if level else {})}}
    return api.board_terrain(api.import_board(board_archive(hexes, None, shapes=_in_bed(level)))
                             ["source"])["hexes"]


@pytest.mark.parametrize("level", [0, -1, 1])
def test_B19_21_brush_drawn_in_the_gully_bed_leaves_the_hex_at_its_own_level(level):
    entry = {"terrain": "brush", "gully": True, **({"level": level} if level else {})}
    assert _brush_in_gully(level) == {"Q5": entry}


def test_B19_21_brush_drawn_at_the_crest_round_the_dot_is_the_hexs_level_as_before():
    hexes = {"Q5": {"terrain": "brush", "gully": True}}
    got = api.board_terrain(api.import_board(board_archive(hexes, None))["source"])["hexes"]
    assert got == {"Q5": {"terrain": "brush", "gully": True}}


def test_B19_1_ground_at_the_gullys_bed_level_and_no_lower_than_around_it_is_the_hexs_own():
    # a gully run down a hill: its art drawn at 0 through ground mostly at 0, a level-1
    # slope in one corner: the ground at 0 is the hex's, as before (55J6)
    hexes = {"Q5": {"terrain": "gully", "level": 1}}
    shapes = ({"hex": "Q5", "terrain": "open", "rect": (12, -40, 40, 40), "level": 0,
               "own": True},
              {"hex": "Q5", "terrain": "open", "rect": (-40, -40, -30, 40), "level": 1,
               "own": True})
    got = api.board_terrain(api.import_board(board_archive(hexes, None, shapes=shapes))
                            ["source"])["hexes"]
    assert got == {"Q5": {"terrain": "gully"}}


def test_B19_21_a_gully_brush_hex_is_a_level_0_Hindrance_drawn_and_painted():
    hexes = {"Q5": {"terrain": "brush", "gully": True}}
    source = api.import_board(board_archive(hexes, None, shapes=_in_bed(0)))["source"]
    s = {"format": "asl-setup", "version": 1, "map": {"boards": [[{"board": "41",
                                                                     "source": source}]]}}
    for m in (s, painted(hexes)):
        r = ruling(m, "Q3", "Q7")
        assert r["los"] is True and r["hindrance"] == 1, texts(r)


# --- B19.5: a gully run on down as lower ground -------------------------------------------------

# Q5 a gully hex (base level 0, IN -1); the valley north of it at level -1 (Q2-Q4 and the
# hexes round them), Q4 the gully's run at -2, below a unit IN Q5.
VALLEY = {h: {"level": -1} for h in ("Q1", "Q2", "Q3", "P2", "P3", "R2", "R3", "P4", "R4")}


def _hill_depression(q4: int) -> dict:
    return {**VALLEY, "Q4": {"level": q4}, "Q5": {"terrain": "gully"}}


def test_B19_51_from_the_valley_INTO_the_gully_across_its_step_down_drawn_and_painted():
    hexes = _hill_depression(-2)
    for s in (drawn(hexes), painted(hexes)):
        r = ruling(s, "Q2", "Q5")
        assert r["los"] is True, texts(r)
        assert any(st["rule"] == "B19.51" and "41Q4-41Q5" in st["text"] for st in r["steps"])


def test_B19_51_no_step_where_the_ground_beside_is_at_the_gullys_floor():
    hexes = _hill_depression(-1)
    for s in (drawn(hexes), painted(hexes)):
        r = ruling(s, "Q2", "Q5")
        assert r["los"] is False and r["rule"] == "A6.3", texts(r)


def test_B19_51_a_unit_in_the_lower_ground_next_to_it_sees_INTO_it():
    for s in (drawn(_hill_depression(-2)), painted(_hill_depression(-2))):
        assert ruling(s, "Q4", "Q5")["los"] is True


# --- B.1, A2.4: two terrains with neither dominant ------------------------------------------------

BOTH = {"I9": {"terrain": "building", "also": "woods"}}


def test_A2_4_EX_entering_a_building_woods_hex_costs_Infantry_four_MF():
    assert api.move_cost(setup(BOTH), "infantry", "H9", "I9")["mf"] == 4
    assert api.move_cost(setup({"I9": {"terrain": "building"}}), "infantry", "H9", "I9")["mf"] == 2


def test_B_1_both_terrains_offer_their_TEM_the_better_one_applies():
    s = setup({"I9": {"terrain": "brush", "also": "woods"}},
              units=[unit("g", "I9"), unit("r", "I6", side="Russian")])
    f = api.fire(s, "r", "g")
    assert f["tem"] == 1 and {o["source"] for o in f["tem_options"]} == {"woods"}
    s["hexes"]["I9"] = {"terrain": "brush"}
    assert api.fire(s, "r", "g")["tem"] == 0


def test_B_1_a_whole_hex_of_both_is_the_obstacle_of_the_taller():
    s = setup({"I9": {"terrain": "brush", "also": "woods"}},
              units=[unit("a", "I8"), unit("b", "I10", side="Russian")])
    r = check_both_ways(s, "a", "b")[0]
    assert r["los"] is False and r["blocked_at"] == "I9"
    s["hexes"]["I9"] = {"terrain": "brush"}
    r = check_both_ways(s, "a", "b")[0]
    assert r["los"] is True and r["hindrance"] == 1


def test_B_1_also_names_a_terrain_a_hex_can_hold_with_another_and_travels_in_links():
    with pytest.raises(SetupError, match=r'hexes\["I9"\]\.also'):
        api.los(setup({"I9": {"terrain": "building", "also": "gully"}}), "H9", "J9")
    assert share.decode(share.encode(setup(BOTH)))["hexes"]["I9"] == BOTH["I9"]
    assert api.map_terrain(setup(BOTH))["hexes"]["I9"]["also"] == "woods"
