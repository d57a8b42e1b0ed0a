"""Wall Advantage: who may, must and does hold it (B9.32-B9.324, B9.35, B9.62,
D9.52, D9.54), through the public ``pycore.api.wall_advantage``.

Rulebook examples are rebuilt from their text alone: where the illustration
is needed, hexes are placed on a 33 x 10 board consistently with the text
(docs/contract.md geometry) and the comment says how.
"""
import pytest

from pycore import api
from pycore.errors import SetupError
from pycore.setup import load_setup
from pycore.rules.wa import wa_hexsides
from tests.helpers import setup, unit


def wa(s: dict) -> dict:
    return api.wall_advantage(s)


def state(s: dict, uid: str) -> dict:
    return wa(s)["units"][uid]


def holders(s: dict) -> set:
    return {i for i, u in wa(s)["units"].items() if u["has"]}


def rules_of(problems: list) -> set:
    return {p["rule"] for p in problems}


# --- the 41Q5 example, step by step (B9.35, second EX) -------------------------------
# Rebuilt from the text of B9.35 (both EX), B9.4 EX and B9.42 EX: Q5 and Q6 are
# buildings (the 4-6-7 "claims building TEM"; fire into Q6 "will be subject to
# building TEM"); R4 and R5 are level-1 hill hexes (the 4-4-7 in R4 is "Level 1";
# R5 "is at a higher elevation than the hedge"); Q5's hedges are Q4-Q5 (B9.42 EX),
# Q5-Q6 (named), Q5-R4 (B9.35 first EX, B9.4 EX), Q5-R5 (R5's hedge), P5-Q5 (the
# 4-6-7 denies P5); P5-Q6 is a hedge (fire from P5 into Q6 is "subject to the
# hedge TEM"), O4-P4 is the 5-2-7's hedge, and P4-Q5 is none ("the two units do not
# share any wall/hedge hexsides").

Q5_HEXES = {"Q5": {"terrain": "building"}, "Q6": {"terrain": "building"},
            "R4": {"level": 1}, "R5": {"level": 1}}
Q5_HEDGES = {s: "hedge" for s in ("Q4-Q5", "Q5-Q6", "Q5-R4", "Q5-R5", "P5-Q5",
                                  "P5-Q6", "O4-P4")}


def q5(*units, hexsides=None):
    return setup(Q5_HEXES, {**Q5_HEDGES, **(hexsides or {})}, list(units))


G467 = unit("g467", "Q5", wa=True)
R527 = unit("r527", "P4", side="Russian")
R447 = unit("r447", "Q6", side="Russian")
G468 = unit("g468", "R5")


def test_B9_35_EX_41Q5_step1_who_holds_WA():
    s = q5(G467, R527, R447, G468)
    got = wa(s)
    assert got["problems"] == []
    u = got["units"]
    # The 4-6-7 holds WA over every same-level hedge of Q5.
    assert u["g467"]["has"] and set(u["g467"]["hexsides"]) == {
        "P5-Q5", "Q4-Q5", "Q5-Q6", "Q5-R4", "Q5-R5"}
    # It cannot deny the 5-2-7 in P4 WA over O4-P4: no shared hedge.  P4 is open
    # ground, so WA is mandatory there (B9.323).
    assert u["r527"] == {"has": True, "eligible": True, "mandatory": True,
                         "hexsides": ["O4-P4"], "reason": None}
    # It denies the 4-4-7 in Q6 through the shared Q5-Q6 hedge (B9.321).
    assert not u["r447"]["has"] and not u["r447"]["eligible"]
    assert "B9.321" in u["r447"]["reason"] and "Q5-Q6" in u["r447"]["reason"]
    # The 4-6-8 in level-1 R5 is above the level-0 hedge (B9.35).
    assert not u["g468"]["eligible"] and "B9.35" in u["g468"]["reason"]


def test_B9_35_EX_41Q5_step1_no_denial_of_R4_across_a_lower_hedge():
    # "nor could it deny an enemy unit in R4 WA if R4-R5 were a wall hexside":
    # the Q5-R4 hedge lies at level 0, below a unit in level-1 R4.
    r4 = unit("r4", "R4", side="Russian")
    s = q5(G467, r4, hexsides={"R4-R5": "wall"})
    u = wa(s)["units"]
    assert u["g467"]["has"]
    assert u["r4"]["has"] and u["r4"]["hexsides"] == ["R4-R5"]


