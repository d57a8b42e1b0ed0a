"""A hexside as imported boards draw it: what lies beside a thread run along
it (A6.1), and a wall's road break (B9.1, B9.3), read from the hexes'
drawings (``drawing``) and cached per setup."""
from __future__ import annotations

from typing import Any, Callable

from ... import geometry as g
from ...geometry.boards import Board
from ...terrain.depiction import Columns, Run, met_beside
from ...setup import Setup, Slot
from ...terrain.vasl import grid
from ...terrain.vasl import layers
from .drawing import ground, ground_cols, hindrance_cols, shape_of, standing_cols, unpack

# --- along a hexside: both hexes' drawings at once (A6.1) --------------------------------
#
# A thread along a hexside has one hex's pixels on one side and the other's on
# the other (or runs inside a row of one hex's pixels). An obstruction counts
# only where it is on both sides at once (A6.1): pycore.terrain.depiction.met_beside
# reads both hexes' drawings, whole or drawn, column by column.


Pair = tuple[Board, Columns, Columns]


_SIDES: Slot[dict[tuple[str, tuple[g.Hex, g.Hex]], list[Pair]]] = Slot("drawn_sides", lambda s: {})


def _pairs(s: Setup, key: str, side: tuple[g.Hex, g.Hex],
           cols_of: Callable[[Board, g.Hex], Columns]) -> list[Pair]:
    """Per imported board holding either hex: both hexes' columns there (cached)."""
    cache = s.derived(_SIDES)
    got = cache.get((key, side))
    if got is None:
        layout = s.layout
        assert layout is not None
        boards = dict.fromkeys(b for h in side for b in layout.holders(h)
                               if b.source is not None)
        got = cache[(key, side)] = [(b, cols_of(b, side[0]), cols_of(b, side[1]))
                                    for b in boards]
    return got


# What lies beside a run along a hexside, per setup: a run is a whole hexside
# (its ends are vertices), so a map has at most two per hexside (either way),
# and every thread along it, of every sweep, reads it once.
_ALONG: Slot[dict[tuple[str, tuple[g.Hex, g.Hex], g.Point, g.Point], Any]] = \
    Slot("drawn_along", lambda s: {})


def _beside(s: Setup, pairs: list[Pair], p: g.Point, q: g.Point) -> tuple[int, int, int]:
    both = side_a = side_b = 0
    for board, ca, cb in pairs:
        if not ca and not cb:
            continue
        shape = shape_of(s, board)
        qa = shape.frame(board.to_local(g.Hex(p)))
        qb = shape.frame(board.to_local(g.Hex(q)))
        m, ma, mb = met_beside(ca, cb, qa, qb, shape.unit)
        both, side_a, side_b = max(both, m), max(side_a, ma), max(side_b, mb)
    return both, side_a, side_b


def obstacles_along(s: Setup, side: tuple[g.Hex, g.Hex], p: g.Point, q: g.Point
                    ) -> tuple[int, int, tuple[int, int], tuple[int, int]]:
    """Along the hexside between the two hexes, the run p-q: (the top, half
    levels, of the highest obstacle on both of its sides at once, 0 where
    none; its height; (top, height) of the first hex's highest obstacle beside
    it, (0, 0) where none; the second's), each obstacle drawn or whole, on
    the ground drawn beneath it (A6.2)."""
    cache = s.derived(_ALONG)
    key = ("tops", side, p, q)
    got = cache.get(key)
    if got is None:
        pairs = _pairs(s, "tops", side, lambda b, h: standing_cols(s, b, h))
        both, ta, tb = _beside(s, pairs, p, q)
        top, height = unpack(both) if both else (0, 0)
        got = cache[key] = (top, height, unpack(ta) if ta else (0, 0),
                            unpack(tb) if tb else (0, 0))
    return got


def _layer_along(s: Setup, name: str, cols_of: Callable[[Setup, Board, g.Hex], Columns],
                 side: tuple[g.Hex, g.Hex], p: g.Point, q: g.Point) -> tuple[int, int, int]:
    """What one layer (``cols_of``: a hex's columns on a board, drawn or whole)
    shows along the hexside run p-q, cached per setup: the highest value on
    both of its sides at once, then the highest each hex shows beside it."""
    cache = s.derived(_ALONG)
    key = (name, side, p, q)
    got = cache.get(key)
    if got is None:
        got = cache[key] = _beside(s, _pairs(s, name, side, lambda b, h: cols_of(s, b, h)), p, q)
    return got


