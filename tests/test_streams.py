"""Streams (B20) and bridges (B6.1, B6.2), read from a board as a player reads
it and judged by the rules (docs/board-reading.md "Streams", docs/rules.md
"Streams and bridges", docs/ssr.md "Streams and water").

B20.1: a stream is a gully holding a rivulet, a Depression with a gully's IN
and crest rules. B20.2: a unit IN a stream sees another Depression hex only
when ADJACENT and joined by a stream hexside, or along stream hexes. B6.2: a
bridge blocks the LOS between units on it and units beneath it, and hinders a
LOS through it between ends at its level or with only one end below it.
Every reading on archives the tests write (``tests/vasl_writer.py``), each
ruling both ways (A6.5); the rulebook's own examples on the real boards where
the machine has them (nothing of any board is committed).
"""
from __future__ import annotations

import pytest

from pycore import api
from pycore.api import SetupError
from tests.boards import BOARDS, on, real
from tests.helpers import (assert_blocked, assert_clear, check_both_ways, cited, setup, unit)
from tests.test_reading import board_map, read, warnings
from tests.vasl_writer import board_archive

ALL = (-40, -40, 40, 40)


def stream(name: str, **shape) -> dict:
    """A stream's art through hex ``name``'s dot, drawn a level below it."""
    return {"hex": name, "terrain": "stream", "level": -1, "rect": (-40, -12, 40, 12),
            "own": True, **shape}


# --- the reading: B20.1 ---------------------------------------------------------------------

def test_B20_1_a_streams_art_through_the_dot_makes_a_stream_hex_with_no_warning():
    assert read(shapes=[stream("Q5")])["hexes"] == {"Q5": {"terrain": "stream"}}
    said = warnings(shapes=[stream("Q5")])
    assert not any("gully" in w or "Stream" in w for w in said), said


def test_B20_1_a_stream_keeps_its_other_terrain():
    hexes = {"Q5": {"terrain": "brush"}}
    got = read(hexes, shapes=[stream("Q5", rect=(-40, -6, 40, 6))])["hexes"]
    assert got == {"Q5": {"terrain": "brush", "stream": True}}


def test_B20_41_vasls_dry_stream_is_read_as_a_gully_and_said():
    dry = {"hex": "Q5", "code": 31, "level": -1, "rect": (-40, -12, 40, 12), "own": True}
    assert read(shapes=[dry])["hexes"] == {"Q5": {"terrain": "gully"}}
    assert any("Dry Stream read as a gully" in w for w in warnings(shapes=[dry]))


def test_B6_1_a_bridge_at_the_streams_crest_keeps_the_stream_beneath_it():
    # 41U5, 22K2: the bridge and its road cover the dot; the stream runs on under it
    hexes = {"T7": {"terrain": "stream"}, "T9": {"terrain": "stream"}}
    shapes = [stream("T8", rect=(-12, -40, 12, 40)),
              {"hex": "T8", "terrain": "bridge", "level": 0, "rect": (-40, -10, 40, 10),
               "own": True}]
    assert read(hexes, shapes=shapes)["hexes"]["T8"] == {"terrain": "stream", "bridge": True}
    # a bridge a level above the stream's crest (13K6, an embankment): the stream
    # runs on beneath it, the bridge at its road's level (B6.1; tests/test_roads.py)
    high = [shapes[0], dict(shapes[1], level=1)]
    assert read(hexes, shapes=high)["hexes"]["T8"] == {"terrain": "stream", "bridge": True,
                                                       "bridge_level": 1}


# --- the setup format -----------------------------------------------------------------------

def test_a_stream_entry_reads_back_the_same_and_a_bad_one_names_its_field():
    s = api.load(setup({"E3": {"terrain": "stream"}, "E4": {"terrain": "woods", "stream": True}}))
    assert s.to_dict()["hexes"] == {"E3": {"terrain": "stream"},
                                    "E4": {"terrain": "woods", "stream": True}}
    assert api.load(s.to_dict()).to_dict() == s.to_dict()
    with pytest.raises(SetupError, match=r'hexes\["E4"\]\.stream'):
        api.load(setup({"E4": {"terrain": "woods", "stream": "yes"}}))


