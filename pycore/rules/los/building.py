"""B23.1: which adjacent building hexes are one building, and A6.8's floors
between the levels of one building.

B23.1 EX: a hex is "part of the same building" as its neighbours "because all
four building hexes are connected by building hexsides": two building hexes
are one building where the building is drawn across the hexside between
them, not merely because they touch. So:

- the setup names a hex's building (``"building": "A"``): hexes of one name
  are one building, of different names (or one named, one not) separate;
- on an imported board, where neither hex is named, the board's art decides:
  one building where building pixels lie on both sides of the hexside at
  once (the terrain's ``drawn_across``, pycore.rules.los.source, read along the
  hexside's own length);
- on a painted map, unnamed building hexes that touch are taken as one
  building, as a player paints a multi-hex building (the setup format's
  reading since version 1).
"""
from __future__ import annotations

from ... import geometry as g
from ...setup import Setup
from ...terrain.catalog import BUILDINGS
from .context import terrain


def one_building(s: Setup, a: g.Hex, b: g.Hex) -> tuple[bool, str]:
    """Are adjacent building hexes a and b one building (B23.1), and why, in
    a player's words?"""
    na, nb = s.hex(a).building, s.hex(b).building
    if na is not None or nb is not None:
        if na == nb:
            return True, f"both are of building {na!r} (B23.1)"
        named = " and ".join(f"{s.names.hex(h)} of building {n!r}" for h, n in ((a, na), (b, nb))
                             if n is not None)
        return False, f"they are separate buildings: {named} (B23.1)"
    across = terrain(s).drawn_across(a, b)
    if across is not None:
        side = s.names.hexside(g.hexside(a, b))
        if across:
            return True, f"the building is drawn across hexside {side} (B23.1)"
        return False, (f"no building is drawn across hexside {side}: they are separate "
                       f"buildings (B23.1)")
    return True, "touching building hexes are taken as one building unless named apart (B23.1)"


def floors_between(s: Setup, a: g.Hex, b: g.Hex) -> tuple[bool, str] | None:
    """For adjacent hexes a and b both of buildings: (one building or not, why);
    None where either is not a building."""
    if s.hex(a).terrain not in BUILDINGS or s.hex(b).terrain not in BUILDINGS:
        return None
    return one_building(s, a, b)
