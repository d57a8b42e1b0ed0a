"""LOS rules, one behaviour at a time (A6, B9.1-B9.2, B9.21, B9.52x, B9.61, B19, D9.4).

Two straight threads of one geomorphic board carry most situations:

* ROW, C2 D2 E3 F3 G4 H4 I5 J5 K6: each hex adjacent to the next, the thread
  between any two of them crossing only the hexes between (hexside midpoints);
* SPINE, O2 to W2: a hexspine thread, along P1-P2, through Q2, along R1-R2,
  through S2, along T1-T2, through U2 and along V1-V2.  P1-P2 touches O2 and
  V1-V2 touches W2; R1-R2 and T1-T2 touch neither end (B9.2).

The examples in the rulebook itself are in test_los_examples.py.
"""
from __future__ import annotations

import pytest

from tests.helpers import (assert_blocked, assert_clear, check_both_ways, check_los, cited,
                           loc, many, setup, unit)

ROW = ("C2", "D2", "E3", "F3", "G4", "H4", "I5", "J5", "K6")
WOODS = {"terrain": "woods"}
GULLY = {"terrain": "gully"}


def row_units(first: str, last: str, **target_fields) -> list:
    return [unit("v", first), unit("t", last, side="Russian", **target_fields)]


def test_ROW_and_SPINE_threads_are_what_the_tests_assume():
    from pycore import geometry as g
    kinds = [it.kind for it in g.trace(g.PLAIN.parse_hex("C2"), g.PLAIN.parse_hex("K6"))]
    assert kinds == ["hex", "cross"] * 8 + ["hex"]
    spine = [(it.kind, g.PLAIN.hexside(it.hexes)) for it in
             g.trace(g.PLAIN.parse_hex("O2"), g.PLAIN.parse_hex("W2")) if it.kind == "along"]
    assert [n for _, n in spine] == ["P1-P2", "R1-R2", "T1-T2", "V1-V2"]


# --- A6.1: the thread, the obstruction on both sides, inherent terrain ------------------

def test_A6_1_woods_on_one_side_of_a_hexside_thread_does_not_block():
    assert_clear(check_both_ways(setup(hexes={"R1": WOODS}), "O2", "W2")[0])


def test_A6_1_woods_on_both_sides_of_a_hexside_thread_blocks_there():
    r = check_both_ways(setup(hexes=many("R1 R2", terrain="woods")), "O2", "W2")[0]
    assert_blocked(r, "R1-R2", "A6.1")


@pytest.mark.parametrize("terrain", ["orchard", "crag", "graveyard"])
def test_A6_1_EXC_inherent_terrain_hinders_along_its_own_hexside(terrain):
    # B.6: Inherent Terrain fills its hex, so it hinders along its hexside on
    # one side of the thread
    r = check_both_ways(setup(hexes={"R1": {"terrain": terrain}}), "O2", "W2")[0]
    assert_clear(r, hindrance=1)


@pytest.mark.parametrize("terrain", ["grain", "brush", "marsh"])
def test_B_6_non_inherent_hindrance_on_one_side_of_a_hexside_thread_does_not_hinder(terrain):
    # A6.1: grain, brush and marsh are not Inherent Terrain (B.6; B12.7): on
    # one side of the thread only they are not visible on both sides
    r = check_both_ways(setup(hexes={"R1": {"terrain": terrain}}), "O2", "W2")[0]
    assert_clear(r, hindrance=0)
    assert any("not Inherent Terrain (B.6)" in st["text"] for st in r["steps"])


@pytest.mark.parametrize("other", ["grain", "brush", "marsh", "orchard"])
def test_B_6_non_inherent_hindrance_on_both_sides_of_a_hexside_thread_hinders_once(other):
    # A6.1: a Hindrance on both sides; A6.7: the two hexes are at the same
    # range, so they count once
    r = check_both_ways(setup(hexes={"R1": {"terrain": "grain"},
                                     "R2": {"terrain": other}}), "O2", "W2")[0]
    assert_clear(r, hindrance=1)


