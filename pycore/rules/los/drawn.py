"""Obstacles where an imported board draws them (A6.1).

On a map of imported boards (``map.boards`` entries with a ``source``), a hex
the player has not painted and whose woods or building covers only part of
it (``pycore.terrain.vasl.layers``: a *partial* hex) is judged on its depiction: the
thread meets the obstacle only where it passes through the drawn pixels,
with the obstruction on both sides of it (``pycore.terrain.depiction.met``). Every
other hex, and every painted map, is judged whole, as before.

A seam hex takes the pixels of each imported board holding it (its ground too,
where its halves differ), each in that
board's own frame (a flipped board's frame turned with it).
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ... import geometry as g
from ...terrain import ssr
from ...geometry.boards import Board, Layout
from ...terrain.depiction import Band, Box, Columns, Run, bands, met_beside, met_banded
from ...limits import MAX_LEVEL
from ...setup import Setup, Slot
from ...terrain.catalog import HINDERING, TERRAIN, hindrance_value, obstacle_height
from ...terrain.vasl import grid, layers
from .source import NOTHING, Beside, Ground, Hindering, Painted, Sides, Stand, named



def box(cols: Columns) -> Box:
    """The rectangle (quarter pixels) round a layer's drawn pixels."""
    j0 = min(runs[0][0] for runs in cols.values())
    j1 = max(runs[-1][1] for runs in cols.values())
    return 4 * min(cols), 4 * j0, 4 * max(cols) + 4, 4 * j1 + 4


Frame = tuple[int, int, int, int]        # (fx, cx, fy, cy): a map point's quarter pixels


def frame(b: Board) -> Frame:
    """Board b's quarter-pixel frame (``grid.quarter`` of ``b.to_local``) as
    one affine map of the map's lattice, each axis scaled and shifted apart:
    point (x, y) is at (fx x + cx, fy y + cy) in b's quarter pixels."""
    ox, oy = grid.quarter(b.to_local(g.Hex((0, 0))))
    ux, uy = grid.quarter(b.to_local(g.Hex((1, 1))))
    return ux - ox, ox, uy - oy, oy


class Part(NamedTuple):
    """A board's drawing of a hex: the board, its layer's columns, their box
    and bands (``depiction.bands``), and the board's quarter-pixel frame."""
    board: Board
    cols: Columns
    box: Box
    bands: tuple[Band, ...]
    frame: Frame


def _part(b: Board, cols: Columns) -> Part:
    return Part(b, cols, box(cols), bands(cols), frame(b))


class Drawn(NamedTuple):
    """A partial hex: per board holding it, its drawing (``Part``)."""
    parts: tuple[Part, ...]
    kind: str            # what is drawn: "woods", "building" or "hill"

    def met(self, a: g.Point, b: g.Point) -> int:
        """The height (half levels above the hex's base; a hill's level) the
        segment a-b passes through, 0 where it passes beside the drawing.

        Each board's drawing is read band by band (pycore.terrain.depiction.met_banded),
        once the segment reaches its box."""
        best = 0
        (px, py), (qx, qy) = a, b
        for _, cols, (x0, y0, x1, y1), bnds, (fx, cx, fy, cy) in self.parts:
            if bnds[0][0] <= best:
                continue
            ax, bx = fx * px + cx, fx * qx + cx
            if (ax <= x0 and bx <= x0) or (ax >= x1 and bx >= x1):
                continue                    # beside the box: nothing met there
            ay, by = fy * py + cy, fy * qy + cy
            if (ay <= y0 and by <= y0) or (ay >= y1 and by >= y1):
                continue
            got = met_banded(cols, bnds, (ax, ay), (bx, by), best)
            if got > best:
                best = got
        return best


_PER_HEX: dict[str, Slot[dict[g.Hex, Drawn | None]]] = {
    name: Slot(name, lambda s: {})
    for name in ("drawn", "drawn_ground", "drawn_standing", "drawn_hindrance")}


