"""The rulebook's examples on the real boards they name (docs/testing.md).

Every EX paragraph of the rules texts the project holds (A6, B9, B19, D9, the
bocage play aid) and of the chapter B text found for the reading (B.1, B10,
B14, B19.4, the Terrain Chart's example hexes) that names hexes of a real
board, asked of that board's VASL archive as the app reads it: nothing is
painted, nothing of the board is copied here. Each test is named with its
rule number; a test is skipped where ``~/.cache/vasl-boards`` does not hold
the board (docs/board-reading.md says how to fetch them). What an example
cannot say on a board as VASL draws it is listed in docs/testing.md.

The causes fixed for them are tested both ways on archives the tests write in
``tests/test_hills.py``, ``tests/test_reading.py`` and ``tests/test_move.py``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pycore import api
from tests.helpers import assert_clear, check_both_ways, check_los, cited, loc, unit

BOARDS = Path.home() / ".cache" / "vasl-boards"
_SOURCES: dict[str, str] = {}


def _archive(board: str) -> Path:
    for name in (f"bd{board}", f"bd{int(board):02d}" if board.isdigit() else f"bd{board}"):
        if (BOARDS / name).exists():
            return BOARDS / name
    pytest.skip(f"no VASL board {board} on this machine")


def source(board: str) -> str:
    if board not in _SOURCES:
        _SOURCES[board] = api.import_board(_archive(board).read_bytes())["source"]
    return _SOURCES[board]


def on(board: str, *units: dict, ssr: tuple = ()) -> dict:
    """A setup of the one real board, its units named with the board's prefix."""
    s: dict[str, Any] = {"format": "asl-setup", "version": 1,
                         "map": {"boards": [[{"board": board, "source": source(board)}]]},
                         "units": [dict(u, hex=board + u["hex"]) for u in units]}
    if ssr:
        s["ssr"] = list(ssr)
    return s


def hexes(board: str) -> dict:
    return api.board_terrain(source(board))["hexes"]


def sees(board: str, a: Any, b: Any, **kw: Any) -> dict:
    """The LOS between two Locations of the board (plain names, ``loc`` fields
    allowed), both ways (A6.5); the ruling from ``a``."""
    s = on(board, **kw)
    ea = loc(board + a) if isinstance(a, str) else dict(a, hex=board + a["hex"])
    eb = loc(board + b) if isinstance(b, str) else dict(b, hex=board + b["hex"])
    return check_both_ways(s, ea, eb)[0]


def why(r: dict) -> list:
    return [st["text"] for st in r["steps"]]


# --- A6.3: Depressions (board 5) -------------------------------------------------------

def test_A6_3_EX_5FF6_cannot_see_INTO_EE8_but_GG7_can_along_the_depression():
    assert hexes("5")["EE8"]["terrain"] == "gully"
    r = sees("5", "FF6", "EE8")
    assert r["los"] is False and r["rule"] == "A6.3", why(r)
    assert sees("5", "GG7", "EE8")["los"] is True


# --- A6.43: Blind Hexes (board 2) -------------------------------------------------------

def test_A6_43_EX_2J4_sees_neither_H2_nor_H1_behind_the_woods_in_I3():
    h = hexes("2")
    assert (h["J4"].get("level"), h["H2"].get("level"), h["I3"]) == (3, 1,
                                                                     {"terrain": "woods", "level": 1})
    for target in ("H2", "H1"):
        r = sees("2", "J4", target)
        assert r["los"] is False and r["blocked_at"] == "2I3", (target, why(r))


# --- A6.7: LOS Hindrances (boards 3 and 4) ----------------------------------------------

def test_A6_7_EX_3T1_fires_on_V2_through_the_grain_in_U2_plus_1_and_the_hedge_plus_1():
    s = on("3", unit("g", "T1"), unit("r", "V2", side="Russian"))
    r = check_los(s, "g", "r")
    assert_clear(r, hindrance=1)
    assert any("3U2" in t and "grain" in t for t in why(r))
    assert api.fire(s, "g", "r")["tem"] == 1                  # the hedge (B9.3)


def test_A6_7_EX_4V3_to_W10_counts_plus_5_for_seven_Hindrance_hexes():
    assert_clear(sees("4", "V3", "W10"), hindrance=5)


