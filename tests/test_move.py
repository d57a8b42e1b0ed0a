"""Movement costs across walls, hedges, bocage and into gullies (B9.4, B9.41,
B9.54, B9.541, B9.7, B19.4), through ``pycore.api.move_cost``."""
import pytest

from pycore import api
from pycore.errors import SetupError
from tests.helpers import setup, unit


def move(s, who, a, b):
    return api.move_cost(s, who, a, b)


def rules(r):
    return {x["rule"] for x in r["steps"]}


def test_B9_4_EX_41Q5_to_R4_costs_three_MF():
    # Q5-R4 hedge, open level-1 R4: 1 + [2 x 1] = 3; the hedge MF is not doubled.
    s = setup({"Q5": {"terrain": "building"}, "R4": {"level": 1}}, {"Q5-R4": "hedge"})
    r = move(s, "infantry", "Q5", "R4")
    assert r["allowed"] and r["mf"] == 3 and r["mp"] is None
    assert {"B9.4", "B10.4"} <= rules(r)


def test_B9_4_EX_55H7_to_I8_costs_three_MF():
    # Rebuilt: a wall on H7-I8, I8 an open level-1 hill hex.
    s = setup({"I8": {"level": 1}}, {"H7-I8": "wall"})
    assert move(s, "infantry", "H7", "I8")["mf"] == 3


@pytest.mark.parametrize("terrain, mf", [("open", 2), ("woods", 3), ("building", 3),
                                         ("grain", 2.5), ("brush", 3)])
def test_B9_4_wall_adds_one_MF_to_COT(terrain, mf):
    s = setup({"E5": {"terrain": terrain}}, {"E4-E5": "wall"})
    assert move(s, "infantry", "E4", "E5")["mf"] == mf
    assert move(s, "cavalry", "E4", "E5")["allowed"] is (terrain not in ("building",))


def test_B9_4_gap_crossed_without_the_penalty():
    s = setup(hexsides={"W9-X9": {"type": "wall", "gap": True}})
    assert move(s, "infantry", "W9", "X9")["mf"] == 1
    assert move(s, "truck", "W9", "X9")["allowed"]


@pytest.mark.parametrize("cls, allowed, mp, bog", [
    ("fully-tracked", True, 2, False), ("halftrack", True, 3, True),
    ("armored-car", True, 6, True), ("truck", False, None, False),
    ("motorcycle", False, None, False), ("horse-drawn", False, None, False)])
def test_terrain_chart_hedge_crossing_by_vehicle_class(cls, allowed, mp, bog):
    s = setup(hexsides={"E4-E5": "hedge"})
    r = move(s, cls, "E4", "E5")
    assert (r["allowed"], r["mp"], r["bog_check"], r["mf"]) == (allowed, mp, bog, None)


def test_B9_54_bocage_infantry_two_MF_plus_COT_cavalry_may_not_cross():
    s = setup({"E5": {"terrain": "woods"}}, {"E4-E5": "bocage"})
    assert move(s, "infantry", "E4", "E5")["mf"] == 4
    r = move(s, "cavalry", "E4", "E5")
    assert not r["allowed"] and r["mf"] is None and "B9.54" in rules(r)


@pytest.mark.parametrize("cls", ["halftrack", "armored-car", "truck", "motorcycle"])
def test_B9_54_only_fully_tracked_AFV_crosses_bocage(cls):
    s = setup(hexsides={"E4-E5": "bocage"})
    assert not move(s, cls, "E4", "E5")["allowed"]


def test_B9_54_fully_tracked_bocage_half_MP_allowance_bog_and_underbelly():
    s = setup(hexsides={"E4-E5": "bocage"},
              units=[unit("sherman", "E4", type="vehicle", mp=16)])
    r = move(s, "sherman", "E4", "E5")
    assert r["allowed"] and r["mp"] == 9 and r["bog_check"] and r["underbelly"]
    r = move(s, "fully-tracked", "E4", "E5")
    assert r["mp"] == "½ MP allowance + 1"