def _per_hex(s: Setup, name: str, h: g.Hex,
             read: Callable[[Layout], Drawn | None]) -> Drawn | None:
    """What ``read`` makes of hex ``h`` on a map of imported boards, cached per
    setup under ``name``; None on a painted map or where the player's own
    entry overrides the drawing."""
    layout = s.layout
    if layout is None or not layout.sources:
        return None
    cache = s.derived(_PER_HEX[name])
    if h not in cache:
        own = s.overrides is not None and h in s.overrides.hexes
        if name in ("drawn", "drawn_hindrance") and not own:
            # docs/ssr.md: a hex whose terrain an SSR changed is judged whole, as an entry
            # is; a level change moves the drawn ground instead (``ground``)
            change = s.ssr_changed.get(h)
            own = change is not None and not change.level_only
        cache[h] = None if own else read(layout)
    return cache[h]


def imported(s: Setup, *hexes: g.Hex) -> bool:
    """Is any of these hexes on an imported board, and not the player's own entry?"""
    layout = s.layout
    if layout is None or not layout.sources:
        return False
    own = s.overrides.hexes if s.overrides is not None else {}
    return any(h not in own and any(b.source is not None for b in layout.holders(h))
               for h in hexes)


def _revalue(cols: Columns, m: dict[int, int]) -> Columns:
    """A layer's values through ``m`` (a value not in it kept; 0 is nothing
    drawn), its runs joined again where two now carry one value: a ground
    layer through an SSR's level changes (B10.1), a hindrance layer through
    its terrain changes."""
    if not m:
        return cols
    out: dict[int, list[Run]] = {}
    for i, runs in cols.items():
        col: list[Run] = []
        for j0, j1, v in runs:
            v = m.get(v, v)
            if not v:
                continue
            if col and col[-1][2] == v and col[-1][1] + 1 == j0:
                col[-1] = (col[-1][0], j1, v)
            else:
                col.append((j0, j1, v))
        if col:
            out[i] = col
    return out


def ground(s: Setup, h: g.Hex) -> Drawn | None:
    """Hex ``h``'s ground where a crest line is drawn across it (levels per
    pixel, pycore.terrain.vasl.layers.ground_layer), or a seam hex whose halves are
    at different levels (each board's half at its own); None where it is
    judged whole."""
    def read(layout: Layout) -> Drawn | None:
        # docs/ssr.md: the scenario's level changes move the ground as drawn (B10.1)
        m = ssr.level_map(s.ssr, ssr.board_of(layout, (h,))) if s.ssr else {}
        found = []
        for b in layout.holders(h):
            if b.source is not None:
                board, local = s.imported[b.source], b.to_local(h)
                cols = layers.ground_layer(board, local).columns
                level = board.reading.hexes.get(local, {}).get("level", 0)
                if m:
                    level = m.get(level, level)
                    if cols is not None:
                        cols = _revalue(cols, m)
                        if len({m.get(v, v) for v in layers.ground_levels(board, local)}) <= 1:
                            cols = None         # one level left: whole
                found.append((b, local, cols, level))
        if not any(cols is not None for *_, cols, _ in found) and \
                len({level for *_, level in found}) <= 1:
            return None                 # one level throughout: whole
        if any(level < 0 for *_, level in found):
            return None                 # below level 0: whole (A6.3's business)
        parts = []
        for b, local, cols, level in found:
            cols = cols if cols is not None else layers.filled(local, level)
            if cols:
                parts.append(_part(b, cols))
        return Drawn(tuple(parts), "hill")
    return _per_hex(s, "drawn_ground", h, read)