# --- A6.8 (board 12) ----------------------------------------------------------------------

def test_A6_8_EX_IN_12BB4_and_AA5_adjacent_gullies_not_connected_see_nothing():
    h = hexes("12")
    assert h["BB4"]["terrain"] == h["AA5"]["terrain"] == "gully"
    r = sees("12", "BB4", "AA5")
    assert r["los"] is False and r["rule"] == "B19.2", why(r)


def test_A6_8_EX_the_ground_of_12U5_sees_neither_level_2_of_U5_nor_level_1_of_V4():
    s = on("12")
    assert check_los(s, loc("12U5"), loc("12U5", level=2))["los"] is False
    r = check_both_ways(s, loc("12U5"), loc("12V4", level=1))[0]
    assert r["los"] is False


@pytest.mark.parametrize("vertex", ["N2-N3-O3", "N3-O3-O4"])
def test_A6_8_EX_12P2_cannot_see_a_unit_in_O3_bypassing_O3_N3(vertex):
    s = on("12", unit("p", "P2"), unit("b", "O3", side="Russian", bypass="12O3-12N3",
                                         vertex="-".join("12" + x for x in vertex.split("-"))))
    r = check_both_ways(s, "p", "b")[0]
    assert r["los"] is False and r["blocked_at"] == "12O3", why(r)


# --- B.1: symbology (boards 2, 4 and 14) ---------------------------------------------------

def test_B_1_EX_14H1_and_I2_are_woods_and_H1_to_I3_is_hindered_by_the_brush_of_H2():
    h = hexes("14")
    assert h["H1"]["terrain"] == h["I2"]["terrain"] == "woods"
    assert h["H2"]["terrain"] == "brush"
    assert_clear(sees("14", "H1", "I3"), hindrance=1)


@pytest.mark.parametrize("board, name", [("14", "P1"), ("4", "X8")])
def test_B_1_EX_an_open_dot_never_makes_a_building_hex_open_ground(board, name):
    assert hexes(board)[name]["terrain"] in ("building", "stone-building")


def test_B_1_EX_a_LOS_through_4X8_beside_its_building_is_as_if_Open_Ground():
    r = sees("4", "U9", "Y8")
    assert_clear(r, hindrance=0)
    assert any("4X8" in t and "beside the thread" in t for t in why(r))


def test_B_1_EX_2I9_is_a_combination_building_woods_hex_and_2M4_a_wooded_hill():
    h = hexes("2")
    assert h["I9"] == {"terrain": "building", "also": "woods"}
    assert h["M4"]["terrain"] == "woods" and h["M4"]["level"] >= 1
    # A2.4 EX: "it costs Infantry four MF to enter hex 2I9"
    assert api.move_cost(on("2"), "infantry", "2H9", "2I9")["mf"] == 4


# --- B9: walls, hedges, bocage ---------------------------------------------------------------

def test_B9_1_EX_6Y6_to_Z7_is_affected_by_the_Y7_Z7_hedge():
    s = on("6", unit("g", "Y6"), unit("r", "Z7", side="Russian"))
    assert api.fire(s, "g", "r")["tem"] == 1


def test_B9_2_EX_6Z9_attacks_X6_with_plus_2_for_the_wall_and_Y8_and_Z9_the_Z8_Y9_hedge():
    s = on("6", unit("g", "Z9"), unit("r", "X6", side="Russian"), unit("y", "Y8"))
    assert_clear(check_both_ways(s, "g", "r")[0])
    assert api.fire(s, "g", "r")["tem"] == 2
    s = on("6", unit("g", "Z9"), unit("y", "Y8", side="Russian"))
    assert api.fire(s, "g", "y")["tem"] == api.fire(s, "y", "g")["tem"] == 1


def test_B9_21_EX_3X1_sees_a_unit_entering_Z3_despite_its_hedge_but_not_beneath_a_foxhole():
    s = on("3", unit("g", "X1"), unit("r", "Z3", side="Russian"))
    assert check_both_ways(s, "g", "r")[0]["los"] is True
    s = on("3", unit("g", "X1"), unit("r", "Z3", side="Russian", entrenched=True))
    r = check_los(s, "g", "r")
    assert r["los"] is False and r["location_los"] is True, why(r)   # it sees the foxhole


