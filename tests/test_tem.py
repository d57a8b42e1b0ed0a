"""The TEM a target receives: B9.3-B9.36, B9.42, B9.5x, B9.62, D9.3.

``tem_of`` judges the TEM along the exact thread between the two units, given
that LOS exists (``pycore.rules.tem.assess``); ``api.fire`` adds the LOS ruling and
is used where the LOS itself is part of the example.  Examples are rebuilt
from their text on a 33 x 10 board (docs/contract.md geometry); comments say how.
"""
import pytest

from pycore import api
from pycore.rules import tem as T
from pycore.errors import SetupError
from pycore.setup import load_setup
from tests.helpers import setup, unit


def tem_of(s: dict, firer: str, target: str, indirect: bool = False) -> dict:
    ss = load_setup(s)
    return T.assess(ss, ss.unit(firer), ss.unit(target), indirect)


def options(r: dict) -> dict:
    return {o["source"]: o["tem"] for o in r["tem_options"]}


# --- B9.1, B9.2: which walls does the fire pass through? --------------------------------

def test_B9_1_EX_hedge_affects_fire_that_only_touches_its_vertex():
    # 6Y6 -> Z7 enters Z7 through the Y7-Z6-Z7 vertex, an end of the Y7-Z7 hedge.
    s = setup(hexsides={"Y7-Z7": "hedge"},
              units=[unit("f", "Y6", side="Russian"), unit("t", "Z7")])
    assert options(tem_of(s, "f", "t")) == {"hedge": 1}


def test_B9_2_EX_wall_hexspine_touching_the_target_hex_gives_its_TEM():
    # 6Z9 -> X6 runs along the Z8-Y9 hedge (touching Z9) and the X7-Y7 wall
    # (touching X6): the 8-3-8 in X6 gets the wall's +2, not the hedge's +1.
    s = setup(hexsides={"Z8-Y9": "hedge", "Y7-X7": "wall"},
              units=[unit("g447", "Z9"), unit("r838", "X6", side="Russian")])
    r = api.fire(s, "g447", "r838")
    assert r["los"] and r["tem"] == 2 and options(r) == {"wall": 2}
    # "If a German unit were in Y8, both it and the 4-4-7 would qualify for the +1
    # TEM of the Z8-Y9 hexspine when firing at each other."
    s = setup(hexsides={"Z8-Y9": "hedge", "Y7-X7": "wall"},
              units=[unit("a", "Z9", side="Russian"), unit("b", "Y8")])
    assert tem_of(s, "a", "b")["tem"] == 1 and tem_of(s, "b", "a")["tem"] == 1


def test_B9_3_wall_of_another_hex_gives_no_TEM():
    s = setup(hexsides={"E5-E6": "wall"}, units=[unit("f", "E7", side="R"), unit("t", "E3")])
    assert tem_of(s, "f", "t")["tem_options"] == []


# --- B9.31, the 41Q5 example's TEM (B9.35 second EX) -----------------------------------------
# Same rebuild as tests/test_wa.py: Q5, Q6 buildings; R4, R5 level 1; hedges
# Q4-Q5, Q5-Q6, Q5-R4, Q5-R5, P5-Q5, P5-Q6, O4-P4; Russians fire from P6 and R6.

Q5_HEXES = {"Q5": {"terrain": "building"}, "Q6": {"terrain": "building"},
            "R4": {"level": 1}, "R5": {"level": 1}}
Q5_HEDGES = {s: "hedge" for s in ("Q4-Q5", "Q5-Q6", "Q5-R4", "Q5-R5", "P5-Q5",
                                  "P5-Q6", "O4-P4")}


def q5(*units):
    return setup(Q5_HEXES, Q5_HEDGES, list(units))


def test_B9_35_EX_41Q5_467_with_WA_hedge_vs_447_nothing_vs_527():
    s = q5(unit("g467", "Q5", wa=True), unit("r527", "P4", side="Russian"),
           unit("r447", "Q6", side="Russian"))
    assert options(api.fire(s, "r447", "g467")) == {"hedge": 1}
    r = api.fire(s, "r527", "g467")     # no hedge crossed, and no in-hex TEM with WA
    assert r["tem"] == 0 and r["tem_options"] == []