# --- B20.2: LOS from IN a stream, both ways (A6.5) ------------------------------------------

STREAM = {n: {"terrain": "stream"} for n in ("C3", "C4", "C5", "C6")}


def test_B20_2_along_the_stream_units_IN_it_see_each_other():
    s = setup(STREAM, units=[unit("g", "C3"), unit("r", "C6", side="Russian")])
    for r in check_both_ways(s, "g", "r"):
        assert_clear(r)
        assert "B20.2" in cited(r)


def test_B20_2_a_LOS_that_leaves_the_stream_is_blocked():
    hexes = {**STREAM, "D4": {"terrain": "stream"}, "C5": {"terrain": "brush", "stream": True}}
    hexes.pop("C4")
    s = setup(hexes, units=[unit("g", "C3"), unit("r", "C6", side="Russian")])
    for r, at in zip(check_both_ways(s, "g", "r"), ("C6", "C3")):
        assert_blocked(r, at, "B20.2")


def test_B20_2_a_stream_and_a_gully_see_each_other_only_adjacent_and_joined():
    # all gullies: the Depression is continuous, LOS (B19.2); one a stream: only
    # the adjacent one (was: clear both, when streams were read as gullies)
    gullies = {n: {"terrain": "gully"} for n in STREAM}
    mixed = {**STREAM, "C6": {"terrain": "gully"}, "C5": {"terrain": "gully"}}
    units = [unit("g", "C4"), unit("r", "C6", side="Russian"), unit("n", "C5", side="Russian")]
    for r in check_both_ways(setup(gullies, units=units), "g", "r"):
        assert_clear(r)
    ab, ba = check_both_ways(setup(mixed, units=units), "g", "r")
    assert_blocked(ab, "C6", "B20.2")
    assert_blocked(ba, "C4", "B20.2")
    for r in check_both_ways(setup(mixed, units=units), "g", "n"):
        assert_clear(r)
        assert "B20.2" in cited(r)
    apart = check_both_ways(setup(mixed, {"C4-C5": {"depression": False}}, units=units), "g", "n")
    assert_blocked(apart[0], "C5", "B20.2")
    assert_blocked(apart[1], "C4", "B20.2")


def test_B20_2_a_stream_is_a_depression_to_a_viewer_above_it_as_a_gully_is():
    for kind in ("stream", "gully"):
        s = setup({"E5": {"terrain": kind}},
                  units=[unit("g", "E2"), unit("r", "E5", side="Russian")])
        ab, ba = check_both_ways(s, "g", "r")
        assert_blocked(ab, "E5", "A6.3")
        assert ba["los"] is False and ba["rule"] == "A6.3"


def test_B20_2_on_an_archive_as_on_the_painted_map():
    hexes = {**STREAM, "C5": {"terrain": "gully"}}
    source = api.import_board(board_archive(hexes))["source"]
    assert api.board_terrain(source)["hexes"]["C3"] == {"terrain": "stream"}
    units = [unit("g", "41C3"), unit("r", "41C5", side="Russian"), unit("n", "41C4")]
    drawn = board_map(source, units=units)
    painted = {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
               "hexes": {"41" + k: v for k, v in hexes.items()}, "units": units}
    for a, b in (("g", "r"), ("r", "g"), ("n", "r"), ("g", "n")):
        got, want = api.los(drawn, a, b), api.los(painted, a, b)
        assert (got["los"], got["rule"]) == (want["los"], want["rule"]), (a, b)
    assert api.los(drawn, "g", "r")["rule"] == "B20.2"
    assert api.los(drawn, "n", "r")["los"] is True


def test_B20_42_a_shallow_stream_costs_infantry_three_MF():
    s = setup({"E3": {"terrain": "stream"}}, units=[unit("g", "D3")])
    got = api.move_cost(s, "g", "D3", "E3")
    assert got["mf"] == 3 and got["steps"][0]["rule"] == "B20.42"


# --- SSRs: B20.41, B20.43, B20.44, rivers and ponds to valleys -------------------------------

def test_the_stream_and_valley_ssrs_are_in_the_catalog_the_page_lists():
    names = [c["name"] for c in api.ssr_catalog()]
    for n in ("streams-dry", "streams-deep", "streams-flooded", "river-to-valley",
              "pond-to-valley"):
        assert n in names