def test_B9_541_breach_is_open_ground_and_a_breacher_spends_all_MP():
    s = setup(hexsides={"E4-E5": {"type": "bocage", "breach": True}})
    for cls, key in (("infantry", "mf"), ("truck", "mp")):
        r = move(s, cls, "E4", "E5")
        assert r["allowed"] and r[key] == (1 if cls == "infantry" else 4)
        assert not r["bog_check"] and "B9.541" in rules(r)
    s = setup(hexsides={"E4-E5": "bocage"},
              units=[unit("dozer", "E4", type="vehicle", breacher=True)])
    r = move(s, "dozer", "E4", "E5")
    assert r["mp"] == "all" and r["bog_check"] and not r["underbelly"]


def test_B9_7_cactus_hedge_infantry_minimum_move_cavalry_never():
    s = setup(hexsides={"E4-E5": "cactus-hedge"})
    r = move(s, "infantry", "E4", "E5")
    assert r["allowed"] and r["mf"] == "all" and "B9.7" in rules(r)
    assert not move(s, "cavalry", "E4", "E5")["allowed"]
    assert not move(s, "horse-drawn", "E4", "E5")["allowed"]


def test_B19_4_EX_gully_entry_two_MF_and_cumulative_with_woods():
    # Y5 and Y6 gully hexes, Y4 a gully-woods hex (B19.21), all joined; board 12's
    # own layout (Y5 the woods gully, Y4 not joined to it) is rebuilt below.
    s = setup({"Y5": {"terrain": "gully"}, "Y6": {"terrain": "gully"},
               "Y4": {"terrain": "woods", "gully": True}})
    assert move(s, "infantry", "Y5", "Y6")["mf"] == 2     # "two MF to move from Y5 to Y6"
    assert move(s, "infantry", "Y5", "Y4")["mf"] == 4     # "four MF to enter a gully-woods hex"
    # No cost to leave a gully other than doubling the COT to climb out (B19.4).
    assert move(s, "infantry", "Y5", "X5")["mf"] == 2
    r = move(s, "fully-tracked", "Y5", "X5")
    assert r["bog_check"] and r["mp"] == 5


# --- B19.4 EX on board 12: gully hexes no Depression hexside joins -----------------------
# Rebuilt from the EX: Z4, Y5 and Y6 are one gully (Z4-Y5 and Y5-Y6 are Depression
# hexsides); Y5 is gully-woods ("4 MF to enter the woods gully"); Y4 is a gully
# hex beside Y5 that no Depression hexside joins to it ({"depression": false}).

def _b19_4(**sides) -> dict:
    return setup({"Z4": {"terrain": "gully"}, "Y5": {"terrain": "woods", "gully": True},
                  "Y6": {"terrain": "gully"}, "Y4": {"terrain": "gully"}},
                 {"Y4-Y5": {"depression": False}, **sides})


def test_B19_4_EX_moves_along_the_joined_gully_cost_its_entry_only():
    s = _b19_4()
    assert move(s, "infantry", "Z4", "Y5")["mf"] == 4      # "four MF to move from IN 12Z4 INTO Y5"
    assert move(s, "infantry", "Y5", "Y6")["mf"] == 2      # "two MF to move from Y5 to Y6"
    assert move(s, "infantry", "Y6", "Y5")["mf"] == 4


@pytest.mark.parametrize("a, b, mf", [("Y5", "Y4", 4), ("Y4", "Y5", 6)])
def test_B19_4_EX_unjoined_gully_hexes_are_an_Abrupt_Elevation_Change(a, b, mf):
    # "four MF to move from IN Y5 INTO Y4 (2 MF to cross the intermediate level +
    # 2 MF to enter the gully), and six MF to move from Y4 to Y5 (2 MF ... and
    # 4 MF to enter the woods gully)".
    r = move(_b19_4(), "infantry", a, b)
    assert r["allowed"] and r["mf"] == mf
    crossing = [x["text"] for x in r["steps"] if "intermediate level" in x["text"]]
    assert len(crossing) == 1 and "level 0" in crossing[0] and "+2" in crossing[0]