def test_B9_35_EX_41Q5_after_forfeiting_it_chooses_building_or_hedge_from_P6_R6():
    s = q5(unit("g467", "Q5", wa=False), unit("p6", "P6", side="Russian"),
           unit("r6", "R6", side="Russian"), unit("r447", "Q6", side="Russian", wa=True))
    for firer in ("p6", "r6"):      # both threads enter Q5 through a hedge vertex
        r = tem_of(s, firer, "g467")
        assert options(r) == {"building": 2, "hedge": 1} and r["tem"] == 2, firer
    # ... but only the building vs the 4-4-7, which has WA over Q5-Q6 (B9.31).
    assert options(tem_of(s, "r447", "g467")) == {"building": 2}


def test_B9_35_EX_41Q5_447_moving_to_P5_gets_no_TEM_vs_the_467_with_WA():
    s = q5(unit("g467", "Q5", wa=True), unit("r447", "P5", side="Russian"),
           unit("g468", "R5"))
    r = api.fire(s, "g467", "r447")
    assert r["tem"] == 0 and r["tem_options"] == []        # FFMO, no TEM


def test_B9_35_EX_41Q5_468_in_Q6_building_TEM_until_it_claims_WA():
    units = [unit("g467", "Q5", wa=True), unit("r447", "P5", side="Russian"),
             unit("r628", "Q7", side="Russian")]
    s = q5(*units, unit("g468", "Q6", wa=False))
    assert tem_of(s, "r447", "g468")["tem"] == 2        # building (hedge +1 also offered)
    assert options(tem_of(s, "r628", "g468")) == {"building": 2}
    s = q5(*units, unit("g468", "Q6", wa=True))
    assert options(tem_of(s, "r447", "g468")) == {"hedge": 1}
    assert tem_of(s, "r628", "g468")["tem_options"] == []      # FFMO from Q7


def test_B9_35_EX1_41R4_level_1_ignores_the_level_0_hedges():
    # "Fire against a 4-4-7 in 41R4 (Level 1) would not be affected by the Q5-R4
    # hexside ... nor by the P4-R4 hedge hexspine [Q4-Q5], but a unit in P4 could
    # claim hedge TEM if attacked from R4."
    s = q5(unit("r447", "R4", side="Russian"), unit("g", "Q5", wa=False),
           unit("gp4", "P4"))
    r = tem_of(s, "g", "r447")
    assert r["tem_options"] == [] and "B9.35" in {x["rule"] for x in r["steps"]}
    assert tem_of(s, "gp4", "r447")["tem_options"] == []
    assert options(tem_of(s, "r447", "gp4")) == {"hedge": 1}


# --- B9.32 examples -------------------------------------------------------------------------
# EX 1 (board 3): T3 building with the T3-U3 wall; the 4-4-7 in open U3; the
# 6-2-8 in T4 (its fire into T3 does not cross the wall).

def b32(g467_wa):
    return setup({"T3": {"terrain": "building"}}, {"T3-U3": "wall"},
                 [unit("g467", "T3", wa=g467_wa), unit("r447", "U3", side="Russian"),
                  unit("r628", "T4", side="Russian")])


def test_B9_32_EX1_no_wall_TEM_vs_an_adjacent_firer_with_WA():
    s = b32(True)
    assert tem_of(s, "g467", "r447")["tem_options"] == []


def test_B9_32_EX1_WA_target_gets_wall_not_building_and_is_in_the_open_vs_T4():
    s = b32(True)
    assert options(tem_of(s, "r447", "g467")) == {"wall": 2}      # not cumulative
    assert tem_of(s, "r628", "g467")["tem_options"] == []          # Open Ground


def test_B9_32_EX1_after_forfeit_the_building_TEM_and_the_447_takes_WA():
    s = b32(False)
    assert options(tem_of(s, "r628", "g467")) == {"building": 2}
    # WA shifts to the Good Order 4-4-7 (mandatory in open U3): the wall TEM is
    # then NA vs it.
    assert options(tem_of(s, "r447", "g467")) == {"building": 2}
    assert options(tem_of(s, "g467", "r447")) == {"wall": 2}