def with_ssr(s: dict, *names: str) -> dict:
    return {**s, "ssr": list(names)}


def test_B20_41_dry_streams_rule_as_gullies_written_by_hand_both_ways():
    hexes = {**STREAM, "C5": {"terrain": "gully"}, "C6": {"terrain": "brush", "stream": True}}
    units = [unit("g", "C3"), unit("r", "C5", side="Russian"), unit("n", "C6", side="Russian")]
    dry = with_ssr(setup(hexes, units=units), "streams-dry")
    by_hand = setup({**{n: {"terrain": "gully"} for n in STREAM},
                     "C6": {"terrain": "brush", "gully": True}}, units=units)
    for a, b in (("g", "r"), ("r", "g"), ("g", "n"), ("n", "g")):
        got, want = api.los(dry, a, b), api.los(by_hand, a, b)
        assert (got["los"], got["hindrance"]) == (want["los"], want["hindrance"]) == (True, 0)
    assert api.los(setup(hexes, units=units), "g", "r")["rule"] == "B20.2"    # without it
    said = [st["text"] for st in api.los(dry, "g", "r")["steps"] if st["rule"] == "B20.41"]
    assert "The stream in C3 is dry, a gully for all purposes (B20.41) by the scenario's SSR " \
           "(streams dry; B20.41)." in said, said
    assert api.move_cost(dry, "g", "C3", "C4")["mf"] == 2          # a gully's (B19.4)


def test_B20_43_deep_streams_change_no_LOS_but_their_entry_is_not_modelled():
    units = [unit("g", "C3"), unit("r", "C6", side="Russian")]
    deep = with_ssr(setup(STREAM, units=units), "streams-deep")
    for r in check_both_ways(deep, "g", "r"):
        assert_clear(r)
    got = api.move_cost(deep, "g", "C3", "C4")
    assert got["allowed"] is False and got["steps"][0]["rule"] == "B20.43"
    assert api.move_cost(setup(STREAM, units=units), "g", "C3", "C4")["mf"] == 3


def test_B20_44_flooded_streams_are_no_depression_at_their_base_level():
    units = [unit("g", "E2"), unit("r", "E5", side="Russian")]
    hexes = {"E5": {"terrain": "stream"}}
    assert api.los(setup(hexes, units=units), "g", "r")["rule"] == "A6.3"
    flooded = with_ssr(setup(hexes, units=units), "streams-flooded")
    for r in check_both_ways(flooded, "g", "r"):
        assert_clear(r)
        assert "B20.44" in cited(r)
    loaded = api.load(flooded)
    got = loaded.hex(loaded.names.parse_hex("E5"))
    assert got.terrain == "water" and got.level == 0 and not got.is_depression


def test_river_and_pond_to_valley_make_the_water_open_ground_at_its_level():
    hexes = {"E3": {"terrain": "water", "water": "river", "level": -1},
             "J3": {"terrain": "water", "water": "pond", "level": -1}}
    units = [unit("g", "E3"), unit("r", "J3", side="Russian")]
    base = setup(hexes, units=units)
    assert api.move_cost(setup(hexes, units=[unit("m", "E2")]), "m", "E2", "E3")["allowed"] is False
    for names, open_ in ((("river-to-valley",), ("E3",)), (("pond-to-valley",), ("J3",)),
                         (("river-to-valley", "pond-to-valley"), ("E3", "J3"))):
        s = api.load(with_ssr(base, *names))
        for h in ("E3", "J3"):
            info = s.hex(s.names.parse_hex(h))
            assert info.level == -1
            assert (info.terrain == "open") is (h in open_), (names, h)
            assert ("water" in info.extra) is (h not in open_)
    r = api.los(with_ssr(base, "river-to-valley"), "g", "r")
    assert any(st["text"].startswith("The river in E3 is a valley by the scenario's SSR")
               for st in r["steps"]), r["steps"]


@pytest.mark.parametrize("pair", [("streams-dry", "streams-deep"),
                                  ("streams-flooded", "streams-dry")])