def test_B9_35_EX_41Q5_step2_forfeit_lets_the_447_claim():
    # The 4-6-7 forfeits WA: the 4-4-7 "may immediately claim WA" (B9.322); Q6 is
    # a building, so it need not (B9.323).
    s = q5(dict(G467, wa=False), R527, R447, G468)
    u = wa(s)["units"]
    assert not u["g467"]["has"] and u["g467"]["eligible"]
    assert u["r447"]["eligible"] and not u["r447"]["mandatory"] and not u["r447"]["has"]
    # Once it claims, the 4-6-7 is denied in turn.
    s = q5(dict(G467, wa=False), R527, dict(R447, wa=True), G468)
    u = wa(s)["units"]
    assert u["r447"]["has"] and not u["g467"]["eligible"]


def test_B9_35_EX_41Q5_step3_broken_447_frees_the_467():
    # "If the 4-4-7 claims WA and later becomes broken ... the 4-6-7 may similarly
    # claim WA": a lone broken unit holds no WA (B9.32).
    s = q5(dict(G467, wa=False), dict(R447, wa=True, broken=True))
    u = wa(s)["units"]
    assert not u["r447"]["has"] and "B9.32" in u["r447"]["reason"]
    assert u["g467"]["eligible"]


def test_B9_35_EX_41Q5_step4_447_in_P5_is_denied():
    # The 4-6-7 retained WA; the 4-4-7 moves to P5 (open, hedges P5-Q5, P5-Q6).
    s = q5(G467, unit("r447", "P5", side="Russian"))
    u = wa(s)["units"]
    assert u["g467"]["has"]
    assert not u["r447"]["has"] and "B9.321" in u["r447"]["reason"]


def test_B9_35_EX_41Q5_step5_468_in_Q6_may_claim_beside_a_denied_enemy():
    # The 4-6-8 moves from R5 to Q6: the 4-4-7 in P5 is denied by the 4-6-7 and so
    # cannot prevent the 4-6-8 from claiming WA; it chooses not to (building).
    r447 = unit("r447", "P5", side="Russian")
    s = q5(G467, r447, unit("g468", "Q6", wa=False))
    u = wa(s)["units"]
    assert u["g468"]["eligible"] and not u["g468"]["has"]
    s = q5(G467, r447, unit("g468", "Q6", wa=True))
    assert wa(s)["units"]["g468"]["has"]


def test_B9_35_EX_41Q5_step6_broken_467_makes_WA_mandatory_for_the_447():
    # "if the 4-6-7 in Q5 becomes broken ... the 4-4-7 in P5 must claim WA (9.323)
    # and will thereafter prevent the 4-6-8 from claiming it."
    s = q5(dict(G467, broken=True), unit("r447", "P5", side="Russian"), unit("g468", "Q6"))
    u = wa(s)["units"]
    assert not u["g467"]["has"]
    assert u["r447"]["mandatory"] and u["r447"]["has"]
    assert not u["g468"]["eligible"] and "r447" in u["g468"]["reason"]


# --- B9.32 examples ------------------------------------------------------------------
# EX 1 (board 3): T3 is a building with the German 4-6-7 behind the T3-U3 wall;
# the Russian 4-4-7 enters open U3.  V4 is a level-1 hill hex behind the
# level-0 U4-V4 wall (named in B9.35 as a wall on the lower base level).

def test_B9_32_EX1_adjacent_enemy_entering_is_denied_and_V4_is_above_the_wall():
    s = setup({"T3": {"terrain": "building"}, "V4": {"level": 1}},
              {"T3-U3": "wall", "U4-V4": "wall"},
              [unit("g467", "T3", wa=True), unit("r447", "U3", side="Russian"),
               unit("r628", "T4", side="Russian"), unit("rv4", "V4", side="Russian")])
    u = wa(s)["units"]
    assert u["g467"]["has"] and u["g467"]["hexsides"] == ["T3-U3"]
    assert not u["r447"]["has"] and "B9.321" in u["r447"]["reason"]
    assert not u["rv4"]["eligible"] and "B9.35" in u["rv4"]["reason"]


def test_B9_32_EX1_forfeit_shifts_WA_to_the_adjacent_good_order_447():
    # "the Wall Advan counter automatically shifts across the wall hexside to the
    # ADJACENT Good Order 4-4-7": U3 is open ground, so WA is mandatory there.
    s = setup({"T3": {"terrain": "building"}}, {"T3-U3": "wall"},
              [unit("g467", "T3", wa=False), unit("r447", "U3", side="Russian")])
    u = wa(s)["units"]
    assert u["r447"]["has"] and u["r447"]["mandatory"]
    assert not u["g467"]["has"]


