"""A hex as an imported board draws it (A6.1, A6.2): its layers read once per setup.

On a map of imported boards (``map.boards`` entries with a ``source``), a hex
the player has not painted and whose woods or building covers only part of
it (``pycore.terrain.vasl.layers``: a *partial* hex) is judged on its depiction: the
thread meets the obstacle only where it passes through the drawn pixels,
with the obstruction on both sides of it (``pycore.terrain.depiction.met``). Every
other hex, and every painted map, is judged whole.

A seam hex takes the pixels of each imported board holding it (its ground too,
where its halves differ), each in that
board's own frame (a flipped board's frame turned with it; a board of another
size in its own, ``pycore.terrain.vasl.grid.Shape``, ``unit`` frame units a
pixel where a geomorphic board's quarter pixels are 4).

This module reads the drawings (obstacles, ground, hindrances, and obstacles
standing on their ground); ``drawn_sides`` reads them along a hexside, and
``drawn.AsDrawn`` answers the rules' questions from them
(pycore.rules.los.source.Terrain).
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ... import geometry as g
from ...terrain import ssr
from ...geometry.boards import Board, Layout
from ...terrain.bands import Band, bands, met_banded
from ...terrain.depiction import Box, Columns, Run
from ...limits import MAX_LEVEL
from ...setup import Setup, Slot
from ...terrain.catalog import TERRAIN, hindrance_value
from ...terrain.vasl import grid, layers



def box(cols: Columns, u: int = 4) -> Box:
    """The rectangle (quarter pixels, or ``u`` units a pixel) round a layer's drawn pixels."""
    j0 = min(runs[0][0] for runs in cols.values())
    j1 = max(runs[-1][1] for runs in cols.values())
    return u * min(cols), u * j0, u * max(cols) + u, u * j1 + u


Frame = tuple[int, int, int, int, int]   # (fx, cx, fy, cy, u): a map point in b's frame


def frame(b: Board, shape: grid.Shape = grid.GEO) -> Frame:
    """Board b's frame (``shape.frame`` of ``b.to_local``: quarter pixels on a
    geomorphic board) as one affine map of the map's lattice, each axis scaled
    and shifted apart: point (x, y) is at (fx x + cx, fy y + cy), ``u`` units a pixel."""
    ox, oy = shape.frame(b.to_local(g.Hex((0, 0))))
    ux, uy = shape.frame(b.to_local(g.Hex((1, 1))))
    return ux - ox, ox, uy - oy, oy, shape.unit


def shape_of(s: Setup, b: Board) -> grid.Shape:
    """Board b's pixel frame: its archive's (``grid.Shape``); a painted board's is
    a geomorphic board's."""
    return s.imported[b.source].archive.shape if b.source is not None else grid.GEO


class Part(NamedTuple):
    """A board's drawing of a hex: the board, its layer's columns, their box
    and bands (``pycore.terrain.bands``), the board's frame, and ``moves``:
    the box grown by a pixel on each side, and the top band's core shrunk by
    a pixel on each side (None where nothing is left), for ``Drawn.alike``."""
    board: Board
    cols: Columns
    box: Box
    bands: tuple[Band, ...]
    frame: Frame
    moves: tuple[Box, Box | None]


# One pixel of the board's art in quarter pixels: the most a borderline
# thread is moved across (pycore.rules.los.borderline.TOLERANCE).
PIXEL = 4


def drawn_part(s: Setup, b: Board, cols: Columns) -> Part:
    shape = shape_of(s, b)
    u = shape.unit * PIXEL // 4
    x0, y0, x1, y1 = bx = box(cols, shape.unit)
    bnds = bands(cols, shape.unit)
    c0, c1, c2, c3 = bnds[0][4]
    core = (c0 + u, c1 + u, c2 - u, c3 - u) if c2 - c0 > 2 * u and c3 - c1 > 2 * u else None
    return Part(b, cols, bx, bnds, frame(b, shape), ((x0 - u, y0 - u, x1 + u, y1 + u), core))


