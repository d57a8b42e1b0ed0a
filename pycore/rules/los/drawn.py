"""The board as drawn (A6.1, A6.2): the second source of the terrain the LOS
rules ask (pycore.rules.los.source.Terrain), for a map of imported boards.

The hexes a board draws in part (woods or a building over part of the hex, a
crest line across it) answer as drawn (``drawing``, ``drawn_sides``); every
other hex as whole hexes (``source.WholeHexes``).
"""
from __future__ import annotations

import copy
from typing import NamedTuple

from ... import geometry as g
from ...setup import Setup
from ...terrain.catalog import HINDERING
from .drawing import Drawn, beside, ground, hindrance, imported, partial, said, standing, unpack
from .drawn_depression import outside
from .drawn_sides import (beside_drawing, ground_along, hindrances_along, obstacles_along,
                          through_break)
from .source import NOTHING, Beside, Ground, Hindering, Sides, Stand, WholeHexes, named


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


class Entry(NamedTuple):
    """A hex judged as drawn: its partial obstacle, its drawn ground, and its
    obstacles on that ground (None where whole)."""
    partial: Drawn | None
    ground: Drawn | None
    standing: Drawn
    highest: tuple[int, int]    # the highest obstacle top and ground level drawn (``highest``)


class AsDrawn(WholeHexes):
    """A map of imported boards: the hexes a board draws in part (woods or a
    building over part of the hex, a crest line across it) answer as drawn
    (A6.1, A6.2); every other hex as painted.  Each hex's entry is read once
    (``entry``) and kept."""
    drawn = True
    shift = 0       # quarter pixels: the thread moved across (pycore.rules.los.borderline)

    def __init__(self, s: Setup):
        super().__init__(s)
        self._entries: dict[g.Hex, Entry | None] = {}
        self._hindrances: dict[g.Hex, Drawn | None] = {}

    def entry(self, h: g.Hex) -> Entry | None:
        try:
            return self._entries[h]
        except KeyError:
            pass
        d, hill = partial(self.s, h), ground(self.s, h)
        got = None
        if d is not None or hill is not None:
            st = standing(self.s, h)
            assert st is not None
            # each drawing's first band holds its highest value (pycore.terrain.bands)
            top = max((p.bands[0][0] for p in st.parts), default=0)
            level = self.s.hex(h).level if hill is None else \
                hill.base + max((p.bands[0][0] for p in hill.parts), default=0)
            got = Entry(d, hill, st, (unpack(top)[0] if top else NOTHING, level))
        self._entries[h] = got
        return got

    def is_drawn(self, h: g.Hex) -> bool:
        return self.entry(h) is not None

    def drawings(self, hexes: list[g.Hex]) -> list[tuple[g.Hex, Entry | None, Drawn | None]]:
        """The hexes of ``hexes`` drawn in part, in order, each with its
        ``entry`` and ``drawn_hindrance`` (not both None): what the borderline
        reads along a thread (pycore.rules.los.borderline), the readings known
        taken at once."""
        entries, hindrances = self._entries, self._hindrances
        out: list[tuple[g.Hex, Entry | None, Drawn | None]] = []
        for h in hexes:
            e = entries[h] if h in entries else self.entry(h)
            d = hindrances[h] if h in hindrances else self.drawn_hindrance(h)
            if e is not None or d is not None:
                out.append((h, e, d))
        return out

    def drawn_partly(self, h: g.Hex) -> str | None:
        got = partial(self.s, h)
        return None if got is None else got.kind

    def drawn_across(self, a: g.Hex, b: g.Hex) -> bool | None:
        if not imported(self.s, a, b):
            return None
        ends = g.hexside_ends(g.hexside(a, b))
        return bool(obstacles_along(self.s, (a, b), *ends)[0])

    def highest(self, h: g.Hex) -> tuple[int, int]:
        e = self.entry(h)
        if e is None:
            return super().highest(h)
        return e.highest

    def what(self, h: g.Hex) -> str:
        e = self.entry(h)
        return self.s.hex(h).terrain if e is None or e.partial is None else said(e.partial, h, self.s.names)

    def whole(self, h: g.Hex) -> tuple[int, int] | None:
        return None if self.is_drawn(h) else super().whole(h)

    def meets(self, h: g.Hex, p: g.Point, q: g.Point) -> Stand | None:
        e = self.entry(h)
        if e is None:
            return WholeHexes.meets(self, h, p, q)
        if not e.standing.parts:
            return None                 # a crest line without an obstacle
        met = e.standing.met(p, q, self.shift)
        if not met:
            return None
        # A6.2: the obstacle stands on the ground drawn beneath it
        top2, height = unpack(met)
        d = e.partial
        if d is not None:
            what, rule = said(d, h, self.s.names), "A6.1"
        else:
            what, rule = f"{self.s.hex(h).terrain} in {self.s.names.hex(h)}", "A6.2"
        level = None
        if e.ground is not None:
            level = (top2 - height) // 2
            what += f" on ground drawn at level {level}"
        return Stand(top2, height, what, rule, level, d is not None)

    def beside(self, h: g.Hex) -> str | None:
        e = self.entry(h)
        return None if e is None or e.partial is None else beside(e.partial, h, self.s.names)

    def ground(self, h: g.Hex, p: g.Point, q: g.Point) -> Ground:
        e = self.entry(h)
        if e is None or e.ground is None:
            return WholeHexes.ground(self, h, p, q)
        return Ground(e.ground.base + e.ground.met(p, q, self.shift), True, e.ground.base < 0)

    def along(self, a: g.Hex, b: g.Hex, p: g.Point, q: g.Point) -> Sides:
        if not (self.is_drawn(a) or self.is_drawn(b)):
            return super().along(a, b, p, q)
        s = self.s
        ia, ib = s.hex(a), s.hex(b)
        top, full, (ta, ha), (tb, hb) = obstacles_along(s, (a, b), p, q)
        names = (named(self.what(a), ia.terrain, a, self.s.names),
                 named(self.what(b), ib.terrain, b, self.s.names))
        ga, gb = ia.level, ib.level
        drawn_ground = min(ga, gb) >= 0 and any(ground(s, h) is not None for h in (a, b))
        base = min(ga, gb)
        if drawn_ground:
            base, ga, gb = ground_along(s, (a, b), p, q)
        elif any(d is not None and d.base < 0 for d in (ground(s, a), ground(s, b))):
            # B21.1: a bank drawn in a Water Obstacle hex beside the hexside (A6.1, A6.2)
            (base, ga, gb), drawn_ground = ground_along(s, (a, b), p, q), True
        both = None
        notes: tuple[str, ...] = ()
        if top:
            both = Stand(top, full, f"{_cap(names[0] + ' and ' + names[1])} lie on both sides "
                                    f"of hexside {self.s.names.hexside((a, b))}", "A6.1",
                         as_drawn=True)
        else:
            notes = tuple(beside(d, h, self.s.names, on_side=True) for h, hh in ((a, ha), (b, hb))
                          for d in (partial(s, h),) if d is not None and not hh)
        return Sides(both, (ta, ha), (tb, hb), names, (ga, gb), base, True, drawn_ground,
                     notes)

    def shifted(self, shift: int) -> AsDrawn:
        """This terrain with every thread moved ``shift`` quarter pixels across
        (pycore.rules.los.borderline); the hexes' readings are shared."""
        other = copy.copy(self)
        other.shift = shift
        return other

    def drawn_hindrance(self, h: g.Hex) -> Drawn | None:
        try:
            return self._hindrances[h]
        except KeyError:
            d = self._hindrances[h] = hindrance(self.s, h)
            return d

    def hinders(self, h: g.Hex, p: g.Point, q: g.Point) -> Hindering:
        d = self.drawn_hindrance(h)
        if d is None:
            return WholeHexes.hinders(self, h, p, q)
        met = d.met(p, q, self.shift)
        return Hindering(HINDERING[met - 1] if met else None, True)

    def hinders_along(self, a: g.Hex, b: g.Hex, p: g.Point, q: g.Point) -> Beside:
        s = self.s
        if hindrance(s, a) is None and hindrance(s, b) is None:
            return WholeHexes.hinders_along(self, a, b, p, q)
        both, va, vb = hindrances_along(s, (a, b), p, q)
        return Beside(HINDERING[va - 1] if va else None, HINDERING[vb - 1] if vb else None,
                      both > 0, True)

    def through_break(self, sd: g.Hexside, p: g.Point, q: g.Point) -> bool:
        return through_break(self.s, sd, p, q)

    def beside_drawing(self, sd: g.Hexside, p: g.Point, q: g.Point) -> bool:
        return beside_drawing(self.s, sd, p, q)

    def leaves_depression(self, h: g.Hex, p: g.Point, q: g.Point) -> bool:
        """B19.2, B20.2, B4.2: on the art, the thread leaves the Depression in
        h where it passes through a pixel drawn outside it (A6.1's exact
        reading: along the art's edge, or grazing its corner, it stays on it)."""
        d = outside(self.s, h)
        return d is not None and d.met(p, q, self.shift) > 0