def test_B9_32_EX2_WA_is_per_hex_a_second_German_also_qualifies():
    # Board 3: the 4-6-7 in Y3 (shellholes) holds WA over the Y3-Z2 hedge; Z2 also
    # has the Y2-Z2 hedge.  A German entering open Y2 qualifies too, since the
    # Russian in Z2 is denied all WA.
    s = setup({"Y3": {"terrain": "shellholes"}}, {"Y3-Z2": "hedge", "Y2-Z2": "hedge"},
              [unit("g467", "Y3", wa=True), unit("r447", "Z2", side="Russian"),
               unit("g2", "Y2")])
    u = wa(s)["units"]
    assert u["g467"]["has"] and u["g2"]["has"] and u["g2"]["mandatory"]
    assert not u["r447"]["eligible"]
    assert wa(s)["problems"] == []


# --- B9.32 eligibility ---------------------------------------------------------------

@pytest.mark.parametrize("fields, rule", [
    ({"broken": True}, "B9.32"),
    ({"unarmed": True}, "B9.32"),
    ({"entrenched": True}, "B9.32"),
    ({"column": True}, "B9.32"),
    ({"fortified_gun": True}, "B9.32"),
    ({"bridge": True}, "B9.32"),
    ({"pillbox": True}, "B9.32"),
    ({"cave": True}, "B9.32"),
    ({"wire": True}, "B9.32"),
    ({"panji": True}, "B9.32"),
    ({"hidden": True}, "B9.324"),
])
def test_B9_32_ineligible_units(fields, rule):
    s = setup(hexsides={"E4-E5": "wall"}, units=[unit("u", "E4", **fields)])
    got = state(s, "u")
    assert not got["has"] and not got["eligible"] and not got["mandatory"]
    assert f"({rule})" in got["reason"]


def test_B9_32_bridge_over_a_roadblock_may_claim():
    s = setup(hexsides={"E4-E5": "wall"}, units=[unit("u", "E4", bridge=True, roadblock=True)])
    assert state(s, "u")["has"]


def test_B9_32_upper_building_level_is_not_ground_level():
    s = setup({"E4": {"terrain": "building", "levels": 2}}, {"E4-E5": "wall"},
              [unit("u", "E4", level=1, wa=True)])
    got = wa(s)
    assert not got["units"]["u"]["eligible"] and "ground-level" in got["units"]["u"]["reason"]
    assert any("marked with WA" in p["text"] for p in got["problems"])


def test_B9_32_enemy_in_the_Location_denies_but_not_a_hidden_or_prisoner_one():
    walls = {"E4-E5": "wall"}
    s = setup(hexsides=walls, units=[unit("u", "E4"), unit("e", "E4", side="Russian")])
    assert "enemy e" in state(s, "u")["reason"]
    for f in ({"hidden": True}, {"prisoner": True}):
        s = setup(hexsides=walls, units=[unit("u", "E4"), unit("e", "E4", side="Russian", **f)])
        assert state(s, "u")["has"], f


def test_B9_32_a_vehicle_with_in_hex_TEM_may_not_claim_but_in_Bypass_it_may():
    # B9.36 EX: "The T-34 cannot claim WA because it is eligible for in-hex TEM";
    # "If the IS-2 had been in Bypass ... it would have retained WA".
    walls = {"O8-P8": "wall"}
    s = setup({"O8": {"terrain": "woods"}}, walls, [unit("t34", "O8", type="vehicle")])
    assert "in-hex TEM" in state(s, "t34")["reason"]
    s = setup({"O8": {"terrain": "woods"}}, walls,
              [unit("is2", "O8", type="vehicle", bypass="O8-P8")])
    assert state(s, "is2")["has"] and state(s, "is2")["mandatory"]


def test_B9_32_Bypass_limits_WA_to_the_straddled_hexside_and_its_two_neighbours():
    # Q4 (odd column) has hexsides with Q3, Q5, P3, P4, R3, R4; bypassing along
    # Q4-R4, the joining hexsides are Q4-Q5 and Q4-R3.
    every = {f"Q4-{h}": "wall" for h in ("Q3", "Q5", "P3", "P4", "R3", "R4")}
    s = setup({"Q4": {"terrain": "woods"}}, every,
              [unit("u", "Q4", bypass="Q4-R4", wa=True)])
    assert state(s, "u")["hexsides"] == ["Q4-Q5", "Q4-R3", "Q4-R4"]
    s = setup({"Q4": {"terrain": "woods"}}, {"Q3-Q4": "wall"},
              [unit("u", "Q4", bypass="Q4-R4", wa=True)])
    assert "Bypass" in state(s, "u")["reason"]