# --- A6.2: into and out of obstacles, not through them -----------------------------------

def test_A6_2_firer_in_woods_sees_out_from_its_centre_dot():
    ab, ba = check_both_ways(setup(hexes={"C2": WOODS}), "C2", "G4")
    assert_clear(ab)


def test_A6_2_LOS_extends_into_a_woods_hex():
    assert_clear(check_both_ways(setup(hexes={"G4": WOODS}), "C2", "G4")[0])


def test_A6_2_woods_between_blocks_same_level_LOS():
    r = check_both_ways(setup(hexes={"E3": WOODS}), "C2", "G4")[0]
    assert_blocked(r, "E3", "A6.2")


def test_A6_2_LOS_from_a_vertex_across_the_interior_of_the_firers_own_woods_hex_is_blocked():
    s = setup(hexes={"O3": WOODS})
    assert_blocked(check_los(s, loc("O3", vertex="N3-O3-O4"), "P2"), "O3", "A6.2")
    assert_clear(check_los(s, loc("O3", vertex="O3-P2-P3"), "R4"))


def test_A6_2_both_ends_at_or_above_the_obstacle_see_over_it():
    s = setup(hexes={"E3": WOODS, "C2": {"level": 1}, "G4": {"level": 1}})
    assert_clear(check_both_ways(s, "C2", "G4")[0])


# --- A6.21: half-level obstacles -------------------------------------------------------

def test_A6_21_wall_blocks_same_level_LOS_through_it():
    r = check_both_ways(setup(hexsides={"D2-E3": "wall"}), "C2", "F3")[0]
    assert_blocked(r, "D2-E3", "B9.2")


@pytest.mark.parametrize("a,b", [("C2", "E3"), ("D2", "F3"), ("D2", "E3")])
def test_A6_21_wall_does_not_block_into_or_out_of_its_hexes(a, b):
    r = check_both_ways(setup(hexsides={"D2-E3": "wall"}), a, b)[0]
    assert_clear(r)
    assert "B9.2" in cited(r)


@pytest.mark.parametrize("target", ["E3", "F3", "G4"])
def test_A6_21_half_level_obstacle_never_blocks_a_higher_Location_nor_forms_blind_hexes(target):
    s = setup(hexes={"C2": {"level": 1}}, hexsides={"D2-E3": "wall", "E3-F3": "hedge"})
    assert_clear(check_both_ways(s, "C2", target)[0])


def test_A6_21_wall_does_not_block_LOS_to_a_building_upper_level():
    s = setup(hexes={"F3": {"terrain": "building", "levels": 2}}, hexsides={"D2-E3": "wall"})
    assert_clear(check_both_ways(s, "C2", loc("F3", level=1))[0])


# --- A6.3: Depressions -----------------------------------------------------------------

@pytest.mark.parametrize("viewer,level,seen", [
    ("F3", 0, True),                      # adjacent: always
    ("E3", 0, False), ("E3", 1, True),    # two hexes: level 1 or higher
    ("D2", 1, False), ("D2", 2, True),    # three hexes: level 2 or higher
])
def test_A6_3_one_level_per_hex_of_range_to_see_INTO_a_depression(viewer, level, seen):
    s = setup(hexes={"G4": GULLY, viewer: {"level": level}},
              units=row_units(viewer, "G4"))
    r = check_both_ways(s, "v", "t")[0]
    assert r["los"] is seen
    assert "A6.3" in cited(r)
    if not seen:
        assert r["rule"] == "A6.3"


def test_A6_3_EXC_continuous_depression_hexsides_need_not_be_counted():
    # D2 is adjacent to the gully E3-F3-G4 that runs straight along the thread.
    s = setup(hexes=many("E3 F3 G4", terrain="gully"), units=row_units("D2", "G4"))
    assert_clear(check_both_ways(s, "v", "t")[0])