def test_B9_31_EX_3U3_fires_on_T3_with_WA_plus_2_for_the_wall_not_added_to_the_building():
    h = hexes("3")
    assert h["T3"]["terrain"] in ("building", "stone-building")
    s = on("3", unit("g", "T3", wa=True), unit("r", "U3", side="Russian"))
    f = api.fire(s, "r", "g")
    assert f["tem"] == 2, why(f)


def test_B9_3_6W9_X9_a_wall_the_road_crosses_through_a_gap():
    assert api.board_terrain(source("6"))["hexsides"]["W9-X9"] == {"type": "wall", "gap": True}


def test_B9_321_EX_WA_in_3Y3_over_Z2_lets_a_German_entering_Y2_claim_it_too():
    s = on("3", unit("g", "Y3", wa=True), unit("r", "Z2", side="Russian"),
           unit("g2", "Y2", wa=True))
    u = api.wall_advantage(s)["units"]
    assert u["g"]["has"] and u["g2"]["has"] and not u["r"]["has"]


@pytest.mark.parametrize("board, side, kind", [("12", "X4-Y4", "wall"), ("13", "S4-S5", "hedge")])
def test_B9_6_the_Hillside_walls_and_hedges_it_names(board, side, kind):
    got = api.board_terrain(source(board))["hexsides"][side]
    assert got == {"type": kind, "hillside": True}


def test_B9_33_EX_level_2_of_12O7_ignores_the_hedge_into_O8_not_into_P8():
    s = on("12", unit("g", "O7", level=2), unit("a", "O8", side="Russian"),
           unit("b", "P8", side="Russian"), unit("l", "O7", level=1))
    assert api.fire(s, "g", "a")["tem"] == 0
    assert api.fire(s, "g", "b")["tem"] == 1
    assert api.fire(s, "l", "a")["tem"] == 1


def test_B9_35_3U4_V4_is_a_wall_on_the_lower_level_not_a_Hillside_wall():
    sides = api.board_terrain(source("3"))["hexsides"]
    wall = sides.get("U4-V4") or sides.get("V4-U4")
    assert wall == "wall", wall


def test_B9_35_EX_41Q5_to_R4_costs_three_MF():
    assert api.move_cost(on("41"), "infantry", "41Q5", "41R4")["mf"] == 3


def test_B9_41_EX_55H7_to_I8_costs_three_MF():
    assert api.move_cost(on("55"), "infantry", "55H7", "55I8")["mf"] == 3


def test_B9_32_EX_WA_in_41Q5_denies_Q6_across_their_hedge_not_P4_and_not_R5_above_it():
    s = on("41", unit("g467", "Q5", wa=True), unit("r527", "P4", side="Russian"),
           unit("r447", "Q6", side="Russian"), unit("g468", "R5"))
    u = api.wall_advantage(s)["units"]
    assert u["g467"]["has"]
    assert u["r527"]["has"] and u["r527"]["hexsides"] == ["41O4-41P4"]   # no shared hexside
    assert not u["r447"]["has"]                                          # Q5-Q6 shared (B9.321)
    assert not u["g468"]["has"]                                          # above the hedge (B9.35)


@pytest.mark.parametrize("firer, affected", [("P4", True), ("O5", True), ("O4", False),
                                             ("R4", False)])
def test_B9_42_EX_41Q4_bypassing_along_Q4_R4_the_Q4_Q5_hedge_counts_from_P4_and_O5(
        firer, affected):
    s = on("41", unit("t", "Q4", vertex="41Q4-41Q5-41R4", bypass="41Q4-41R4", wa=False),
           unit("f", firer, side="Russian", wa=False))
    r = check_both_ways(s, "f", "t")[0]
    assert r["los"] is True, why(r)
    sources = {o["source"] for o in api.fire(s, "f", "t")["tem_options"]}
    assert ("hedge" in sources) is affected, sources


BOCAGE = ("hedges-to-bocage",)


@pytest.mark.parametrize("z", ["Z6", "Z7", "Z8"])
def test_B9_521_EX_44BB8_sees_into_Z6_to_Z8_but_not_units_without_WA_there(z):
    s = on("44", unit("bb8", "BB8", side="American"), ssr=BOCAGE)
    assert check_los(s, "bb8", loc("44" + z))["location_los"] is True
    s = on("44", unit("bb8", "BB8", side="American"), unit("g", z, broken=True), ssr=BOCAGE)
    r = check_both_ways(s, "bb8", "g")[0]
    assert r["los"] is False and r["location_los"] is True and r["rule"] == "B9.521", why(r)