# --- B9.323 mandatory WA ---------------------------------------------------------------

@pytest.mark.parametrize("terrain, mandatory", [
    ("open", True), ("grain", True), ("orchard", True),
    ("woods", False), ("building", False), ("shellholes", False)])
def test_B9_323_mandatory_only_without_in_hex_TEM(terrain, mandatory):
    s = setup({"E4": {"terrain": terrain}}, {"E4-E5": "wall"}, [unit("u", "E4")])
    got = state(s, "u")
    assert got["mandatory"] is mandatory and got["has"] is mandatory


def test_B9_323_crest_status_in_a_gully_is_open_ground_so_WA_is_mandatory():
    # B19.3: a gully is Open Ground for TEM; the Crest-status unit is at the wall's level.
    s = setup({"E4": {"terrain": "gully"}}, {"E4-E5": "wall"}, [unit("u", "E4", crest=True)])
    assert state(s, "u")["mandatory"] and state(s, "u")["has"]


def test_B9_323_forfeiting_mandatory_WA_is_a_problem():
    s = setup(hexsides={"E4-E5": "wall"}, units=[unit("u", "E4", wa=False)])
    got = wa(s)
    assert got["units"]["u"]["has"]
    assert rules_of(got["problems"]) == {"B9.323"}


def test_B9_323_a_wreck_is_in_hex_TEM_but_a_friendly_AFV_with_WA_is_not():
    walls = {"E4-E5": "wall", "E3-E4": "wall"}
    s = setup(hexsides=walls, units=[unit("u", "E4"), unit("w", "E4", type="wreck")])
    assert not state(s, "u")["mandatory"]          # D9.3 +1 in-hex TEM
    s = setup(hexsides=walls, units=[unit("u", "E4"), unit("t", "E4", type="vehicle")])
    assert state(s, "t")["has"]
    assert state(s, "u")["mandatory"] and state(s, "u")["has"]
    s = setup(hexsides=walls, units=[unit("u", "E4"), unit("w", "E4", type="wreck",
                                                            burning=True)])
    assert state(s, "u")["mandatory"]              # D9.3: a burning wreck gives none


# --- broken and unarmed units (B9.32) ----------------------------------------------------

def test_B9_32_broken_unit_claims_WA_only_with_others_in_its_Location():
    walls = {"E4-E5": "wall"}
    s = setup(hexsides=walls, units=[unit("b", "E4", broken=True), unit("g", "E4")])
    assert state(s, "b")["has"] and state(s, "b")["hexsides"] == ["E4-E5"]
    s = setup(hexsides=walls, units=[unit("b", "E4", broken=True),
                                     unit("g", "E4", hidden=True)])
    assert not state(s, "b")["has"]       # B9.324: hidden units are not considered
    s = setup(hexsides=walls, units=[unit("b", "E4", unarmed=True)])
    assert not state(s, "b")["eligible"]


def test_B9_55_EX_lone_broken_unit_loses_mandatory_WA_and_regains_it_on_rally():
    # Board 54, all hedges bocage: the 4-6-7 in open ground breaks (B9.55 EX 2).
    s = setup(hexsides={"J5-K5": "bocage"}, units=[unit("g467", "J5", broken=True)])
    got = state(s, "g467")
    assert not got["has"] and "B9.32" in got["reason"]
    s = setup(hexsides={"J5-K5": "bocage"}, units=[unit("g467", "J5")])
    assert state(s, "g467")["has"]        # "the 4-6-7 rallies and immediately gains WA"


# --- B9.55 EX 2: bocage WA per hex ------------------------------------------------------
# Board 54 rebuilt from the text: K4 woods (the 3-3-8 enters it "without claiming
# WA (due to the woods TEM)"), L4 and K5 open ground; bocage on K4-K5, K4-L4,
# K5-L4 and L4-L5.

B55_HEXES = {"K4": {"terrain": "woods"}}
B55_BOCAGE = {s: "bocage" for s in ("K4-K5", "K4-L4", "K5-L4", "L4-L5")}