def test_A6_3_EXC_needs_the_depression_hexsides_to_be_continuous():
    s = setup(hexes=many("E3 F3 G4", terrain="gully"),
              hexsides={"E3-F3": {"depression": False}}, units=row_units("D2", "G4"))
    r = check_both_ways(s, "v", "t")[0]
    assert r["los"] is False and r["rule"] == "A6.3"


def test_A6_3_EXC_excludes_vertices_a_thread_along_a_hexspine_into_the_gully():
    # FF6 -> EE8 runs along the EE7-FF7 hexside between two gully hexes, then
    # through the EE7-EE8-FF7 vertex: not "through Depression hexsides".
    s = setup(hexes=many("EE7 FF7 EE8", terrain="gully"), units=row_units("FF6", "EE8"))
    r = check_both_ways(s, "v", "t")[0]
    assert r["los"] is False and r["rule"] == "A6.3"


# --- A6.4-A6.43: Blind Hexes -----------------------------------------------------------

def _blind(viewer_level: int, obstacle: str = "E3", terrain: dict = WOODS, **levels) -> dict:
    return setup(hexes={"C2": {"level": viewer_level}, obstacle: terrain,
                        **{h: {"level": lv} for h, lv in levels.items()}})


def test_A6_4_hex_directly_behind_woods_is_blind_to_a_higher_viewer():
    assert_blocked(check_both_ways(_blind(2), "C2", "F3")[0], "E3", "A6.4")


def test_A6_4_second_hex_behind_woods_is_seen():
    assert_clear(check_both_ways(_blind(2), "C2", "G4")[0])


def test_A6_4_blind_hex_at_the_obstacles_full_level_height_is_seen():
    assert_clear(check_both_ways(_blind(2, F3=1), "C2", "F3")[0])


def test_A6_41_woods_at_range_5_creates_two_blind_hexes():
    s = _blind(2, obstacle="H4")   # C2 to H4 is five hexes
    assert_blocked(check_los(s, "C2", "I5"), "H4", "A6.4")
    assert_blocked(check_los(s, "C2", "J5"), "H4", "A6.4")
    assert_clear(check_los(s, "C2", "K6"))


def test_A6_42_each_level_of_advantage_beyond_one_removes_a_blind_hex_down_to_one():
    s = _blind(3, obstacle="H4")   # 2 Blind Hexes at range 5, less 1
    assert_blocked(check_los(s, "C2", "I5"), "H4", "A6.4")
    assert_clear(check_los(s, "C2", "J5"))
    s = _blind(9)                  # never below one (A6.42)
    assert_blocked(check_los(s, "C2", "F3"), "E3", "A6.4")


@pytest.mark.parametrize("target_level,seen", [(0, False), (1, True)])
def test_A6_43_hex_behind_higher_than_the_obstacle_hex_has_fewer_blind_hexes(target_level, seen):
    # A building with a ground, first and second level (a 2½ level obstacle,
    # B23.2: two Blind Hexes) in E3; viewer on level 3; G4 is the second hex
    # behind.  A level 1 G4 subtracts one.
    s = _blind(3, terrain={"terrain": "building", "levels": 3}, G4=target_level)
    r = check_both_ways(s, "C2", "G4")[0]
    assert r["los"] is seen
    if not seen:
        assert_blocked(r, "E3", "A6.4")


def test_A6_43_hex_behind_lower_than_the_obstacle_hex_has_more_blind_hexes():
    # Woods on a level 1 hill hex E3; viewer on level 3; G4, two hexes behind,
    # at level 0: 1 + (1 - 0) = 2 Blind Hexes.  At level 1 it is seen.
    s = _blind(3, terrain={"terrain": "woods", "level": 1}, G4=0)
    assert_blocked(check_los(s, "C2", "G4"), "E3", "A6.4")
    s = _blind(3, terrain={"terrain": "woods", "level": 1}, G4=1)
    assert_clear(check_los(s, "C2", "G4"))