def test_B9_32_EX2_467_with_WA_cannot_also_claim_shellhole_TEM():
    # Board 3: the 4-6-7 in Y3 (shellholes) has WA over the Y3-Z2 hedge.
    s = setup({"Y3": {"terrain": "shellholes"}}, {"Y3-Z2": "hedge", "Y2-Z2": "hedge"},
              [unit("g467", "Y3", wa=True), unit("r447", "Z2", side="Russian")])
    assert options(tem_of(s, "r447", "g467")) == {"hedge": 1}
    assert tem_of(s, "g467", "r447")["tem_options"] == []
    s = setup({"Y3": {"terrain": "shellholes"}}, {"Y3-Z2": "hedge"},
              [unit("g467", "Y3", wa=False), unit("r447", "Z2", side="Russian", wa=True)])
    assert options(tem_of(s, "r447", "g467")) == {"shellholes": 1}


# --- B9.33 elevation ----------------------------------------------------------------------
# EX (board 12): the 4-6-7 on level 2 of building O7; hedges O7-O8 and O8-P8
# (invented so that fire into O8 and into P8 crosses a hedge of the target).

def b33(level, target_hex, **target):
    return setup({"O7": {"terrain": "building", "levels": 3}}, {"O7-O8": "hedge", "O8-P8": "hedge"},
                 [unit("g467", "O7", level=level), unit("t", target_hex, side="R", **target)])


def test_B9_33_EX_level_2_firer_ignores_the_hedge_into_O8():
    r = tem_of(b33(2, "O8"), "g467", "t")
    assert options(r) == {"hedge": 0} and r["tem"] == 0
    assert "B9.33" in {x["rule"] for x in r["steps"]}


def test_B9_33_EX_but_not_at_range_2_into_P8():
    assert tem_of(b33(2, "P8"), "g467", "t")["tem"] == 1


def test_B9_33_EX_level_1_is_not_greater_than_range_1():
    assert tem_of(b33(1, "O8"), "g467", "t")["tem"] == 1


def test_B9_33_EX_entrenched_in_P7_reduced_to_plus_1():
    assert options(tem_of(b33(2, "P7", entrenched=True), "g467", "t")) == {"foxhole": 1}


def test_B9_531_elevation_never_reduces_bocage():
    s = setup({"O7": {"terrain": "building", "levels": 3}}, {"O7-O8": "bocage"},
              [unit("g", "O7", level=2), unit("t", "O8", side="R")])
    assert options(tem_of(s, "g", "t")) == {"bocage": 2}


# --- B9.34 indirect fire --------------------------------------------------------------------

@pytest.mark.parametrize("kind, tem", [("wall", 1), ("hedge", 0), ("bocage", 1)])
def test_B9_34_indirect_fire_wall_TEM_minus_1_even_if_not_crossed(kind, tem):
    # The hexside is on the far side of the target from the mortar.
    s = setup(hexsides={"E5-E6": kind}, units=[unit("m", "E1", side="R"), unit("t", "E5")])
    assert tem_of(s, "m", "t")["tem_options"] == []
    assert options(tem_of(s, "m", "t", indirect=True)) == {kind: tem}


def test_B9_34_only_one_wall_TEM_counts_and_WA_does_not_matter():
    s = setup(hexsides={"E4-E5": "hedge", "E5-E6": "wall"},
              units=[unit("m", "E4", side="R", wa=True), unit("t", "E5")])
    r = tem_of(s, "m", "t", indirect=True)
    assert options(r) == {"wall": 1} and r["tem"] == 1
    assert r["hull_down"] is False


def test_B9_34_air_burst_applies_in_woods_even_with_WA():
    s = setup({"E5": {"terrain": "woods"}}, {"E5-E6": "wall"},
              [unit("m", "E1", side="R"), unit("t", "E5", wa=True)])
    r = tem_of(s, "m", "t", indirect=True)
    assert options(r) == {"wall+air-burst": 0, "air-burst": -1} and r["tem"] == 0


# --- B9.3 exceptions -----------------------------------------------------------------------

def test_B9_3_road_gap_TEM_only_for_a_non_moving_target():
    sides = {"W9-X9": {"type": "wall", "gap": True}}
    s = setup(hexsides=sides, units=[unit("f", "V9", side="R"), unit("t", "X9")])
    assert options(tem_of(s, "f", "t")) == {"wall": 2}
    s = setup(hexsides=sides, units=[unit("f", "V9", side="R"), unit("t", "X9", moving=True)])
    assert tem_of(s, "f", "t")["tem_options"] == []


