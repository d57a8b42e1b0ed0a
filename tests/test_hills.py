"""Hills, cliffs and the rest of a real board's terrain (issue 28; docs/hills.md).

Every situation is ruled on a painted map and on an archive the tests write
(tests/vasl_writer.py) of the same hexes, both ways (A6.5), and the four
rulings must agree. The rulebook's examples are rebuilt as painted copies of
the hexes they name, never from a board's data.
"""
from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api
from tests.vasl_writer import board_archive

_SOURCES: dict = {}


def _source(hexes: dict, hexsides: dict) -> str:
    key = repr((sorted(hexes.items()), sorted(hexsides.items())))
    if key not in _SOURCES:
        _SOURCES[key] = api.import_board(board_archive(hexes, hexsides, name="42"))["source"]
    return _SOURCES[key]


def _plain(result: dict) -> tuple:
    where = result["blocked_at"]
    return (result["los"], result["location_los"], result["hindrance"], result["rule"],
            re.sub(r"\b4[12]([A-Z])", r"\1", where) if where else None)


def rulings(a: str, b: str, hexes: dict | None = None, hexsides: dict | None = None,
            la: int = 0, lb: int = 0, **extra) -> dict:
    """The LOS a-b on the painted map and on its archive, both ways: all four
    agree (A6.5; painted = imported). Returns the painted ruling from a."""
    hexes, hexsides = dict(hexes or {}), dict(hexsides or {})
    painted = {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
               "hexes": {"41" + k: v for k, v in hexes.items()},
               "hexsides": {"-".join("41" + x for x in k.split("-")): v
                            for k, v in hexsides.items()}, **extra}
    archive = {"format": "asl-setup", "version": 1,
               "map": {"boards": [[{"board": "42", "source": _source(hexes, hexsides)}]]},
               **extra}
    out = []
    for s, p in ((painted, "41"), (archive, "42")):
        ea, eb = {"hex": p + a, "level": la}, {"hex": p + b, "level": lb}
        out += [api.los(s, ea, eb), api.los(s, eb, ea)]
    # painted = imported, each way; the first block found may differ by the way the
    # thread is walked, the ruling may not (A6.5)
    for p, i in ((0, 2), (1, 3)):
        assert _plain(out[p]) == _plain(out[i]), (out[p]["steps"], out[i]["steps"])
    assert _plain(out[0])[:3] == _plain(out[1])[:3], (out[0]["steps"], out[1]["steps"])
    return out[0]


def last(r: dict) -> str:
    return r["steps"][-1]["text"] if not r["los"] else \
        " / ".join(s["text"] for s in r["steps"])


# The hex line down and to the right from A1 (a straight thread through centre dots).
LINE = ("A1", "B1", "C2", "D2", "E3", "F3", "G4", "H4", "I5", "J5", "K6", "L6", "M7", "N7",
        "O8", "P8", "Q9", "R9", "S10")


def _crest_at(d: int, viewer_level: int = 2, crest_level: int = 1, drop_to: int = 0) -> dict:
    """A viewer on LINE[0] at ``viewer_level``, a Crest Line hex ``d`` hexes away,
    the ground beyond it at ``drop_to``."""
    hexes = {LINE[0]: {"level": viewer_level}, LINE[d]: {"level": crest_level}}
    for x in LINE[d + 1:]:
        if drop_to:
            hexes[x] = {"level": drop_to}
    return hexes


# --- B10.23: the Crest Line's Blind Hexes -------------------------------------------------

def test_B10_23_a_one_level_Crest_Line_casts_none_at_range_1_to_4():
    for d in (2, 3, 4):
        r = rulings(LINE[0], LINE[d + 1], _crest_at(d))
        assert r["los"] is True, last(r)
        assert any(s["rule"] == "B10.23" and f"Crest Line in 41{LINE[d]}, {d} hexes away"
                   in s["text"] and "casts no Blind Hex" in s["text"] for s in r["steps"])


def test_B10_23_one_Blind_Hex_at_range_5_to_9_two_at_10_to_14():
    for d, blind in ((5, 1), (7, 1), (9, 1), (10, 2), (14, 2)):
        hexes = _crest_at(d)
        for k in range(1, blind + 2):
            if d + k >= len(LINE):
                break
            r = rulings(LINE[0], LINE[d + k], hexes)
            assert r["los"] is (k > blind), (d, k, last(r))
            if k <= blind:
                assert r["rule"] == "B10.23" and r["blocked_at"] == "41" + LINE[d]
                assert f"{d} hexes away" in last(r) and \
                    f"casts {blind} Blind Hex" in last(r), last(r)