# --- B23.2: a building's height -----------------------------------------------------------

@pytest.mark.parametrize("level,seen", [(1, True), (0, False)])
def test_B23_2_a_single_story_house_never_blocks_level_1_units_either_side(level, seen):
    # B23.2: a Single Story House is a level 1 obstacle, and a same-level
    # obstacle never blocks the LOS of same-level units; at level 0 it blocks.
    s = setup(hexes={"C2": {"level": level}, "E3": {"terrain": "building"},
                     "G4": {"level": level}})
    r = check_both_ways(s, "C2", "G4")[0]
    if seen:
        assert_clear(r)
    else:
        assert_blocked(r, "E3", "A6.2")


@pytest.mark.parametrize("target,seen", [("F3", False), ("G4", True)])
def test_B23_2_a_ground_and_first_level_building_stands_1_and_a_half(target, seen):
    # B23.2: ground + first level is a 1½ level obstacle, so a level 2 viewer
    # sees over it, with one Blind Hex behind it at range 2 (A6.4): F3 is
    # blind, G4 is seen.
    s = _blind(2, terrain={"terrain": "building", "levels": 2})
    r = check_both_ways(s, "C2", target)[0]
    if seen:
        assert_clear(r)
    else:
        assert_blocked(r, "E3", "A6.4")


# --- A6.6: units ---------------------------------------------------------------------------

def test_A6_6_personnel_in_intervening_hexes_do_not_block_or_hinder():
    crowd = [unit(f"u{h}", h, type=t) for h, t in zip(ROW[1:-1], ("squad", "leader", "crew",
                                                                 "hero", "halfsquad", "crew",
                                                                 "squad"))]
    s = setup(units=[*row_units("C2", "K6"), *crowd])
    assert_clear(check_both_ways(s, "v", "t")[0])


def test_A6_6_an_AFV_in_an_intervening_hex_hinders_but_does_not_block():
    s = setup(units=[*row_units("C2", "G4"), unit("afv", "E3", type="vehicle")])
    r = check_both_ways(s, "v", "t")[0]
    assert_clear(r, hindrance=1)
    assert "D9.4" in cited(r)


# --- A6.7: Hindrances ---------------------------------------------------------------------

def test_A6_7_hindrance_counts_once_per_hex_through_not_into_or_out_of():
    s = setup(hexes=many("C2 E3 F3 G4", terrain="grain"))
    assert_clear(check_both_ways(s, "C2", "G4")[0], hindrance=2)


def test_A6_7_hindrance_does_not_affect_a_LOS_between_different_levels():
    s = setup(hexes={"C2": {"level": 1}, **many("D2 E3 F3", terrain="grain")})
    assert_clear(check_both_ways(s, "C2", "G4")[0], hindrance=0)


def test_A6_7_same_range_rule_hexes_either_side_of_a_hexspine_count_once():
    # SPINE runs along R1-R2: grain in both is one hex's worth (both at range 3).
    s = setup(hexes=many("R1 R2", terrain="grain"))
    assert_clear(check_both_ways(s, "O2", "W2")[0], hindrance=1)


# --- A6.8, A6.12: LOS to a vertex (Bypass, Snap Shot) -----------------------------------

def test_A6_12_bypassing_unit_seen_at_its_vertex_on_the_near_side_of_the_woods():
    s = setup(hexes={"O3": WOODS},
              units=[unit("p2", "P2"),
                     unit("byp", "O3", side="Russian", bypass="O3-P3", vertex="O3-P2-P3")])
    assert_clear(check_both_ways(s, "p2", "byp")[0])


