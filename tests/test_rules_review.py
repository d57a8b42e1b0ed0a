"""Issue 12's rules review: each finding rebuilt from the rulebook text, in both
directions (A6.5), with its neighbouring cases.

The B9.2 EX situation (6Z9 to X6) carries the hexspine cases: the thread runs
along the Z8-Y9 hexspine (touching Z9) and the X7-Y7 hexspine (touching X6);
the vertex opposite Z9 along Z8-Y9 is Y8-Y9-Z8, whose other hexspines are
Y8-Y9 and Y8-Z8.
"""
from __future__ import annotations

import pytest

from pycore import api
from tests.helpers import (assert_blocked, assert_clear, check_both_ways, check_los, cited, setup,
                           unit)

B92_UNITS = [unit("g", "Z9"), unit("r", "X6", side="Russian")]


def b92(**hexsides) -> dict:
    sides = {"Z8-Y9": "hedge", "X7-Y7": "wall"}
    sides.update({k.replace("_", "-"): v for k, v in hexsides.items() if v})
    for k, v in hexsides.items():
        if v is None:
            sides.pop(k.replace("_", "-"))
    return setup(hexsides=sides, units=B92_UNITS)


def test_B9_2_EX_as_printed_is_clear_with_two_hedges_at_the_vertex():
    assert_clear(check_both_ways(b92(Y8_Z8="hedge"), "g", "r")[0])


# --- 1. B9.2's three-hexspine vertex counts bocage (B9.5, B9.51) --------------------------

@pytest.mark.parametrize("y8_z8", ["hedge", "wall", "bocage"])
def test_B9_2_three_hexspine_vertex_counts_a_bocage_hexspine(y8_z8):
    # Y8-Y9 is bocage, "a special form of hedge" depicted by wall/hedge hexsides:
    # Y8-Y9-Z8 has walls/hedges on all three hexspines, so the Z8-Y9 hedge along
    # the thread is a Half-Level obstacle even though it touches Z9 (B9.2).
    ab, ba = check_both_ways(b92(Y8_Y9="bocage", Y8_Z8=y8_z8), "g", "r")
    for r in (ab, ba):
        assert r["los"] is False and r["location_los"] is False, r
        assert r["blocked_at"] == "Y8-Y9-Z8", r


def test_B9_2_three_hexspine_vertex_with_a_gap_in_the_bocage_does_not_count_it():
    s = b92(Y8_Z8="hedge")
    s["hexsides"]["Y8-Y9"] = {"type": "bocage", "gap": True}
    assert_clear(check_both_ways(s, "g", "r")[0])


# --- decision: bocage at the vertex opposite a touching hexspine (B9.1, B9.52) -------------

def test_B9_52_bocage_at_the_vertex_opposite_a_touching_hedge_still_blocks():
    # Two of the three hexspines (Z8-Y9 hedge, Y8-Y9 bocage): B9.2's test says the
    # hedge along the thread does not block. The bocage Y8-Y9 is touched at its
    # vertex, which it includes (B9.1), and it is a one-level obstacle (B9.52):
    # it blocks this ground-level LOS as it does without the hedge.
    for r in check_both_ways(b92(Y8_Y9="bocage"), "g", "r"):
        assert_blocked(r, "Y8-Y9-Z8", "B9.52")
        assert "B9.52" in cited(r)


def test_B9_52_bocage_at_that_vertex_blocks_the_same_with_or_without_the_hedge_along():
    with_hedge = api.los(b92(Y8_Y9="bocage"), "g", "r")
    without = api.los(b92(Y8_Y9="bocage", Z8_Y9=None), "g", "r")
    assert (with_hedge["los"], with_hedge["blocked_at"], with_hedge["rule"]) == \
        (without["los"], without["blocked_at"], without["rule"]) == (False, "Y8-Y9-Z8", "B9.52")