def test_B9_521_EX_44BB8_never_sees_Z5():
    s = on("44", unit("bb8", "BB8", side="American"), ssr=BOCAGE)
    assert check_los(s, "bb8", loc("44Z5"))["los"] is False


# --- B10: hills (boards 2, 3, 9, 15, 18) -------------------------------------------------------

@pytest.mark.parametrize("board, name, level", [
    ("2", "G4", 1), ("15", "J1", 1), ("18", "Y8", 1), ("2", "I4", 2), ("15", "Y8", 2),
    ("18", "Y7", 2), ("2", "J4", 3), ("9", "X6", 3), ("15", "X6", 3), ("9", "O5", 4),
    ("15", "Y6", 4)])
def test_B10_1_EX_the_hill_hexes_of_each_level(board, name, level):
    assert hexes(board)[name].get("level") == level


def test_B10_2_EXC_15Y4_fires_through_Y3_to_Y2_but_not_through_Z3_to_AA3():
    h = hexes("15")
    assert (h["Y4"]["level"], h["Y3"]["level"], h["Z3"]["level"], h["AA3"]["level"]) == \
        (2, 1, 2, 1)
    assert "Y2" not in h                                   # level 0
    r = sees("15", "Y4", "Y2")
    assert r["los"] is True and "B10.2" in cited(r), why(r)
    r = sees("15", "Y4", "AA3")
    assert r["los"] is False and r["blocked_at"] == "15Z3", why(r)


def test_B10_2_EX_3F9_sees_G10_G9_F8_H7_and_I8_of_hill_mass_534():
    for name in ("G10", "G9", "F8", "H7", "I8"):
        assert sees("3", "F9", name)["los"] is True, name


def test_B10_23_EX_A_15Y6_cannot_see_U7_behind_the_V6_U7_cliff():
    r = sees("15", "Y6", "U7")
    assert r["los"] is False, why(r)


def test_B10_23_EX_C_15Y6_sees_EE3_past_the_Crest_Line_in_DD3():
    assert sees("15", "Y6", "EE3")["los"] is True


def test_B10_23_EX_D_15Y6_cannot_see_EE5_behind_the_Crest_Line_in_DD5():
    r = sees("15", "Y6", "EE5")
    assert r["los"] is False, why(r)


def test_B10_23_EX_E_15X6_cannot_see_K7_but_Y6_can():
    r = sees("15", "X6", "K7")
    assert r["los"] is False, why(r)
    assert sees("15", "Y6", "K7")["los"] is True


def test_B10_23_EX_F_15CC5_cannot_see_CC1_behind_the_woods_on_the_CC3_hill():
    r = sees("15", "CC5", "CC1")
    assert r["los"] is False, why(r)


def test_B10_23_EX_G_15Q4_sees_M2_past_the_O3_building_N2_its_Blind_Hex():
    assert sees("15", "Q4", "M2")["los"] is True
    assert sees("15", "Q4", "N2")["los"] is False


# --- B14: orchards (board 6) --------------------------------------------------------------

def test_B14_21_EX_6J8_ground_sees_G7_with_plus_2_and_H9_with_plus_1():
    assert_clear(sees("6", "J8", "G7"), hindrance=2)
    assert_clear(sees("6", "J8", "H9"), hindrance=1)


def test_B14_21_EX_the_upper_levels_of_6J8_do_not_see_G7_in_season():
    for level in (1, 2):
        assert sees("6", {"hex": "J8", "level": level}, "G7")["los"] is False
    assert sees("6", {"hex": "J8", "level": 1}, "H9")["los"] is False


# --- B19: gullies (boards 5, 12 and 24) -------------------------------------------------------

def test_B19_1_12CC6_is_a_gully_hex():
    assert hexes("12")["CC6"] == {"terrain": "gully"}


def test_B19_2_EX_IN_12E8_cannot_see_IN_E9_beneath_the_bridge_F8_sees_G8_and_E9():
    assert hexes("12")["E9"] == {"terrain": "gully", "bridge": True}    # B19.1
    beneath = {"hex": "E9", "beneath": True}
    r = sees("12", "E8", beneath)
    assert r["los"] is False and r["rule"] == "B19.2", why(r)
    for other in ("G8", beneath):
        assert sees("12", "F8", other)["los"] is True, other