def test_A6_12_snap_shot_vertex_seen_past_the_corner_of_a_woods_hex():
    # R4 -> the O3-P2-P3 vertex crosses only Q4 and P3, never the woods of O3.
    s = setup(hexes={"O3": WOODS})
    assert_clear(check_los(s, "R4", loc("P3", vertex="O3-P2-P3")))


def test_A6_2_target_vertex_on_the_far_side_of_its_own_woods_hex_is_not_seen():
    # The reciprocal of A6.2's vertex clause: LOS into the woods, not through them.
    s = setup(hexes={"O3": WOODS})
    assert_blocked(check_los(s, "P2", loc("O3", vertex="N3-O3-O4")), "O3", "A6.2")


# --- B9.1: walls and hedges, vertices included, gaps -------------------------------------

def test_B9_1_hedge_includes_its_vertices_Y6_to_AA9_blocked_at_Y7_Z6_Z7():
    # Board 6, after the B9.1 EX: the thread from Y6 runs along Y7-Z6 to the
    # Y7-Z6-Z7 vertex, an end of the Y7-Z7 hedge, and then on through Z7.
    r = check_both_ways(setup(hexsides={"Y7-Z7": "hedge"}), "Y6", "AA9")[0]
    assert_blocked(r, "Y7-Z6-Z7", "B9.1")


@pytest.mark.parametrize("where", ["D2-E3", "E3-F3"])
def test_B9_1_gap_in_a_wall_does_not_block(where):
    s = setup(hexsides={where: {"type": "wall", "gap": True}})
    assert_clear(check_both_ways(s, "C2", "G4")[0])


def test_B9_1_gap_in_a_hedge_along_a_hexspine_does_not_block():
    s = setup(hexsides={"R1-R2": {"type": "hedge", "gap": True}})
    assert_clear(check_both_ways(s, "O2", "W2")[0])


# --- B9.2: own hex, hexspines ------------------------------------------------------------

@pytest.mark.parametrize("side", ["R1-R2", "T1-T2"])
def test_B9_2_hexspine_touching_neither_end_is_a_half_level_obstacle(side):
    r = check_both_ways(setup(hexsides={side: "wall"}), "O2", "W2")[0]
    assert_blocked(r, side, "B9.2")


@pytest.mark.parametrize("side", ["P1-P2", "V1-V2"])
def test_B9_2_hexspine_touching_the_viewer_or_target_hex_does_not_block(side):
    r = check_both_ways(setup(hexsides={side: "hedge"}), "O2", "W2")[0]
    assert_clear(r)
    assert "B9.2" in cited(r)


def test_B9_2_hexspine_touching_an_end_blocks_when_its_far_vertex_has_three_walls():
    # The P1-P2 spine touches O2 at O2-P1-P2; its far vertex P1-P2-Q2 has the
    # hexspines P1-P2, P1-Q2 and P2-Q2.
    s = setup(hexsides={"P1-P2": "hedge", "P1-Q2": "wall", "P2-Q2": "hedge"})
    assert_blocked(check_both_ways(s, "O2", "W2")[0], "P1-P2-Q2", "B9.2")


def test_B9_2_hexspine_does_not_block_a_higher_viewer():
    s = setup(hexes={"O2": {"level": 1}}, hexsides={"R1-R2": "wall"})
    assert_clear(check_both_ways(s, "O2", "W2")[0])


# --- B9.21: entrenchments -------------------------------------------------------------------

def _trench(viewer: str, viewer_level: int = 0) -> dict:
    return setup(hexes={viewer: {"level": viewer_level}}, hexsides={"D2-E3": "wall"},
                 units=[unit("v", viewer, side="Russian"), unit("t", "E3", entrenched=True)])


def test_B9_21_entrenched_unit_unseen_across_same_level_wall_from_non_adjacent_hex():
    ab, ba = check_both_ways(_trench("C2"), "v", "t")
    assert_blocked(ab, "D2-E3", "B9.21", unit_only=True)   # the entrenchment is seen
    assert_blocked(ba, "D2-E3", "B9.21")    # the entrenched viewer sees nothing there