def test_B9_52_bocage_at_that_vertex_is_seen_over_from_two_levels_up():
    # A one-level obstacle: from level 2 of a building in Z9 it makes one Blind
    # Hex (B9.531), and X6 lies two hexes behind the vertex, so X6 is seen.
    s = b92(Y8_Y9="bocage")
    s["hexes"] = {"Z9": {"terrain": "building", "levels": 3}}
    s["units"][0]["level"] = 2
    assert_clear(check_both_ways(s, "g", "r")[0])


# --- 2. B9.52: the Single-Story House only for a LOS that meets bocage --------------------

def _b44(level: int) -> dict:
    bocage = {f"{z}-{aa}": "bocage" for z, aa in (("Z6", "AA6"), ("Z6", "AA7"), ("Z7", "AA7"),
                                                 ("Z7", "AA8"), ("Z8", "AA8"), ("Z8", "AA9"))}
    return setup(hexes={"BB8": {"terrain": "building", "levels": 4}}, hexsides=bocage,
                 units=[unit("bb8", "BB8", side="American", level=level)])


def test_B9_52_house_in_Z6_blinds_Y6_though_the_thread_enters_Z6_from_Z7():
    # B9.521 EX: from 44BB8 at level 1½ "not Y6 to Y9 due to the Blind Hex ...
    # blocked by the 'Single-Story Houses' in Z6 to Z8". BB8-Y6 crosses the
    # Z7-AA7 bocage into Z7 (whose house makes Z6 its one Blind Hex), then Z6,
    # then Y6: only Z6's house can make Y6 blind, and the thread does not cross
    # Z6's bocage. So the house stands in the hex for every LOS from that side.
    for r in (check_los(_b44(2), "bb8", "Y6"), check_los(_b44(2), "Y6", "bb8")):
        assert r["location_los"] is False
        assert any("Z6" in s["text"] and "B9.52" in s["text"] for s in r["steps"]), r["steps"]


def test_B9_531_from_level_3_the_houses_blind_nothing():
    # B9.521 EX: "If it were on level 3, it could see Y6 to Y9 (9.531)".
    for y in ("Y6", "Y7", "Y8", "Y9"):
        assert check_los(_b44(3), "bb8", y)["location_los"] is True


def _lone(level: int = 2) -> dict:
    # One bocage hexside, Z6-AA6, and a viewer on level 2 of a building in CC2.
    return setup(hexes={"CC2": {"terrain": "building", "levels": 5}},
                 hexsides={"Z6-AA6": "bocage"},
                 units=[unit("v", "CC2", side="German", level=level)])


def test_B9_52_a_LOS_through_a_lone_bocage_hex_without_touching_its_bocage_is_clear():
    # CC2-Y7 runs AA5, Z5, Z6, Y7: through Z6 but never across or along Z6-AA6.
    # B9.52's Blind Hex is "the next hex along that LOS through that bocage
    # hexside", so Z6 is open ground to this LOS and Y7 is seen, both ways.
    assert_clear(check_both_ways(_lone(), "v", "Y7")[0])
    for r in (check_los(_lone(), "v", "Y7"), check_los(_lone(), "Y7", "v")):
        assert "Single-Story House" not in " ".join(s["text"] for s in r["steps"])


def test_B9_52_a_LOS_across_that_bocage_hexside_finds_the_next_hex_blind():
    # CC2-Z7 crosses Z6-AA6 into Z6: the next hex, Z7, is a Blind Hex (B9.52),
    # in both directions (A6.5).
    for r in (check_los(_lone(), "v", "Z7"), check_los(_lone(), "Z7", "v")):
        assert r["location_los"] is False and r["rule"] == "A6.4", r
        assert any("Z6-AA6" in s["text"] and "B9.52" in s["text"] for s in r["steps"])


def test_B9_531_the_lone_bocage_blind_hex_shrinks_to_none_with_height():
    # Z6 is 6 hexes from CC2: 1 Blind Hex +1 for range (A6.41), -1 per level of
    # advantage beyond the first (A6.42), down to none for bocage (B9.531).
    assert check_los(_lone(3), "v", "Z7")["location_los"] is False
    assert check_los(_lone(4), "v", "Z7")["location_los"] is True


# --- 3. B9.21: an entrenched viewer sees nothing across the wall ---------------------------