def test_B10_23_a_drop_of_two_levels_casts_at_least_one():
    # level-2 crest, ground beyond it at 0: the part of the drop over one adds one (A6.43)
    hexes = _crest_at(3, viewer_level=3, crest_level=2)
    assert rulings(LINE[0], LINE[4], hexes)["los"] is False
    assert rulings(LINE[0], LINE[5], hexes)["los"] is True


def test_B10_2_EXC_an_adjacent_Crest_Line_still_casts_the_Blind_Hex_of_a_two_level_drop():
    # B10.2 EXC lets the unit trace its LOS through a Crest Line in the adjacent
    # hex, but "it can still be blocked by other requirements such as 10.23": a
    # two-level drop behind it casts one Blind Hex (A6.43), the next hex is seen
    adjacent = _crest_at(1, viewer_level=3, crest_level=2)
    r = rulings(LINE[0], LINE[2], adjacent)
    assert r["los"] is False and r["rule"] == "B10.23", last(r)
    assert "B10.2 EXC" in last(r)
    assert rulings(LINE[0], LINE[3], adjacent)["los"] is True
    # a one-level drop casts none: B10.2 EXC alone decides
    r = rulings(LINE[0], LINE[2], _crest_at(1, viewer_level=3, crest_level=2, drop_to=1))
    assert r["los"] is True and any(s["rule"] == "B10.2" for s in r["steps"])
    # two levels of advantage over it take the Blind Hex away (A6.42 EXC)
    assert rulings(LINE[0], LINE[2], _crest_at(1, viewer_level=4, crest_level=2))["los"] is True


def test_A6_42_EXC_elevation_advantage_reduces_a_Crest_Lines_Blind_Hexes_to_none():
    # the level-1 Crest Line 5 hexes away casts 1 Blind Hex; 3 levels above it, none
    r = rulings(LINE[0], LINE[6], _crest_at(5, viewer_level=4))
    assert r["los"] is True
    assert any("5 hexes away" in s["text"] and "casts 1 Blind Hex, reduced to none by" in
               s["text"] and "3-level advantage" in s["text"] for s in r["steps"]), last(r)


def test_B10_2_EXC_15Y4_fires_through_Y3_to_Y2_but_not_through_Z3_to_AA3():
    # a painted copy of the hexes B10.2 names: Y4 above the Crest Line in Y3, Z3 at Y4's
    # own level with its Crest Line down to AA3
    hexes = {"Y4": {"level": 2}, "Y3": {"level": 1}, "Z3": {"level": 2}}
    r = rulings("Y4", "Y2", hexes)
    assert r["los"] is True
    assert any(s["rule"] == "B10.2" and "41Y3" in s["text"] for s in r["steps"])
    r = rulings("Y4", "AA3", hexes)
    assert r["los"] is False and r["blocked_at"] == "41Z3"


# B10.2 EX (board 3): the hexes it names at the levels it gives (G10, G9, F8 level 1; H7
# and I8 level 2); the rest of hill mass 534 is the app's choice of a hill around them
# (level 1 in front and beside, level 2 behind H7 and I8), never the board's data.
HILL_534 = {**{h: {"level": 1} for h in ("F7", "F8", "G7", "G8", "G9", "G10", "H6", "H8",
                                         "H9", "H10", "I9", "I10", "J8", "J9", "J10")},
            **{h: {"level": 2} for h in ("H7", "I6", "I7", "I8", "J7")}}


def test_B10_2_EX_3F9_sees_G10_G9_F8_H7_and_I8_and_no_other_hex_of_hill_mass_534():
    seen = {"G10", "G9", "F8", "H7", "I8"}
    for h in HILL_534:
        r = rulings("F9", h, HILL_534)          # both ways, painted and on an archive
        assert r["los"] is (h in seen), (h, last(r))
        if h not in seen:                       # the thread meets a Crest Line before it
            assert r["blocked_at"] not in (None, "41" + h), (h, r["blocked_at"])
    s = {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
         "hexes": {"41" + k: v for k, v in HILL_534.items()}}
    swept = api.visibility(s, {"hex": "41F9"})["hexes"]
    assert {h for h in HILL_534 if swept["41" + h]["los"]} == seen