def test_B9_3_PRC_never_but_motorcyclists_do_and_placed_DC_ignores_walls():
    sides = {"E4-E5": "wall"}
    s = setup(hexsides=sides, units=[unit("f", "E4", side="R"), unit("t", "E5", prc=True)])
    assert tem_of(s, "f", "t")["tem_options"] == []
    s = setup(hexsides=sides, units=[unit("f", "E4", side="R"),
                                     unit("t", "E5", prc=True, motorcyclist=True)])
    assert tem_of(s, "f", "t")["tem"] == 2
    for dc, want in (("placed", 0), ("thrown", 2)):
        s = setup(hexsides=sides, units=[unit("f", "E4", side="R", dc=dc, wa=False),
                                         unit("t", "E5", wa=False)])
        assert tem_of(s, "f", "t")["tem"] == want, dc


# --- B9.36 Hull Down --------------------------------------------------------------------------
# EX (board 43), the parts the text fixes: the IS-2 in building/woods O8, the
# PzIII entering open P8 behind the O8-P8 and P8-Q9 walls, the KV-1S in open Q9
# denied WA by the PzIV (WA) in Q10 across the Q9-Q10 wall.

def b36(is2=None, pz3=None, sides=None):
    walls = {"O8-P8": "wall", "P8-Q9": "wall", "Q9-Q10": "wall", **(sides or {})}
    return setup({"O8": {"terrain": "woods"}}, walls,
                 [unit("is2", "O8", side="R", type="vehicle", **(is2 or {})),
                  unit("pz3", "P8", type="vehicle", **(pz3 or {})),
                  unit("kv", "Q9", side="R", type="vehicle"),
                  unit("pz4", "Q10", type="vehicle", wa=True)])


def test_B9_36_EX_PzIII_has_WA_and_is_HD_to_the_IS2_and_KV():
    s = b36()
    rep = api.wall_advantage(s)["units"]
    assert rep["pz3"]["has"] and not rep["kv"]["eligible"] and not rep["is2"]["eligible"]
    for firer in ("is2", "kv"):
        r = tem_of(s, firer, "pz3")
        assert r["hull_down"] and r["tem_options"] == [], firer
    # The KV-1S lacks WA and the PzIII has it over P8-Q9: no HD for the KV.
    assert not tem_of(s, "pz3", "kv")["hull_down"]


def test_B9_36_EX_IS2_in_Bypass_keeps_WA_so_PzIII_and_KV_are_HD_to_each_other():
    s = b36(is2={"bypass": "O8-P8", "wa": True})
    assert not api.wall_advantage(s)["units"]["pz3"]["has"]
    assert tem_of(s, "pz3", "is2")["hull_down"]           # "The IS-2 would be HD vs the PzIII"
    assert not tem_of(s, "is2", "pz3")["hull_down"]
    assert tem_of(s, "pz3", "kv")["hull_down"] and tem_of(s, "kv", "pz3")["hull_down"]


def test_B9_36_EX_moving_PzIII_is_not_HD_through_the_gap():
    s = b36(pz3={"moved": True}, sides={"P8-Q9": {"type": "wall", "gap": True}})
    assert not tem_of(s, "kv", "pz3")["hull_down"]


def test_B9_36_hedges_never_HD_and_non_ordnance_gets_the_wall_TEM():
    s = setup(hexsides={"E4-E5": "hedge"}, units=[unit("g", "E4", side="R", type="gun"),
                                                  unit("t", "E5", type="vehicle")])
    r = tem_of(s, "g", "t")
    assert not r["hull_down"] and r["tem_options"] == []
    s = setup(hexsides={"E4-E5": "wall"}, units=[unit("g", "E4", side="R"),
                                                 unit("t", "E5", type="vehicle", wa=True)])
    r = tem_of(s, "g", "t")              # a squad's small arms are not ordnance
    assert not r["hull_down"] and options(r) == {"wall": 2}


def test_B9_36_vehicle_without_WA_may_choose_in_hex_TEM_instead_of_HD():
    # "both can qualify for either building TEM or HD status for attacks from the PzIV"
    s = setup({"P9": {"terrain": "building"}}, {"P9-Q10": "wall"},
              [unit("pz4", "R10", type="vehicle"), unit("t34", "P9", side="R", type="vehicle")])
    r = tem_of(s, "pz4", "t34")
    assert r["hull_down"] and options(r) == {"building": 2}