def _trench(**viewer_fields) -> dict:
    return setup(hexsides={"D2-E3": "wall"},
                 units=[unit("v", "C2", side="Russian"),
                        unit("t", "E3", entrenched=True, **viewer_fields)])


def test_B9_21_entrenched_viewer_cannot_see_the_Location_across_a_same_level_wall():
    r = check_los(_trench(), "t", "C2")                       # an empty Location
    assert_blocked(r, "D2-E3", "B9.21")
    assert "entrenchment itself can be seen" not in " ".join(s["text"] for s in r["steps"])


def test_B9_21_entrenched_Location_as_viewer_is_blocked_too():
    s = _trench()
    r = check_los(s, {"hex": "E3", "level": 0, "entrenched": True}, {"hex": "C2", "level": 0})
    assert_blocked(r, "D2-E3", "B9.21")


def test_B9_21_the_other_way_the_entrenchment_is_seen_but_not_the_unit():
    # "it also has LOS to any entrenchments in that Location even though it may
    # not have LOS to units beneath that entrenchment"
    assert_blocked(check_los(_trench(), "v", "t"), "D2-E3", "B9.21", unit_only=True)
    assert_blocked(check_los(_trench(), "C2", {"hex": "E3", "level": 0, "entrenched": True}),
                   "D2-E3", "B9.21", unit_only=True)


def test_B9_21_between_the_units_neither_sees_the_other():
    ab, ba = check_both_ways(_trench(), "v", "t")
    assert ab["los"] is False and ba["los"] is False
    assert ba["location_los"] is False and ab["location_los"] is True


def test_B9_21_entrenched_viewer_sees_the_adjacent_hex_across_the_wall():
    assert_clear(check_los(_trench(), "t", "D2"))


# --- 4. D9.53: an Armored Cupola is never Hull Down -------------------------------------------

def _cupola(**fields) -> dict:
    return setup(hexsides={"E4-E5": "wall"},
                 units=[unit("c", "E4", type="vehicle", cupola=True, **fields),
                        unit("tank", "E6", side="Russian", type="vehicle")])


def test_D9_53_armored_cupola_behind_a_wall_is_not_hull_down_and_takes_the_wall_TEM():
    got = api.fire(_cupola(), "tank", "c")
    assert got["hull_down"] is False
    assert got["tem"] == 2 and {"source": "wall", "tem": 2} in got["tem_options"]
    assert "D9.53" in cited(got)


def test_D9_53_an_ordinary_AFV_there_is_hull_down_B9_36():
    s = _cupola()
    del s["units"][0]["cupola"]
    assert api.fire(s, "tank", "c")["hull_down"] is True


def test_D9_54_a_dug_in_AFV_is_hull_down():
    assert api.fire(_cupola(dug_in=True), "tank", "c")["hull_down"] is True


# --- 5. D9.52: an Abandoned cupola or AFV holds and denies no WA ------------------------------

@pytest.mark.parametrize("fields", [{"cupola": True}, {}], ids=["cupola", "AFV"])
def test_D9_52_abandoned_vehicle_behind_a_wall_claims_nothing_and_denies_nobody(fields):
    s = setup(hexsides={"E4-E5": "wall"},
              units=[unit("c", "E4", type="vehicle", abandoned=True, **fields),
                     unit("sq", "E5", side="Russian")])
    got = api.wall_advantage(s)
    c, sq = got["units"]["c"], got["units"]["sq"]
    assert not c["has"] and not c["eligible"] and not c["mandatory"]
    assert "D9.52" in str(c["reason"])
    assert sq["has"] and sq["mandatory"]          # Open Ground: its WA is mandatory (B9.323)
    assert got["problems"] == []


def test_D9_52_a_manned_cupola_there_is_assumed_to_have_WA_and_beats_the_squad():
    s = setup(hexsides={"E4-E5": "wall"},
              units=[unit("c", "E4", type="vehicle", cupola=True),
                     unit("sq", "E5", side="Russian")])
    got = api.wall_advantage(s)
    assert got["units"]["c"]["has"] and not got["units"]["sq"]["has"]


