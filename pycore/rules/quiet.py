"""Quiet ground: the hexes and hexsides no LOS rule speaks of but for a hex's
level, so that a visibility sweep can settle a thread over them without the
LOS engine (pycore.rules.visibility).

A hex is quiet as pycore.rules.los.quiet_ground says; a hexside is quiet
where the setup lists nothing on it (no wall, hedge, bocage, cliff, rowhouse
bar or Depression hexside). Every rule the engine asks of such a hex or
hexside blocks nothing and adds no Hindrance as long as the hex's top is no
higher than the lower end (quiet_ground), and the wall rules need a wall
(B9.2).

So a thread from a plain viewer (not IN a Depression, not on a bridge, not
entrenched) to a plain ground Location, all of whose other hexes crossed or
run along are quiet at or below the lower end, and every hexside it crosses,
runs along or touches at a vertex quiet, is clear with no Hindrance (A6.1). tests/test_quiet.py,
tests/test_los_properties.py and tests/test_drawn.py hold the sweep that
uses this to the engine, hex by hex, on painted maps and boards as drawn.
"""
from __future__ import annotations

from array import array
from collections import OrderedDict

from .. import geometry as g
from .. import limits
from ..setup import Setup
from .location import End
from .los.context import item_hexsides
from .los.quiet_ground import QUIET

STRIDE = 1 << 12            # packs a relative hex or doubled hexside midpoint (x, y) as x * STRIDE + y

# (viewer point, target), both relative to the viewer's hex and mirrored into
# its quadrant -> (packed hexes, packed hexsides) the thread touches
_TOUCHED: OrderedDict = OrderedDict()


def plain(s: Setup, e: End) -> bool:
    """An end whose own status no rule beyond the thread's hexes reads: not
    IN a Depression (A6.3), not on or beneath a bridge (B6.2), not entrenched
    (B9.21), without Crest status, in a hex holding no Depression and no
    bridge. (Units in an end's own hex never hinder its LOS, D9.4.)"""
    return not (e.entrenched or e.crest or e.on_gully_bridge) and _plain_hex(s, e.hex)


def _plain_hex(s: Setup, h: g.Hex) -> bool:
    info = s.hex(h)
    return not (info.is_depression or info.bridge)


def touched(p: g.Point, q: g.Hex) -> tuple[array, array]:
    """Packed: the hexes (other than q, and p's hex where p is its centre) the
    thread from p to q crosses or runs along, and the hexsides (doubled
    midpoints) it crosses, runs along or touches at a vertex; p, q relative
    to a hex centre at (0, 0). A hex touched only at a vertex is not among
    them: no rule reads it there (the vertex's rules are the walls' on its
    hexsides, B9.1, B9.2; pycore.rules.los.driver passes such a vertex too).
    Cached for every map and viewer (limits.VISIBILITY_OFFSETS)."""
    key = (p, q)
    got = _TOUCHED.get(key)
    if got is not None:
        return got
    own = {q} | ({g.Hex(p)} if g.is_centre(p) else set())
    hexes: set[g.Hex] = set()
    sides: set[g.Hexside] = set()
    with g.traced_once():       # a sweep's offsets: never kept as a player's LOS clicks are
        items = g.trace(p, q)
    for item in items:
        if item.kind != "vertex":       # a vertex's rules are its hexsides' (walls, B9.2)
            hexes.update(item.hexes)
        sides.update(item_hexsides(item))
    got = (array("i", [x * STRIDE + y for x, y in hexes - own]),
           array("i", [(a[0] + b[0]) * STRIDE + a[1] + b[1] for a, b in sides]))
    _TOUCHED[key] = got
    if len(_TOUCHED) > limits.VISIBILITY_OFFSETS:
        _TOUCHED.popitem(last=False)
    return got


class Quiet:
    """For one viewer: the quiet hexes whose top is at or below each level, and the
    map's listed hexsides, relative to the viewer's hex and mirrored into each
    quadrant (as pycore.rules.visibility packs its offsets)."""

    def __init__(self, s: Setup, v: End):
        self.s, self.v = s, v
        self.tops = s.derived(QUIET)
        self.plain: dict[g.Hex, bool] = {}
        self.low: dict = {}       # (lo_ground, sx, sy) -> packed quiet hexes no higher
        self.listed: dict = {}    # (sx, sy) -> packed hexsides the setup lists

    def clear(self, t: End | None, h: g.Hex, et: int, p: g.Point, q: g.Hex, sx: int,
              sy: int, crossed: array) -> bool:
        """Is the thread from the viewer to ``t`` (None: hex h's ground
        Location, at elevation ``et``) clear with no Hindrance because it runs
        over quiet ground no higher than its lower end only? p, q: the thread
        relative to the viewer's hex and mirrored (``touched``); ``crossed``:
        the interiors it crosses, packed alike (pycore.rules.visibility), a
        part of what it touches, tested first."""
        v = self.v
        if t is None:
            plain_t = self.plain.get(h)
            if plain_t is None:
                plain_t = self.plain[h] = _plain_hex(self.s, h)
            if not plain_t:
                return False
        elif not plain(self.s, t):
            return False
        if v.level != (0 if t is None else t.level) and g.distance(v.hex, h) == 1:
            return False    # one building's floors may lie between them (A6.8)
        lo_ground = min(v.elevation, et)
        key = (lo_ground, sx, sy)
        quiet = self.low.get(key)
        if quiet is None:
            vx, vy = self.v.hex
            quiet = self.low[key] = frozenset(
                sx * (x - vx) * STRIDE + sy * (y - vy)
                for (x, y), top in self.tops.items() if top <= lo_ground)
        if not quiet.issuperset(crossed):
            return False
        hexes, sides = touched(p, q)
        if not quiet.issuperset(hexes):
            return False
        listed = self.listed.get((sx, sy))
        if listed is None:
            vx, vy = self.v.hex
            listed = self.listed[(sx, sy)] = frozenset(
                sx * (a[0] + b[0] - 2 * vx) * STRIDE + sy * (a[1] + b[1] - 2 * vy)
                for a, b in self.s.hexsides)
        return listed.isdisjoint(sides)
