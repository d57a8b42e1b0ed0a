"""The counters' words and places and the hex labels have one owner, web/marks.py
(issue 31): the page draws the bridge's ``counters`` answer, and Python draws the
same counters on exports and the ruling card. These tests hold what a player
reads on a counter and where it sits."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from pycore import api
from web import bridge, marks, render

NS = {"s": "http://www.w3.org/2000/svg"}
SETUP = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
         "hexes": {"X6": {"terrain": "stone-building", "levels": 3}, "C3": {"level": 2},
                   "D4": {"terrain": "woods", "level": -1}, "E5": {"terrain": "grain"}},
         "units": [
             {"id": "g1", "side": "German", "type": "squad", "hex": "Z9"},
             {"id": "g2", "side": "German", "type": "leader", "hex": "Z9", "broken": True, "concealed": True},
             {"id": "a-very-long-id", "side": "German", "type": "hero", "hex": "Z9", "name": "Sgt. Hans Kohl"},
             {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6", "wa": True, "level": 1},
             {"id": "t1", "side": "Russian", "type": "vehicle", "hex": "Q4", "bypass": "Q4-R4",
              "vertex": "Q4-Q5-R4", "moved": True},
             {"id": "t2", "side": "Russian", "type": "vehicle", "hex": "C3", "armored": False, "wa": False},
         ]}


def call(name, *args):
    return json.loads(bridge.call(name, json.dumps(list(args))))


def by_id(answer: dict) -> dict:
    return {u["id"]: u for u in answer["units"]}


def test_a_counter_says_its_name_or_type_its_id_and_its_status():
    units = by_id(call("counters", SETUP)["ok"])
    assert (units["g1"]["label"], units["g1"]["short"], units["g1"]["status"]) == ("SQD", "g1", "")
    assert units["g2"]["status"] == "BRK ?" and units["g2"]["broken"] is True
    assert units["a-very-long-id"]["label"] == "Sgt. H\u2026"          # a name shown, cut to 7
    assert units["a-very-long-id"]["short"] == "a-very\u2026"
    assert units["r1"]["status"] == "WA L1"                              # B9.32 WA, building level
    assert (units["t1"]["label"], units["t1"]["status"]) == ("AFV", "MVD BYP")   # A4.3 Bypass
    assert (units["t2"]["label"], units["t2"]["status"]) == ("VEH", "noWA")      # unarmored
    assert units["g1"]["title"] == "g1 (German squad)"
    assert [units[i]["sidx"] for i in ("g1", "r1")] == [0, 1]          # sides in order met


def test_a_stack_fans_out_and_opens_out_about_its_hex_keeping_every_counter_tappable():
    units = by_id(call("counters", SETUP)["ok"])
    stack = [units[i] for i in ("g1", "g2", "a-very-long-id")]
    assert len({u["stack"] for u in stack}) == 1 and units["r1"]["stack"] != stack[0]["stack"]
    xs = [u["at"]["x"] for u in stack]
    assert xs == sorted(xs) and xs[1] - xs[0] == marks.STACK_STEP[0]
    opened = [u["open"]["x"] for u in stack]
    assert all(b - a == marks.UNIT_SIZE + 4 for a, b in zip(opened, opened[1:]))   # side by side
    assert {u["open"]["y"] for u in stack} == {stack[1]["at"]["y"]}     # about the hex's centre
    assert units["r1"]["at"] == units["r1"]["open"]                      # alone: nothing to open


def test_the_page_gets_the_counters_python_draws_on_the_card():
    # One owner: the SVG Python draws (exports, the ruling card) and the page's
    # answer put every counter in the same place with the same words.
    root = ET.fromstring(render.map_svg(SETUP))
    drawn = {}
    for g in root.iterfind(".//s:g[@class='unit']", NS):
        dot = g.find("s:circle[@class='u-vertex']", NS)
        drawn[g.get("data-unit")] = (g.get("transform"), [t.text or "" for t in g.iterfind("s:text", NS)],
                                     None if dot is None else float(dot.get("cx")))
    page = {u["id"]: (f"translate({u['at']['x']:.2f},{u['at']['y']:.2f})",
                      [t for t in (u["label"], u["short"], u["status"]) if t],
                      None if u["at"]["vertex"] is None else u["at"]["vertex"][0])
            for u in call("counters", SETUP)["ok"]["units"]}
    assert page == drawn


def test_a_bypass_counter_sits_on_its_hexside_and_points_at_its_vertex():
    root = ET.fromstring(render.map_svg(SETUP))
    side = root.find(".//*[@data-hexside='Q4-R4']")
    vertex = root.find(".//*[@data-vertex='Q4-Q5-R4']")
    t1 = by_id(call("counters", SETUP)["ok"])["t1"]
    assert (t1["at"]["x"], t1["at"]["y"]) == (float(side.get("data-cx")), float(side.get("data-cy")))
    assert [t1["at"]["x"] + t1["at"]["vertex"][0], t1["at"]["y"] + t1["at"]["vertex"][1]] == \
        [float(vertex.get("data-cx")), float(vertex.get("data-cy"))]


def test_hexes_are_labelled_and_a_building_gives_its_upper_levels():
    answer = call("counters", SETUP)["ok"]
    assert answer["hexes"] == {"X6": "3 lvl", "C3": "L2", "D4": "L-1"}    # woods and grain are filled
    assert answer["tops"] == {"X6": 2}           # docs/contract.md: "levels" counts the ground level


def test_B23_1_a_named_building_shows_its_name_in_its_hexes():
    setup = {"format": "asl-setup", "version": 1, "map": {"columns": 10, "rows": 10},
             "hexes": {"C3": {"terrain": "building", "levels": 2, "building": "A"},
                       "C4": {"terrain": "building", "building": "Church"}}, "units": []}
    assert call("counters", setup)["ok"]["hexes"] == {"C3": "2 lvl A", "C4": "Chu\u2026"}


def test_on_a_map_of_boards_names_carry_their_board():
    setup = {"format": "asl-setup", "version": 1, "map": {"boards": [["12", "6"]]},
             "hexes": {"6C5": {"terrain": "building", "levels": 2}},
             "units": [{"id": "g", "side": "German", "type": "squad", "hex": "6A5"},
                       {"id": "h", "side": "German", "type": "squad", "hex": "12GG5"}]}
    answer = call("counters", setup)["ok"]
    assert answer["tops"] == {"6C5": 1} and answer["hexes"] == {"6C5": "2 lvl"}
    g, h = answer["units"]
    assert g["stack"] == h["stack"] and g["at"] != h["at"]               # 6A5 is 12GG5


def test_a_unit_whose_names_do_not_read_is_left_out_and_the_rest_are_drawn():
    setup = dict(SETUP, units=[*SETUP["units"], {"id": "x", "side": "German", "type": "squad", "hex": "??"},
                               {"side": "German", "hex": "A1"}, "not a unit",
                               {"id": "y", "side": ["a list"], "type": "squad", "hex": "A1"},
                               {"id": "z", "side": "German", "type": "squad", "hex": "A1", "bypass": 7}])
    assert [u["id"] for u in call("counters", setup)["ok"]["units"]] == [u["id"] for u in SETUP["units"]]
    assert call("counters", "not a setup")["kind"] == "SetupError"
    assert call("counters", dict(SETUP, units="abc", hexes=["X6"]))["ok"] == \
        {"units": [], "hexes": {}, "tops": {}, "sides": []}
    odd = call("counters", dict(SETUP, hexes={"X6": "woods", "Y6": {"terrain": "building", "levels": "x"}, "C3": {"level": 2}}))["ok"]
    assert (odd["hexes"], odd["tops"]) == ({"C3": "L2"}, {})


def test_the_wall_advantage_table_says_yes_and_no_in_pythons_words():
    setup = {"format": "asl-setup", "version": 1, "map": {"columns": 10, "rows": 10},
             "hexsides": {"E4-E5": "wall"},
             "units": [{"id": "g", "side": "German", "type": "squad", "hex": "E4"},
                       {"id": "r", "side": "Russian", "type": "squad", "hex": "E6"}]}
    answer = call("wall_advantage", setup)["ok"]
    for uid, u in answer["units"].items():
        for key in ("has", "eligible", "mandatory"):
            assert answer["present"][uid][key] == {True: "yes", False: "no", None: "\u2013"}[u.get(key)]
    assert answer["present"]["g"]["has"] == "yes"                      # B9.32: the wall is E4's


def test_the_dead_grounds_sides_are_the_sides_the_rules_count_each_once():
    # A6.11's dead ground is worked out for one side: the page's side buttons are
    # the sides pycore.rules.seen counts (side_key), as first written, each once.
    units = [{"id": f"u{i}", "side": side, "type": "squad", "hex": "A1"}
             for i, side in enumerate([" German ", "german", "\uff27\uff45\uff52\uff4d\uff41\uff4e",
                                       "Russian", "Germ\u200ban", "", "G\u0435rman"])]
    got = call("counters", {**SETUP, "units": units})["ok"]["sides"]
    assert got == ["German", "Russian", "G\u0435rman"]           # a Cyrillic е: another side
    setup = {**SETUP, "units": units}
    for side in got:                                              # each one the core's side
        assert api.coverage(setup, side)["side"] == side
    assert len({api.coverage(setup, s)["units"][0] for s in got}) == len(got)