def test_D9_54_dug_in_AFV_is_HD_to_all_direct_fire_but_never_to_indirect():
    s = setup(units=[unit("f", "E1", side="R"), unit("t", "E5", type="vehicle", dug_in=True)])
    assert tem_of(s, "f", "t")["hull_down"]
    assert not tem_of(s, "f", "t", indirect=True)["hull_down"]


# --- B9.41 EX: WA and Snap Shots at H6 (board 55) -------------------------------------------
# Rebuilt: the 7-4-7 in building G6 behind the G6-H6 wall; the 4-6-7 enters
# open H6.  A Snap Shot at the G6-H6 hexside is traced to its vertices (A6.12).

def b41(r747_wa):
    return setup({"G6": {"terrain": "building"}}, {"G6-H6": "wall"},
                 [unit("r747", "G6", side="R", wa=r747_wa),
                  unit("g467", "H6"), unit("snap", "H6", vertex="G6-H6-H5")])


def test_B9_41_EX_747_with_WA_fires_with_FFMO_even_as_a_Snap_Shot():
    s = b41(True)
    assert tem_of(s, "r747", "g467")["tem_options"] == []
    assert tem_of(s, "r747", "snap")["tem_options"] == []


def test_B9_41_EX_467_gaining_WA_gets_the_wall_TEM_even_vs_a_Snap_Shot():
    s = b41(None)
    assert options(tem_of(s, "r747", "g467")) == {"wall": 2}
    assert options(tem_of(s, "r747", "snap")) == {"wall": 2}


# --- B9.42 vertex LOS (board 41) --------------------------------------------------------------
# Rebuilt: hedges Q4-Q5 and O4-P4 (both named); Q4 and Q5 are woods so that the
# 4-6-7 may bypass them; firers are Russians without WA in the hexes named.

B42_HEXES = {"Q4": {"terrain": "woods"}, "Q5": {"terrain": "woods"}}
B42_HEDGES = {"Q4-Q5": "hedge", "O4-P4": "hedge"}
FIRERS = ("O3", "O4", "O5", "N3", "N4", "P2", "P3", "P4", "P5", "Q3", "Q4", "Q5", "R4")


def hedge_tem_from(target: dict, firers, *vertices) -> set:
    """Firer hexes from which hedge TEM applies to LOS drawn to any vertex."""
    got = set()
    for v in vertices:
        units = [dict(target, vertex=v, wa=False)] + [
            unit(f"f{h}", h, side="R", wa=False) for h in firers if h != target["hex"]]
        s = setup(B42_HEXES, B42_HEDGES, units)
        got |= {h for h in firers if h != target["hex"]
                and "hedge" in options(tem_of(s, f"f{h}", target["id"]))}
    return got


def test_B9_42_EX_bypassing_Q4_along_Q4_R4():
    t = unit("g467", "Q4", bypass="Q4-R4")
    got = hedge_tem_from(t, ("P4", "O5", "Q5", "O4", "R4"), "Q4-Q5-R4")
    assert got == {"P4", "O5", "Q5"}        # along the hedge, or via Q5 across it


def test_B9_42_EX_bypassing_Q5_along_Q5_Q4_vertex_Q4_Q5_R4():
    t = unit("g467", "Q5", bypass="Q4-Q5")
    got = hedge_tem_from(t, ("P4", "O4", "O5"), "Q4-Q5-R4")
    assert got == {"P4", "O4"}              # "applied from O4, but not from O5 or Q5"


def test_B9_42_EX_bypassing_Q5_vertex_P4_Q4_Q5():
    t = unit("g467", "Q5", bypass="Q4-Q5")
    got = hedge_tem_from(t, ("R4", "P3", "O3", "O4", "O5"), "P4-Q4-Q5")
    assert got == {"R4", "P3"}


def test_B9_42_EX_snap_shot_along_the_O4_P4_hedge_hexside():
    # LOS is drawn to both vertices of the hexside; the hedge counts if it does
    # for either.
    t = unit("g467", "O4")
    firers = ("O5", "P3", "P5", "Q3", "Q4", "Q5", "N3", "N4", "O3", "P2")
    got = hedge_tem_from(t, firers, "O4-P3-P4", "O4-O5-P4")
    assert got == {"O5", "P3", "P5", "Q3", "Q4", "Q5"}