def ground_along(s: Setup, side: tuple[g.Hex, g.Hex], p: g.Point, q: g.Point
                 ) -> tuple[int, int, int]:
    """The highest level of ground the run p-q along the hexside has on both
    of its sides at once (a crest line drawn in either hex, or a bank beside
    water drawn there, B21.1), as drawn; then the highest each hex shows
    beside it. Levels are read above the lowest ground either hex shows
    (``Drawn.base``: water's, drawn below level 0), so level 0 counts."""
    drawn = [ground(s, h) for h in side]
    low = min([0] + [d.base for d in drawn if d is not None] +
              [s.hex(h).level for h, d in zip(side, drawn) if d is None])
    if low == 0:
        return _layer_along(s, "ground", ground_cols, side, p, q)

    def cols(b: Board, h: g.Hex) -> Columns:
        d = drawn[side.index(h)]
        shape = shape_of(s, b)
        if d is None:
            return layers.filled(b.to_local(h), s.hex(h).level - low, shape)
        got = next((pt.cols for pt in d.parts if pt.board is b), {})
        return _lifted(got, layers.pixels(b.to_local(h), shape), d.base - low)
    both, ga, gb = _layer_along(s, f"ground{low}", lambda s_, b, h: cols(b, h), side, p, q)
    return both + low, ga + low, gb + low


def _lifted(cols: Columns, pixels: tuple[tuple[int, int, int], ...], by: int) -> Columns:
    """A hex's ground layer (its ``pixels``) with every pixel ``by`` levels
    higher, those without a value (at the layer's base) included."""
    if not by:
        return cols
    out: dict[int, list[Run]] = {}
    for i, j0, j1 in pixels:
        col: list[Run] = []
        j = j0
        for r0, r1, v in cols.get(i, ()):
            if r0 > j:
                col.append((j, r0 - 1, by))
            col.append((r0, r1, v + by))
            j = r1 + 1
        if j <= j1:
            col.append((j, j1, by))
        out[i] = col
    return out


def hindrances_along(s: Setup, side: tuple[g.Hex, g.Hex], p: g.Point, q: g.Point
                     ) -> tuple[int, int, int]:
    """Along the hexside between the two hexes, the run p-q: the hindrance
    value (``terrain.hindrance_value``) both of its sides show at once (0
    where none), then the value each hex shows beside it, drawn or whole."""
    return _layer_along(s, "hindrance", hindrance_cols, side, p, q)


# --- a wall's road break, where it is drawn (B9.1, B9.3) ---------------------------------

def through_break(s: Setup, sd: g.Hexside, p: g.Point, q: g.Point) -> bool:
    """B9.1: a wall/hedge's depiction blocks "except for obvious breaks in the
    depiction": does the thread p-q cross hexside ``sd``, read with a road
    gap, where its depiction leaves the hexside bare? A crossing on the edge
    of a break is through it. A gap the player paints, or one on a painted
    map, is a break along the whole hexside."""
    got = _bare(s, sd, p, q)
    return True if got is None else got


def beside_drawing(s: Setup, sd: g.Hexside, p: g.Point, q: g.Point) -> bool:
    """Does the thread p-q cross hexside ``sd`` where an imported board draws
    it bare (a rowhouse's bar drawn across only its building, B23.71)? A
    painted hexside, or the player's own, is drawn along its whole length."""
    return _bare(s, sd, p, q) is True


def _bare(s: Setup, sd: g.Hexside, p: g.Point, q: g.Point) -> bool | None:
    """Whether the thread p-q crosses ``sd`` in a stretch its imported board's
    reading leaves bare; None where no board's reading gives it bare stretches
    (painted, the player's own, or drawn along its whole length)."""
    layout = s.layout
    if layout is None or not layout.sources or (s.overrides is not None and sd in s.overrides.hexsides):
        return None
    for b in layout.holders(sd[0]):
        if b.source is None or not b.holds(sd[1]):
            continue
        bare = s.imported[b.source].reading.breaks.get(
            g.hexside(b.to_local(sd[0]), b.to_local(sd[1])))
        if bare is None:
            continue
        (ax, ay), (bx, by) = sorted(b.to_local(g.Hex(v)) for v in g.hexside_ends(sd))
        (px, py), (qx, qy) = b.to_local(g.Hex(p)), b.to_local(g.Hex(q))
        return crosses_bare(bare, (ax, ay), (bx, by), (px, py), (qx, qy))
    return None


def crosses_bare(bare: frozenset[int], a: g.Point, b: g.Point, p: g.Point,
                 q: g.Point) -> bool:
    """Does the line p-q cross the hexside a-b (its ends in the board's own
    frame, a the lower) in one of its ``bare`` stretches (grid.STRETCHES equal
    stretches from a)? A crossing on the edge of a bare stretch is through it.
    Where the line meets the hexside, as a fraction of it from a, is the ratio
    of two cross products: ``num / den`` times STRETCHES, compared as integers
    (exact: the lattice maps onto the pixels affinely, so the fraction is the
    same in either frame)."""
    (ax, ay), (bx, by), (px, py) = a, b, p
    ux, uy = q[0] - px, q[1] - py
    den = (bx - ax) * uy - (by - ay) * ux
    if den == 0:
        return True                     # along it: not a crossing
    num = ((px - ax) * uy - (py - ay) * ux) * grid.STRETCHES
    if den < 0:
        num, den = -num, -den
    k, rest = divmod(num, den)          # the stretch it meets, and whether on its edge
    return k in bare or (rest == 0 and k - 1 in bare)