# B10.23 EX (A), (C)-(G), board 15: painted copies of only the hexes each example names, at
# the levels it states (the examples' wording as another project's rulebook-example tests
# quote it, eASLRB v3.14; docs/hills.md). Unnamed hexes stay level 0, below everything.

def test_B10_23_EX_A_15Y6_cannot_see_U7_behind_the_two_level_V6_U7_cliff():
    hexes = {"Y6": {"level": 4}, "V6": {"level": 2}}
    r = rulings("Y6", "U7", hexes, {"V6-U7": "cliff"})
    assert r["los"] is False and r["rule"] == "B11.21" and r["blocked_at"] == "41V6"


def test_B10_23_EX_C_15Y6_level_4_sees_EE3_past_the_level_1_Crest_Line_in_DD3():
    r = rulings("Y6", "EE3", {"Y6": {"level": 4}, "DD3": {"level": 1}})
    assert r["los"] is True
    assert any("41DD3, 5 hexes away" in s["text"] and "reduced to none" in s["text"]
               for s in r["steps"]), last(r)


def test_B10_23_EX_D_15Y6_cannot_see_EE5_behind_the_level_3_Crest_Line_in_DD5():
    r = rulings("Y6", "EE5", {"Y6": {"level": 4}, "DD5": {"level": 3}, "EE5": {"level": 2}})
    assert r["los"] is False and r["rule"] == "B10.23" and r["blocked_at"] == "41DD5"
    assert "casts 1 Blind Hex" in last(r)


def test_B10_23_EX_E_15X6_cannot_see_K7_past_M7_at_11_hexes_but_Y6_at_12_can():
    hexes = {"X6": {"level": 3}, "Y6": {"level": 4}, "M7": {"level": 2}, "K7": {"level": 1}}
    r = rulings("X6", "K7", hexes)
    assert r["los"] is False and r["blocked_at"] == "41M7"
    assert "11 hexes away" in last(r) and "casts 2 Blind Hexes" in last(r)
    r = rulings("Y6", "K7", hexes)
    assert r["los"] is True
    assert any("12 hexes away" in s["text"] and "reduced to 1 Blind Hex" in s["text"]
               for s in r["steps"]), last(r)


def test_B10_23_EX_F_15CC5_cannot_see_CC1_behind_the_woods_on_the_CC3_hill():
    hexes = {"CC5": {"level": 3}, "CC3": {"level": 1, "terrain": "woods"}}
    for target in ("CC2", "CC1"):                 # two Blind Hexes over level-0 ground
        r = rulings("CC5", target, hexes)
        assert r["los"] is False and r["blocked_at"] == "41CC3", target


def test_B10_23_EX_G_15Q4_sees_M2_past_the_O3_building_but_not_were_M2_level_0():
    hexes = {"Q4": {"level": 3}, "O3": {"level": 1, "terrain": "building"},
             "N2": {"level": 1}, "M2": {"level": 1}}
    assert rulings("Q4", "M2", hexes)["los"] is True
    assert rulings("Q4", "N2", hexes)["los"] is False          # the one Blind Hex
    lower = {k: v for k, v in hexes.items() if k != "M2"}
    r = rulings("Q4", "M2", lower)
    assert r["los"] is False and r["blocked_at"] == "41O3"


# --- B11: cliffs ----------------------------------------------------------------------------

def test_B11_21_a_cliffs_Blind_Hexes_are_never_reduced_below_one_for_a_non_adjacent_viewer():
    # the same level-1 hill 3 hexes from a level-4 viewer: as a Crest Line it casts none
    # (B10.23 reduced, A6.42 EXC); with a cliff hexside down to the target's hex, one
    hexes = _crest_at(3, viewer_level=4)
    assert rulings(LINE[0], LINE[4], hexes)["los"] is True
    cliff = {f"{LINE[3]}-{LINE[4]}": "cliff"}
    r = rulings(LINE[0], LINE[4], hexes, cliff)
    assert r["los"] is False and r["rule"] == "B11.21", last(r)
    assert "never below one for a cliff" in last(r)
    assert rulings(LINE[0], LINE[5], hexes, cliff)["los"] is True


