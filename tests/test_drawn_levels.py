"""Obstacles and crest lines drawn in the same hex of an imported board (issue 20):
woods stand on the ground drawn beneath them (A6.2), a drawn crest line counts
beside a drawn obstacle in its hex (A6.2, A6.4), and along a hexside each side
shows the ground drawn beside the thread (A6.1).

Every archive here is written by ``tests/vasl_writer.py``: no real board's
data is used. Each situation is built both ways round, and every LOS is asked
from both ends (A6.5).
"""
from __future__ import annotations

import pytest

from pycore import api
from tests.vasl_writer import board_archive

NORTH = (-40, -40, 40, -3)          # Q6's northern part, its centre dot left out
SOUTH = (-40, 3, 40, 40)            # Q6's southern part
HILLS = {"Q8": {"level": 1}, "Q4": {"level": 1}}


def board(hexes=None, shapes=(), name: str = "41") -> dict:
    source = api.import_board(board_archive(hexes, None, shapes=shapes, name=name))["source"]
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": name, "source": source}]]},
            "hexes": {}, "hexsides": {}, "units": []}


def painted(hexes: dict) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
            "hexes": {"41" + k: v for k, v in hexes.items()}, "hexsides": {}, "units": []}


def sees(s: dict, a: str, b: str, la: int = 0, lb: int = 0) -> bool:
    """The LOS a-b, the same from both ends (A6.5)."""
    ea, eb = {"hex": "41" + a, "level": la}, {"hex": "41" + b, "level": lb}
    there, back = api.los(s, ea, eb), api.los(s, eb, ea)
    assert there["los"] == back["los"], (there["steps"], back["steps"])
    return there["los"]


def woods(part, level: int | None = None, hx: str = "Q6") -> dict:
    shape = {"hex": hx, "terrain": "woods", "rect": part, "own": True}
    if level is not None:
        shape["level"] = level
    return shape


# --- A6.2: woods stand on the ground drawn beneath them --------------------------------

def test_A6_2_woods_on_drawn_hill_block_at_that_ground_level_plus_their_height():
    # Q6's centre dot is level 0; woods drawn on its level-1 part: their top is level 2,
    # above both level-1 ends: blocked, as the painted map with Q6 woods on level 1.
    s = board(HILLS, shapes=(woods(NORTH, level=1),))
    assert sees(s, "Q8", "Q4") is False
    assert sees(painted({**HILLS, "Q6": {"terrain": "woods", "level": 1}}), "Q8", "Q4") is False
    r = api.los(s, {"hex": "41Q8"}, {"hex": "41Q4"})
    assert r["blocked_at"] == "41Q6"
    assert "on ground drawn at level 1" in r["steps"][-1]["text"]


def test_A6_2_woods_on_the_drawn_level_0_part_of_a_level_1_hex_are_seen_over():
    # The converse: Q6's centre dot is level 1, the woods drawn on its level-0 part:
    # their top is level 1, level with both ends: clear.
    s = board({**HILLS, "Q6": {"level": 1}}, shapes=(woods(SOUTH, level=0),))
    assert sees(s, "Q8", "Q4") is True


def test_A6_2_whole_woods_with_a_crest_line_drawn_across_them():
    # Whole woods on level 0 with level 1 drawn over part of the hex: the thread
    # over the level-1 woods meets a level-2 top (blocked); with level 1 drawn
    # only beside the thread (Q6's east edge), it meets a level-1 top (clear).
    up = board({**HILLS, "Q6": {"terrain": "woods"}},
               shapes=({"hex": "Q6", "level": 1, "rect": NORTH, "own": True},))
    assert sees(up, "Q8", "Q4") is False
    beside = board({**HILLS, "Q6": {"terrain": "woods"}},
                   shapes=({"hex": "Q6", "level": 1, "rect": (20, -40, 40, 40), "own": True},),
                   name="42")
    r = api.los(beside, {"hex": "42Q8"}, {"hex": "42Q4"})
    assert r["los"] is True, r["steps"]
    assert api.los(beside, {"hex": "42Q4"}, {"hex": "42Q8"})["los"] is True


def test_A6_43_woods_on_drawn_hill_make_blind_hexes_from_the_ground_they_stand_on():
    # Q9 at level 3 over woods drawn on Q6's level-1 part (top level 2) to Q4 at level 0,
    # 2 hexes behind: 2 Blind Hexes, as on the painted map.
    s = board({"Q9": {"level": 3}}, shapes=(woods(NORTH, level=1),))
    assert sees(s, "Q9", "Q4") is False
    assert sees(painted({"Q9": {"level": 3}, "Q6": {"terrain": "woods", "level": 1}}),
                "Q9", "Q4") is False
    # the same woods drawn on level-0 ground (top level 1): 1 Blind Hex, Q4 is seen
    flat = board({"Q9": {"level": 3}}, shapes=(woods(NORTH),), name="42")
    assert api.los(flat, {"hex": "42Q9"}, {"hex": "42Q4"})["los"] is True