def test_B9_21_entrenched_unit_seen_across_the_wall_from_the_adjacent_hex():
    assert_clear(check_both_ways(_trench("D2"), "v", "t")[0])


def test_B9_21_elevation_advantage_over_the_entrenchment_allows_LOS():
    assert_clear(check_both_ways(_trench("C2", viewer_level=1), "v", "t")[0])


def test_B9_21_entrenched_unit_with_no_wall_between_is_seen():
    s = setup(units=[unit("v", "C2", side="Russian"), unit("t", "E3", entrenched=True)])
    assert_clear(check_both_ways(s, "v", "t")[0])


def test_B9_21_entrenchment_across_a_hexspine_wall_touching_its_hex():
    # SPINE: the V1-V2 hedge touches W2 and never blocks the hex (B9.2), but an
    # entrenched unit in W2 cannot see or be seen across it (B9.21 "hexspine").
    s = setup(hexsides={"V1-V2": "hedge"},
              units=[unit("v", "O2", side="Russian"), unit("t", "W2", entrenched=True)])
    assert_blocked(check_both_ways(s, "v", "t")[0], "V1-V2", "B9.21", unit_only=True)


# --- B9.52-B9.531: bocage -------------------------------------------------------------------

def test_B9_52_bocage_between_two_other_hexes_blocks_ground_LOS():
    r = check_both_ways(setup(hexsides={"D2-E3": "bocage"}), "C2", "F3")[0]
    assert r["los"] is False and r["location_los"] is False
    assert r["blocked_at"] == "D2-E3" and r["rule"] in ("B9.52", "B9.521")


def test_B9_52_bocage_is_a_one_level_obstacle_a_level_1_pair_sees_over_it():
    s = setup(hexes={"C2": {"level": 1}, "F3": {"level": 1}}, hexsides={"D2-E3": "bocage"})
    assert_clear(check_both_ways(s, "C2", "F3")[0])


@pytest.mark.parametrize("level,seen", [(2, False), (3, True)])
def test_B9_531_blind_hex_behind_bocage_reduced_to_zero_by_elevation(level, seen):
    # C2 at level 2 or 3; bocage D2-E3; E3 is the defender's hex, F3 the next hex
    # along the LOS (B9.52 Blind Hex; B9.531 can reduce it to none).
    s = setup(hexes={"C2": {"level": level}}, hexsides={"D2-E3": "bocage"})
    r = check_both_ways(s, "C2", "F3")[0]
    assert r["los"] is seen and r["location_los"] is seen


def test_B9_52_no_LOS_along_a_bocage_hexspine_even_touching_the_ends():
    r = check_both_ways(setup(hexsides={"P1-P2": "bocage"}), "O2", "W2")[0]
    assert r["los"] is False and r["location_los"] is False
    assert r["rule"] == "B9.52"


def test_B9_521_viewer_with_WA_sees_beyond_the_bocage():
    s = setup(hexsides={"D2-E3": "bocage"},
              units=[unit("v", "D2", wa=True), unit("t", "G4", side="Russian")])
    r = check_both_ways(s, "v", "t")[0]
    assert_clear(r)
    assert "B9.521" in cited(r)


def test_B9_521_viewer_in_the_hex_without_WA_sees_only_the_adjacent_hex():
    s = setup(hexsides={"D2-E3": "bocage"},
              units=[unit("v", "D2", broken=True), unit("e3", "E3", side="Russian",
                                                         broken=True),
                     unit("g4", "G4", side="Russian")])
    assert_clear(check_both_ways(s, "v", "e3")[0])
    ab = check_both_ways(s, "v", "g4")[0]
    assert_blocked(ab, "D2-E3", "B9.521")