def test_A6_43_a_cliffs_drop_adds_only_its_part_over_one_level():
    # A6.43 adds "only any difference > one" for a Blind Hex made solely by a
    # Crest Line, cliffs included: a level-3 cliff 3 hexes from a level-4 viewer,
    # dropping to level 0, casts 2 (was 3, the whole drop)
    hexes = _crest_at(3, viewer_level=4, crest_level=3)
    cliff = {f"{LINE[3]}-{LINE[4]}": "cliff"}
    for behind, seen in ((1, False), (2, False), (3, True)):
        r = rulings(LINE[0], LINE[3 + behind], hexes, cliff)
        assert r["los"] is seen, (behind, last(r))
    r = rulings(LINE[0], LINE[4], hexes, cliff)
    assert r["rule"] == "B11.21" and "casts 2 Blind Hexes" in last(r), last(r)


def test_B11_21_a_cliff_next_to_the_viewer_casts_no_Blind_Hex():
    hexes = _crest_at(1, viewer_level=2)
    r = rulings(LINE[0], LINE[2], hexes, {f"{LINE[1]}-{LINE[2]}": "cliff"})
    assert r["los"] is True


def test_B11_2_a_cliff_hexside_is_no_more_of_an_obstacle_along_it_than_the_hill():
    # 15U6 sees V4 along the cliff (a painted copy: a level-1 hill beside a cliff)
    hexes = {"U5": {"level": 1}}
    plain = rulings("U6", "V4", hexes)
    assert rulings("U6", "V4", hexes, {"U5-V5": "cliff"})["los"] is plain["los"]


def test_B11_4_a_plain_move_across_a_cliff_is_refused_both_ways_with_the_reason():
    s = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
         "hexes": {"E5": {"level": 1}}, "hexsides": {"E4-E5": "cliff"}}
    for a, b in (("E4", "E5"), ("E5", "E4")):
        m = api.move_cost(s, "infantry", a, b)
        assert m["allowed"] is False and m["mf"] is None
        assert m["steps"][0]["rule"] == "B11.4" and "Climbing" in m["steps"][0]["text"]
    assert api.move_cost(s, "infantry", "E4", "D4")["allowed"] is True


def test_a_cliff_hexside_travels_in_links_and_is_read_back_from_an_archive():
    from pycore import share
    s = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
         "hexes": {"E5": {"level": 1}}, "hexsides": {"E4-E5": "cliff"}}
    assert share.decode(share.encode(s))["hexsides"] == {"E4-E5": "cliff"}
    src = _source({"E5": {"level": 1}}, {"E4-E5": "cliff"})
    assert api.board_terrain(src)["hexsides"] == {"E4-E5": "cliff"}
    # a cliff is no wall: no Wall Advantage, no wall TEM
    s["units"] = [{"id": "a", "side": "G", "type": "squad", "hex": "E4"},
                  {"id": "b", "side": "R", "type": "squad", "hex": "E6"}]
    assert api.wall_advantage(s)["units"]["a"]["hexsides"] == []


# --- Hindrance terrain ------------------------------------------------------------------------

def test_B16_2_B17_2_B18_2_marsh_crag_and_graveyard_hinder_same_level_LOS():
    for terrain, rule in (("marsh", "B16.2"), ("crag", "B17.2"), ("graveyard", "B18.2")):
        r = rulings("E1", "E4", {"E2": {"terrain": terrain}})
        assert r["los"] is True and r["hindrance"] == 1
        assert any(rule in s["text"] for s in r["steps"])
        # not from a higher elevation
        r = rulings("E1", "E4", {"E1": {"level": 1}, "E2": {"terrain": terrain}})
        assert r["los"] is True and r["hindrance"] == 0


def test_B17_3_B18_3_crag_and_graveyard_give_plus_1_TEM():
    for terrain in ("crag", "graveyard"):
        s = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
             "hexes": {"E4": {"terrain": terrain}},
             "units": [{"id": "a", "side": "G", "type": "squad", "hex": "E1"},
                       {"id": "b", "side": "R", "type": "squad", "hex": "E4"}]}
        assert api.fire(s, "a", "b")["tem"] == 1


B14 = {"H7": {"terrain": "orchard"}, "I8": {"terrain": "orchard"},
       "I9": {"terrain": "orchard"}, "J8": {"terrain": "building", "levels": 3}}