def test_B19_4_the_intermediate_level_is_the_ground_the_gullies_are_cut_into():
    # The same two gully hexes on a level-1 hill: the level crossed is level 1.
    s = setup({"Y4": {"terrain": "gully", "level": 1}, "Y5": {"terrain": "gully", "level": 1}},
              {"Y4-Y5": {"depression": False}})
    r = move(s, "infantry", "Y4", "Y5")
    assert r["mf"] == 4
    assert any("intermediate level 1" in x["text"] for x in r["steps"])


def test_B19_4_gully_hexes_joined_by_a_Depression_hexside_cost_the_entry_only():
    # The neighbour: without the mark (or marked true) Y4-Y5 is a Depression hexside.
    for s in (_b19_4(**{"Y4-Y5": {"depression": True}}),
              setup({"Y4": {"terrain": "gully"}, "Y5": {"terrain": "woods", "gully": True}})):
        assert move(s, "infantry", "Y5", "Y4")["mf"] == 2
        r = move(s, "infantry", "Y4", "Y5")
        assert r["mf"] == 4
        assert not any("intermediate level" in x["text"] for x in r["steps"])


def test_B19_4_moves_into_and_out_of_the_unjoined_gully_are_unchanged():
    s = _b19_4()
    assert move(s, "infantry", "X4", "Y4")["mf"] == 2       # INTO a gully: 2 MF
    assert move(s, "infantry", "Y4", "X4")["mf"] == 2       # out: COT 1 doubled
    assert move(s, "infantry", "X5", "Y5")["mf"] == 4       # INTO the woods gully


def test_B9_41_WA_is_lost_on_entering_a_new_Location():
    s = setup(hexsides={"E4-E5": "wall"}, units=[unit("g", "E4")])
    r = move(s, "g", "E4", "F4")
    assert r["wa_lost"] is True
    assert any(x["rule"] == "B9.41" and "loses its Wall Advantage" in x["text"]
               for x in r["steps"])


@pytest.mark.parametrize("who, a, b, field", [
    ("infantry", "E4", "E7", "to_hex"), ("infantry", "E99", "E5", "from_hex"),
    ("infantry", "E4", "nowhere", "to_hex"), ("tank", "E4", "E5", "unit"),
    ("w", "E4", "E5", "unit"), (7, "E4", "E5", "unit")])
def test_bad_move_requests_raise_SetupError_naming_the_field(who, a, b, field):
    s = setup(units=[unit("w", "E4", type="wreck")])
    with pytest.raises(SetupError, match=field):
        move(s, who, a, b)


def test_an_unknown_vehicle_class_is_refused_by_the_loader_naming_the_field():
    s = setup(units=[unit("v", "E4", type="vehicle", **{"class": "hovercraft"})])
    with pytest.raises(SetupError, match=r"units\[0\]\.class"):
        move(s, "v", "E4", "E5")


@pytest.mark.parametrize("cls, allowed, mf", [
    ("infantry", True, 1), ("cavalry", True, 2), ("horse-drawn", False, None)])
def test_B18_41_graveyard_cavalry_two_MF_horse_drawn_only_by_road(cls, allowed, mf):
    # the Terrain Chart's graveyard row: cavalry 2 MF (open ground is 1);
    # horse-drawn units enter only by a road, which the app does not model
    s = setup({"E5": {"terrain": "graveyard"}})
    r = move(s, cls, "E4", "E5")
    assert (r["allowed"], r["mf"]) == (allowed, mf)
    if not allowed:
        assert "B18.41" in rules(r)
    assert move(setup({}), cls, "E4", "E5")["allowed"]     # open ground: every class
