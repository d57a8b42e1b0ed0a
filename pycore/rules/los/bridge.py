"""Bridges (B6.1, B6.2): a bridge blocks the LOS between units on it and
units beneath it; otherwise it never blocks, and its Hindrance is
``pycore.rules.los.hindrance``'s. A unit in a bridge hex over a gully or a
stream is on the bridge unless it is ``beneath`` (B19.1, B20.1;
``pycore.rules.location``)."""
from __future__ import annotations

from ... import geometry as g
from ...setup import Setup
from ..location import End


def on_and_beneath(s: Setup, v: End, t: End) -> bool:
    """B6.2: one end on a bridge, the other beneath the same bridge: in the
    same hex, or in bridge hexes the thread joins through bridge hexes only
    (a bridge of several hexes)."""
    def beneath(e: End) -> bool:
        return e.in_depression and s.hex(e.hex).bridge
    if not ((v.on_gully_bridge and beneath(t)) or (t.on_gully_bridge and beneath(v))):
        return False
    if v.hex == t.hex:
        return True
    return all(s.hex(it.hexes[0]).bridge for it in g.trace(v.point, t.point) if it.kind == "hex")


def blocked_text(v: End, t: End, names: g.Names) -> str:
    on, under = (v, t) if v.on_gully_bridge else (t, v)
    return (f"{on.name} is on the bridge in {names.hex(on.hex)} and {under.name} beneath it in "
            f"{names.hex(under.hex)}: a bridge blocks the LOS between them (B6.2).")
