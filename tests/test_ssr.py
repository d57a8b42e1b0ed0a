"""Scenario special rules (issue 29; pycore/terrain/ssr.py, docs/ssr.md): an SSR said
once gives the rulings of the same map with every changed hexside or hex
written by hand, on painted maps and imported boards alike, and every ruling
an SSR decided says so."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from pycore import api, share
from pycore.terrain import ssr
from pycore.errors import SetupError
from pycore.setup import load_setup
from tests.helpers import setup, unit
from tests.test_los_examples import BOCAGE_44
from tests.vasl_writer import board_archive

# --- B9.52-B9.531 EX on board 44: "All hedges are bocage" ----------------------------------

HEDGES_44 = {k: "hedge" for k in BOCAGE_44}


def _ex(hexsides: dict, ssrs: list | None, bb8_level: int = 0, units=()) -> dict:
    s = setup(hexes={"BB8": {"terrain": "building", "levels": 4}}, hexsides=hexsides,
              units=[unit("bb8", "BB8", side="American", level=bb8_level), *units])
    if ssrs is not None:
        s["ssr"] = ssrs
    return s


def _without_ssr_steps(result: dict, said: str = "scenario's SSR") -> dict:
    """A ruling with the steps an SSR added left out (they are its only
    difference), or with ``said`` another layer's steps: a correction's."""
    out = {k: v for k, v in result.items() if k != "steps"}
    out["steps"] = [st for st in result["steps"] if said not in st["text"]]
    return out


ENDS_44 = ["Z5", "Z6", "Z7", "Z8", "Z9", "Y6", "Y7", "Y8", "Y9", "X6", "X8", "W7", "AA8"]


@pytest.mark.parametrize("level", [0, 2, 3])
def test_B9_5_EX_all_hedges_are_bocage_said_once_rules_as_bocage_by_hand(level):
    by_hand = _ex(BOCAGE_44, None, level)
    by_ssr = _ex(HEDGES_44, ["hedges-to-bocage"], level)
    for target in ENDS_44:
        hand = api.los(by_hand, "bb8", target)
        said = api.los(by_ssr, "bb8", target)
        assert _without_ssr_steps(said) == hand, target
    assert api.visibility(by_ssr, "bb8") == api.visibility(by_hand, "bb8")


@pytest.mark.parametrize("z", ["Z6", "Z7", "Z8"])
@pytest.mark.parametrize("wa", [False, True])
def test_B9_521_EX_units_and_wall_advantage_agree_both_ways(z, wa):
    g = unit("g", z, wa=True) if wa else unit("g", z, broken=True)
    by_hand = _ex(BOCAGE_44, None, units=[g])
    by_ssr = _ex(HEDGES_44, ["hedges-to-bocage"], units=[g])
    for a, b in (("bb8", "g"), ("g", "bb8")):       # A6.5: both directions
        assert _without_ssr_steps(api.fire(by_ssr, a, b)) == api.fire(by_hand, a, b)
    assert api.wall_advantage(by_ssr) == api.wall_advantage(by_hand)


def test_a_ruling_the_ssr_decided_says_so_in_its_steps():
    r = api.los(_ex(HEDGES_44, ["hedges-to-bocage"]), "bb8", "Z5")
    assert r["los"] is False and r["rule"] == "B9.52"
    said = [s for s in r["steps"] if "scenario's SSR" in s["text"]]
    assert said and all(s["rule"] == "B9.51" for s in said)
    # said where the walk meets the bocage, before the step that it blocks (B9.52)
    assert r["steps"].index(said[-1]) == len(r["steps"]) - 2 and r["steps"][-1]["rule"] == "B9.52"
    assert "The hedge Z6-AA6 is bocage by the scenario's SSR (hedges to bocage; B9.51)." \
        in [s["text"] for s in said]
    assert said[0]["explain"]       # explained like any step (pycore/rules/explain.py)


def test_a_wall_the_ssr_removed_and_grain_it_made_open_are_said_though_no_rule_step_names_them():
    s = setup(hexes={"Q5": {"terrain": "grain"}}, hexsides={"Q6-Q7": "wall"},
              units=[unit("g", "Q3"), unit("r", "Q8", side="R")])
    s["ssr"] = ["no-grain", "no-walls"]
    r = api.los(s, "g", "r")
    assert r["los"] is True and r["hindrance"] == 0
    # said where the walk meets them, in thread order, after the ends (pycore.rules.los.driver)
    assert [x["text"] for x in r["steps"][1:3]] == [
        "Q5 is open ground (grain on the board) by the scenario's SSR (no grain; B15).",
        "The wall Q6-Q7 is removed by the scenario's SSR (no walls; B9.1)."]


def test_an_ssr_change_is_said_where_the_thread_meets_it_and_the_ends_hexes_with_the_ends():
    # woods in Q5 block g (Q3) from r (Q8); the hedge Q6-Q7 made bocage lies beyond the
    # block, so the walk never meets it; r's hex, grain made open ground, makes an end
    s = setup(hexes={"Q4": {"terrain": "grain"}, "Q5": {"terrain": "woods"},
                     "Q8": {"terrain": "grain"}}, hexsides={"Q6-Q7": "hedge"},
              units=[unit("g", "Q3"), unit("r", "Q8", side="R")])
    s["ssr"] = ["hedges-to-bocage", "no-grain"]
    r = api.los(s, "g", "r")
    assert r["los"] is False and r["blocked_at"] == "Q5"
    assert [x["text"] for x in r["steps"]] == [
        "LOS from g in Q3 at elevation 0 to r in Q8 at elevation 0, range 5.",
        "Q8 is open ground (grain on the board) by the scenario's SSR (no grain; B15).",
        "Q4 is open ground (grain on the board) by the scenario's SSR (no grain; B15).",
        r["steps"][3]["text"]]
    assert r["steps"][3]["rule"] == "A6.2" and "Q5" in r["steps"][3]["text"]
    # with the woods gone the walk meets the bocage, and says so before it blocks
    del s["hexes"]["Q5"]
    r = api.los(s, "g", "r")
    assert r["los"] is False and r["blocked_at"] == "Q6-Q7" and r["rule"] == "B9.521", r
    texts = [x["text"] for x in r["steps"]]
    assert texts[-2:] == [
        "The hedge Q6-Q7 is bocage by the scenario's SSR (hedges to bocage; B9.51).",
        "The bocage Q6-Q7 is a one-level obstacle: LOS through it reaches only the hex formed "
        "by it (B9.52, B9.521)."], texts


def test_fire_resolves_its_two_ends_once(monkeypatch):
    from pycore.rules import los, tem
    s = setup(hexsides={"Q6-Q7": "wall"}, units=[unit("g", "Q3"), unit("r", "Q7", side="R")])
    s["ssr"] = ["no-grain"]
    calls: list = []
    resolved = tem.unit_end
    monkeypatch.setattr(tem, "unit_end", lambda s, u: calls.append(u.id) or resolved(s, u))
    monkeypatch.setattr(los, "resolve", lambda *a: calls.append(a) or None)
    got = api.fire(s, "g", "r")
    assert got["los"] is True and got["tem"] == 2
    assert calls == ["g", "r"]


def test_a_ruling_no_ssr_touched_has_no_ssr_step():
    s = setup(hexsides={"A1-B1": "hedge"}, units=[unit("g", "P5"), unit("r", "T5", side="R")])
    s["ssr"] = ["hedges-to-bocage"]
    assert not [x for x in api.los(s, "g", "r")["steps"] if "SSR" in x["text"]]


def test_B9_55_EX_board_55_bocage_WA_said_once():
    # B9.55 EX: "All hedges are bocage"; 55Q1, Q2 and R1 have bocage hexsides.
    sides = {"Q1-R1": "hedge", "Q2-R2": "hedge", "Q1-Q2": "wall"}
    units = [unit("q1", "Q1"), unit("r1", "R1", side="British")]
    by_ssr = setup(hexsides=sides, units=units, board="55")
    by_ssr["ssr"] = ["hedges-to-bocage"]
    by_hand = setup(hexsides={**sides, "Q1-R1": "bocage", "Q2-R2": "bocage"}, units=units,
                    board="55")
    assert api.wall_advantage(by_ssr) == api.wall_advantage(by_hand)
    assert _without_ssr_steps(api.fire(by_ssr, "r1", "q1")) == api.fire(by_hand, "r1", "q1")
    assert api.fire(by_ssr, "r1", "q1")["tem"] == 2      # bocage TEM (B9.5)


# --- each transformation ----------------------------------------------------------------------

def _loaded(ssrs, hexes=None, hexsides=None, **kw):
    s = setup(hexes=hexes, hexsides=hexsides, **kw)
    s["ssr"] = ssrs
    return load_setup(s)


@pytest.mark.parametrize("name,before,after", [
    ("hedges-to-bocage", "hedge", "bocage"), ("walls-to-bocage", "wall", "bocage"),
    ("hedges-to-cactus", "hedge", "cactus-hedge"), ("walls-to-cactus", "wall", "cactus-hedge"),
    ("no-hedges", "hedge", None), ("no-walls", "wall", None)])
def test_the_six_fixed_hexside_ssrs(name, before, after):
    other = "wall" if before == "hedge" else "hedge"
    s = _loaded([name], hexsides={"P5-P6": before, "Q5-Q6": {"type": before, "hillside": True},
                                  "R5-R6": other})
    got = {n: (w.type, w.hillside) if w is not None else None
           for n, w in ((n, s.wall(s.names.parse_hexside(n))) for n in ("P5-P6", "Q5-Q6", "R5-R6"))}
    assert got["R5-R6"] == (other, False)             # the other kind is untouched
    if after is None:
        assert got["P5-P6"] is None and got["Q5-Q6"] is None
    else:
        assert got["P5-P6"] == (after, False) and got["Q5-Q6"] == (after, True)
    # The setup as written keeps the board's hedge: the link says "hedge" + the SSR.
    assert s.to_dict()["hexsides"]["P5-P6"] == before and s.to_dict()["ssr"] == [name]


@pytest.mark.parametrize("name,before,after", [
    ("no-grain", {"terrain": "grain"}, {}), ("grain-out-of-season", {"terrain": "grain"}, {}),
    ("brush-to-open", {"terrain": "brush"}, {}),
    ("woods-to-brush", {"terrain": "woods"}, {"terrain": "brush"}),
    ("woods-to-brush", {"terrain": "woods", "gully": True}, {"terrain": "brush", "gully": True}),
    ("level-2-to-1", {"level": 2}, {"level": 1}),
    ("level-1-to-2", {"terrain": "woods", "level": 1}, {"terrain": "woods", "level": 2})])
def test_terrain_and_level_ssrs_equal_the_hex_written_by_hand(name, before, after):
    said = _loaded([name], hexes={"P5": before}, units=[unit("g", "P3"), unit("r", "P8", side="R")])
    hand = load_setup(setup(hexes={"P5": after},
                            units=[unit("g", "P3"), unit("r", "P8", side="R")]))
    assert dict(said.hexes) == dict(hand.hexes)
    assert _without_ssr_steps(api.los(said, "g", "r")) == api.los(hand, "g", "r")


def test_level_changes_read_the_board_at_once_not_one_after_another():
    s = _loaded(["level-3-to-2", "level-2-to-1"], hexes={"A1": {"level": 3}, "B1": {"level": 2}})
    assert (s.hex(s.names.parse_hex("A1")).level, s.hex(s.names.parse_hex("B1")).level) == (2, 1)


# --- per board ----------------------------------------------------------------------------------

def _two_boards(ssrs) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"boards": [["55", "44"]]},
            "hexsides": {"55Q1-55R1": "hedge", "44Q1-44R1": "hedge"}, "units": [], "ssr": ssrs}


def test_a_per_board_ssr_changes_that_board_only():
    s = load_setup(_two_boards([{"name": "hedges-to-bocage", "board": "55"}]))
    assert s.wall(s.names.parse_hexside("55Q1-55R1")).type == "bocage"
    assert s.wall(s.names.parse_hexside("44Q1-44R1")).type == "hedge"
    assert s.to_dict()["ssr"] == [{"name": "hedges-to-bocage", "board": "55"}]


def test_per_board_ssrs_of_one_kind_may_differ_by_board():
    s = load_setup(_two_boards([{"name": "hedges-to-bocage", "board": "55"},
                                {"name": "hedges-to-cactus", "board": "44"}]))
    assert s.wall(s.names.parse_hexside("44Q1-44R1")).type == "cactus-hedge"


# --- imported boards: the reading transformed, the player's corrections override -------------

def _imported_map(ssrs, hexsides=None) -> dict:
    source = api.import_board(board_archive({"R5": {"terrain": "woods"}},
                                            {"Q1-R1": "hedge", "E4-E5": "wall", "P4-P5": "hedge"},
                                            name="55"))["source"]
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": "55", "source": source}]]},
            "hexsides": dict(hexsides or {}), "units": [unit("g", "55O1"), unit("r", "55S1", side="R")],
            "ssr": ssrs}


def test_an_imported_boards_hedges_become_bocage_where_the_hedge_art_lies():
    s = api.load(_imported_map(["hedges-to-bocage"], {"55P4-55P5": "hedge"}))   # with api.DEFAULT.library
    assert s.wall(s.names.parse_hexside("55Q1-55R1")).type == "bocage"
    assert s.wall(s.names.parse_hexside("55E4-55E5")).type == "wall"
    # A correction over the imported board still overrides (docs/contract.md).
    assert s.wall(s.names.parse_hexside("55P4-55P5")).type == "hedge"
    assert s.to_dict()["hexsides"] == {"55P4-55P5": "hedge"}       # links carry no board data
    r = api.los(s, "g", "r")
    assert any(x["text"].startswith("The hedge 55Q1-55R1 is bocage by the scenario's SSR")
               for x in r["steps"]), r["steps"]


def test_woods_to_brush_on_an_imported_board_is_judged_as_brush():
    s = _imported_map(["woods-to-brush"])
    s["units"] = [unit("g", "55R3"), unit("r", "55R7", side="R")]
    r = api.los(s, "g", "r")
    assert r["los"] is True and r["hindrance"] == 1, r


# --- B9.6 with B10.1: a level change can leave a Hillside wall between one level ---------------

def _hill_wall(ssrs, p5: dict, p6: dict, units=()):
    return _loaded(ssrs, hexes={"P5": p5, "P6": p6},
                   hexsides={"P5-P6": {"type": "wall", "hillside": True}}, units=list(units))


@pytest.mark.parametrize("ssrs,p6,hillside", [
    (["level-2-to-1"], {"level": 1}, False),      # 2 | 1 becomes 1 | 1: an ordinary wall
    (["level-1-to-2"], {"level": 1}, False),      # 2 | 1 becomes 2 | 2
    (["level-2-to-1"], {}, True),                 # 2 | 0 becomes 1 | 0: still two levels
    (["level-3-to-2"], {"level": 1}, True),       # neither hex moves
    ([], {"level": 1}, True)])
def test_B9_6_a_level_ssr_that_leaves_a_hillside_wall_between_one_level_makes_it_ordinary(
        ssrs, p6, hillside):
    s = _hill_wall(ssrs, {"level": 2}, p6)
    assert s.wall(s.names.parse_hexside("P5-P6")).hillside is hillside
    # the setup as written keeps the wall as the player wrote it (the link says so + the SSR)
    assert s.to_dict()["hexsides"]["P5-P6"] == {"type": "wall", "hillside": True}


def test_B9_6_a_hillside_wall_at_a_gullys_edge_keeps_its_flag_when_both_hexes_move_together():
    # both hexes at level 1 already, the gully's pixels lower (as on 12X4-Y4): lowered
    # together they still lie at one level, and the wall stays what the board shows
    s = _hill_wall(["level-1-to-0"], {"terrain": "gully", "level": 1}, {"level": 1})
    assert s.wall(s.names.parse_hexside("P5-P6")).hillside is True


def test_B9_6_the_ordinary_wall_rules_as_written_by_hand_and_the_ruling_says_why():
    # x on a level-3 hill looks down across the wall P5-P6 to y at level 0 (P9): an
    # ordinary wall does not block because x is higher (A6.21); a Hillside one would
    # have been ignored for the level between them (B9.61), a different ruling's reason
    ridge = {n: {"level": 1} for n in ("P3", "P4", "P6", "P7", "P8")}
    units = [unit("x", "P2"), unit("y", "P9", side="R"), unit("a", "P4"), unit("b", "P7", side="R")]
    said = _loaded(["level-2-to-1"], hexes={**ridge, "P2": {"level": 3}, "P5": {"level": 2}},
                   hexsides={"P5-P6": {"type": "wall", "hillside": True}}, units=units)
    hand = load_setup(setup(hexes={**ridge, "P2": {"level": 3}, "P5": {"level": 1}},
                            hexsides={"P5-P6": "wall"}, units=units))
    for e1, e2 in (("x", "y"), ("y", "x"), ("a", "b"), ("b", "a")):
        assert _without_ssr_steps(api.fire(said, e1, e2)) == api.fire(hand, e1, e2), (e1, e2)
    steps = [t["text"] for t in api.los(said, "x", "y")["steps"]]
    assert "The Hillside wall P5-P6 is an ordinary wall by the scenario's SSR (level 2 to " \
           "level 1; B10.1): both its hexes are now at one level, and a Hillside wall lies " \
           "between two levels (B9.6)." in steps, steps
    assert not any("B9.61" in t for t in steps), steps


def test_B9_6_an_imported_boards_hillside_hedge_lowered_to_one_level_is_ordinary():
    # the board's reading flags Q5-R4 Hillside (tests/test_vasl.py); level 1 to 0
    # leaves both hexes at level 0
    source = api.import_board(board_archive(
        {"R4": {"level": 1}, "R5": {"level": 1}},
        {"Q5-R4": {"type": "hedge", "hillside": True}, "Q5-R5": "hedge"}, name="55"))["source"]
    for ssrs, hillside in (([], True), (["level-1-to-0"], False)):
        s = api.load({"format": "asl-setup", "version": 1,
                      "map": {"boards": [[{"board": "55", "source": source}]]}, "ssr": ssrs})
        assert s.wall(s.names.parse_hexside("55Q5-55R4")).hillside is hillside, ssrs


# --- links, files and cards carry them --------------------------------------------------------

def test_links_carry_the_ssr_and_open_with_it():
    s = _ex(HEDGES_44, ["hedges-to-bocage", {"name": "no-walls", "board": "44"}])
    s["map"]["board"] = "44"
    got = share.read(share.encode(s))
    assert got["setup"]["ssr"] == s["ssr"] and not got["warnings"]
    assert got["setup"]["hexsides"] == {k: "hedge" for k in
                                        load_setup(s).to_dict()["hexsides"]}


def test_no_ssr_means_none_and_links_stay_as_they_were():
    s = _ex(HEDGES_44, None)
    assert "ssr" not in load_setup(s).to_dict()
    assert "ssr" not in share.read(share.encode(s))["setup"]


def test_the_ruling_card_shows_the_ssr_step():
    pytest.importorskip("svgwrite")
    from web import card
    s = _ex(HEDGES_44, ["hedges-to-bocage"])
    svg = card.ruling_card(s, {"tool": "los", "viewer": "bb8", "target": "Z5"}, "#s1.x")
    assert "bocage by the scenario" in svg and "Scenario rules" in svg
    assert "hedges to bocage (B9.51)" in svg


# --- bad input: a SetupError naming it ---------------------------------------------------------

@pytest.mark.parametrize("value,words", [
    (["hedges-to-vineyard"], "ssr[0]: unknown scenario rule 'hedges-to-vineyard'"),
    ("hedges-to-bocage", "ssr: must be a list"),
    ([1], "ssr[0]: not text: a scenario rule is named in text"),
    ([{"board": None}], "ssr[0].name: missing"),
    ([{"name": "no-walls", "board": ["55"]}], "ssr[0].board: must be a board's name as text"),
    (["level-2-to-2"], "unknown scenario rule"),
    ([{"name": "no-walls", "board": "12"}], "ssr[0].board: no board '12' on this map"),
    ([{"name": "no-walls", "turn": 3}], "ssr[0]: unknown field 'turn'"),
    (["no-walls", "no-walls"], "named twice"),
    (["hedges-to-bocage", "hedges-to-cactus"], "both change the same terrain"),
])
def test_bad_ssr_is_a_setup_error_naming_it(value, words):
    s = setup(board="44")
    s["ssr"] = value
    with pytest.raises(SetupError) as e:
        load_setup(s)
    assert words in str(e.value)
    with pytest.raises(SetupError) as e:          # a link carrying it is refused the same way
        share.read(_link_with(s))
    assert words in str(e.value)


def _link_with(s: dict) -> str:
    """A link's text carrying ``s`` as it is, unchecked (a later release's link)."""
    import base64
    import json
    import zlib
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = raw.compress(json.dumps(s).encode()) + raw.flush()
    return "s1." + base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_catalog_lists_the_six_fixed_names_first_each_with_label_and_rule():
    names = [c["name"] for c in ssr.catalog()]
    assert names[:6] == ["hedges-to-bocage", "walls-to-bocage", "hedges-to-cactus",
                         "walls-to-cactus", "no-hedges", "no-walls"]
    for c in ssr.catalog():
        assert ssr.lookup(c["name"]) is not None and c["label"] and c["rule"][0] == "B"


# --- the law: an SSR applied to a map equals the map with every entry written by hand ---------

HEXSIDE_TYPES = ["wall", "hedge", "bocage", "cactus-hedge", "light-bocage"]
SIDES = ["P5-P6", "P5-Q5", "P5-Q6", "P6-P7", "P6-Q6", "P6-Q7", "Q5-Q6", "Q5-R5", "Q6-R5", "Q6-R6",
         "Q7-R6", "R5-R6"]
HEXES = ["P5", "P6", "Q5", "Q6", "R5", "R6", "P7"]
TERRAINS = ["open", "woods", "brush", "grain", "orchard", "building"]


def _by_hand(rules: list[str], hexes: dict, sides: dict) -> tuple[dict, dict]:
    """The test's own reading of docs/ssr.md: each SSR's change written out."""
    side_map = {"hedges-to-bocage": ("hedge", "bocage"), "walls-to-bocage": ("wall", "bocage"),
                "hedges-to-cactus": ("hedge", "cactus-hedge"),
                "walls-to-cactus": ("wall", "cactus-hedge"),
                "no-hedges": ("hedge", None), "no-walls": ("wall", None)}
    hex_map = {"no-grain": ("grain", "open"), "grain-out-of-season": ("grain", "open"),
               "brush-to-open": ("brush", "open"),
               "woods-to-brush": ("woods", "brush")}
    out_sides = {}
    for k, v in sides.items():
        t = v["type"]
        for r in rules:
            if r in side_map and side_map[r][0] == v["type"]:
                t = side_map[r][1]
        if t is not None:
            out_sides[k] = {**v, "type": t}
    out_hexes = {}
    for k, v in hexes.items():
        v = dict(v)
        for r in rules:
            if r in hex_map and v.get("terrain", "open") == hex_map[r][0]:
                v["terrain"] = hex_map[r][1]
        levels = [r for r in rules if r.startswith("level-")]
        for r in levels:
            a, b = int(r.split("-")[1]), int(r.split("-")[3])
            if hexes[k].get("level", 0) == a:
                v["level"] = b
        if v.get("terrain") != "building":
            v.pop("levels", None)
        out_hexes[k] = v
    return out_hexes, out_sides


SSR_GROUPS = [["hedges-to-bocage", "hedges-to-cactus", "no-hedges", None],
              ["walls-to-bocage", "walls-to-cactus", "no-walls", None],
              ["no-grain", "grain-out-of-season", None], ["brush-to-open", None],
              ["woods-to-brush", None],
              ["level-1-to-0", "level-1-to-2", None], ["level-2-to-1", None],
              ["orchards-out-of-season", None]]


@settings(max_examples=15, deadline=None)
@given(sides=st.dictionaries(st.sampled_from(SIDES), st.sampled_from(HEXSIDE_TYPES), max_size=6),
       hexes=st.dictionaries(st.sampled_from(HEXES),
                             st.tuples(st.sampled_from(TERRAINS), st.integers(0, 2)), max_size=6),
       picks=st.tuples(*[st.sampled_from(g) for g in SSR_GROUPS]),
       ends=st.tuples(st.sampled_from(["N4", "O5", "P3"]), st.sampled_from(["S7", "T6", "R8"])))
def test_law_an_ssr_equals_every_affected_entry_written_by_hand(sides, hexes, picks, ends):
    rules = [p for p in picks if p is not None]
    hexes_in = {k: {"terrain": t, "level": lv} for k, (t, lv) in hexes.items()}
    sides_in = {k: {"type": t} for k, t in sides.items()}
    units = [unit("a", ends[0]), unit("b", ends[1], side="R")]
    said = setup(hexes=copy.deepcopy(hexes_in), hexsides=copy.deepcopy(sides_in), units=units)
    said["ssr"] = rules
    h, sd = _by_hand(rules, hexes_in, sides_in)
    hand = setup(hexes=h, hexsides=sd, units=units)
    if "orchards-out-of-season" in rules:       # B14.2: the setup's field, written by hand
        hand["orchards"] = "out-of-season"
    a, b = load_setup(said), load_setup(hand)
    assert dict(a.hexes) == dict(b.hexes) and dict(a.hexsides) == dict(b.hexsides)
    for x, y in (("a", "b"), ("b", "a")):
        assert _without_ssr_steps(api.fire(a, x, y)) == api.fire(b, x, y)


def test_on_an_imported_board_the_ssr_equals_every_hedge_corrected_to_bocage_by_hand():
    # The same law on a board's reading: its hedges said once to be bocage rule as
    # the player's own corrections writing bocage on each of them (both ways, A6.5).
    said = _imported_map(["hedges-to-bocage"])
    hand = _imported_map(None, {"55Q1-55R1": "bocage", "55P4-55P5": "bocage"})
    del hand["ssr"]
    ends = ["55O1", "55S1", "55P3", "55Q4", "55O6", "55S2", "55R3", "55P6"]
    for a in ends:
        for b in ends:
            if a == b:
                continue
            sa = {**said, "units": [unit("a", a), unit("b", b, side="R")]}
            sh = {**hand, "units": [unit("a", a), unit("b", b, side="R")]}
            by_hand = api.fire(sh, "a", "b")
            assert _without_ssr_steps(api.fire(sa, "a", "b")) == \
                _without_ssr_steps(by_hand, "by your correction"), (a, b)
    assert api.visibility(said, {"hex": "55Q3"}) == api.visibility(hand, {"hex": "55Q3"})


def test_a_saved_file_carries_the_ssr():
    import json
    from web import queries
    s = _ex(HEDGES_44, ["hedges-to-bocage"])
    got = queries.file_read(json.dumps(s))
    assert got["setup"]["ssr"] == ["hedges-to-bocage"] and not got["warnings"]


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(value=JSON | st.lists(st.sampled_from([*ssr.CATALOG, "level-2-to-1", "level-9-to-0"])
                             | st.fixed_dictionaries({"name": st.sampled_from(list(ssr.CATALOG)),
                                                      "board": st.sampled_from(["44", "55", "x"])}),
                             max_size=5))
def test_any_ssr_value_opens_or_is_a_setup_error_naming_the_field(value):
    s = setup(board="44", hexsides={"P5-P6": "hedge"}, hexes={"P5": {"level": 2}})
    s["ssr"] = value
    try:
        loaded = load_setup(s)
    except SetupError as e:
        assert str(e).startswith("ssr")
        return
    assert load_setup(loaded.to_dict()).to_dict() == loaded.to_dict()    # round trip


# --- orchards out of season (B14.2): the SSR is the setup's "orchards" field, per board too ----

def _orchard_line(trees: dict, viewer_level: int, board: str | None = None,
                  **extra) -> dict:
    """A viewer on a hill in E1, orchards between it and E5 (B14.2 at different levels)."""
    return {**setup(hexes={"E1": {"level": viewer_level}, **trees},
                    units=[unit("v", "E1"), unit("t", "E5", side="R")], board=board), **extra}


def test_B14_2_orchards_out_of_season_said_once_is_the_setup_field_and_says_so():
    orchards = {"E3": {"terrain": "orchard"}}
    said = _orchard_line(orchards, 1, ssr=["orchards-out-of-season"])
    hand = _orchard_line(orchards, 1, orchards="out-of-season")
    season = _orchard_line(orchards, 1)
    for a, b in (("v", "t"), ("t", "v")):       # A6.5, both ways
        got = api.los(said, a, b)
        assert _without_ssr_steps(got) == api.los(hand, a, b)
        assert got["los"] is True and got["hindrance"] == 1
        assert api.los(season, a, b)["los"] is False      # in season: a one-level obstacle
        assert any(st["rule"] == "B14.2" and "is out of season by the scenario's SSR "
                   "(orchards out of season; B14.2)" in st["text"] for st in got["steps"])


def test_B14_2_orchards_out_of_season_on_one_board_only():
    s = {"format": "asl-setup", "version": 1, "map": {"boards": [["55", "44"]]},
         "hexes": {f"{b}E1": {"level": 1} for b in ("55", "44")}
         | {f"{b}E3": {"terrain": "orchard"} for b in ("55", "44")},
         "units": [unit(f"v{b}", f"{b}E1") for b in ("55", "44")]
         + [unit(f"t{b}", f"{b}E5", side="R") for b in ("55", "44")],
         "ssr": [{"name": "orchards-out-of-season", "board": "55"}]}
    assert api.los(s, "v55", "t55")["los"] is True and api.los(s, "t55", "v55")["los"] is True
    assert api.los(s, "v44", "t44")["los"] is False and api.los(s, "t44", "v44")["los"] is False
    assert load_setup(s).to_dict()["ssr"] == [{"name": "orchards-out-of-season", "board": "55"}]
    # "in season" written for the map does not contradict an SSR limited to one board:
    # the rest of the map is in season, board 55's orchards are not
    written = {**s, "orchards": "in-season"}
    assert api.los(written, "v55", "t55")["los"] is True and api.los(written, "v44", "t44")["los"] is False


def test_B14_2_the_ssr_with_orchards_in_season_written_is_refused_naming_the_field():
    with pytest.raises(SetupError, match="^orchards: .*orchards-out-of-season"):
        load_setup(_orchard_line({}, 1, orchards="in-season", ssr=["orchards-out-of-season"]))


@settings(max_examples=25, deadline=None)
@given(orchards=st.sets(st.sampled_from(["E2", "E3", "E4", "D3", "F3"]), max_size=4),
       level=st.integers(0, 3), board=st.booleans())
def test_law_orchards_out_of_season_equals_the_field_written_by_hand(orchards, level, board):
    hexes = {h: {"terrain": "orchard"} for h in orchards}
    rule: object = {"name": "orchards-out-of-season", "board": "41"} if board \
        else "orchards-out-of-season"
    on = "41" if board else None
    said = _orchard_line(hexes, level, on, ssr=[rule])
    hand = _orchard_line(hexes, level, on, orchards="out-of-season")
    for a, b in (("v", "t"), ("t", "v")):
        assert _without_ssr_steps(api.los(said, a, b)) == api.los(hand, a, b)


# --- level changes move the drawn ground, crest lines included (B10.1, A6.2) -----------------
#
# A hill drawn at level 2 on an imported board, lowered by "level-2-to-1", rules as
# the same board drawn at level 1: every hex and every crest line drawn across a
# hex. The drawn patches leave each hex's centre dot alone (its read base level
# is the ground at the dot, docs/ssr.md).

_PATCHES = {"north": (-40, -40, 40, -6), "south": (-40, 6, 40, 40),
            "east": (10, -40, 40, 40), "west": (-40, -40, -10, 40)}
_LINE = [f"{c}{r}" for c in "OPQRS" for r in range(2, 10)]


def _drawn_hill(levels: dict, patches: dict, lowered: bool, ssrs: list, name: str) -> dict:
    """A board of ``levels`` (hex: base level) with ``patches`` (hex: [(where,
    level)]) of ground drawn across them; ``lowered``: every level 2 drawn at 1."""
    low = (lambda v: 1 if v == 2 else v) if lowered else (lambda v: v)
    hexes = {k: {"level": low(v)} for k, v in levels.items() if v}
    shapes = tuple({"hex": k, "level": low(v), "rect": _PATCHES[where], "own": True}
                   for k, drawn in patches.items() for where, v in drawn)
    source = api.import_board(board_archive(hexes, None, shapes=shapes, name=name))["source"]
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": name, "source": source}]]},
            "hexes": {}, "hexsides": {}, "units": [], "ssr": ssrs}


def _rules_alike(a: dict, b: dict, name: str, ends: list) -> None:
    for x, y in ends:
        for e1, e2 in (({"hex": name + x}, {"hex": name + y}), ({"hex": name + y}, {"hex": name + x})):
            ra, rb = api.los(a, e1, e2), api.los(b, e1, e2)
            steps = [t["text"] for t in ra["steps"] if "scenario's SSR" not in t["text"]]
            assert (ra["los"], ra.get("blocked_at"), steps) == \
                (rb["los"], rb.get("blocked_at"), [t["text"] for t in rb["steps"]]), (e1, e2)


def test_B10_1_level_2_to_1_lowers_a_crest_line_drawn_inside_a_level_1_hex():
    # Q6 is level 1 with level 2 drawn over its north: without the SSR the level-2
    # crest blocks Q8-Q4 at level 1; lowered to level 1 it is clear, as drawn at 1.
    levels = {"Q8": 1, "Q4": 1, "Q6": 1}
    patches = {"Q6": [("north", 2)]}
    as_drawn = _drawn_hill(levels, patches, False, [], "41")
    lowered = _drawn_hill(levels, patches, False, ["level-2-to-1"], "41")
    drawn_at_1 = _drawn_hill(levels, patches, True, [], "42")
    q8, q4 = {"hex": "41Q8", "level": 0}, {"hex": "41Q4", "level": 0}
    assert api.los(as_drawn, q8, q4)["los"] is False
    for a, b in ((q8, q4), (q4, q8)):
        r = api.los(lowered, a, b)
        assert r["los"] is True, r["steps"]
        assert any(t["text"] == "The ground drawn at level 2 in 41Q6 is at level 1 by the "
                   "scenario's SSR (level 2 to level 1; B10.1)." for t in r["steps"]), r["steps"]
    assert api.los(drawn_at_1, {"hex": "42Q8"}, {"hex": "42Q4"})["los"] is True


@settings(max_examples=15, deadline=None)
@given(levels=st.dictionaries(st.sampled_from(_LINE), st.integers(0, 2), max_size=12),
       patches=st.dictionaries(st.sampled_from(_LINE), st.lists(
           st.tuples(st.sampled_from(sorted(_PATCHES)), st.integers(1, 2)), min_size=1, max_size=2),
           max_size=8),
       ends=st.lists(st.tuples(st.sampled_from(_LINE), st.sampled_from(_LINE)),
                     min_size=1, max_size=6))
def test_law_level_2_to_1_on_a_drawn_hill_rules_as_the_hill_drawn_at_level_1(levels, patches,
                                                                             ends):
    lowered = _drawn_hill(levels, patches, False, ["level-2-to-1"], "41")
    drawn_at_1 = _drawn_hill(levels, patches, True, [], "41")
    _rules_alike(lowered, drawn_at_1, "41", [(a, b) for a, b in ends if a != b])


@pytest.mark.parametrize("rules,hindrance", [([], 1), (["grain-out-of-season"], 0)])
def test_B15_grain_hinders_in_season_only(rules, hindrance):
    # the Terrain Chart's grain row: a Hindrance June-September; out of season
    # (the SSR) its hexes are Open Ground; in season is the default (old links)
    s = {"format": "asl-setup", "version": 1, "map": {"columns": 10, "rows": 10},
         "hexes": {"E3": {"terrain": "grain"}}, "hexsides": {}, "units": [], "ssr": rules}
    there = api.los(s, {"hex": "C2"}, {"hex": "G4"})
    back = api.los(s, {"hex": "G4"}, {"hex": "C2"})
    assert there["hindrance"] == back["hindrance"] == hindrance
    if rules:
        assert any("B15" in st["rule"] or "grain" in st["text"] for st in there["steps"])


def test_the_map_terrain_names_what_the_ssrs_changed_for_the_map_to_mark():
    from web.scenario import terrain as ssr_view
    s = {"format": "asl-setup", "version": 1, "map": {"columns": 10, "rows": 10},
         "hexes": {"C3": {"terrain": "grain"}, "D4": {"terrain": "woods"}},
         "hexsides": {"C3-C4": "hedge", "E5-E6": "wall"}, "units": []}
    assert ssr_view({**s, "ssr": ["hedges-to-bocage", "no-grain"]})["changed"] == ["C3", "C3-C4"]
    assert ssr_view(s)["changed"] == []