@pytest.mark.parametrize("target,seen", [
    (unit("t", "E3", side="Russian", broken=True), False),   # a lone broken unit: no WA (B9.32)
    (unit("t", "E3", side="Russian"), True),                 # WA mandatory in Open Ground (B9.323)
], ids=["without_WA", "with_WA"])
def test_B9_521_viewer_outside_sees_into_the_hex_but_not_its_units_without_WA(target, seen):
    s = setup(hexsides={"D2-E3": "bocage"}, units=[unit("v", "C2"), target])
    r = check_both_ways(s, "v", "t")[0]
    if seen:
        assert_clear(r)
    else:
        assert_blocked(r, "D2-E3", "B9.521", unit_only=True)


# --- B9.61: Hillside walls and hedges -----------------------------------------------------

def _hillside(o2: int, w2: int, hillside: bool = True) -> dict:
    # SPINE: the R1-R2 hedge lies between R1 (level 1) and R2 (level 0).
    return setup(hexes={"R1": {"level": 1}, "O2": {"level": o2}, "W2": {"level": w2}},
                 hexsides={"R1-R2": {"type": "hedge", "hillside": hillside}})


def test_B9_61_hillside_hedge_ignored_between_elevations_a_level_apart():
    assert_clear(check_both_ways(_hillside(0, 1), "O2", "W2")[0])


def test_B9_62_hillside_hedge_lies_on_the_higher_level_and_blocks_LOS_at_that_level():
    assert_blocked(check_both_ways(_hillside(1, 1), "O2", "W2")[0], "R1-R2", "B9.2")


def test_B9_35_same_hedge_not_hillside_lies_on_the_lower_level_and_level_1_sees_over_it():
    assert_clear(check_both_ways(_hillside(1, 1, hillside=False), "O2", "W2")[0])


def test_B9_61_EXC_entrenched_behind_a_hillside_hedge_still_restricted():
    # E3 (level 1) is behind the Hillside hedge D2-E3; the viewer in C2 is a
    # level lower and not adjacent.
    s = setup(hexes={"E3": {"level": 1}}, hexsides={"D2-E3": {"type": "hedge",
                                                               "hillside": True}},
              units=[unit("v", "C2", side="Russian"), unit("t", "E3", entrenched=True)])
    assert_blocked(check_both_ways(s, "v", "t")[0], "D2-E3", "B9.21", unit_only=True)


# --- B19: gullies -------------------------------------------------------------------------

@pytest.mark.parametrize("crest,seen", [(False, False), (True, True)])
def test_B19_2_unit_IN_a_gully_is_a_level_lower_than_one_at_crest(crest, seen):
    s = setup(hexes={"G4": GULLY}, units=row_units("E3", "G4", crest=crest))
    r = check_both_ways(s, "v", "t")[0]
    assert r["los"] is seen


def test_B19_2_IN_to_IN_along_a_straight_connected_gully():
    s = setup(hexes=many("C2 D2 E3 F3 G4", terrain="gully"), units=row_units("C2", "G4"))
    r = check_both_ways(s, "v", "t")[0]
    assert_clear(r)
    assert "B19.2" in cited(r)


def test_B19_2_IN_to_IN_blocked_where_the_LOS_leaves_the_gully():
    s = setup(hexes=many("C2 D2 F3 G4", terrain="gully"), units=row_units("C2", "G4"))
    r = check_both_ways(s, "v", "t")[0]
    assert r["los"] is False and r["rule"] == "B19.2"


def test_B19_2_crest_units_in_gully_hexes_see_each_other_over_open_ground():
    s = setup(hexes=many("C2 G4", terrain="gully"),
              units=[unit("v", "C2", crest=True), unit("t", "G4", side="Russian", crest=True)])
    assert_clear(check_both_ways(s, "v", "t")[0])