def test_B14_21_EX_orchards_in_season_from_the_ground_and_the_upper_levels_of_6J8():
    # a painted copy of the hexes B14.21 EX names (board 6)
    r = rulings("J8", "G7", B14)
    assert r["los"] is True and r["hindrance"] == 2          # two orchard hexes
    for level in (1, 2):
        assert rulings("J8", "G7", B14, la=level)["los"] is False
    r = rulings("J8", "G7", B14, la=2)                        # the Blind Hex of H7
    assert r["blocked_at"] == "41H7" and r["rule"] == "A6.4"
    r = rulings("J8", "H9", B14)
    assert r["los"] is True and r["hindrance"] == 1
    r = rulings("J8", "H9", B14, la=1)                        # same level obstacle I9
    assert r["los"] is False and r["blocked_at"] == "41I9"


def test_B14_2_EX_out_of_season_level_1_of_J8_sees_H9_with_a_plus_1_Hindrance():
    out = {"orchards": "out-of-season"}
    r = rulings("J8", "H9", B14, la=1, **out)
    assert r["los"] is True and r["hindrance"] == 1
    assert any(s["rule"] == "B14.2" for s in r["steps"])
    # from level 2 (more than one level above), only the orchard next to G7 counts
    r = rulings("J8", "G7", B14, la=2, **out)
    assert r["los"] is True and r["hindrance"] == 1


def test_B_10_a_Hindrance_total_of_plus_6_blocks_and_plus_5_does_not():
    five = {x: {"terrain": "grain"} for x in ("E2", "E3", "E4", "E5", "E6")}
    r = rulings("E1", "E8", five)
    assert r["los"] is True and r["hindrance"] == 5
    six = dict(five, E7={"terrain": "marsh"})
    r = rulings("E1", "E8", six)
    assert r["los"] is False and r["rule"] == "B.10" and r["blocked_at"] == "41E7"
    assert "assumes" in last(r)


# --- a law: a painted map and its archive rule alike ---------------------------------------

_NEAR = [f"{c}{n}" for c in "DEFGH" for n in range(2, 9)]


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(st.sampled_from(_NEAR),
                       st.one_of(st.builds(lambda lv: {"level": lv}, st.integers(0, 3)),
                                 st.sampled_from([{"terrain": t} for t in
                                                  ("orchard", "marsh", "crag", "graveyard",
                                                   "grain")] + [{"bridge": True}])),
                       max_size=10),
       st.sampled_from(_NEAR), st.sampled_from(_NEAR), st.integers(0, 2),
       st.booleans(), st.booleans())
def test_a_painted_map_and_its_archive_give_the_same_ruling(hexes, a, b, la, cliffs, season):
    if a == b:
        return
    sides = {}
    if cliffs:       # a cliff on every hexside between hexes two or more levels apart
        from pycore import geometry as g
        for x in hexes:
            for y in hexes:
                hx, hy = g.plain_parse_hex(x), g.plain_parse_hex(y)
                if x < y and g.distance(hx, hy) == 1 and \
                        abs(hexes[x].get("level", 0) - hexes[y].get("level", 0)) >= 1:
                    sides[f"{x}-{y}"] = "cliff"
    extra = {} if season else {"orchards": "out-of-season"}
    level = la if a not in hexes or "terrain" not in hexes[a] else 0
    rulings(a, b, hexes, sides, la=0, lb=0, **extra)
    if level:
        hexes = dict(hexes, **{a: {"level": level}})
        rulings(a, b, hexes, sides, **extra)


# --- B19.5-B19.52: Hill Depressions ---------------------------------------------------------

# A painted copy of the hexes B19.5's EX names on board 24, levels chosen by this app: the
# gully runs down a level-1 hill in row D and steps down to level 0 between D8 and D9, so
# D9 is a Hill Depression hex and D8-D9 its Crest Line-Depression hexside.
HILL_GULLY = {**{f"D{n}": {"terrain": "gully", "level": 1} for n in range(2, 9)},
              "D9": {"terrain": "gully"}, "D10": {"terrain": "gully"}, "D1": {"level": 1},
              **{f"B{n}": {"level": 1} for n in range(1, 9)},
              **{f"C{n}": {"level": 1} for n in range(1, 7)},
              **{f"E{n}": {"level": 3} for n in range(1, 4)}, "E4": {"level": 2},
              "F2": {"level": 3}}


def test_B19_5_EX_D2_and_F2_see_INTO_D9_through_its_Crest_Line_Depression_hexside():
    for viewer, rule in (("D2", "B19.51"), ("F2", "B19.52")):
        r = rulings(viewer, "D9", HILL_GULLY)
        assert r["los"] is True, last(r)
        assert any(s["rule"] == rule and "41D8-41D9" in s["text"] for s in r["steps"])