def _drawn_layers(s: Setup, layout: Layout, h: g.Hex,
                  layer_of: Callable[[Any, g.Hex], layers.Layer]
                  ) -> list[tuple[Board, layers.Layer]] | None:
    """Per imported board holding hex ``h``, its layer there (``layer_of``);
    None where no board holds it or every one shows it whole alike."""
    found = [(b, layer_of(s.imported[b.source], b.to_local(h)))
             for b in layout.holders(h) if b.source is not None]
    wholes = {lay.whole for _, lay in found}
    if not found or (None not in wholes and len(wholes) == 1):
        return None
    return found


def partial(s: Setup, h: g.Hex) -> Drawn | None:
    """Hex ``h``'s depiction where it is partial and the rules follow it; None
    where the hex is judged whole (painted, the player's entry, drawn whole)."""
    def read(layout: Layout) -> Drawn | None:
        found = _drawn_layers(s, layout, h, layers.layer)
        if found is None:
            return None
        drawings = [(b, lay.columns if lay.columns is not None
                     else layers.filled(b.to_local(h), lay.whole or 0)) for b, lay in found]
        parts = tuple(_part(b, cols) for b, cols in drawings if cols)
        building = any(b.source is not None and
                       layers.shows_building(s.imported[b.source], b.to_local(h))
                       for b, _ in found)
        return Drawn(parts, "building" if building else "woods")
    return _per_hex(s, "drawn", h, read)


def hindrance(s: Setup, h: g.Hex) -> Drawn | None:
    """Hex ``h``'s brush, grain or marsh where it is drawn over part of the hex
    and the rules follow it (not Inherent Terrain, B.6: it counts where the
    thread crosses its depiction, A6.1), each pixel's value
    ``terrain.hindrance_value``; None where the hex is judged whole (painted,
    the player's entry, Inherent Terrain, drawn whole)."""
    if TERRAIN[s.hex(h).terrain].inherent:
        return None

    def read(layout: Layout) -> Drawn | None:
        found = _drawn_layers(s, layout, h, layers.hindrance_layer)
        if found is None:
            return None
        # the scenario's terrain changes (no-grain, brush-to-open) on the hex's board
        m = ssr.terrain_map(s.ssr, ssr.board_of(layout, (h,))) if s.ssr else {}
        remap = {hindrance_value(a): hindrance_value(b) for a, b in m.items()}
        parts = tuple(_part(b, cols) for b, cols in (
            (b, _revalue(lay.columns, remap) if lay.columns is not None
             else layers.filled(b.to_local(h), remap.get(lay.whole or 0, lay.whole or 0)))
            for b, lay in found) if cols)
        return Drawn(parts, "hindrance") if parts else None
    return _per_hex(s, "drawn_hindrance", h, read)


def _hindrance_cols(s: Setup, b: Board, h: g.Hex) -> Columns:
    """Hex h's hindrance values on board b, as drawn or whole."""
    d = hindrance(s, h)
    if d is None:
        return layers.filled(b.to_local(h), hindrance_value(s.hex(h).terrain))
    return next((p.cols for p in d.parts if p.board is b), {})


# --- obstacles on the ground they are drawn on (A6.2) ------------------------------------
#
# Woods or a building stand on the ground drawn beneath them: its top is that
# ground's level plus its height, wherever a crest line runs across the hex
# (A6.2). A pixel's value packs both: (top + lift) * _PACK + height, so the
# largest value met is the highest top, and a pixel without an obstacle is 0.

_PACK = 64                      # > any obstacle height in half levels (limits.MAX_LEVEL)


def _pack(level: int, height: int) -> int:
    return (2 * (level + _LIFT) + height) * _PACK + height


def unpack(value: int) -> tuple[int, int]:
    """A packed value's (top in half levels, height in half levels)."""
    return value // _PACK - 2 * _LIFT, value % _PACK


