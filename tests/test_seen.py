"""Who sees a target, and a side's coverage (pycore.rules.seen; docs/contract.md, "Who sees a
hex"): every answer equal to the LOS ruling of each pair, on painted maps and a board as drawn."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api
from pycore.rules import seen
from pycore.rules.location import unit_end
from pycore.rules.los import evaluate
from tests.strategies import setups
from tests.test_drawn import REGION, _names, board_map, drawn_boards, imported
from tests.test_los_properties import _location

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SLOW = settings(max_examples=8, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _setup(hexes=None, hexsides=None, units=(), **map_) -> dict:
    return {"format": "asl-setup", "version": 1, "map": map_ or {"columns": 12, "rows": 8},
            "hexes": dict(hexes or {}), "hexsides": dict(hexsides or {}), "units": list(units)}


def _unit(uid: str, side: str, hex_: str, **flags) -> dict:
    return {"id": uid, "side": side, "type": flags.pop("type", "squad"), "hex": hex_, **flags}


# --- the laws: equal to a ruling per pair ---------------------------------------------------

def _seen_by_by_los(setup: dict, target) -> list[dict]:
    """seen_by the slow way: ``api.los`` from each unit that could see the target."""
    s = api.load(setup)
    t = s.find_unit(target) if isinstance(target, str) else None
    out = []
    for u in s.units:
        if not seen.sees(u) or u is t or (t is not None and u.is_friend(t)):
            continue
        r = api.los(setup, u.id, target)
        out.append({"unit": u.id, "los": r["los"], "hindrance": r["hindrance"]})
    return out


def _coverage_by_rulings(setup: dict, side: str, level: int = 0) -> dict:
    """coverage the slow way: one ruling per Good Order viewer and hex, to a unit
    there (at ``level`` where the hex has it)."""
    s = api.load(setup)
    viewers = [u for u in s.units if u.side == side and seen.good_order(u)]
    out = {}
    for h in s.grid.hexes():
        at = level if s.hex(h).top_level >= level else 0
        t = seen.probe(s, h, at)
        rulings = [evaluate(s, unit_end(s, u), t) for u in viewers]
        sees = [r for r in rulings if r.los]
        out[s.names.hex(h)] = {"seen": len(sees),
                               "hindered": bool(sees) and all(r.hindrance for r in sees)}
    return out


@given(setups(min_units=1, max_units=4), st.data())
@SETTINGS
def test_A6_5_seen_by_a_unit_equals_los_from_each_enemy(setup, data):
    target = data.draw(st.sampled_from([u["id"] for u in setup["units"]]))
    assert api.seen_by(setup, target)["units"] == _seen_by_by_los(setup, target)


@given(setups(max_units=4), st.data())
@SETTINGS
def test_A6_5_seen_by_a_location_equals_los_from_every_unit(setup, data):
    target = _location(data, setup)
    assert api.seen_by(setup, target)["units"] == _seen_by_by_los(setup, target)


@given(setups(min_units=1, max_units=4, max_columns=8, max_rows=6, max_terrain=16), st.data())
@SETTINGS
def test_A6_2_coverage_equals_a_ruling_per_viewer_and_hex(setup, data):
    side = data.draw(st.sampled_from([u["side"] for u in setup["units"]]))
    s = api.load(setup)
    level = data.draw(st.sampled_from(sorted({0} | {s.hex(h).top_level for h in s.grid.hexes()})))
    assert api.coverage(setup, side, level)["hexes"] == _coverage_by_rulings(setup, side, level)


@given(setups(min_units=1, max_units=4, max_hexsides=0), st.data())
@SETTINGS
def test_A6_2_without_bocage_coverage_counts_api_los_to_each_location(setup, data):
    # Only bocage hides a unit where its Location is seen (B9.521); without it,
    # coverage is the count of ``api.los`` to the Location itself.
    side = data.draw(st.sampled_from([u["side"] for u in setup["units"]]))
    s = api.load(setup)
    got = api.coverage(setup, side)["hexes"]
    for h in s.grid.hexes():
        name = s.names.hex(h)
        sees = [r for u in s.units if u.side == side and seen.good_order(u)
                for r in (api.los(setup, u.id, {"hex": name}),) if r["los"]]
        assert got[name]["seen"] == len(sees)


@SLOW
@given(drawn_boards(), st.data())
def test_A6_1_coverage_and_seen_by_on_a_board_as_drawn(board, data):
    hexes, shapes = board
    source = imported(hexes, shapes=shapes, metadata_buildings=False)
    spots = data.draw(st.lists(st.sampled_from(_names(REGION)), min_size=3, max_size=3, unique=True))
    units = [_unit("g1", "German", "41" + spots[0]), _unit("g2", "German", "41" + spots[1]),
             _unit("r1", "Russian", "41" + spots[2])]
    setup = board_map([{"board": "41", "source": source}], units=units)
    assert api.coverage(setup, "German")["hexes"] == _coverage_by_rulings(setup, "German")
    assert api.seen_by(setup, "r1")["units"] == _seen_by_by_los(setup, "r1")
    where = {"hex": "41" + data.draw(st.sampled_from(_names(REGION)))}
    assert api.seen_by(setup, where)["units"] == _seen_by_by_los(setup, where)


# --- the cases ------------------------------------------------------------------------------

def test_A6_11_coverage_counts_good_order_units_only_A12_1():
    units = [_unit("g1", "German", "C3"), _unit("g2", "German", "E3", broken=True),
             _unit("g3", "German", "F3", unarmed=True), _unit("g4", "German", "G3", type="wreck"),
             _unit("g5", "German", "H3", pinned=True), _unit("r1", "Russian", "J6")]
    got = api.coverage(_setup(units=units), "german")
    assert got["units"] == ["g1", "g5"]          # pinned is Good Order; broken, unarmed are not
    assert got["hexes"]["J6"] == {"seen": 2, "hindered": False}
    # seen_by lists who traces a LOS, broken or not; a wreck sees nothing
    assert [e["unit"] for e in api.seen_by(_setup(units=units), "r1")["units"]] == \
        ["g1", "g2", "g3", "g5"]


def test_A6_7_a_hex_seen_only_through_a_hindrance_is_hindered():
    units = [_unit("g1", "German", "C4"), _unit("g2", "German", "E8")]
    setup = _setup(hexes={"C6": {"terrain": "grain"}}, units=units)
    got = api.coverage(setup, "German")["hexes"]
    assert got["C8"] == {"seen": 2, "hindered": False}     # g2 sees it clear
    only = api.coverage(_setup(hexes={"C6": {"terrain": "grain"}}, units=units[:1]), "German")
    assert only["hexes"]["C8"] == {"seen": 1, "hindered": True}


def test_A6_8_a_target_in_a_building_at_a_level():
    # Woods in E6 and E7 hide F6's ground level from C6, not its level 2.
    hexes = {"E6": {"terrain": "woods"}, "E7": {"terrain": "woods"},
             "F6": {"terrain": "building", "levels": 3}}
    setup = _setup(hexes=hexes, units=[_unit("g1", "German", "C6"), _unit("r1", "Russian", "K1")])
    ground, high = api.coverage(setup, "German")["hexes"], api.coverage(setup, "German", 2)["hexes"]
    for got, level in ((ground, 0), (high, 2)):
        assert got["F6"]["seen"] == int(api.los(setup, "g1", {"hex": "F6", "level": level})["los"])
        assert got["C2"]["seen"] == int(api.los(setup, "g1", {"hex": "C2"})["los"])  # open: ground
    assert (ground["F6"]["seen"], high["F6"]["seen"]) == (0, 1)
    at = api.coverage(setup, "German", 2, at="F6")["at"]
    assert at["level"] == 2 and at["units"][0]["los"] is True
    assert api.seen_by(setup, {"hex": "F6", "level": 2})["units"][0]["los"] is True


def test_A6_8_a_units_own_hex_is_seen():
    units = [_unit("g1", "German", "D4"), _unit("g2", "German", "D4"), _unit("r1", "Russian", "D4")]
    setup = _setup(units=units)
    assert api.coverage(setup, "German")["hexes"]["D4"] == {"seen": 2, "hindered": False}
    assert api.seen_by(setup, "r1")["units"] == [{"unit": "g1", "los": True, "hindrance": 0},
                                                 {"unit": "g2", "los": True, "hindrance": 0}]
    here = api.seen_by(setup, {"hex": "D4"})["units"]
    assert [e["unit"] for e in here] == ["g1", "g2", "r1"] and all(e["los"] for e in here)


def test_B9_521_a_unit_behind_bocage_is_unseen_though_its_location_is_seen():
    # The viewer above the bocage sees into the hex beyond it, not a unit there without WA.
    setup = _setup(hexes={"C3": {"level": 2}}, hexsides={"C6-C7": "bocage"},
                   units=[_unit("g1", "German", "C3")])
    assert api.los(setup, "g1", {"hex": "C7"})["location_los"] is True
    got = api.coverage(setup, "German", at="C7")
    assert got["hexes"]["C7"]["seen"] == 0
    assert got["at"]["units"][0]["rule"] == "B9.521"
    assert [s["text"][0].isupper() for s in got["at"]["units"][0]["steps"]] == [True] * 3


def test_names_on_a_layout_of_boards_carry_their_board():
    setup = {"format": "asl-setup", "version": 1, "map": {"boards": [["12", "13"]]},
             "units": [_unit("g1", "German", "12P2"), _unit("r1", "Russian", "13C5")]}
    got = api.coverage(setup, "German", at="13C5")
    assert "12P2" in got["hexes"] and "13C5" in got["hexes"]
    assert got["hexes"]["12P2"] == {"seen": 1, "hindered": False}
    assert got["at"]["hex"] == "13C5" and got["hexes"]["13C5"]["seen"] == 1
    assert api.seen_by(setup, {"hex": "12P2"})["target"] == "12P2"
    assert api.coverage(setup, "German", at="12GG5")["at"]["hex"] == api.place(setup, "13A5")["name"]


def test_steps_on_demand_are_the_los_rulings_steps():
    setup = _setup(hexes={"D5": {"terrain": "woods"}},
                   units=[_unit("g1", "German", "D3"), _unit("r1", "Russian", "D7")])
    line = api.seen_by(setup, "r1", steps=True)["units"][0]
    ruling = api.los(setup, "g1", "r1")
    assert {k: line[k] for k in ("los", "hindrance", "range", "blocked_at", "rule", "steps")} == \
        {k: ruling[k] for k in ("los", "hindrance", "range", "blocked_at", "rule", "steps")}
    assert "steps" not in api.seen_by(setup, "r1")["units"][0]
    assert "at" not in api.coverage(setup, "German")


@pytest.mark.parametrize("call, field", [
    (lambda s: api.coverage(s, "Finns"), "side:"),
    (lambda s: api.coverage(s, 3), "side:"),
    (lambda s: api.coverage(s, "German", 4), "level:"),
    (lambda s: api.coverage(s, "German", "1"), "level:"),
    (lambda s: api.coverage(s, "German", -1), "level:"),
    (lambda s: api.coverage(s, "German", 0, "Q99"), "at:"),
    (lambda s: api.seen_by(s, "nobody"), "target:"),
    (lambda s: api.seen_by(s, {"hex": "B2", "level": 1}), "target.level:"),
    (lambda s: api.seen_by(s, ["B2"]), "target:"),
    (lambda s: api.seen_by(s, "r1", steps="yes"), "steps:"),
])
def test_bad_input_is_a_setup_error_naming_the_field(call, field):
    setup = _setup(hexes={"F6": {"terrain": "building", "levels": 2}},
                   units=[_unit("g1", "German", "D7"), _unit("r1", "Russian", "K1")])
    with pytest.raises(api.SetupError) as e:
        call(setup)
    assert str(e.value).startswith(field)