def test_B19_51_EX_E4_sees_a_unit_IN_D9():
    s = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
         "hexes": HILL_GULLY,
         "units": [{"id": "e", "side": "German", "type": "squad", "hex": "E4"},
                   {"id": "d", "side": "Russian", "type": "squad", "hex": "D9"}]}
    for a, b in (("e", "d"), ("d", "e")):
        assert api.los(s, a, b)["los"] is True


def test_B19_51_a_LOS_crossing_a_vertex_of_the_Crest_Line_Depression_hexside_is_not_INTO_it():
    # B6, C8 and E8 reach D9 through a vertex of D8-D9 (exclusive of vertices): A6.3 rules
    for viewer in ("B6", "C8", "E8"):
        r = rulings(viewer, "D9", HILL_GULLY)
        assert r["los"] is False and r["rule"] == "A6.3", (viewer, last(r))
        assert not any(s["rule"].startswith("B19.5") for s in r["steps"])


def test_B19_52_the_range_requirement_still_holds_without_the_hexside():
    # the same gully with no step at D8-D9: F2 and E4 are too few levels up for their range
    flat = dict(HILL_GULLY, D8={"terrain": "gully"})
    for viewer in ("F2", "E4"):
        assert rulings(viewer, "D9", flat)["los"] is False


def test_B19_5_visibility_agrees_with_the_rulings():
    s = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
         "hexes": HILL_GULLY}
    for viewer in ("D2", "F2", "E4", "B6", "E8"):
        seen = api.visibility(s, {"hex": viewer})["hexes"]
        for name in ("D9", "D10", "D8", "C9", "E9"):
            assert seen[name]["los"] == api.los(s, {"hex": viewer}, {"hex": name})["los"], \
                (viewer, name)


def test_B11_21_EX_no_LOS_INTO_24E7_across_its_Depression_cliff_from_C6_but_from_D6():
    # a painted copy of the hexes B11.21 EX names: E7 a gully, D6-E7 a Depression cliff,
    # C6 high enough (level 2) to see INTO E7 by A6.3 were the cliff not there
    hexes = {"E7": {"terrain": "gully"}, "F7": {"terrain": "gully"},
             "E8": {"terrain": "gully"}, "C6": {"level": 2}}
    assert rulings("C6", "E7", hexes)["los"] is True
    r = rulings("C6", "E7", hexes, {"D6-E7": "cliff"})
    assert r["los"] is False and r["rule"] == "B11.21" and r["blocked_at"] == "41E7"
    assert rulings("D6", "E7", hexes, {"D6-E7": "cliff"})["los"] is True


# --- B6.2 bridges, B19.1 gully bridges --------------------------------------------------------

def test_B6_2_a_bridge_hinders_a_LOS_through_it_unless_both_ends_are_above_it():
    r = rulings("E1", "E4", {"E2": {"bridge": True}})
    assert r["los"] is True and r["hindrance"] == 1
    assert any("B6.2" in s["text"] and "41E2" in s["text"] for s in r["steps"])
    # A6.7 EXC, B6.2: a bridge may affect units at different levels: only one
    # end below it (IN a gully at level -1), the other at or above its level
    r = rulings("E1", "E3", {"E1": {"level": 1}, "E3": {"terrain": "gully"}, "E2": {"bridge": True}})
    assert r["los"] is True and r["hindrance"] == 1
    # B6.2: one end at the bridge's level, the other above it: ends neither both
    # at its level nor one below it, no Hindrance (was +1; docs/changes.md)
    r = rulings("E1", "E4", {"E1": {"level": 1}, "E2": {"bridge": True}})
    assert r["los"] is True and r["hindrance"] == 0
    # both ends above the bridge: no Hindrance
    r = rulings("E1", "E4", {"E1": {"level": 1}, "E4": {"level": 1}, "E2": {"bridge": True}})
    assert r["los"] is True and r["hindrance"] == 0
    # a bridge that is not crossed does not hinder
    r = rulings("E1", "E4", {"G2": {"bridge": True}})
    assert r["hindrance"] == 0


GULLY_ROW = {f"E{n}": {"terrain": "gully"} for n in range(1, 6)}