def test_B9_42_EX_snap_shot_entering_P3_only_from_O5():
    t = unit("g467", "P3")
    firers = ("O5", "O4", "P5", "Q3", "Q4", "N3", "N4", "O3", "P2")
    got = hedge_tem_from(t, firers, "O4-P3-P4", "P3-P4-Q4")
    assert got == {"O5"}


# --- B9.55 EX 2 (board 54, all hedges bocage) ----------------------------------------------------
# Same rebuild as tests/test_wa.py: K4 woods; K5, L4 open; bocage on K4-K5,
# K4-L4, K5-L4, L4-L5.

B55 = ({"K4": {"terrain": "woods"}},
       {s: "bocage" for s in ("K4-K5", "K4-L4", "K5-L4", "L4-L5")})


def test_B9_55_EX1_HIP_behind_bocage_is_lost_to_a_LOS_through_non_bocage():
    # Board 55 rebuilt: the German HS in open Q1 and Q2 each have a bocage hexside
    # (the dummy stack in R2 is not a unit of the setup format); R1 is an orchard.
    # The British 4-5-7 in S1 sees Q1 along the R0-R1 hexspine (no bocage) but the
    # HS in Q2 (with mandatory WA) only across the Q2-R1 bocage.  The 6-4-8
    # moving to Q3 sees Q2 across the open Q2-Q3 hexside.
    s = setup({"R1": {"terrain": "orchard"}}, {"P1-Q1": "bocage", "Q2-R1": "bocage"},
              [unit("hs1", "Q1", type="halfsquad"), unit("hs2", "Q2", type="halfsquad"),
               unit("b457", "S1", side="British")])
    assert T.bocage_concealment(load_setup(s), "hs1")["concealed"] is False
    assert T.bocage_concealment(load_setup(s), "hs2")["concealed"] is True
    s["units"].append(unit("b648", "Q3", side="British"))
    assert T.bocage_concealment(load_setup(s), "hs2")["concealed"] is False


def test_B9_55_EX_467_in_K5_gets_bocage_vs_the_648_but_FFMO_vs_the_338():
    s = setup(*B55, [unit("b338", "L4", side="British", wa=True),
                     unit("b648", "K4", side="British", wa=False), unit("g467", "K5")])
    assert options(tem_of(s, "b648", "g467")) == {"bocage": 2}
    assert tem_of(s, "b338", "g467")["tem_options"] == []


def test_B9_55_EX_338_with_WA_in_L4_is_seen_from_K6_through_bocage_at_plus_2():
    # The 4-4-7 in K6 fires at the 3-3-8 that must claim WA in L4: +2 bocage TEM.
    # In woods K4 without WA the 3-3-8 is out of its LOS (B9.521), and so it is
    # in L4 when a German 2-4-7 in L5 with WA denies it WA.
    g447 = unit("g447", "K6")
    s = setup(*B55, [unit("b338", "L4", side="British", wa=True), g447])
    r = api.fire(s, "g447", "b338")
    assert r["los"] and options(r) == {"bocage": 2}
    for b338, extra in ((unit("b338", "K4", side="British", wa=False), []),
                        (unit("b338", "L4", side="British"), [unit("g247", "L5", wa=True)])):
        r = api.fire(setup(*B55, [b338, g447, *extra]), "g447", "b338")
        assert r["los"] is False and r["location_los"] is True and r["tem"] is None


def test_B9_55_EX_247_in_L5_with_WA_gets_no_bocage_TEM_against_it():
    s = setup(*B55, [unit("b338", "L4", side="British"), unit("g247", "L5", wa=True)])
    assert tem_of(s, "g247", "b338")["tem_options"] == []


# --- B9.62 EX (board 25): Hillside hedges -----------------------------------------------
# Same rebuild as tests/test_wa.py.

B62 = ({"B4": {"terrain": "gully"}, "C5": {"terrain": "gully"}, "D5": {"terrain": "gully"},
        "B5": {"terrain": "brush"}, "C6": {"level": 1}},
       {"B4-B5": {"type": "hedge", "hillside": True}, "B5-C5": "hedge",
        "C5-C6": {"type": "hedge", "hillside": True},
        "D5-C6": {"type": "hedge", "hillside": True}})