# --- A6.2, A6.4: a drawn obstacle does not hide the crest line drawn in its hex ---------

HIGH_BAND = {"hex": "Q6", "level": 2, "rect": (-40, -40, 40, -12), "own": True}
DISC = {"hex": "Q6", "terrain": "woods", "disc": 8}


def test_A6_2_a_crest_drawn_beside_small_woods_in_the_same_hex_still_blocks():
    # Level-1 ends; Q6 holds a level-2 band and a small woods disc on level-0 ground
    # at its centre; the thread crosses both: the crest blocks, with or without the woods.
    with_disc = board(HILLS, shapes=(HIGH_BAND, DISC))
    without = board(HILLS, shapes=(HIGH_BAND,), name="42")
    assert sees(with_disc, "Q8", "Q4") is False
    assert api.los(without, {"hex": "42Q8"}, {"hex": "42Q4"})["los"] is False
    # the other way round: the disc alone (top level 1) is seen over from level 1
    disc_only = board(HILLS, shapes=(DISC,), name="43")
    assert api.los(disc_only, {"hex": "43Q8"}, {"hex": "43Q4"})["los"] is True


def test_B10_23_a_crest_drawn_beside_small_woods_in_the_same_hex_still_makes_blind_hexes():
    # The level-2 crest drawn in Q6, 3 hexes from Q9, drops two levels: 1 Blind Hex
    # (B10.23, A6.43), Q5; Q4 is seen (issue 28: it was blind when the crest was counted
    # as a one-level obstacle).
    s = board({"Q9": {"level": 3}}, shapes=(HIGH_BAND, DISC))
    assert sees(s, "Q9", "Q5") is False
    assert sees(s, "Q9", "Q4") is True
    disc_only = board({"Q9": {"level": 3}}, shapes=(DISC,), name="42")
    assert api.los(disc_only, {"hex": "42Q9"}, {"hex": "42Q4"})["los"] is True


# --- A6.1: along a hexside, a hill on one side and woods on the other -------------------

WOODS_Q7 = woods((-40, -40, 40, -10), hx="Q7")      # Q7's band along the Q6-Q7 hexside
Q6_BAND = (-40, 10, 40, 40)                          # Q6's band along the same hexside


def test_A6_1_hill_drawn_along_a_hexside_with_woods_on_the_other_side_blocks():
    # P6-R6 runs along Q6-Q7: level 1 drawn on Q6's side, woods on Q7's: an obstruction
    # on both sides of the thread, as on the painted map (Q6 level 1, Q7 woods).
    s = board(shapes=({"hex": "Q6", "level": 1, "rect": Q6_BAND, "own": True}, WOODS_Q7))
    assert sees(s, "P6", "R6") is False
    assert sees(painted({"Q6": {"level": 1}, "Q7": {"terrain": "woods"}}), "P6", "R6") is False


def test_A6_1_level_0_drawn_along_a_hexside_of_a_level_1_hex_with_woods_opposite_is_clear():
    # The converse: Q6's centre is level 1, its band along the hexside drawn at level 0:
    # no hill beside the thread on that side, woods on one side only: clear.
    s = board({"Q6": {"level": 1}},
              shapes=({"hex": "Q6", "level": 0, "rect": Q6_BAND, "own": True}, WOODS_Q7))
    assert sees(s, "P6", "R6") is True


# --- the visibility sweep agrees with the rulings on these drawings ---------------------

def test_visibility_equals_los_where_woods_stand_on_drawn_hills_and_crests():
    s = board({"Q9": {"level": 3}, "Q7": {"terrain": "woods"}, **HILLS},
              shapes=(woods(NORTH, level=1), HIGH_BAND | {"hex": "R5"}, DISC | {"hex": "R5"},
                      {"hex": "Q7", "level": 1, "rect": NORTH, "own": True},
                      {"hex": "P6", "level": 1, "rect": Q6_BAND, "own": True},
                      woods((-40, -40, 40, -10), hx="P7")))
    for viewer in ("41Q9", "41Q8", "41R3"):
        seen = api.visibility(s, {"hex": viewer})["hexes"]
        for name, got in seen.items():
            r = api.los(s, {"hex": viewer}, {"hex": name})
            assert got == {"los": r["los"], "hindrance": r["hindrance"] if r["los"] else 0}, \
                (viewer, name)


# --- A6.1, B.6: brush and grain hinder where they are drawn ----------------------------
#
# A6.1 says it is "usually (but not always; see B.6 ...)" the depiction that
# hinders. Brush and grain are not Inherent Terrain (B.6; B12.7, F13.2): like
# woods, they hinder only where the thread crosses their depiction, whatever
# the hex's centre dot shows (B.1 EX: the H1-I3 LOS is hindered "due to the
# Brush depiction crossed along the H2-I2 hexside").

def _hindrance(s: dict, a: str, b: str) -> int:
    there = api.los(s, {"hex": "41" + a}, {"hex": "41" + b})
    back = api.los(s, {"hex": "41" + b}, {"hex": "41" + a})
    assert there["los"] and back["los"] and there["hindrance"] == back["hindrance"]
    return there["hindrance"]