def _on_ground(obstacles: Columns, ground: Columns) -> Columns:
    """Per obstacle pixel, packed: its top on the ground level of that pixel."""
    out: dict[int, list[Run]] = {}
    for i, runs in obstacles.items():
        levels = ground.get(i, ())
        col: list[Run] = []
        for j0, j1, height in runs:
            j = j0
            for g0, g1, level in levels:
                if g1 < j:
                    continue
                if g0 > j1:
                    break
                if g0 > j:
                    col.append((j, g0 - 1, _pack(0, height)))
                top = min(g1, j1)
                col.append((max(g0, j), top, _pack(level, height)))
                j = top + 1
            if j <= j1:
                col.append((j, j1, _pack(0, height)))
        if col:
            out[i] = col
    return out


def standing(s: Setup, h: g.Hex) -> Drawn | None:
    """Hex ``h``'s obstacles on the ground drawn beneath them, packed
    (``unpack``), where either is drawn (a partial obstacle, or a crest line
    across the hex); None where the hex is judged whole."""
    ob, hill = partial(s, h), ground(s, h)
    if ob is None and hill is None:
        return None

    def read(layout: Layout) -> Drawn | None:
        parts = []
        for b in layout.holders(h):
            if b.source is not None:
                cols = _on_ground(_obstacle_cols(s, b, h), _ground_cols(s, b, h))
                if cols:
                    parts.append(_part(b, cols))
        return Drawn(tuple(parts), ob.kind if ob is not None else s.hex(h).terrain)
    return _per_hex(s, "drawn_standing", h, read)


def said(d: Drawn, h: g.Hex, names: g.Names) -> str:
    return f"the {d.kind} drawn in {names.hex(h)}"


def beside(d: Drawn, h: g.Hex, names: g.Names, on_side: bool = False) -> str:
    what = said(d, h, names)
    lie = "lie" if d.kind == "woods" else "lies"
    where = "along" if on_side else "across"
    there = "on that side" if on_side else "there"
    return (f"{what[0].upper()}{what[1:]} {lie} beside the thread, not {where} it: "
            f"no obstacle {there} (A6.1).")


# --- along a hexside: both hexes' drawings at once (A6.1) --------------------------------
#
# A thread along a hexside has one hex's pixels on one side and the other's on
# the other (or runs inside a row of one hex's pixels). An obstruction counts
# only where it is on both sides at once (A6.1): pycore.terrain.depiction.met_beside
# reads both hexes' drawings, whole or drawn, column by column.

_LIFT = 2 * MAX_LEVEL + 2       # keeps every top above 0 (0 is "nothing drawn")


def _obstacle_cols(s: Setup, b: Board, h: g.Hex) -> Columns:
    """Hex h's obstacle heights (half levels) on board b, as drawn or whole."""
    d = partial(s, h)
    if d is None:
        info = s.hex(h)
        return layers.filled(b.to_local(h), obstacle_height(info.terrain, info.levels))
    return next((p.cols for p in d.parts if p.board is b), {})


def _ground_cols(s: Setup, b: Board, h: g.Hex) -> Columns:
    """Hex h's ground levels on board b, as drawn or whole."""
    hill = ground(s, h)
    if hill is None:
        return layers.filled(b.to_local(h), s.hex(h).level)
    return next((p.cols for p in hill.parts if p.board is b), {})


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


def _beside(pairs: list[Pair], p: g.Point, q: g.Point) -> tuple[int, int, int]:
    both = side_a = side_b = 0
    for board, ca, cb in pairs:
        if not ca and not cb:
            continue
        qa = grid.quarter(board.to_local(g.Hex(p)))
        qb = grid.quarter(board.to_local(g.Hex(q)))
        m, ma, mb = met_beside(ca, cb, qa, qb)
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
        pairs = _pairs(s, "tops", side,
                       lambda b, h: _on_ground(_obstacle_cols(s, b, h), _ground_cols(s, b, h)))
        both, ta, tb = _beside(pairs, p, q)
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
        got = cache[key] = _beside(_pairs(s, name, side, lambda b, h: cols_of(s, b, h)), p, q)
    return got