class Drawn(NamedTuple):
    """A partial hex: per board holding it, its drawing (``Part``)."""
    parts: tuple[Part, ...]
    kind: str            # what is drawn: "woods", "building", "lumberyard" or "hill"
    base: int = 0        # a hill's values are levels above this one (a Water Obstacle's banks)

    def met(self, a: g.Point, b: g.Point, shift: int = 0) -> int:
        """The height (half levels above the hex's base; a hill's level) the
        segment a-b passes through, 0 where it passes beside the drawing.
        ``shift``: the segment moved by that many quarter pixels across its
        length (pycore.rules.los.borderline: down the map where it runs nearer
        the horizontal, else right; a negative shift the other way).

        Each board's drawing is read band by band (pycore.terrain.bands.met_banded),
        once the segment reaches its box."""
        best = 0
        (px, py), (qx, qy) = a, b
        for _, cols, (x0, y0, x1, y1), bnds, (fx, cx, fy, cy, u), _ in self.parts:
            if bnds[0][0] <= best:
                continue
            ax, bx = fx * px + cx, fx * qx + cx
            if shift:
                ay, by = fy * py + cy, fy * qy + cy
                moved = shift * u // 4              # quarter pixels in b's frame
                if abs(bx - ax) >= abs(by - ay):    # the same way on the map on every board
                    k = moved if fy > 0 else -moved
                    ay, by = ay + k, by + k
                else:
                    k = moved if fx > 0 else -moved
                    ax, bx = ax + k, bx + k
                if (ax <= x0 and bx <= x0) or (ax >= x1 and bx >= x1) or \
                        (ay <= y0 and by <= y0) or (ay >= y1 and by >= y1):
                    continue
                got = met_banded(cols, bnds, (ax, ay), (bx, by), best, u)
                if got > best:
                    best = got
                continue
            if (ax <= x0 and bx <= x0) or (ax >= x1 and bx >= x1):
                continue                    # beside the box: nothing met there
            ay, by = fy * py + cy, fy * qy + cy
            if (ay <= y0 and by <= y0) or (ay >= y1 and by >= y1):
                continue
            got = met_banded(cols, bnds, (ax, ay), (bx, by), best, u)
            if got > best:
                best = got
        return best

    def alike(self, a: g.Point, b: g.Point) -> bool:
        """Whether ``met`` is the same for the segment a-b and for it moved up
        to a pixel (``PIXEL``) across either way (``met``'s ``shift``), known
        without reading them (pycore.rules.los.borderline): where it passes
        within a pixel of no board's box round the drawing (every move meets
        nothing), or through a part's top core (``pycore.terrain.bands``) a
        pixel in from its sides, that part's top value being the highest drawn
        (every move meets that value). Exact: a moved segment's points are a
        pixel at most, on each axis, from the exact one's (``Part.moves``).
        False: not known."""
        (px, py), (qx, qy) = a, b
        parts = self.parts
        top = parts[0].bands[0][0]
        for part in parts[1:]:
            if part.bands[0][0] > top:
                top = part.bands[0][0]
        near = False
        for _, _, _, bnds, (fx, cx, fy, cy, _), (grown, core) in parts:
            ax, ay, bx, by = fx * px + cx, fy * py + cy, fx * qx + cx, fy * qy + cy
            if not _through(grown, ax, ay, bx, by):
                continue
            if core is not None and bnds[0][0] == top and _through(core, ax, ay, bx, by):
                return True             # through the core: every move meets ``top``
            near = True
        return not near