def test_B9_32_abandoned_enemy_AFV_in_the_Location_does_not_deny_WA():
    s = setup(hexsides={"E4-E5": "wall"},
              units=[unit("sq", "E4"), unit("x", "E4", side="Russian", type="vehicle",
                                            abandoned=True)])
    sq = api.wall_advantage(s)["units"]["sq"]
    # eligible (not mandatory: the abandoned AFV gives it +1 TEM, D9.3)
    assert sq["eligible"] and sq["reason"] is None


# --- decision: a hill on one side of a hexside thread, woods on the other (A6.1) ------------

def _spine(r1: dict, r2: dict) -> dict:
    # O2 to W2 runs along R1-R2, which touches neither end.
    return setup(hexes={"R1": r1, "R2": r2})


@pytest.mark.parametrize("hill, woods", [("R1", "R2"), ("R2", "R1")])
def test_A6_1_hill_on_one_side_woods_on_the_other_blocks_along_the_hexside(hill, woods):
    s = setup(hexes={hill: {"level": 1}, woods: {"terrain": "woods"}})
    for r in check_both_ways(s, "O2", "W2"):
        assert_blocked(r, "R1-R2", "A6.1")


def test_A6_1_woods_on_one_side_open_ground_on_the_other_stays_clear():
    assert_clear(check_both_ways(setup(hexes={"R2": {"terrain": "woods"}}), "O2", "W2")[0])


def test_A6_1_hill_and_woods_are_seen_over_from_a_higher_viewer():
    s = setup(hexes={"R1": {"level": 1}, "R2": {"terrain": "woods"}, "O2": {"level": 2}})
    assert_clear(check_both_ways(s, "O2", "W2")[0])


def test_A6_1_the_lower_of_the_two_decides_a_level_1_pair_sees_over_woods_and_hill():
    # Woods on a level-1 hill (top level 2) beside a level-1 hill: the obstruction
    # on both sides reaches level 1 only, so two level-1 ends see along it.
    s = setup(hexes={"R1": {"level": 1}, "R2": {"terrain": "woods", "level": 1},
                     "O2": {"level": 1}, "W2": {"level": 1}})
    assert_clear(check_both_ways(s, "O2", "W2")[0])


# --- sides compare ignoring case and spaces (docs/contract.md) ----------------------------------

def test_sides_that_differ_only_in_case_and_spaces_are_friends():
    s = setup(hexsides={"E4-E5": "wall"},
              units=[unit("a", "E4", side="German"), unit("b", "E4", side=" german ")])
    got = api.wall_advantage(s)
    assert got["units"]["a"]["has"] and got["units"]["b"]["has"]   # no enemy in the Location
    s["units"][1]["side"] = "Russian"
    got = api.wall_advantage(s)
    assert not got["units"]["a"]["has"] and not got["units"]["b"]["has"]


# --- A6.7: the same-range rule stated, and the total as a sum --------------------------------

def test_A6_7_EX_V3_to_W10_steps_state_the_same_range_collapse_and_the_sum():
    seven = {h: {"terrain": "grain"} for h in "V5 V6 W6 V7 W7 W8 W9".split()}
    for r in check_both_ways(setup(hexes=seven), "V3", "W10"):
        texts = [s["text"] for s in r["steps"] if s["rule"] == "A6.7"]
        assert r["hindrance"] == 5
        pairs = [t for t in texts if "both at range" in t and "count once, +1" in t]
        assert len(pairs) == 2, texts                      # V6/W6 and V7/W7
        assert texts[-1].startswith("Hindrance DRM: +1 (") and texts[-1].endswith("= +5."), texts
        assert texts[-1].count("+1 (") == 5                 # one term per range


def test_A6_7_one_hindrance_hex_gets_no_collapse_step():
    r = check_los(setup(hexes={"V5": {"terrain": "grain"}}), "V3", "W10")
    texts = [s["text"] for s in r["steps"]]
    assert not any("count once" in t for t in texts)
    assert "Hindrance DRM: +1 (V5, range 2) = +1." in texts
