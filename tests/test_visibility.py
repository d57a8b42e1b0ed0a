"""The visibility sweep (pycore.rules.visibility, issue 13): equal to one LOS ruling per
hex on a full 2 x 2 board map, fresh after every edit, and bounded in memory."""
import random
import tracemalloc

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api, limits
from pycore.rules import visibility
from pycore import geometry as g
from pycore.geometry import tracing
from tests.bench import random_setup
from pycore.rules.los import evaluate
from pycore.rules.location import make_end, resolve
from pycore.setup import load_setup
from tests.strategies import setups
from tests.test_los_properties import _location

BIG = dict(min_columns=66, max_columns=66, min_rows=20, max_rows=20, max_terrain=300,
           max_hexsides=120, max_units=4)


def _rulings(s, viewer) -> dict:
    """The visibility map computed the slow way: one Ruling per hex."""
    v = resolve(s, viewer, "viewer")
    out = {}
    for h in s.grid.hexes():
        r = evaluate(s, v, make_end(s, h))
        out[s.names.hex(h)] = {"los": r.los, "hindrance": r.hindrance if r.los else 0}
    return out


@given(setups(**BIG), st.data())
@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_visibility_equals_a_ruling_per_hex_on_a_66x20_map_A6_2(setup, data):
    viewer = _location(data, setup)
    s = load_setup(setup)
    assert api.visibility(setup, viewer)["hexes"] == _rulings(s, viewer)


def test_visibility_equals_a_ruling_per_hex_on_dense_random_maps_A6_2():
    # Dense terrain, hills and walls: most threads are settled by the A6.2 set test.
    rng = random.Random(7)
    for density in (0.3, 0.6):
        s = load_setup(random_setup(66, 20, rng, density))
        for _ in range(2):
            viewer = {"hex": g.PLAIN.hex(rng.choice(s.grid.hexes()))}
            assert visibility.visibility(s, viewer)["hexes"] == _rulings(s, viewer)


def test_a_viewer_at_a_vertex_sees_what_its_rulings_see_A6_12():
    # A thread traced from a vertex crosses the viewer's own hex, which then
    # counts as intervening terrain (A6.2): the sweep must agree.
    rng = random.Random(11)
    s = load_setup(random_setup(66, 20, rng, 0.4))
    for _ in range(3):
        h = rng.choice([h for h in s.grid.hexes() if not s.grid.is_half(h)])
        for v in rng.sample(g.hex_vertices(h), 2):
            viewer = {"hex": g.PLAIN.hex(h), "vertex": g.PLAIN.vertex(v)}
            assert visibility.visibility(s, viewer)["hexes"] == _rulings(s, viewer)


def test_an_edit_changes_the_map_of_a_viewer_asked_before_A6_2():
    units = [{"id": "g", "side": "German", "type": "squad", "hex": "C4"}]
    base = {"format": "asl-setup", "version": 1, "units": units}
    assert api.visibility(base, "g")["hexes"]["C9"]["los"] is True
    woods = dict(base, hexes={"C7": {"terrain": "woods"}})
    assert api.visibility(woods, "g")["hexes"]["C9"]["los"] is False
    assert api.visibility(base, "g")["hexes"]["C9"]["los"] is True
    # The answer is a fresh dict: changing it changes nothing cached.
    api.visibility(base, "g")["hexes"]["C9"]["los"] = False
    assert api.visibility(base, "g")["hexes"]["C9"]["los"] is True


def test_caches_stay_inside_their_bounds_after_40_viewers():
    # limits.py documents the bounds; this holds the memory they allow on a
    # 2 x 2 board map (66 x 20) after 40 viewers' visibility maps.
    api.DEFAULT.setups.clear()
    visibility._OFFSETS.clear()
    tracing.forget()
    rng = random.Random(3)
    setup = random_setup(66, 20, rng)
    cells = load_setup(setup).grid.hexes()
    tracemalloc.start()
    try:
        for _ in range(40):
            api.visibility(setup, {"hex": g.PLAIN.hex(rng.choice(cells))})
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(visibility._OFFSETS) <= limits.VISIBILITY_OFFSETS
    maps = api.load(setup).derived(visibility.MAPS)
    assert len(maps) == min(40, limits.VISIBILITY_MAPS)
    assert held <= limits.CACHE_BYTES, f"{held / 1e6:.1f} MB"


def test_a_sweep_keeps_the_threads_of_the_players_los_checks():
    # issue 32: a sweep asks each of its threads once. Kept by end points they
    # pushed an LOS check's thread out of the cache (500 threads) and left
    # 140,000 young objects for one long garbage collection mid-sweep.
    setup = {"format": "asl-setup", "version": 1, "map": {"columns": 66, "rows": 20}}
    s = api.load(setup)
    assert len(s.grid.hexes()) > tracing._ABS_CACHE_MAX
    checked = api.los(setup, {"hex": "K4"}, {"hex": "Z12"})
    ends = (resolve(s, {"hex": "K4"}, "viewer").point, resolve(s, {"hex": "Z12"}, "target").point)
    kept = g.trace(*ends)
    # open ground: 1,352 threads, none of them kept, whether the LOS engine rules
    # them (an entrenched viewer, B9.21: not a plain end) or quiet ground settles
    # them (pycore.rules.quiet, which traces what each touches)
    api.visibility(setup, {"hex": "A1", "entrenched": True})
    assert g.trace(*ends) is kept
    api.visibility(setup, {"hex": "B1"})
    assert g.trace(*ends) is kept
    assert api.los(setup, {"hex": "K4"}, {"hex": "Z12"}) == checked


def test_B9_2_walls_crossed_settle_the_sweep_as_the_rulings_do_both_ways():
    # The sweep settles a thread across a wall or hedge that blocks it as a
    # half-level obstacle by a set test (B9.2); a wall of the viewer's or the
    # target's own hex (B9.2), a wall below a higher end (A6.21), a Hillside
    # wall between elevations a level apart (B9.61), a road break (B9.1) and
    # bocage (B9.52) are left to the engine. Each viewer's map equals a
    # ruling per hex, from either side of each wall.
    hexes = {"E3": {"level": 1}, "F3": {"level": 1}, "F4": {"level": 1}, "B5": {"level": 2}}
    hexsides = {"C2-D2": "wall", "C3-D3": "hedge", "C4-D4": {"type": "wall", "gap": True},
                "E3-E4": {"type": "wall", "hillside": True}, "F2-G2": "bocage",
                "E5-F5": "wall", "B2-B3": "wall"}
    setup = {"format": "asl-setup", "version": 1, "map": {"columns": 9, "rows": 6},
             "hexes": hexes, "hexsides": hexsides, "units": []}
    s = load_setup(setup)
    seen = {}
    for viewer in ("A2", "I2", "B2", "B3", "B5", "D4", "E3", "I5"):
        got = visibility.visibility(s, {"hex": viewer})["hexes"]
        assert got == _rulings(s, {"hex": viewer}), viewer
        seen[viewer] = got
    assert seen["A2"]["F2"]["los"] is False and seen["I2"]["A2"]["los"] is False   # C2-D2 (B9.2)
    assert seen["B2"]["B4"]["los"] is True          # B2-B3 is B2's own hexside (B9.2)
    assert seen["B5"]["H3"]["los"] is True          # level 2 over the walls (A6.21)