def b62(*units):
    return setup(*B62, list(units))


def test_B9_62_EX_467_IN_B4_gets_no_hedge_TEM_but_the_British_do():
    s = b62(unit("g467", "B4"), unit("b458", "B5", side="British", wa=False),
            unit("b457", "C6", side="British"))
    assert tem_of(s, "b458", "g467")["tem_options"] == []
    assert tem_of(s, "b457", "g467")["tem_options"] == []
    assert tem_of(s, "g467", "b458")["tem"] == 1     # brush in-hex or hedge: best is 1
    assert "hedge" in options(tem_of(s, "g467", "b458"))
    assert options(tem_of(s, "g467", "b457")) == {"hedge": 1}


def test_B9_62_EX_crest_467_in_B4_claims_the_hedge():
    s = b62(unit("g467", "B4", crest=True, wa=True), unit("b458", "B5", side="British", wa=False),
            unit("b457", "C6", side="British"))
    assert options(tem_of(s, "b458", "g467")) == {"hedge": 1}
    assert options(tem_of(s, "b457", "g467")) == {"hedge": 1}
    s = b62(unit("g467", "B4", crest=True, wa=False), unit("b457", "C6", side="British"))
    assert options(tem_of(s, "b457", "g467")) == {"hedge": 1}       # B9.3 without WA


def test_B9_62_EX_hero_in_B6_crest_447_gets_B5_C5_hedge_but_not_the_468_IN_C5():
    s = b62(unit("g447", "C5", crest=True), unit("g468", "C5"),
            unit("hero", "B6", side="British", type="hero"))
    assert options(tem_of(s, "hero", "g447")) == {"hedge": 1}
    assert tem_of(s, "hero", "g468")["tem_options"] == []


def test_B9_62_EX_crest_548_in_D5_is_below_C5_C6_and_D5_C6():
    s = b62(unit("g548", "D5", crest=True), unit("b458", "B5", side="British"))
    r = tem_of(s, "b458", "g548")
    assert r["tem_options"] == []
    assert "B9.62" in {x["rule"] for x in r["steps"]}


# --- D9.3 AFV/wreck TEM ------------------------------------------------------------------------

def d93(**cover):
    kind = cover.pop("type", "vehicle")
    side = cover.pop("side", "German")
    return setup(units=[unit("f", "E1", side="R"), unit("sq", "E5"),
                        unit("c", "E5", side=side, type=kind, **cover)])


@pytest.mark.parametrize("cover, tem", [
    ({}, 1),                                        # friendly AFV
    ({"type": "wreck"}, 1),
    ({"type": "wreck", "burning": True}, 0),         # D9.3, B25
    ({"moved": True}, 0),                            # subject to TH Case J
    ({"dug_in": True}, 0),
    ({"entrenched": True}, 0),
    ({"armored": False}, 0),                         # unarmored: no TEM until a wreck
    ({"side": "R"}, 0),                              # an enemy AFV...
    ({"side": "R", "abandoned": True}, 1),           # ...unless abandoned
])
def test_D9_3_AFV_wreck_TEM_and_its_conditions(cover, tem):
    assert tem_of(d93(**cover), "f", "sq")["tem"] == tem


def test_D9_3_not_vs_fire_from_within_the_Location_nor_on_top_of_other_TEM():
    s = setup(units=[unit("f", "E5", side="R"), unit("sq", "E5"), unit("c", "E5", type="wreck")])
    assert tem_of(s, "f", "sq")["tem"] == 0
    s = setup({"E5": {"terrain": "woods"}},
              units=[unit("f", "E1", side="R"), unit("sq", "E5"), unit("c", "E5", type="wreck")])
    assert options(tem_of(s, "f", "sq")) == {"woods": 1}


def test_D9_31_EX_squad_that_left_the_Tiger_gets_no_AFV_TEM():
    # Board 22: the squad entered building P1; the Tiger went on to Q2.
    s = setup({"P1": {"terrain": "building"}},
              units=[unit("f", "S1", side="R"), unit("sq", "P1"),
                     unit("tiger", "Q2", type="vehicle")])
    assert options(tem_of(s, "f", "sq")) == {"building": 2}