def _through(box: Box, ax: int, ay: int, bx: int, by: int) -> bool:
    """Not ``pycore.terrain.depiction.misses``: the open segment passes
    through a point inside the box (comparisons only: ``Drawn.alike`` asks often)."""
    x0, y0, x1, y1 = box
    if (ax <= x0 and bx <= x0) or (ax >= x1 and bx >= x1) or \
            (ay <= y0 and by <= y0) or (ay >= y1 and by >= y1):
        return False
    dx, dy = bx - ax, by - ay
    c = dy * ax - dx * ay                 # the corners' sides of the line: dx y - dy x + c
    s1, s2 = dx * y0 - dy * x0 + c, dx * y1 - dy * x0 + c
    s3, s4 = dx * y0 - dy * x1 + c, dx * y1 - dy * x1 + c
    return not ((s1 >= 0 and s2 >= 0 and s3 >= 0 and s4 >= 0)
                or (s1 <= 0 and s2 <= 0 and s3 <= 0 and s4 <= 0))


_PER_HEX: dict[str, Slot[dict[g.Hex, Drawn | None]]] = {
    name: Slot(name, lambda s: {})
    for name in ("drawn", "drawn_ground", "drawn_standing", "drawn_hindrance",
                 "drawn_depression")}


def per_hex(s: Setup, name: str, h: g.Hex,
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
        if name in ("drawn", "drawn_hindrance", "drawn_depression") and not own:
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
        if any(level < 0 for *_, level in found):
            return _banks(s, h, found, m)   # below level 0: whole (A6.3's business), or water
        if not any(cols is not None for *_, cols, _ in found) and \
                len({level for *_, level in found}) <= 1:
            return _banks(s, h, found, m)   # one level throughout: whole, unless water's edge
        parts = []
        for b, local, cols, level in found:
            cols = cols if cols is not None else layers.filled(local, level, shape_of(s, b))
            if cols:
                parts.append(drawn_part(s, b, cols))
        return Drawn(tuple(parts), "hill")
    return per_hex(s, "drawn_ground", h, read)


def _banks(s: Setup, h: g.Hex, found: list[tuple[Any, g.Hex, Columns | None, int]],
           m: dict[int, int]) -> Drawn | None:
    """Where water and its bank are both drawn in a hex (B21.1): a Water
    Obstacle hex below level 0 with its bank drawn in it, or a bank hex with
    the water's edge drawn in it. The bank's ground is met where the thread
    crosses it, as a crest line drawn across a hex is (A6.1, A6.2), and the
    water where it crosses only water: levels above the water's
    (``Drawn.base``). The scenario's level changes ``m`` move the bank's
    pixels as they move a crest hex's ground (``ground``, docs/ssr.md): each
    pixel's level through ``m``, level 0 kept, the water's own level (below
    0) never moved. None (whole) elsewhere: a depression (A6.3) or a seam."""
    info = s.hex(h)
    if len(found) != 1 or info.is_depression:
        return None
    b, local, _, level = found[0]
    board = s.imported[b.source]
    if info.terrain == "water":
        low: int | None = level if level < 0 else None
    else:
        low = layers.water_below(board, local)
        if low is not None and low >= level:
            low = None
    if low is None:
        return None
    cols = layers.bank_layer(board, local, low).columns
    if cols and m:
        drawn = {v for runs in cols.values() for _, _, v in runs}
        cols = _revalue(cols, {v: m[low + v] - low for v in drawn
                               if low + v in m and low + v != 0})
    return Drawn((drawn_part(s, b, cols),), "hill", low) if cols else None


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
                     else layers.filled(b.to_local(h), lay.whole or 0, shape_of(s, b)))
                    for b, lay in found]
        parts = tuple(drawn_part(s, b, cols) for b, cols in drawings if cols)
        kinds = {layers.drawn_kind(s.imported[b.source], b.to_local(h))
                 for b, _ in found if b.source is not None}
        kind = next((k for k in ("building", "lumberyard") if k in kinds), "woods")
        return Drawn(parts, kind)
    return per_hex(s, "drawn", h, read)


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
        parts = tuple(drawn_part(s, b, cols) for b, cols in (
            (b, _revalue(lay.columns, remap) if lay.columns is not None
             else layers.filled(b.to_local(h), remap.get(lay.whole or 0, lay.whole or 0),
                                shape_of(s, b)))
            for b, lay in found) if cols)
        return Drawn(parts, "hindrance") if parts else None
    return per_hex(s, "drawn_hindrance", h, read)