def test_B19_2_EX_beneath_the_bridge_IN_12E9_cannot_see_IN_G8():
    # the thread leaves the gully as the board draws it inside F8 (the hexes are not adjacent)
    r = sees("12", {"hex": "E9", "beneath": True}, "G8")
    assert r["los"] is False and r["rule"] == "B19.2" and r["blocked_at"] == "12F8", why(r)


def test_B19_21_12CC9_gully_brush_is_still_a_level_0_Hindrance_and_at_level_minus_1():
    assert hexes("12")["CC9"] == {"terrain": "brush", "gully": True}    # level 0
    r = sees("12", "BB8", "DD10")
    assert_clear(r, hindrance=1)
    assert any("12CC9" in t and "brush" in t for t in why(r))
    assert_clear(sees("12", "CC8", "CC10"), hindrance=1)              # IN the gully


def test_B19_21_5Z8_gully_woods_is_still_a_one_level_obstacle():
    assert hexes("5")["Z8"] == {"terrain": "woods", "gully": True}


@pytest.mark.parametrize("a, b, in_a, mf", [("Z4", "Y5", True, 4), ("Y5", "Y6", False, 2),
                                             ("Y5", "Y4", True, 4), ("Y4", "Y5", False, 6)])
def test_B19_4_EX_moving_IN_and_out_of_the_gullies_of_board_12(a, b, in_a, mf):
    m = api.move_cost(on("12"), "infantry", "12" + a, "12" + b)
    assert m["mf"] == mf, why(m)


@pytest.mark.parametrize("viewer", ["C9", "C10", "D10", "E10", "E9", "C6", "D2", "E3", "F2"])
def test_B19_5_EX_these_hexes_have_a_LOS_INTO_24D9(viewer):
    r = sees("24", viewer, "D9")
    assert r["los"] is True, why(r)


def test_B19_5_EX_no_LOS_INTO_24D9_from_B6_across_a_vertex_of_D8_D9():
    r = sees("24", "B6", "D9")
    assert r["los"] is False and r["rule"] == "A6.3", why(r)


@pytest.mark.parametrize("viewer", ["D3", "D4", "D5", "D6", "D7", "D8",
                                    "C10", "E4", "E5", "E6", "F4", "F5"])
def test_B19_51_EX_a_unit_IN_24D9_is_seen_from(viewer):
    s = on("24", unit("g", viewer), unit("r", "D9", side="Russian"))
    r = check_both_ways(s, "g", "r")[0]
    assert r["los"] is True, why(r)


@pytest.mark.parametrize("viewer", ["E8", "C8"])
def test_B19_51_EX_24E8_and_C8_cannot_see_INTO_D9_across_the_vertex(viewer):
    r = sees("24", viewer, "D9")
    assert r["los"] is False, why(r)
    assert not any(st["rule"].startswith("B19.5") for st in r["steps"])


# --- D9.4: a wreck as a Hindrance (board 22) -----------------------------------------------------

def test_D9_4_EX_the_wreck_in_22R1_does_not_hinder_O2_and_S2():
    s = on("22", unit("de", "O2", type="vehicle"), unit("wr", "R1", side="Russian", type="wreck"),
           unit("ru", "S2", side="Russian", type="vehicle"))
    ab, ba = check_both_ways(s, "de", "ru")
    assert ab["hindrance"] == ba["hindrance"] == 0, why(ab)


# --- the Terrain Chart's example hexes ------------------------------------------------------------

@pytest.mark.parametrize("board, name, terrain", [
    ("2", "U6", "shellholes"), ("12", "AA10", "brush"), ("1", "C9", "woods"),
    ("6", "F5", "orchard"), ("3", "K9", "grain"), ("15", "X9", "crag"), ("9", "H8", "crag"),
    ("12", "W4", "graveyard"), ("5", "Y3", "gully"), ("1", "J2", "stone-building"),
    ("1", "C7", "building")])
def test_B_Terrain_Chart_example_hexes_read_as_their_terrain(board, name, terrain):
    assert hexes(board)[name]["terrain"] == terrain