@pytest.mark.parametrize("crest", [False, True])
def test_B19_21_gully_woods_hex_is_a_one_level_obstacle_IN_the_gully_and_above(crest):
    s = setup(hexes={**many("C2 D2 F3 G4", terrain="gully"),
                     "E3": {"terrain": "woods", "gully": True}},
              units=[unit("v", "C2", crest=crest), unit("t", "G4", side="Russian",
                                                         crest=crest)])
    assert_blocked(check_both_ways(s, "v", "t")[0], "E3", "A6.2")


def test_B19_21_gully_brush_hex_is_a_hindrance_IN_the_gully():
    s = setup(hexes={**many("C2 D2 F3 G4", terrain="gully"),
                     "E3": {"terrain": "brush", "gully": True}},
              units=row_units("C2", "G4"))
    assert_clear(check_both_ways(s, "v", "t")[0], hindrance=1)


# --- D9.4: AFV/wreck Hindrance --------------------------------------------------------------

def _afv(**fields) -> dict:
    kind = fields.pop("type", "vehicle")
    return setup(units=[*row_units("C2", "G4"), unit("x", "E3", type=kind, **fields)])


@pytest.mark.parametrize("fields", [{}, {"type": "wreck"}])
def test_D9_4_AFV_or_wreck_in_an_intervening_hex_is_plus_1(fields):
    r = check_both_ways(_afv(**fields), "v", "t")[0]
    assert_clear(r, hindrance=1)
    assert "D9.4" in cited(r)


def test_D9_4_one_or_more_AFV_in_a_hex_are_plus_1():
    s = _afv()
    s["units"] += [unit("y", "E3", type="wreck"), unit("z", "E3", type="vehicle")]
    assert_clear(check_both_ways(s, "v", "t")[0], hindrance=1)


@pytest.mark.parametrize("fields", [
    {"type": "wreck", "burning": True},
    {"moved": True},                       # TH Case J
    {"type": "wreck", "moved": True},
    {"dug_in": True},
    {"entrenched": True},
    {"armored": False},                    # not an AFV (D9.3: no effect until a wreck)
], ids=["burning", "moved", "moved_wreck", "dug_in", "entrenched", "unarmored"])
def test_D9_4_exceptions_give_no_hindrance(fields):
    r = check_both_ways(_afv(**fields), "v", "t")[0]
    assert_clear(r, hindrance=0)


def test_D9_4_AFV_in_the_firers_or_targets_hex_does_not_hinder():
    s = setup(units=[*row_units("C2", "G4"), unit("a", "C2", type="vehicle"),
                     unit("b", "G4", side="Russian", type="wreck")])
    assert_clear(check_both_ways(s, "v", "t")[0], hindrance=0)


def test_D9_4_only_a_same_level_LOS_is_hindered():
    s = _afv()
    s["hexes"]["C2"] = {"level": 1}
    assert_clear(check_both_ways(s, "v", "t")[0], hindrance=0)


@pytest.mark.parametrize("bypass,drm", [("R1-R2", 1), ("Q1-R1", 0)])
def test_D9_4_bypassing_AFV_hinders_only_a_LOS_touching_the_bypassed_hexside(bypass, drm):
    # SPINE runs along R1-R2; the AFV bypasses a hexside of woods hex R1 (the
    # woods are on one side of the thread only, A6.1).
    s = setup(hexes={"R1": WOODS}, units=[unit("v", "O2"), unit("t", "W2", side="Russian"),
                                          unit("afv", "R1", type="vehicle", bypass=bypass)])
    assert_clear(check_both_ways(s, "v", "t")[0], hindrance=drm)


# --- the contract: a bare Location ------------------------------------------------------------

def test_contract_a_Location_with_no_unit_is_seen_when_its_Location_is():
    # B9.521: BB8-style viewer outside the bocage hex sees into it; with no unit
    # there, "los" is the Location's LOS (docs/contract.md: for a unit, the unit itself).
    s = setup(hexsides={"D2-E3": "bocage"})
    r = check_los(s, "C2", "E3")
    assert r["location_los"] is True
    assert r["los"] is True