def test_B6_2_units_IN_the_gully_both_beneath_a_bridge_are_not_hindered_by_it():
    hexes = dict(GULLY_ROW, E3={"terrain": "gully", "bridge": True})
    r = rulings("E1", "E5", hexes)          # both IN the gully, level -1: beneath the bridge
    assert r["los"] is True and r["hindrance"] == 0


def _both(hexes: dict, units: list) -> list[dict]:
    from tests.test_hills import _source
    painted = {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
               "hexes": {"41" + k: v for k, v in hexes.items()},
               "units": [dict(u, hex="41" + u["hex"]) for u in units]}
    archive = {"format": "asl-setup", "version": 1,
               "map": {"boards": [[{"board": "42", "source": _source(hexes, {})}]]},
               "units": [dict(u, hex="42" + u["hex"]) for u in units]}
    return [painted, archive]


def test_B19_1_a_unit_in_a_gully_bridge_hex_is_on_the_bridge_unless_beneath_it():
    hexes = dict(GULLY_ROW, E3={"terrain": "gully", "bridge": True})
    far = {"id": "far", "side": "Russian", "type": "squad", "hex": "H3"}
    on = {"id": "on", "side": "German", "type": "squad", "hex": "E3"}
    under = dict(on, id="under", beneath=True)
    for s in _both(hexes, [far, on, under]):
        for a, b in (("on", "far"), ("far", "on")):        # A6.5, both ways
            assert api.los(s, a, b)["los"] is True, api.los(s, a, b)["steps"]
        for a, b in (("under", "far"), ("far", "under")):  # IN the gully beneath it (A6.3)
            assert api.los(s, a, b)["los"] is False


def test_B19_1_the_first_step_says_the_unit_is_on_the_gully_bridge_and_it_claims_no_WA():
    hexes = dict(GULLY_ROW, E3={"terrain": "gully", "bridge": True})
    on = {"id": "on", "side": "German", "type": "squad", "hex": "E3"}
    far = {"id": "far", "side": "Russian", "type": "squad", "hex": "H3"}
    for s in _both(hexes, [on, far]):
        assert "(on the gully's bridge, B19.1)" in api.los(s, "on", "far")["steps"][0]["text"]
        s["hexsides"] = {s["units"][0]["hex"] + "-" + s["units"][0]["hex"][:2] + "F3": "wall"}
        wa = api.wall_advantage(s)["units"]["on"]
        assert wa["eligible"] is False and "on a bridge" in wa["reason"]      # B9.32
    beneath = _both(hexes, [dict(on, beneath=True), far])[0]
    assert "IN the Depression" in api.los(beneath, "on", "far")["steps"][0]["text"]


def test_B6_2_B19_1_links_carry_the_bridge_and_beneath_and_the_hex_reading_names_the_bridge():
    from pycore import share
    from web.reading import hex_reading
    hexes = dict(GULLY_ROW, E3={"terrain": "gully", "bridge": True})
    units = [{"id": "on", "side": "German", "type": "squad", "hex": "E3", "beneath": True},
             {"id": "far", "side": "Russian", "type": "squad", "hex": "H3"}]
    s = _both(hexes, units)[0]
    back = share.decode(share.encode(s))
    assert back["hexes"]["41E3"] == {"terrain": "gully", "bridge": True}
    assert api.los(back, "on", "far") == api.los(s, "on", "far")
    assert api.los(s, "on", "far")["los"] is False          # beneath: IN the gully (A6.3)
    assert "with a bridge" in hex_reading(s, "41E3")["text"]


# --- B11.31: fire down a cliff hexside ------------------------------------------------------

def _cliff_fire(firer: dict, level: int = 1, far: bool = False) -> list[dict]:
    """A firer in E4 (level ``level``) over the cliff hexside E4-E5, the target
    below in E5 (or E6, not adjacent), painted and on an archive, both ways."""
    hexes, sides = {"E4": {"level": level}, "E3": {"level": level}}, {"E4-E5": "cliff"}
    out = []
    for p, board in (("41", "41"), ("42", {"board": "42", "source": _source(hexes, sides)})):
        s = {"format": "asl-setup", "version": 1, "map": {"boards": [[board]]},
             "units": [{"id": "up", "side": "German", "hex": p + "E4", **firer},
                       {"id": "down", "side": "Russian", "type": "squad",
                        "hex": p + ("E6" if far else "E5")}]}
        if p == "41":
            s["hexes"] = {"41" + k: v for k, v in hexes.items()}
            s["hexsides"] = {"41E4-41E5": "cliff"}
        out.append(api.fire(s, "up", "down"))
    assert [(r["los"], r["may_fire"], r["tem"]) for r in out[:1]] == \
        [(r["los"], r["may_fire"], r["tem"]) for r in out[1:]]
    return out