def ground_along(s: Setup, side: tuple[g.Hex, g.Hex], p: g.Point, q: g.Point
                 ) -> tuple[int, int, int]:
    """The highest level of ground the run p-q along the hexside has on both
    of its sides at once (a crest line drawn in either hex), as drawn; then
    the highest each hex shows beside it."""
    return _layer_along(s, "ground", _ground_cols, side, p, q)


def hindrances_along(s: Setup, side: tuple[g.Hex, g.Hex], p: g.Point, q: g.Point
                     ) -> tuple[int, int, int]:
    """Along the hexside between the two hexes, the run p-q: the hindrance
    value (``terrain.hindrance_value``) both of its sides show at once (0
    where none), then the value each hex shows beside it, drawn or whole."""
    return _layer_along(s, "hindrance", _hindrance_cols, side, p, q)


# --- a wall's road break, where it is drawn (B9.1, B9.3) ---------------------------------

def through_break(s: Setup, sd: g.Hexside, p: g.Point, q: g.Point) -> bool:
    """B9.1: a wall/hedge's depiction blocks "except for obvious breaks in the
    depiction": does the thread p-q cross hexside ``sd``, read with a road
    gap, where its depiction leaves the hexside bare? A crossing on the edge
    of a break is through it. A gap the player paints, or one on a painted
    map, is a break along the whole hexside."""
    layout = s.layout
    if layout is None or not layout.sources or (s.overrides is not None and sd in s.overrides.hexsides):
        return True
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
    return True


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


# --- the drawn source of the terrain interface (pycore.rules.los.source) ------------------------

def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


class Entry(NamedTuple):
    """A hex judged as drawn: its partial obstacle, its drawn ground, and its
    obstacles on that ground (None where whole)."""
    partial: Drawn | None
    ground: Drawn | None
    standing: Drawn
    highest: tuple[int, int]    # the highest obstacle top and ground level drawn (``highest``)


class AsDrawn(Painted):
    """A map of imported boards: the hexes a board draws in part (woods or a
    building over part of the hex, a crest line across it) answer as drawn
    (A6.1, A6.2); every other hex as painted.  Each hex's entry is read once
    (``entry``) and kept."""
    drawn = True

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
            # each drawing's first band holds its highest value (depiction.bands)
            top = max((p.bands[0][0] for p in st.parts), default=0)
            level = self.s.hex(h).level if hill is None else \
                max((p.bands[0][0] for p in hill.parts), default=0)
            got = Entry(d, hill, st, (unpack(top)[0] if top else NOTHING, level))
        self._entries[h] = got
        return got

    def is_drawn(self, h: g.Hex) -> bool:
        return self.entry(h) is not None

    def drawn_partly(self, h: g.Hex) -> str | None:
        got = partial(self.s, h)
        return None if got is None else got.kind

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
            return Painted.meets(self, h, p, q)
        if not e.standing.parts:
            return None                 # a crest line without an obstacle
        met = e.standing.met(p, q)
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
            return Painted.ground(self, h, p, q)
        return Ground(e.ground.met(p, q), True)

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

    def hinders(self, h: g.Hex, p: g.Point, q: g.Point) -> Hindering:
        try:
            d = self._hindrances[h]
        except KeyError:
            d = self._hindrances[h] = hindrance(self.s, h)
        if d is None:
            return Painted.hinders(self, h, p, q)
        met = d.met(p, q)
        return Hindering(HINDERING[met - 1] if met else None, True)

    def hinders_along(self, a: g.Hex, b: g.Hex, p: g.Point, q: g.Point) -> Beside:
        s = self.s
        if hindrance(s, a) is None and hindrance(s, b) is None:
            return Painted.hinders_along(self, a, b, p, q)
        both, va, vb = hindrances_along(s, (a, b), p, q)
        return Beside(HINDERING[va - 1] if va else None, HINDERING[vb - 1] if vb else None,
                      both > 0, True)

    def through_break(self, sd: g.Hexside, p: g.Point, q: g.Point) -> bool:
        return through_break(self.s, sd, p, q)