def test_two_stream_depths_on_one_board_are_refused(pair):
    with pytest.raises(SetupError, match=r"ssr\[1\]"):
        api.load(with_ssr(setup(STREAM), *pair))


def test_a_stream_ssr_travels_in_a_link():
    from pycore import share
    s = with_ssr(setup(STREAM), "streams-flooded")
    assert share.decode(share.encode(s))["ssr"] == ["streams-flooded"]


# --- B6.2: bridges, units on and beneath them -----------------------------------------------

def test_B6_2_a_bridge_blocks_the_LOS_between_units_on_it_and_beneath_it():
    for kind in ("stream", "gully"):
        hexes = {"E3": {"terrain": kind}, "E4": {"terrain": kind, "bridge": True},
                 "E5": {"terrain": kind, "bridge": True}}
        units = [unit("on", "E4"), unit("under", "E4", side="Russian", beneath=True),
                 unit("under2", "E5", side="Russian", beneath=True),
                 unit("in", "E3", side="Russian")]
        s = setup(hexes, units=units)
        for r in check_both_ways(s, "on", "under"):
            assert r["rule"] == "B6.2" and r["los"] is False
        for r in check_both_ways(s, "on", "under2"):      # one bridge of two hexes
            assert r["rule"] == "B6.2"
        # not beneath it: on the bridge, at the crest, to a unit IN the
        # Depression beside it, A6.3 as before; beneath to beneath, clear
        assert api.los(s, "on", "in")["rule"] != "B6.2"
        for r in check_both_ways(s, "under", "under2"):
            assert_clear(r)


def test_B6_2_the_bridge_hindrance_both_ends_at_its_level_or_only_one_below_it():
    base = {"E2": {"bridge": True}}
    cases = [({}, {}, 1),                                   # both at its level
             ({"level": 1}, {"terrain": "gully"}, 1),       # one below, one above
             ({"level": 1}, {}, 0),                         # one at its level, one above (was +1)
             ({"level": 1}, {"level": 1}, 0)]               # both above
    for far, near, drm in cases:
        s = setup({**base, "E1": far, "E3": near},
                  units=[unit("g", "E1"), unit("r", "E3", side="Russian")])
        for r in check_both_ways(s, "g", "r"):
            assert_clear(r, hindrance=drm)


# --- the rulebook's examples on the real boards ---------------------------------------------

def test_B20_2_EX_a_unit_IN_13P5_on_the_real_board():
    src = real("13")
    for h, sees in (("P3", True), ("N4", True), ("O4", True), ("Q3", True), ("N6", True),
                    ("M7", True), ("M6", False), ("Q4", False)):
        s = on(src, "13", unit("g", "13P5"), unit("r", "13" + h, side="Russian"))
        for r in check_both_ways(s, "g", "r"):
            assert r["los"] is sees, (h, r["steps"])


def test_B6_2_EX_13BB5_fires_through_the_bridge_at_13CC5_with_plus_one():
    src = real("13")
    assert api.board_terrain(src)["hexes"]["CC5"] == {"terrain": "stream", "bridge": True}
    s = on(src, "13", unit("g", "13BB5"), unit("r", "13FF3", side="Russian"))
    for r in check_both_ways(s, "g", "r"):
        assert_clear(r, hindrance=1)
        assert "B6.2" in cited(r)


def test_the_streams_of_board_41_read_as_streams_and_its_bridge_over_one():
    src = real("41")
    hexes = api.board_terrain(src)["hexes"]
    assert hexes["U5"] == {"terrain": "stream", "bridge": True}
    assert hexes["I6"] == {"terrain": "gully", "bridge": True}
    assert not any("Shallow Stream" in w for w in api.import_board(
        (BOARDS / "bd41").read_bytes())["warnings"])


def test_B20_2_units_IN_board_41s_stream_see_each_other_along_it_and_beneath_its_bridge():
    src = real("41")
    for a, b in (("T6", "T8"), ("U4", "U6")):       # U5: the stream runs on under the bridge
        s = on(src, "41", unit("g", "41" + a), unit("r", "41" + b, side="Russian"))
        for r in check_both_ways(s, "g", "r"):
            assert_clear(r)
            assert "B20.2" in cited(r)