def test_B9_31_WA_target_may_use_a_friendly_AFV_sharing_its_WA_or_an_emplacement():
    walls = {"E4-E5": "wall"}
    s = setup(hexsides=walls, units=[unit("f", "E1", side="R"), unit("sq", "E5"),
                                     unit("t", "E5", type="vehicle")])
    r = tem_of(s, "f", "sq")        # E1 -> E5 crosses the E4-E5 wall
    assert options(r) == {"wall": 2, "afv": 1} and r["tem"] == 2
    s = setup(hexsides=walls, units=[unit("f", "E9", side="R"), unit("sq", "E5"),
                                     unit("t", "E5", type="vehicle")])
    assert options(tem_of(s, "f", "sq")) == {"afv": 1}     # from the south: no wall
    s = setup(hexsides=walls, units=[unit("f", "E9", side="R"),
                                     unit("g", "E5", type="gun", emplacement=2),
                                     unit("crew", "E5", type="crew")])
    assert options(tem_of(s, "f", "g")) == {"emplacement": 2}


# --- the api -----------------------------------------------------------------------------

def test_fire_returns_the_los_result_plus_tem_and_null_tem_when_blocked():
    s = setup({"E4": {"terrain": "woods"}}, {"E5-E6": "wall"},
              [unit("f", "E3", side="R"), unit("t", "E6"), unit("x", "E2", side="R")])
    r = api.fire(s, "f", "t")
    assert {"los", "location_los", "range", "hindrance", "blocked_at", "rule", "steps",
            "tem", "tem_options", "hull_down"} <= set(r)
    assert r["los"] is False and r["tem"] is None and r["tem_options"] == []
    r = api.fire(setup(hexsides={"E5-E6": "wall"}, units=[unit("f", "E2", side="R"),
                                                          unit("t", "E6", wa=False)]), "f", "t")
    assert r["los"] and r["tem"] == 2 and any(x["rule"] == "B9.3" for x in r["steps"])


@pytest.mark.parametrize("firer, target, field", [
    ("nobody", "t", "firer"), ("f", "nobody", "target"), ("f", "f", "target"),
    (3, "t", "firer")])
def test_fire_bad_ids_raise_SetupError_naming_the_field(firer, target, field):
    s = setup(units=[unit("f", "E1", side="R"), unit("t", "E5")])
    with pytest.raises(SetupError, match=field):
        api.fire(s, firer, target)
    with pytest.raises(SetupError, match="indirect"):
        api.fire(s, "f", "t", indirect="yes")


@pytest.mark.parametrize("terrain,tem", [("brush", 0), ("woods", 1)])
def test_B12_3_brush_gives_no_TEM_where_woods_give_plus_1(terrain, tem):
    s = setup(hexes={"E3": {"terrain": terrain}},
              units=[unit("f", "C2", side="Russian"), unit("t", "E3")])
    got = api.fire(s, "f", "t")
    assert got["los"] and got["tem"] == tem, got
    said = any(st["rule"] == "B12.3" for st in got["steps"])
    assert said is (terrain == "brush"), got["steps"]


def test_B9_31_of_several_hedges_the_step_names_the_one_that_counts():
    # a thread along the vertex of two hedged hexsides of H5: each is said, then
    # which one counts (TEMs are never added); with one hedge, no such step
    from pycore import geometry as g
    sides = {g.PLAIN.hexside(sd): "hedge" for sd in g.hexsides_of(g.PLAIN.parse_hex("H5"))}
    s = setup(hexsides=sides, units=[unit("f", "B5", side="Russian"), unit("t", "H5", wa=False)])
    got = api.fire(s, "f", "t")
    said = [st["text"] for st in got["steps"] if st["text"].startswith("Of these")]
    assert got["tem"] == 1 and said == ["Of these 2 hexsides, hedge G5-H5 counts: +1, the best; "
                                        "their TEMs are not added."], got["steps"]
    s = setup(hexsides={"G5-H5": "hedge"}, units=[unit("f", "B5", side="Russian"),
                                                 unit("t", "H5", wa=False)])
    assert not any(st["text"].startswith("Of these") for st in api.fire(s, "f", "t")["steps"])