def hindrance_cols(s: Setup, b: Board, h: g.Hex) -> Columns:
    """Hex h's hindrance values on board b, as drawn or whole."""
    d = hindrance(s, h)
    if d is None:
        return layers.filled(b.to_local(h), hindrance_value(s.hex(h).hindering() or "open"),
                             shape_of(s, b))
    return next((p.cols for p in d.parts if p.board is b), {})


# --- obstacles on the ground they are drawn on (A6.2) ------------------------------------
#
# Woods or a building stand on the ground drawn beneath them: its top is that
# ground's level plus its height, wherever a crest line runs across the hex
# (A6.2). A pixel's value packs both: (top + lift) * _PACK + height, so the
# largest value met is the highest top, and a pixel without an obstacle is 0.

_PACK = 64                      # > any obstacle height in half levels (limits.MAX_LEVEL)
_LIFT = 2 * MAX_LEVEL + 2       # keeps every top above 0 (0 is "nothing drawn")


def _pack(level: int, height: int) -> int:
    return (2 * (level + _LIFT) + height) * _PACK + height


def unpack(value: int) -> tuple[int, int]:
    """A packed value's (top in half levels, height in half levels)."""
    return value // _PACK - 2 * _LIFT, value % _PACK


def on_ground(obstacles: Columns, ground: Columns, base: int = 0) -> Columns:
    """Per obstacle pixel, packed: its top on the ground level of that pixel
    (``ground``'s values are levels above ``base``; a pixel without one at ``base``)."""
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
                    col.append((j, g0 - 1, _pack(base, height)))
                top = min(g1, j1)
                col.append((max(g0, j), top, _pack(base + level, height)))
                j = top + 1
            if j <= j1:
                col.append((j, j1, _pack(base, height)))
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
                cols = standing_cols(s, b, h)
                if cols:
                    parts.append(drawn_part(s, b, cols))
        return Drawn(tuple(parts), ob.kind if ob is not None else s.hex(h).terrain)
    return per_hex(s, "drawn_standing", h, read)


def said(d: Drawn, h: g.Hex, names: g.Names) -> str:
    return f"the {d.kind} drawn in {names.hex(h)}"


def beside(d: Drawn, h: g.Hex, names: g.Names, on_side: bool = False) -> str:
    what = said(d, h, names)
    lie = "lie" if d.kind == "woods" else "lies"
    where = "along" if on_side else "across"
    there = "on that side" if on_side else "there"
    return (f"{what[0].upper()}{what[1:]} {lie} beside the thread, not {where} it: "
            f"no obstacle {there} (A6.1).")


def obstacle_cols(s: Setup, b: Board, h: g.Hex) -> Columns:
    """Hex h's obstacle heights (half levels) on board b, as drawn or whole."""
    d = partial(s, h)
    if d is None:
        return layers.filled(b.to_local(h), s.hex(h).obstacle()[0], shape_of(s, b))
    return next((p.cols for p in d.parts if p.board is b), {})


def standing_cols(s: Setup, b: Board, h: g.Hex) -> Columns:
    """Hex h's obstacles on board b on the ground drawn beneath them, packed
    (``on_ground``), drawn or whole."""
    hill = ground(s, h)
    return on_ground(obstacle_cols(s, b, h), ground_cols(s, b, h),
                     hill.base if hill is not None else 0)


def ground_cols(s: Setup, b: Board, h: g.Hex) -> Columns:
    """Hex h's ground levels on board b, as drawn or whole."""
    hill = ground(s, h)
    if hill is None:
        return layers.filled(b.to_local(h), s.hex(h).level, shape_of(s, b))
    return next((p.cols for p in hill.parts if p.board is b), {})
