"""The LOS engine's walk passes quiet ground without asking the rules
(pycore.rules.los.driver, pycore.rules.los.quiet_ground): every ruling, steps
and all, is the one the rules give when asked of every hex, hexside and
vertex, on painted maps, boards as drawn and the real boards."""
from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api
from pycore.rules.los import driver, evaluate, quiet_ground
from pycore.setup import Slot
from tests.boards import real
from tests.strategies import setups
from tests.test_drawn import REGION, _names, _pairs, board_map, drawn_boards, imported
from tests.test_los_properties import _location

_NOTHING_QUIET: Slot[dict] = Slot("no_quiet_hexes", lambda s: {})


@contextmanager
def _every_part_asked() -> Iterator[None]:
    """The walk asks the rules of every hex, as it did before quiet ground."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(driver, "WHOLE", _NOTHING_QUIET)
        yield


def _same(setup: dict, pairs) -> int:
    """Each pair's ruling with quiet ground passed, and with every part asked:
    the same dict. Returns how many rulings the walk passed a quiet hex in."""
    s = api.load(setup)
    skipped = 0
    for a, b in pairs:
        got = evaluate(s, a, b).as_dict()
        with _every_part_asked():
            want = evaluate(s, a, b).as_dict()
        assert got == want, (a, b, got["steps"], want["steps"])
        r = evaluate(s, a, b)
        whole = s.derived(quiet_ground.WHOLE)
        low = min(r.viewer.elevation, r.target.elevation)
        skipped += any(item.kind == "hex" and whole.get(item.hexes[0], low + 1) <= low
                       for item in r.trace)
    return skipped


def _whole_top(setup: dict, name: str) -> int | None:
    s = api.load(setup)
    return s.derived(quiet_ground.WHOLE).get(s.names.parse_hex(name))


def test_A6_2_woods_no_higher_than_the_lower_end_are_passed_higher_woods_still_block():
    # both directions (A6.5), and both sides of the lower end's height (A6.2)
    setup = {"format": "asl-setup", "version": 1, "map": {"columns": 9, "rows": 6},
             "hexes": {"A3": {"level": 1}, "I3": {"level": 1}, "E3": {"terrain": "woods"}},
             "hexsides": {}, "units": []}
    both_ways = [("A3", "I3"), ("I3", "A3")]
    _same(setup, both_ways)
    assert _whole_top(setup, "E3") == 1     # the woods' top: passed by threads at level 1
    for a, b in both_ways:
        assert api.los(setup, a, b)["los"] is True
    setup["hexes"]["E3"]["level"] = 1       # woods top at level 2: above both ends
    _same(setup, both_ways)
    assert _whole_top(setup, "E3") == 2
    for a, b in (("A3", "I3"), ("I3", "A3")):
        r = api.los(setup, a, b)
        assert r["los"] is False and r["blocked_at"] == "E3", r["steps"]


@given(setups(min_columns=5, max_columns=9, min_rows=4, max_rows=7, max_terrain=12,
              max_hexsides=8, max_units=3), st.data())
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_rulings_over_quiet_ground_are_those_of_every_part_asked_on_painted_maps(setup, data):
    pairs = [(_location(data, setup), _location(data, setup)) for _ in range(6)]
    _same(setup, pairs)


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(drawn_boards(), st.data())
def test_rulings_over_quiet_ground_are_those_of_every_part_asked_on_boards_as_drawn(board, data):
    hexes, shapes = board
    setup = board_map([{"board": "41", "source": imported(hexes, shapes=shapes,
                                                          metadata_buildings=False)}])
    _same(setup, _pairs(data, ["41" + n for n in _names(REGION)]))


@pytest.mark.parametrize("label", ["06", "08", "12", "44"])
def test_rulings_over_quiet_ground_are_those_of_every_part_asked_on_real_boards(label):
    setup = {"format": "asl-setup", "version": 1,
             "map": {"boards": [[{"board": label, "source": real(label)}]]}, "units": []}
    s = api.load(setup)
    names = [s.names.hex(h) for h in sorted(s.grid.hexes())]
    rnd = random.Random(label)
    pairs = [tuple(rnd.sample(names, 2)) for _ in range(150)]
    assert _same(setup, pairs) > 30      # the walk passed quiet ground in many of them


def test_B10_2_EXC_crest_lines_drawn_next_to_the_higher_end_are_said_though_quiet():
    # Both ends on the level-2 hill; G5, next to H5, is a level-1 hex whose
    # crest line is drawn across it up to level 2: no higher than the lower
    # end, yet the ruling says the higher end traces its LOS through it
    # (B10.2 EXC). The walk passes such a hex only away from the ends.
    hexes = {n: {"level": 2} for n in ("B5", "C5", "D5", "E5", "F5", "H5", "B4", "C4", "D4",
                                       "E4", "F4", "H4", "B6", "C6", "D6", "E6", "F6", "H6")}
    hexes["G5"] = {"level": 1}
    setup = board_map([{"board": "41", "source": imported(
        hexes, shapes=({"hex": "G5", "level": 2, "rect": (-40, -40, 40, 0)},),
        metadata_buildings=False)}])
    said = [s for s in api.los(setup, "41C5", "41H5")["steps"] if s["rule"] == "B10.2"]
    assert said and "41G5" in said[0]["text"], said
    _same(setup, [("41C5", "41H5"), ("41H5", "41C5"), ("41B4", "41H5")])
