"""A visibility sweep settles threads over quiet ground (open hexes no higher
than the lower end, no listed hexside) without the LOS engine
(pycore.rules.quiet): its answers stay the engine's, hex by hex."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api
from pycore import geometry as g
from pycore.rules.los import quiet_ground
from pycore.setup import load_setup
from tests.boards import real
from tests.strategies import setups
from tests.test_los_properties import _location


def _painted(hexes: dict, hexsides: dict | None = None, units: list | None = None) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"columns": 9, "rows": 6},
            "hexes": hexes, "hexsides": hexsides or {}, "units": units or []}


def _agrees(setup: dict, viewer) -> dict:
    """The visibility map, checked against a ruling per hex."""
    vis = api.visibility(setup, viewer)["hexes"]
    for name, seen in vis.items():
        one = api.los(setup, viewer, {"hex": name})
        assert seen["los"] == one["los"], (name, one["steps"])
        assert seen["hindrance"] == (one["hindrance"] if one["los"] else 0), name
    return vis


def test_B10_23_an_open_hill_between_is_not_quiet_ground_below_it_both_ways():
    # B10.23: the level-2 crest in E3, seen from level-3 A3, casts a Blind Hex
    # on F3 at level 0 (open hexes all): the sweep must not take E3 as quiet
    # ground for the lower end
    hexes = {"A3": {"level": 3}, **{n: {"level": 2} for n in ("B3", "C3", "D3", "E3")}}
    setup = _painted(hexes)
    for viewer, target in (("A3", "F3"), ("F3", "A3")):
        assert not _agrees(setup, {"hex": viewer})[target]["los"]
    assert _agrees(setup, {"hex": "A3"})["G3"]["los"]
    # without the hill the thread is quiet, and clear
    assert _agrees(_painted({"A3": {"level": 3}}), {"hex": "A3"})["F3"]["los"]


def test_A6_4_woods_below_both_ends_are_quiet_and_above_the_lower_end_are_not_both_ways():
    # A6.2: woods in E3 (level 0, top level 1) between two level-1 hexes do not
    # block; seen from level-3 A3, they make F3 (level 0, behind them) a Blind
    # Hex (A6.4): the sweep must not take them as quiet ground for F3
    up = _painted({"A3": {"level": 1}, "I3": {"level": 1}, "E3": {"terrain": "woods"}})
    for viewer, target in (("A3", "I3"), ("I3", "A3")):
        assert _agrees(up, {"hex": viewer})[target]["los"]
    blind = _painted({"A3": {"level": 3}, "E3": {"terrain": "woods"}})
    for viewer, target in (("A3", "F3"), ("F3", "A3")):
        assert _agrees(blind, {"hex": viewer})[target] == {
            "los": api.los(blind, viewer, target)["los"], "hindrance": 0}
    assert not api.los(blind, "A3", "F3")["los"]


def test_B9_2_a_wall_on_a_crossed_hexside_is_not_quiet_both_ways():
    # B9.2: a same-level wall is a Half-Level obstacle to a LOS across it
    setup = _painted({}, {"E3-F3": "wall", "E3-F2": "wall"}, [])
    for viewer, target in (("A3", "I3"), ("I3", "A3")):
        vis = _agrees(setup, {"hex": viewer})
        assert not vis[target]["los"]
    assert _agrees(_painted({}), {"hex": "A3"})["I3"]["los"]


def test_D9_4_a_vehicle_between_hinders_both_ways():
    units = [{"id": "t", "side": "German", "type": "vehicle", "hex": "E3"}]
    setup = _painted({}, {}, units)
    for viewer, target in (("A3", "I3"), ("I3", "A3")):
        vis = _agrees(setup, {"hex": viewer})
        assert vis[target] == {"los": True, "hindrance": api.los(setup, viewer, target)["hindrance"]}


def test_quiet_hexes_are_open_ground_woods_or_gullies_without_units_drawings_streams_or_bocage():
    setup = _painted({"B2": {"terrain": "woods"}, "C2": {"terrain": "shellholes", "level": 1},
                      "D2": {"terrain": "stream"}, "D4": {"terrain": "gully"}},
                     {"F2-G2": "bocage"}, [{"id": "u", "side": "German", "type": "squad",
                                            "hex": "E2"}])
    s = load_setup(setup)
    levels = s.derived(quiet_ground.QUIET)
    names = {s.names.hex(h): top for h, top in levels.items()}
    assert names["C2"] == 1 and names["A1"] == 0 and names["B2"] == 1    # woods: top a level up
    assert names["D4"] == 0         # a gully's crest: its Depression rules read only its ends
    for loud in ("D2", "E2", "F2", "G2"):
        assert loud not in names


@given(setups(min_columns=6, max_columns=9, min_rows=4, max_rows=6, max_terrain=10,
              max_hexsides=6, max_units=3), st.data())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_visibility_over_mostly_open_maps_agrees_with_los_for_every_hex(setup, data):
    viewer = _location(data, setup)
    vis = _agrees(setup, viewer)
    assert set(vis) == {g.PLAIN.hex(h) for h in load_setup(setup).grid.hexes()}


def test_B21_1_a_sweep_over_water_and_its_drawn_banks_agrees_with_los_for_every_hex():
    # B21.1: water is neither obstacle nor Hindrance to a LOS over it, so a
    # Water Obstacle hex is quiet ground up to its own level, or up to a bank
    # drawn in it (A6.2): from the water, from the bank's level, and across it
    from tests.boards import written
    from tests.test_water import J5_BANK, POND
    setup = written(shapes=POND + [J5_BANK])
    s = api.load(setup)
    tops = {s.names.hex(h): top for h, top in s.derived(quiet_ground.QUIET).items()}
    assert tops["41H3"] == -1 and tops["41J5"] == 0        # the bank drawn in J5 at level 0
    for viewer in ("41I5", "41L5", "41M4", "41G5", "41J3"):
        _agrees(setup, {"hex": viewer})


@given(st.data())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_B21_1_sweeps_and_rulings_over_painted_water_agree_for_every_hex(data):
    hexes = {}
    for name in data.draw(st.lists(st.sampled_from([f"{c}{r}" for c in "ABCDEFGHI"
                                                    for r in range(1, 7)]),
                                   max_size=24, unique=True)):
        terrain = data.draw(st.sampled_from(["water", "water", "woods", "grain", "open"]))
        hexes[name] = {"terrain": terrain,
                       "level": data.draw(st.integers(-1, 0 if terrain == "water" else 2))}
    setup = _painted(hexes)
    _agrees(setup, _location(data, setup))


@pytest.mark.parametrize("label,viewers", [("07", ("L5", "W6")), ("08", ("P5", "CC3", "X4")),
                                           ("12", ("F8", "Q5", "G9", "Z7"))])
def test_sweeps_over_real_rivers_walls_and_gullies_agree_with_los_for_every_hex(label, viewers):
    setup = {"format": "asl-setup", "version": 1,
             "map": {"boards": [[{"board": label, "source": real(label)}]]}, "units": []}
    for v in viewers:
        _agrees(setup, {"hex": label + v})


def test_A6_1_a_woods_hex_touched_only_at_a_vertex_leaves_the_thread_quiet_both_ways():
    # The thread from A3 through a vertex only touches the third hex there:
    # its woods lie on one side of the thread (A6.1) and no rule reads it, so
    # the sweep settles the thread as quiet ground, as the engine rules it.
    s = load_setup(_painted({}))
    a3 = s.names.parse_hex("A3")
    for t in sorted(s.grid.hexes()):
        items = g.trace(a3, t) if t != a3 else ()
        crossed = {h for it in items if it.kind != "vertex" for h in it.hexes}
        touched = [h for it in items if it.kind == "vertex" for h in it.hexes if h not in crossed]
        if touched:
            break
    woods, target = s.names.hex(touched[0]), s.names.hex(t)
    setup = _painted({woods: {"terrain": "woods", "level": 1}})
    for viewer, other in (("A3", target), (target, "A3")):
        vis = _agrees(setup, {"hex": viewer})
        assert vis[other] == {"los": True, "hindrance": 0}, (woods, other)