def test_B11_31_no_vehicle_armament_or_ordnance_down_a_cliff_into_the_adjacent_lower_hex():
    for firer in ({"type": "vehicle"}, {"type": "gun"}, {"type": "squad", "ordnance": True},
                  {"type": "squad", "weapon": "piat"}, {"type": "squad", "weapon": "mortar"}):
        r = _cliff_fire(firer)[0]
        assert r["los"] is True and r["may_fire"] is False and r["tem"] is None, firer
        assert r["steps"][-1]["rule"] == "B11.31" and "cliff hexside 41E4-41E5" in \
            r["steps"][-1]["text"] and "no attack is allowed" in r["steps"][-1]["text"]


def test_B11_31_EXC_LATW_and_mortar_of_range_1_small_arms_and_other_fire_are_not_restricted():
    for firer in ({"type": "squad", "weapon": "latw"},
                  {"type": "squad", "weapon": "mortar-min-range-1"}):
        r = _cliff_fire(firer)[0]
        assert r["may_fire"] is True and any(s["rule"] == "B11.31" for s in r["steps"])
    r = _cliff_fire({"type": "squad"})[0]               # Small Arms
    assert r["may_fire"] is True and not any(s["rule"] == "B11.31" for s in r["steps"])
    # not down to the adjacent hex, not down at all (both at one level), upwards: no rule
    assert _cliff_fire({"type": "vehicle"}, far=True)[0]["may_fire"] is True
    assert _cliff_fire({"type": "vehicle"}, level=0)[0]["may_fire"] is True


def test_B11_31_is_about_fire_down_the_cliff_the_LOS_is_the_same_both_ways():
    hexes = {"41E4": {"level": 1}}
    s = {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]}, "hexes": hexes,
         "hexsides": {"41E4-41E5": "cliff"},
         "units": [{"id": "up", "side": "German", "type": "vehicle", "hex": "41E4"},
                   {"id": "tank", "side": "Russian", "type": "vehicle", "hex": "41E5"}]}
    down, up = api.fire(s, "up", "tank"), api.fire(s, "tank", "up")
    assert down["los"] is up["los"] is True                 # A6.5
    assert down["may_fire"] is False
    # B11.32 (fire up a cliff) is not applied: B11.31 is not cited upwards
    assert not any(st["rule"] == "B11.31" for st in up["steps"])


def test_B11_31_the_card_says_the_fire_is_not_allowed_not_that_there_is_no_LOS():
    from web import present
    r = _cliff_fire({"type": "vehicle"})[0]
    tem = next(f for f in present.facts(r) if f["key"] == "tem")
    assert tem["value"] == "– (this fire is not allowed)" and present.verdict(r) == "Clear LOS"


def test_A6_5_a_hill_above_both_ends_blocks_either_way_when_one_is_IN_a_Hill_Depression():
    # Both ends at elevation 2: the unit IN the level-3 Hill Depression hex B5
    # and the unit on the level-2 hill A3. The level-3 hill A4 between them is
    # above both (A6.2), whichever end views: the Depression end's ground is
    # not the hills' yardstick when the other end's is lower (found by
    # tests/test_los_properties.py's reciprocity law).
    s = {"format": "asl-setup", "version": 1, "map": {"columns": 2, "rows": 5},
         "hexes": {"A3": {"level": 2}, "A4": {"level": 3}, "B5": {"terrain": "gully", "level": 3}},
         "units": [{"id": "a", "side": "German", "type": "squad", "hex": "A3"},
                   {"id": "b", "side": "Russian", "type": "squad", "hex": "B5"}]}
    for v, t in (("a", "b"), ("b", "a")):
        r = api.los(s, v, t)
        assert r["los"] is False and r["blocked_at"] == "A4" and r["rule"] == "A6.2", r["steps"]
    s["hexes"]["A4"] = {"level": 2}         # no higher than the ends: LOS INTO B5 (B19.51)
    for v, t in (("a", "b"), ("b", "a")):
        assert api.los(s, v, t)["los"] is True
