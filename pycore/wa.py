"""Wall Advantage (B9.32-B9.324, B9.62, D9.52, D9.54).

PLACEHOLDER interface, being replaced by the full rules:
``wa_hexsides(setup)`` maps each unit id to the frozenset of wall/hedge/bocage
hexsides it HAS Wall Advantage over.  The LOS engine reads it for bocage
(B9.521).
"""
from __future__ import annotations

from . import geometry as g
from .setup import Setup


def wa_hexsides(s: Setup) -> dict:
    got = s.cache.get("wa_hexsides")
    if got is None:
        got = {}
        for u in s.units:
            sides = frozenset()
            if u.wa:
                sides = frozenset(sd for sd in g.hexsides_of(u.hex) if s.wall(sd) is not None)
            got[u.id] = sides
        s.cache["wa_hexsides"] = got
    return got
