"""Water Obstacles (B21): rivers, ponds and canals, read from a board as a
player reads it and judged by the rules (docs/board-reading.md "Water",
docs/rules.md "Water Obstacles").

B21.1: a (non-stream) hex whose centre dot lies on the water's blue is a Water
Obstacle hex; a hex whose dot is on the bank is land at the bank's level, never
a gully because water lies beside it. The water is neither an obstacle nor a
Hindrance to a LOS over it. Every reading is tested on archives the tests write
(``tests/vasl_writer.py``), each threshold just over and just under; LOS both
ways (A6.5).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from pycore import api
from pycore.api import SetupError
from pycore.terrain.vasl import reading
from tests.helpers import (assert_blocked, assert_clear, check_both_ways, cited, loc, setup,
                           unit)
from tests.test_reading import _disc, board_map, read, share_of, warnings
from tests.vasl_writer import board_archive

ALL = (-40, -40, 40, 40)


def water(name: str, level: int = -1, **shape) -> dict:
    """Water over the whole of hex ``name`` (or ``shape``), drawn at ``level``."""
    return {"hex": name, "terrain": "water", "level": level, "rect": ALL, "own": True, **shape}


# --- the reading: B21.1, the dot on the blue ------------------------------------------

def test_B21_1_a_hex_whose_dot_lies_on_the_water_is_a_water_obstacle_hex_at_the_waters_level():
    band = water("J3", rect=(-40, -10, 40, 10))       # through the dot; the hex's rest is land
    assert read(shapes=[band])["hexes"] == {"J3": {"terrain": "water", "level": -1,
                                                   "water": "pond"}}
    said = warnings(shapes=[band])
    assert not any("Water" in w or "gully" in w for w in said), said


def test_B21_1_a_bank_hex_is_land_at_the_banks_level_not_a_gully():
    # the water on most of the hex but not at its dot: the dot is on the bank
    bank = water("J3", rect=(-40, 6, 40, 40))
    assert share_of(bank, _disc("J3")) < Fraction(1, 2)
    assert read(shapes=[bank])["hexes"] == {}
    # and on a hill: the bank's level, not the water's
    got = read({"J3": {"level": 1}}, shapes=[water("J3", level=0, rect=(-40, 6, 40, 40))])
    assert got["hexes"] == {"J3": {"level": 1}}


@pytest.mark.parametrize("radius,is_water", [(7, False), (8, True)])
def test_B21_1_water_on_half_the_disc_round_the_dot_is_at_the_dot(radius, is_water):
    pool = {"hex": "P5", "terrain": "water", "level": -1, "disc": radius}
    share = share_of(pool, _disc("P5"))
    assert (share >= reading.WATER_SHARE) is is_water, share
    got = read(shapes=[pool])["hexes"].get("P5", {})
    assert (got.get("terrain") == "water") is is_water, got
    assert got.get("terrain") != "gully", got


def test_B21_12_water_hexes_reaching_a_board_end_are_a_river_others_a_pond():
    river = [water(n) for n in ("A4", "B4", "C5")]
    pond = [water(n) for n in ("P5", "P6")]
    got = read(shapes=river + pond)["hexes"]
    assert {n: e["water"] for n, e in got.items()} == {
        "A4": "river", "B4": "river", "C5": "river", "P5": "pond", "P6": "pond"}
    assert all(e["level"] == -1 and e["terrain"] == "water" for e in got.values())


def test_B21_11_vasls_canal_code_reads_as_a_canal():
    got = read(shapes=[{"hex": "H2", "code": 13, "level": -1, "rect": ALL, "own": True}])
    assert got["hexes"] == {"H2": {"terrain": "water", "level": -1, "water": "canal"}}


def test_water_drawn_at_the_grounds_own_level_is_read_as_drawn_and_named():
    got = read(shapes=[water("P5", level=0, rect=(-40, -12, 40, 12))])
    assert got["hexes"] == {"P5": {"terrain": "water", "water": "pond"}}
    said = warnings(shapes=[water("P5", level=0, rect=(-40, -12, 40, 12))])
    assert any("water drawn no lower than the ground beside it" in w and w.endswith("at P5")
               for w in said), said


def test_B20_1_a_streams_rivulet_through_the_dot_leaves_a_stream_hex():
    # a stream hex (B20.1) drawn with a thin line of water at its dot is not a
    # Water Obstacle (B21.1 leaves stream hexes out): it stays a depression
    stream = {"hex": "Q5", "terrain": "stream", "level": -1, "rect": (-40, -12, 40, 12),
              "own": True}
    rivulet = water("Q5", rect=(-40, -2, 40, 2))
    assert read(shapes=[stream, rivulet])["hexes"] == {"Q5": {"terrain": "stream"}}


def test_a_bridge_over_the_dot_leaves_its_hex_land_with_its_bridge():
    # the dot is on the bridge, not the blue (23P7); bridges over water are B6's
    shapes = [water("J5"), {"hex": "J5", "terrain": "bridge", "level": 0,
                            "rect": (-40, -8, 40, 8), "own": True}]
    assert read(shapes=shapes)["hexes"] == {"J5": {"bridge": True}}
    narrow = [water("J5"), {"hex": "J5", "terrain": "bridge", "level": 0,
                            "rect": (-40, -2, 40, 2), "own": True}]
    assert read(shapes=narrow)["hexes"]["J5"]["terrain"] == "water"


# --- the setup format -----------------------------------------------------------------------

def test_a_water_hex_names_its_kind_and_reads_back_the_same():
    s = api.load(setup({"E3": {"terrain": "water", "water": "river", "level": -1}}))
    assert s.to_dict()["hexes"]["E3"] == {"terrain": "water", "level": -1, "water": "river"}
    assert api.load(s.to_dict()).to_dict() == s.to_dict()


@pytest.mark.parametrize("entry,field", [
    ({"terrain": "woods", "water": "river"}, 'hexes["E3"].water'),
    ({"terrain": "water", "water": "lake"}, 'hexes["E3"].water'),
])
def test_a_bad_water_entry_is_refused_naming_its_field(entry, field):
    with pytest.raises(SetupError, match=field.replace("[", r"\[").replace("]", r"\]")):
        api.los(setup({"E3": entry}, units=[unit("a", "C3"), unit("b", "G3")]), "a", "b")


# --- LOS over water, both ways (A6.5) -------------------------------------------------------

RIVER = {n: {"terrain": "water", "water": "river", "level": -1} for n in ("E2", "E3", "E4")}


def test_B21_1_a_river_is_neither_obstacle_nor_hindrance_to_a_LOS_over_it():
    s = setup(RIVER, units=[unit("g", "C3"), unit("r", "G3", side="Russian")])
    ab, ba = check_both_ways(s, "g", "r")
    for r in (ab, ba):
        assert_clear(r)
        assert "B21.1" in cited(r)
        assert any("The river in E3 is neither an obstacle nor a Hindrance" in st["text"]
                   for st in r["steps"]), r["steps"]


def test_B21_1_a_unit_in_the_river_is_at_the_waters_level_and_the_bank_hides_it():
    # the app's assumption (docs/rules.md "Water Obstacles"): a unit in the
    # water is at its level, -1; ground at level 0 between it and a level-0
    # viewer blocks as a hill's does (A6.2), as on the board drawn in VASL
    s = setup(RIVER, units=[unit("g", "B3"), unit("w", "E3", side="Russian")])
    ab, ba = check_both_ways(s, "g", "w")
    assert_blocked(ab, "C3", "A6.2")
    assert ba["los"] is False
    assert any("is in the river in E3, a Water Obstacle hex, at its level -1" in st["text"]
               for st in ab["steps"]), ab["steps"]
    near = check_both_ways(setup(RIVER, units=[unit("g", "D3"), unit("w", "E3")]), "g", "w")
    assert all(r["los"] for r in near)     # adjacent: nothing between them


def test_a_LOS_that_never_meets_water_says_nothing_of_it():
    s = setup(RIVER, units=[unit("g", "C7"), unit("r", "G7", side="Russian")])
    assert "B21.1" not in cited(api.los(s, "g", "r"))


def test_B21_1_no_unit_enters_a_water_obstacle_by_normal_movement():
    s = setup(RIVER, units=[unit("g", "D3")])
    got = api.move_cost(s, "g", "D3", "E3")
    assert got["allowed"] is False and got["mf"] is None
    assert got["steps"][0]["rule"] == "B21.1" and "river in E3" in got["steps"][0]["text"]


def test_marsh_drawn_on_a_river_hexs_bank_hinders_a_ground_level_LOS_across_it():
    # the marsh stands on the bank, a level above the water (B16.2: +1 to a
    # same-level LOS), where the thread crosses its depiction (A6.1)
    shapes = [water("J5"), {"hex": "J5", "terrain": "marsh", "level": 0,
                            "rect": (-40, 12, 40, 24), "own": True}]
    source = api.import_board(board_archive({}, shapes=shapes))["source"]
    assert api.board_terrain(source)["hexes"]["J5"]["terrain"] == "water"
    s = board_map(source, units=[unit("g", "41J2"), unit("r", "41J8", side="Russian")])
    for r in check_both_ways(s, "g", "r"):
        assert_clear(r, hindrance=1)
    beside = board_map(source, units=[unit("g", "41H2"), unit("r", "41H8", side="Russian")])
    for r in check_both_ways(beside, "g", "r"):
        assert_clear(r)


def test_a_ruling_from_a_location_in_a_water_hex_names_it():
    s = setup(RIVER)
    r = api.los(s, loc("E3"), loc("E2"))
    assert r["los"] and any("The Location in E3 is in the river in E3" in st["text"]
                            for st in r["steps"]), r["steps"]


def test_the_reading_view_names_a_river_as_a_player_does_and_marks_nothing_unmodelled():
    from tests.test_boardfile import call
    source = api.import_board(board_archive({}, shapes=[water("A4"), water("B4")]))["source"]
    s = board_map(source)
    said = call("hex_reading", s, "41A4")["ok"]["text"]
    assert said == "41A4: river (a Water Obstacle), level -1", said
    assert call("map_terrain", s)["ok"]["unmodelled"] == {}


# --- a bank drawn across a Water Obstacle hex (A6.1, A6.2) -------------------------------

# A pond over columns H-L, rows 1-9, its water a level below the ground; in
# J5 the bank (level-0 ground) is drawn over the hex's right-hand part, the
# dot still on the blue (B21.1: J5 stays a Water Obstacle hex).
POND = [water(f"{c}{r}") for c in "HIJKL" for r in range(1, 10)]
J5_BANK = {"hex": "J5", "terrain": "open", "level": 0, "rect": (12, -40, 40, 40), "own": True}


def _pond(bank: bool, a: str, b: str) -> tuple[dict, dict]:
    source = api.import_board(board_archive({}, shapes=POND + ([J5_BANK] if bank else [])))["source"]
    assert api.board_terrain(source)["hexes"]["J5"]["terrain"] == "water"
    s = board_map(source, units=[unit("g", "41" + a), unit("r", "41" + b, side="Russian")])
    return check_both_ways(s, "g", "r")


@pytest.mark.parametrize("a,b", [("I5", "L5"), ("J3", "K8"), ("H4", "L6")])
def test_A6_2_a_bank_drawn_across_a_water_hex_blocks_a_LOS_between_units_in_the_water_where_crossed(a, b):
    for r in _pond(True, a, b):
        assert_blocked(r, "41J5", "A6.2")
        assert "The pond's bank (level 0) drawn in 41J5 blocks the LOS" in r["steps"][-1]["text"]
    for r in _pond(False, a, b):        # the same thread, no bank drawn there: water only
        assert_clear(r)


@pytest.mark.parametrize("a,b", [("J2", "J8"), ("K2", "K8"), ("I3", "L7")])
def test_A6_1_a_thread_beside_the_bank_drawn_in_a_water_hex_crosses_only_water(a, b):
    for r in _pond(True, a, b):
        assert_clear(r)


def test_A6_2_the_bank_drawn_in_a_water_hex_hides_a_unit_in_the_water_from_level_0_beyond_it():
    for r in _pond(True, "M4", "I6"):       # from the bank's level: not above it
        assert_blocked(r, "41J5", "A6.2")
    for r in _pond(True, "M5", "I4"):       # the thread beside it
        assert_clear(r)
    for r in _pond(True, "M4", "G5"):       # bank to bank, both at its level: over it
        assert_clear(r)



# A level SSR on the board (B10.1): the banks are still judged as drawn, their
# levels moved by it as a drawn crest line's are (docs/ssr.md).
def _pond_ssr(bank_level: int, ssrs: list, a: str, b: str) -> tuple[dict, dict]:
    bank = {**J5_BANK, "level": bank_level}
    source = api.import_board(board_archive({}, shapes=POND + [bank]))["source"]
    s = board_map(source, units=[unit("g", "41" + a), unit("r", "41" + b, side="Russian")])
    s["ssr"] = ssrs
    return check_both_ways(s, "g", "r")


def test_B10_1_a_level_ssr_leaves_the_bank_drawn_in_a_water_hex_judged_as_drawn():
    for r in _pond_ssr(0, ["level-2-to-1"], "I5", "L5"):     # was: J5 whole, water only
        assert_blocked(r, "41J5", "A6.2")
        assert "The pond's bank (level 0) drawn in 41J5 blocks the LOS" in r["steps"][-1]["text"]
    for r in _pond_ssr(0, ["level-2-to-1"], "J2", "J8"):     # beside the bank: water only
        assert_clear(r)


@pytest.mark.parametrize("a,b", [("I5", "L5"), ("M6", "G4"), ("J2", "J8"), ("M4", "I6")])
def test_B10_1_a_bank_drawn_at_level_1_lowered_to_0_rules_as_one_drawn_at_level_0(a, b):
    lowered = _pond_ssr(1, ["level-1-to-0"], a, b)
    drawn_at_0 = _pond_ssr(0, [], a, b)
    for r, same in zip(lowered, drawn_at_0):
        assert (r["los"], r["blocked_at"]) == (same["los"], same["blocked_at"]), r["steps"]


def test_B10_1_lowered_to_level_0_the_bank_no_longer_stands_above_two_level_0_ends():
    for r in _pond_ssr(1, [], "M6", "G4"):        # drawn at level 1: above both ends
        assert_blocked(r, "41J5", "A6.2")
    for r in _pond_ssr(1, ["level-1-to-0"], "M6", "G4"):
        assert_clear(r)
    for r in _pond_ssr(1, ["level-1-to-0"], "I5", "L5"):     # still above two units in the water
        assert_blocked(r, "41J5", "A6.2")

# A bank drawn along a hexside: J6 (and K6) land at level 0, J5 water with its
# bank drawn along its bottom, beside J6.
def _shore(bank: bool, land: tuple[str, ...], a: str, b: str) -> tuple[dict, dict]:
    pond = [water(f"{c}{r}") for c in "GHIJKLM" for r in range(1, 10) if f"{c}{r}" not in land]
    drawn = [{"hex": "J5", "terrain": "open", "level": 0, "rect": (-40, 14, 40, 40), "own": True}]
    source = api.import_board(board_archive({}, shapes=pond + (drawn if bank else [])))["source"]
    s = board_map(source, units=[unit("g", "41" + a), unit("r", "41" + b, side="Russian")])
    return check_both_ways(s, "g", "r")


@pytest.mark.parametrize("a,b", [("G6", "K6"), ("I6", "M6")])
def test_A6_1_a_bank_drawn_along_a_hexside_beside_land_blocks_a_LOS_in_the_water_along_it(a, b):
    for r in _shore(True, ("J6",), a, b):
        assert_blocked(r, "41J5-41J6", "A6.1")
        assert "The pond's bank (level 0) on both sides of hexside 41J5-41J6" in r["steps"][-1]["text"]
    for r in _shore(False, ("J6",), a, b):      # the land on one side only (A6.1)
        assert_clear(r)


def test_B10_2_EXC_the_bank_beside_a_hexside_in_a_water_hex_adjacent_to_the_higher_end_is_traced_through():
    for r in _shore(True, ("J6", "K6"), "K6", "G6"):
        assert_clear(r)
        assert "B10.2" in cited(r), r["steps"]


# The water's edge drawn in a bank hex: J5's dot on land (level 0), water over
# its left-hand part, the pond all round it.
def _edge(a: str, b: str) -> tuple[dict, dict]:
    pond = [water(f"{c}{r}") for c in "GHIJKLM" for r in range(1, 10) if f"{c}{r}" != "J5"]
    source = api.import_board(board_archive({}, shapes=pond + [
        water("J5", rect=(-40, -40, -12, 40))]))["source"]
    assert "J5" not in api.board_terrain(source)["hexes"]      # land at level 0 (B21.1)
    s = board_map(source, units=[unit("g", "41" + a), unit("r", "41" + b, side="Russian")])
    return check_both_ways(s, "g", "r")


def test_A6_1_a_thread_over_only_the_water_drawn_in_a_bank_hex_is_not_blocked_by_its_bank():
    for r in _edge("G3", "L8"):
        assert_clear(r)


@pytest.mark.parametrize("a,b", [("G2", "K6"), ("G5", "L5")])
def test_A6_2_a_thread_over_the_land_of_a_bank_hex_between_units_in_the_water_is_blocked(a, b):
    for r in _edge(a, b):
        assert_blocked(r, "41J5", "A6.2")
        assert "The bank (level 0) drawn in 41J5 blocks the LOS" in r["steps"][-1]["text"]


# --- a wall on the shore, above units in the water (B9.62, A6.21) -------------------------

# The pond over columns G-M, rows 1-9, but for the island J5 (land); a wall
# along J4-J5, its top hexside, as board 8 draws the Hillside wall 8X3-X4 at
# the top of its island X4 (B9.6 names it).
def _island(sides: dict, a: str, b: str, level: int = 1) -> tuple[dict, dict]:
    pond = [water(f"{c}{r}") for c in "GHIJKLM" for r in range(1, 10) if f"{c}{r}" != "J5"]
    source = api.import_board(board_archive({"J5": {"level": level}}, sides, shapes=pond))["source"]
    s = board_map(source, units=[unit("g", "41" + a), unit("r", "41" + b, side="Russian")])
    return check_both_ways(s, "g", "r")


# along the hexside J4-J5 (a hexspine touching neither end), and touching its vertex only
@pytest.mark.parametrize("a,b,at", [("G5", "M5", "41J4-41J5"), ("G2", "L6", "41J4-41J5-41K5")])
def test_B9_62_a_hillside_wall_stands_at_the_higher_level_above_two_units_in_the_water(a, b, at):
    hillside = {"J4-J5": {"type": "wall", "hillside": True}}
    for r in _island(hillside, a, b):
        assert_blocked(r, at, "B9.62")
        said = r["steps"][-1]["text"]
        assert "a Hillside wall standing at level 1" in said and "(B9.62)" in said, said
        assert "above both ends (both at level -1)" in said and "A6.21" not in said, said
    for r in _island({}, a, b):         # no wall: the island's ground is not crossed
        assert_clear(r)


def test_A6_21_a_wall_between_two_ends_at_its_own_level_is_a_same_level_half_level_obstacle():
    # no water: the land at level 0, the wall J4-J5 on it, the ends at its level
    source = api.import_board(board_archive({}, {"J4-J5": "wall"}))["source"]
    for a, b, at in (("G5", "M5", "41J4-41J5"), ("J2", "J8", "41J4-41J5")):
        s = board_map(source, units=[unit("g", "41" + a), unit("r", "41" + b, side="Russian")])
        for r in check_both_ways(s, "g", "r"):
            assert_blocked(r, at, "B9.2")
            said = r["steps"][-1]["text"]
            assert "Half-Level obstacle to this same-level LOS (A6.21" in said, said
            assert "B9.62" not in said, said


def test_A6_2_a_wall_on_the_shore_above_two_units_in_the_water_blocks_at_its_vertex():
    # J4 and J5 land at level 0 (their dots on the bank), the water drawn over
    # their left-hand parts; an ordinary wall J4-J5 lies on their level 0
    # (B9.35); the thread between two units in the water crosses only water
    # and touches the wall's vertex I5-J4-J5 (B9.1)
    shore = ("J4", "J5")
    pond = [water(f"{c}{r}") for c in "GHIJKLM" for r in range(1, 10) if f"{c}{r}" not in shore]
    pond += [water(n, rect=(-40, -40, -6, 40)) for n in shore]
    for sides in ({"J4-J5": "wall"}, {}):
        source = api.import_board(board_archive({}, sides, shapes=pond))["source"]
        assert not set(shore) & set(api.board_terrain(source)["hexes"])     # land at level 0
        s = board_map(source, units=[unit("g", "41I8"), unit("r", "41J3", side="Russian")])
        for r in check_both_ways(s, "g", "r"):
            if not sides:
                assert_clear(r)
                continue
            assert_blocked(r, "41I5-41J4-41J5", "A6.2")
            said = r["steps"][-1]["text"]
            assert "on level 0: its top is above both ends (both at level -1)" in said, said
            assert "same-level" not in said and "B9.62" not in said, said