def test_B_6_grain_drawn_round_the_centre_dot_hinders_only_where_crossed():
    # P6-S6 crosses Q6 21 px from its centre, beside the grain disc: +0 (B.6,
    # A6.1); Q8-Q4 runs through the disc: +1
    s = board(shapes=({"hex": "Q6", "terrain": "grain", "disc": 14},))
    assert _hindrance(s, "P6", "S6") == 0
    r = api.los(s, {"hex": "41P6"}, {"hex": "41S6"})
    assert any("not Inherent Terrain (B.6)" in st["text"] for st in r["steps"]), r["steps"]
    assert _hindrance(s, "Q8", "Q4") == 1
    # painted whole, the same hex hinders any thread crossing it
    assert _hindrance(painted({"Q6": {"terrain": "grain"}}), "P6", "S6") == 1


def test_B_6_grain_drawn_beside_an_open_centre_dot_hinders_where_crossed():
    # Grain over Q6's east part, its centre dot open: O8-S4 crosses the grain:
    # +1; Q8-Q4, through the open west part, does not: +0
    s = board(shapes=({"hex": "Q6", "terrain": "grain", "rect": (8, -40, 40, 40), "own": True},))
    assert _hindrance(s, "O8", "S4") == 1
    assert _hindrance(s, "Q8", "Q4") == 0


@pytest.mark.parametrize("rules,hindrance", [([], 1), (["no-grain"], 0),
                                              (["grain-out-of-season"], 0)])
def test_B15_grain_drawn_beside_an_open_centre_dot_follows_the_grain_SSRs(rules, hindrance):
    # the scenario's grain SSRs reach grain drawn over part of a hex whose centre
    # dot is open, as they reach a grain hex
    s = board(shapes=({"hex": "Q6", "terrain": "grain", "rect": (8, -40, 40, 40), "own": True},))
    s["ssr"] = rules
    assert _hindrance(s, "O8", "S4") == hindrance


def test_B_6_brush_drawn_on_one_side_of_a_hexside_thread_does_not_hinder():
    # Brush drawn over the whole of Q6, nothing in R6: a thread along the
    # Q6-R6 hexside has brush on one side only (A6.1); with brush in both, +1.
    one = board(shapes=({"hex": "Q6", "terrain": "brush", "rect": (-40, -40, 40, 40),
                         "own": True},))
    both = board(shapes=({"hex": "Q6", "terrain": "brush", "rect": (-40, -40, 40, 40),
                          "own": True},
                         {"hex": "R6", "terrain": "brush", "rect": (-40, -40, 40, 40),
                          "own": True}))
    # P8-R5 runs along the Q6-R6 hexside
    assert _hindrance(one, "P8", "R5") == 0
    r = api.los(one, {"hex": "41P8"}, {"hex": "41R5"})
    assert any("on one side of the thread along hexside 41Q6-41R6 only" in st["text"]
               for st in r["steps"]), r["steps"]
    assert _hindrance(both, "P8", "R5") == 1
    # painted whole, alike
    assert _hindrance(painted({"Q6": {"terrain": "brush"}}), "P8", "R5") == 0
    assert _hindrance(painted({"Q6": {"terrain": "brush"}, "R6": {"terrain": "grain"}}),
                      "P8", "R5") == 1


# --- A6.2 on a seam: each board's half of a seam hex at its own level ----------------------

def _seam() -> dict:
    left = api.import_board(board_archive({"GG5": {"level": 1}}, None, name="41"))["source"]
    right = api.import_board(board_archive({}, None, name="42"))["source"]
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": "41", "source": left},
                                {"board": "42", "source": right}]]},
            "hexes": {}, "hexsides": {}, "units": []}


def test_A6_2_a_hill_on_one_boards_half_of_a_seam_hex_blocks_only_across_that_half():
    s = _seam()
    for a, b in (("41EE5", "42B4"), ("41EE4", "42C6")):     # across board 41's half of GG5
        for v, t in ((a, b), (b, a)):                       # A6.5
            r = api.los(s, {"hex": v}, {"hex": t})
            assert r["los"] is False and r["blocked_at"] == "41GG5", r["steps"]
    # FF6-B4 enters GG5 only on board 42's half (level 0): clear
    for v, t in (("41FF6", "42B4"), ("42B4", "41FF6")):
        assert api.los(s, {"hex": v}, {"hex": t})["los"] is True


def test_visibility_equals_los_across_a_seam_hex_whose_halves_differ():
    s = _seam()
    for viewer in ("41EE5", "42B4"):
        seen = api.visibility(s, {"hex": viewer})["hexes"]
        for name, got in seen.items():
            r = api.los(s, {"hex": viewer}, {"hex": name})
            assert got == {"los": r["los"], "hindrance": r["hindrance"] if r["los"] else 0}, \
                (viewer, name)
