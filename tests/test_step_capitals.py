"""Every LOS step the player reads starts with a capital (issue 33: a seam
step on imported boards began "woods in 42B3 blocks the LOS"). The boards are
painted by tests/vasl_writer.py; a painted map is checked the same way."""
from __future__ import annotations

import pytest

from pycore import api
from tests.vasl_writer import board_archive

BD41 = board_archive({"Q5": {"terrain": "woods"}, "GG5": {"terrain": "stone-building"},
                      "FF5": {"level": 1}}, {"Q5-R4": "hedge"})
BD42 = board_archive({"C3": {"terrain": "stone-building", "levels": 2}, "B3": {"terrain": "woods"}},
                     {"A3-B3": "wall"}, name="42")


def _imported() -> dict:
    sources = [api.import_board(b)["source"] for b in (BD41, BD42)]
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": "41", "source": sources[0]},
                                {"board": "42", "source": sources[1]}]]},
            "hexes": {}, "hexsides": {}, "units": []}


def _painted() -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"columns": 12, "rows": 10},
            "hexes": {"E5": {"terrain": "woods"}, "F4": {"level": 1}, "G6": {"terrain": "building"}},
            "hexsides": {}, "units": []}


@pytest.mark.parametrize("make, viewers, targets", [
    (_imported, ["41DD5", "41EE4", "41FF6", "41GG3", "41CC5"], ["42C3", "42B5", "42D4", "42B2", "42E5"]),
    (_painted, ["A5", "C3", "D6"], ["I5", "J4", "K7"]),
])
def test_every_los_step_starts_with_a_capital_in_both_directions(make, viewers, targets):
    setup = make()
    for v in viewers:
        for t in targets:
            for a, b in ((v, t), (t, v)):          # A6.5: asked both ways
                for step in api.los(setup, {"hex": a, "level": 0}, {"hex": b, "level": 0})["steps"]:
                    assert not step["text"][:1].islower(), (a, b, step["text"])