def test_B9_55_EX_338_need_not_claim_WA_in_woods_but_must_in_L4():
    s = setup(B55_HEXES, B55_BOCAGE, [unit("b338", "K4", side="British", concealed=True)])
    got = state(s, "b338")
    assert got["eligible"] and not got["mandatory"] and not got["has"]
    s = setup(B55_HEXES, B55_BOCAGE, [unit("b338", "L4", side="British", concealed=True)])
    got = state(s, "b338")
    assert got["mandatory"] and got["has"]       # B9.324: a concealed unit may claim


def test_B9_55_EX_german_in_L5_with_WA_denies_the_whole_of_L4():
    # "WA is claimed per hex, not per hexside": L4-L5 alone denies K4-L4, K5-L4 too.
    s = setup(B55_HEXES, B55_BOCAGE, [unit("b338", "L4", side="British"),
                                      unit("g247", "L5", wa=True)])
    got = state(s, "b338")
    assert not got["has"] and not got["eligible"] and "L4-L5" in got["reason"]


def test_B9_55_EX_467_in_K5_is_prevented_by_the_338_in_L4():
    # The 3-3-8 claimed WA in L4 first: it is marked; the 4-6-7 then enters K5.
    s = setup(B55_HEXES, B55_BOCAGE, [unit("b338", "L4", side="British", wa=True),
                                      unit("b648", "K4", side="British", wa=False),
                                      unit("g467", "K5")])
    u = wa(s)["units"]
    assert u["b338"]["has"]
    assert not u["g467"]["eligible"] and "b338" in u["g467"]["reason"]


# --- B9.41 EX: who gains WA at H6 ---------------------------------------------------------
# Board 55 rebuilt: the Russian 7-4-7 in building G6 behind the G6-H6 wall; the
# German 4-6-7 enters open H6.

def test_B9_41_EX_747_claiming_WA_denies_the_467():
    s = setup({"G6": {"terrain": "building"}}, {"G6-H6": "wall"},
              [unit("r747", "G6", side="Russian", wa=True), unit("g467", "H6")])
    u = wa(s)["units"]
    assert u["r747"]["has"] and not u["g467"]["has"]


def test_B9_41_EX_467_gains_WA_on_entering_H6_if_the_747_does_not_claim():
    s = setup({"G6": {"terrain": "building"}}, {"G6-H6": "wall"},
              [unit("r747", "G6", side="Russian"), unit("g467", "H6")])
    u = wa(s)["units"]
    assert u["g467"]["has"] and u["g467"]["mandatory"]
    assert not u["r747"]["eligible"]


# --- B9.62 EX (board 25), the WA parts ------------------------------------------------------
# Rebuilt: B4, C5 and D5 are gullies (units IN them or in Crest status); B5 is
# level-0 brush (so that the 4-5-8 need not claim WA), B6 open, C6 a level-1 hill
# hex; hedges B4-B5 (Hillside, listed in B9.6), B5-C5, and the Hillside hedges
# C5-C6 and D5-C6 at level 1.

B62_HEXES = {"B4": {"terrain": "gully"}, "C5": {"terrain": "gully"},
             "D5": {"terrain": "gully"}, "B5": {"terrain": "brush"}, "C6": {"level": 1}}
B62_SIDES = {"B4-B5": {"type": "hedge", "hillside": True}, "B5-C5": "hedge",
             "C5-C6": {"type": "hedge", "hillside": True},
             "D5-C6": {"type": "hedge", "hillside": True}}


def b62(*units):
    return setup(B62_HEXES, B62_SIDES, list(units))


def test_B9_62_EX_unit_IN_the_depression_cannot_claim_WA():
    s = b62(unit("g467", "B4"), unit("b458", "B5", side="British"))
    got = state(s, "g467")
    assert not got["eligible"] and "(B9.62)" in got["reason"]


def test_B9_62_EX_crest_447_claims_B5_C5_but_not_the_higher_C5_C6():
    # "if having Wall Advantage": the 4-4-7 claimed it first; the 4-5-8 in B5's
    # brush (no TEM, B12.3) must claim it too (B9.323), so unmarked the two
    # would be a B9.321 dispute (the next test)
    s = b62(unit("g447", "C5", crest=True, wa=True), unit("g468", "C5"),
            unit("b458", "B5", side="British"), unit("b457", "C6", side="British"))
    u = wa(s)["units"]
    assert u["g447"]["has"] and u["g447"]["hexsides"] == ["B5-C5"]
    assert not u["g468"]["eligible"]               # IN C5, below every hedge
    assert u["b457"]["has"] and u["b457"]["hexsides"] == ["C5-C6", "C6-D5"]
    # "Provided neither the 4-5-8 ... were already marked with a Wall Advantage
    # counter": a marked 4-5-8 across B5-C5 denies it.
    s = b62(unit("g447", "C5", crest=True), unit("b458", "B5", side="British", wa=True))
    assert not state(s, "g447")["eligible"]


