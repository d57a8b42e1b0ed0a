"""Writing a whole setup back as JSON, each part by its own module: what a
link or a saved setup carries."""
from __future__ import annotations

from typing import Any

from ..terrain import ssr
from .hexes import dump_hexes
from .hexsides import dump_hexsides
from .mapspec import dump_map
from .settled import dump_settled
from .units import dump_units


def dump(s: Any, whole: bool = False) -> dict:
    """Setup ``s`` (which writes itself through this, ``Setup.to_dict``) as
    JSON: its own terrain (what a link carries), or with
    ``whole`` the terrain as decided (boards, SSRs and corrections)."""
    own_hexes, own_sides = (s.hexes, s.hexsides) if whole else s.layers.own
    out = {"format": "asl-setup", "version": 1, "map": dump_map(s),
           "hexes": dump_hexes(own_hexes, s.overrides is not None and not whole, s.names),
           "hexsides": dump_hexsides(own_sides, s.names), "units": dump_units(s.units, s.names)}
    if s.ssr:       # only when there are some (no ssr = none)
        out["ssr"] = ssr.spec(s.ssr)
    if s.settled:   # the same
        out["settled"] = dump_settled(s.settled)
    out.update(s.extra)
    return out
