"""Light bocage (the bocage play aid): a ½-level obstacle with bocage's TEM.

From the bocage play aid (its text is not in the repository): LOS, a ½ Level Obstacle that does not
create a Blind Hex from a higher Location, with LOS along its hexspine (+2
bocage TEM) and units on slopes seeing over it; TEM +2 Direct, +1 Indirect,
not cumulative; its own movement row. Where the aid is silent it follows bocage
(B9.5x) and a step says so. Situations in both directions (A6.5).

Threads (as in test_los_rules.py): ROW C2 D2 E3 F3, each hex adjacent to the
next; SPINE O2 to W2 runs along P1-P2 (touching O2) and R1-R2 (touching neither).
"""
from __future__ import annotations

from pycore import api
from tests.helpers import (assert_blocked, assert_clear, check_both_ways, check_los, cited, setup,
                           unit)

LIGHT = "light-bocage"


def test_light_bocage_between_two_other_hexes_is_a_half_level_obstacle_B9_2():
    for r in check_both_ways(setup(hexsides={"D2-E3": LIGHT}), "C2", "F3"):
        assert_blocked(r, "D2-E3", "B9.2")


def test_light_bocage_creates_no_Blind_Hex_for_a_higher_viewer_where_bocage_does():
    light = setup(hexes={"C2": {"level": 2}}, hexsides={"D2-E3": LIGHT})
    assert_clear(check_both_ways(light, "C2", "F3")[0])
    bocage = setup(hexes={"C2": {"level": 2}}, hexsides={"D2-E3": "bocage"})
    assert check_los(bocage, "C2", "F3")["location_los"] is False     # B9.52's Blind Hex


def test_light_bocage_is_seen_over_from_a_slope_one_level_up():
    s = setup(hexes={"C2": {"level": 1}}, hexsides={"D2-E3": LIGHT})
    assert_clear(check_both_ways(s, "C2", "F3")[0])


def test_LOS_exists_along_a_light_bocage_hexspine_touching_an_end_with_its_plus_2_TEM():
    s = setup(hexsides={"P1-P2": LIGHT},
              units=[unit("t", "O2"), unit("f", "W2", side="Russian")])
    assert_clear(check_both_ways(s, "f", "t")[0])
    got = api.fire(s, "f", "t")
    assert got["tem"] == 2 and {"source": LIGHT, "tem": 2} in got["tem_options"]
    # bocage there: no LOS along a bocage hexspine (B9.52)
    s["hexsides"] = {"P1-P2": "bocage"}
    assert check_los(s, "f", "t")["los"] is False


def test_light_bocage_hexspine_touching_neither_end_blocks_like_a_wall_B9_2():
    for r in check_both_ways(setup(hexsides={"R1-R2": LIGHT}), "O2", "W2"):
        assert_blocked(r, "R1-R2", "B9.2")


def test_B9_521_followed_a_viewer_outside_sees_into_the_hex_but_not_a_unit_without_WA():
    # in woods (+1 TEM) the unit may go without WA (B9.323); in brush it could
    # not (B12.3: no TEM)
    s = setup(hexes={"E3": {"terrain": "woods"}}, hexsides={"D2-E3": LIGHT},
              units=[unit("v", "C2", side="Russian"), unit("t", "E3", wa=False)])
    ab, ba = check_both_ways(s, "v", "t")
    assert_blocked(ab, "D2-E3", "B9.521", unit_only=True)
    assert ba["los"] is False
    assert any("follows bocage" in st["text"] for st in ab["steps"])
    s["units"][1]["wa"] = True
    assert_clear(check_both_ways(s, "v", "t")[0])


def test_B9_521_followed_a_viewer_in_the_hex_without_WA_sees_only_the_adjacent_hex():
    s = setup(hexes={"E3": {"terrain": "woods"}}, hexsides={"D2-E3": LIGHT},
              units=[unit("t", "E3", wa=False)])
    assert_clear(check_los(s, "t", "D2"))
    assert_blocked(check_los(s, "t", "C2"), "D2-E3", "B9.521")


def test_a_unit_on_a_slope_sees_the_unit_behind_light_bocage():
    s = setup(hexes={"C2": {"level": 1}, "E3": {"terrain": "brush"}}, hexsides={"D2-E3": LIGHT},
              units=[unit("v", "C2", side="Russian"), unit("t", "E3", wa=False)])
    assert_clear(check_both_ways(s, "v", "t")[0])


def test_light_bocage_TEM_plus_2_direct_plus_1_indirect_never_reduced_by_elevation():
    s = setup(hexes={"B2": {"level": 3}}, hexsides={"D2-E3": LIGHT},
              units=[unit("t", "E3"), unit("f", "B2", side="Russian"),
                     unit("near", "D2", side="Russian")])
    assert api.fire(s, "near", "t")["tem"] == 2
    assert api.fire(s, "near", "t", indirect=True)["tem"] == 1
    high = api.fire(s, "f", "t")             # three levels up at range 3
    assert high["tem"] == 2 and "B9.531" in cited(high)


def test_light_bocage_gives_mandatory_WA_in_open_ground_B9_323():
    s = setup(hexsides={"E3-F3": LIGHT}, units=[unit("g", "E3")])
    got = api.wall_advantage(s)["units"]["g"]
    assert got["has"] and got["mandatory"] and got["hexsides"] == ["E3-F3"]


def test_light_bocage_movement_row_of_the_play_aid():
    s = setup(hexsides={"E3-F3": LIGHT},
              units=[unit("i", "E3"), unit("t", "E3", type="vehicle", mp=16),
                     unit("h", "E3", type="vehicle", **{"class": "halftrack"})])
    assert api.move_cost(s, "i", "E3", "F3")["mf"] == 2.5          # 1½ + COT 1
    tank = api.move_cost(s, "t", "E3", "F3")
    assert tank["mp"] == 5 and tank["bog_check"] and tank["underbelly"]   # ¼ of 16 + COT 1
    assert api.move_cost(s, "h", "E3", "F3")["allowed"] is False
    assert api.move_cost(s, "cavalry", "E3", "F3")["mf"] == 2        # 1 + COT 1


def test_B9_54_cavalry_may_not_cross_bocage_though_the_aid_says_1():
    s = setup(hexsides={"E3-F3": "bocage"})
    assert api.move_cost(s, "cavalry", "E3", "F3")["allowed"] is False
    assert api.move_cost(setup(hexsides={"E3-F3": LIGHT}), "cavalry", "E3", "F3")["allowed"]