def test_B12_3_B9_323_a_unit_in_brush_must_claim_WA_and_one_in_woods_may_choose():
    # B12.3: brush has no TEM, so its unit is "unable to claim in-hex TEM of at
    # least +1" and must claim WA (B9.323); in woods (+1) it may go without
    for terrain, mandatory in (("brush", True), ("woods", False)):
        s = setup({"E4": {"terrain": terrain}}, {"E4-E5": "wall"},
                  [unit("g", "E4"), unit("r", "E5", side="Russian")])
        got = wa(s)["units"]["g"]
        assert got["mandatory"] is mandatory, (terrain, got)


def test_B9_62_EX_unmarked_crest_447_and_458_in_brush_both_must_claim_B5_C5():
    s = b62(unit("g447", "C5", crest=True), unit("b458", "B5", side="British"))
    got = wa(s)
    assert got["units"]["g447"]["mandatory"] and got["units"]["b458"]["mandatory"]
    assert any(p["rule"] == "B9.321" for p in got["problems"]), got["problems"]


# --- D9.52, D9.54: Armored Cupola and Dug-In AFV ---------------------------------------------

def test_D9_54_dug_in_AFV_is_assumed_to_have_WA_even_in_woods_and_beats_a_marked_enemy():
    s = setup({"E4": {"terrain": "woods"}}, {"E4-E5": "wall"},
              [unit("t", "E4", type="vehicle", dug_in=True),
               unit("r", "E5", side="Russian", wa=True)])
    got = wa(s)
    assert got["units"]["t"]["has"] and got["units"]["t"]["mandatory"]
    assert not got["units"]["r"]["has"]
    assert rules_of(got["problems"]) == {"B9.321"}     # the marked counter is wrong


def test_D9_52_cupola_loses_assumed_WA_when_abandoned():
    walls = {"E4-E5": "hedge"}
    s = setup(hexsides=walls, units=[unit("c", "E4", type="vehicle", cupola=True)])
    assert state(s, "c")["has"]
    s = setup({"E4": {"terrain": "brush"}}, walls,
              [unit("c", "E4", type="vehicle", cupola=True, abandoned=True)])
    assert not state(s, "c")["has"]


# --- problems --------------------------------------------------------------------------------

def test_B9_321_two_enemies_marked_over_a_shared_hexside_is_a_problem():
    s = setup(hexsides={"E4-E5": "wall"},
              units=[unit("g", "E4", wa=True), unit("r", "E5", side="Russian", wa=True)])
    got = wa(s)
    assert not got["units"]["g"]["has"] and not got["units"]["r"]["has"]
    assert rules_of(got["problems"]) == {"B9.321"}
    assert any("g" in p["text"] and "r" in p["text"] for p in got["problems"])


def test_B9_321_two_enemies_both_mandatory_is_undetermined_and_reported():
    s = setup(hexsides={"E4-E5": "wall"},
              units=[unit("g", "E4"), unit("r", "E5", side="Russian")])
    got = wa(s)
    assert holders(s) == set()
    assert rules_of(got["problems"]) == {"B9.321"}
    # Marking the one that claimed first settles it.
    s = setup(hexsides={"E4-E5": "wall"},
              units=[unit("g", "E4", wa=True), unit("r", "E5", side="Russian")])
    assert holders(s) == {"g"} and wa(s)["problems"] == []


def test_friendly_units_do_not_deny_each_other():
    s = setup(hexsides={"E4-E5": "wall"}, units=[unit("a", "E4"), unit("b", "E5")])
    assert holders(s) == {"a", "b"}


def test_wa_hexsides_matches_the_report_and_is_cached():
    s = load_setup(q5(G467, R527, R447, G468))
    first = wa_hexsides(s)
    assert wa_hexsides(s) is first
    rep = api.wall_advantage(s)
    for uid, info in rep["units"].items():
        assert bool(first[uid]) == info["has"]


def test_bad_setup_raises_SetupError_naming_the_field():
    with pytest.raises(SetupError, match="units"):
        api.wall_advantage(setup(units=[{"id": "x", "side": "G", "type": "tank", "hex": "A1"}]))
