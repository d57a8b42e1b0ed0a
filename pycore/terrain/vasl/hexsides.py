"""A board archive's hexsides read as a player reads them (docs/board-reading.md):
a wall, hedge, bocage, cactus hedge or cliff where its depiction covers at least
half of the hexside's length (``grid.STRETCHES`` stretches, pixels within
``grid.BAND`` px); Hillside by B9.6's own test (``_hillside``); a gap where a
road crosses a stretch the depiction leaves bare (B9.3, B9.4); a rowhouse's
inner wall where its bar lies on a quarter of the hexside (B23.71); and
``{"depression": false}`` between two depression hexes where no gully art
crosses its interior (B19.2). Its hexes are read first (``pycore.terrain.vasl.reading``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ... import geometry as g
from ...geometry.boards import BoardSize
from . import codes as c
from . import grid
from .archive import Archive

OFF_BOARD = 255          # the code of the padding round the board (no pixel of it)
# B23.71: a rowhouse's bar drawn on the hexside line (within grid.LINE_PX) over a
# quarter of its stretches makes a rowhouse hexside; its art spilling past a
# vertex onto a neighbouring hexside covers at most 4 of 32 (board 20: the bars
# drawn cover 14-32 stretches, the spills 1-4).
ROWHOUSE_STRETCHES = grid.STRETCHES // 4


@lru_cache(maxsize=4)
def board_hexsides(size: BoardSize | None = None) -> tuple[g.Hexside, ...]:
    """Every hexside between two hexes of a board (geomorphic by default)."""
    size = size or grid.GEO.size
    return tuple(sorted({g.hexside(h, n) for h in size.hexes() for n in g.neighbours(h)
                         if size.contains(n)}))


def _in_level(entry: dict[str, Any] | None) -> int:
    """A hex's level as B9.6 compares it: its base level, a depression's IN level (one less)."""
    entry = entry or {}
    return entry.get("level", 0) - (1 if entry.get("terrain") in ("gully", "stream", "sunken-road")
                                    or entry.get("gully") or entry.get("stream") else 0)


def read_hexsides(archive: Archive, hexes: dict[g.Hex, dict[str, Any]]
              ) -> tuple[dict[g.Hexside, dict[str, Any]], dict[g.Hexside, frozenset[int]]]:
    shape = archive.shape
    padded = shape.pad_plane(archive.codes, OFF_BOARD)
    kinds = padded.translate(c.HEXSIDE_INDEX)
    kinds_view, codes = memoryview(kinds), memoryview(padded)
    out: dict[g.Hexside, dict[str, Any]] = {}
    breaks: dict[g.Hexside, frozenset[int]] = {}
    elevations: memoryview | None = None
    for sd in board_hexsides(shape.size):
        start, pattern = grid.hexside_pixels(sd, shape)
        window = slice(start, start + pattern.span)
        # One place per kind of hexside: walls, hedges, bocage (B9) ...
        wall = _wall(sd, start, pattern, kinds, kinds_view[window], codes[window], shape.size)
        if wall is not None:
            entry, bare = wall
            if entry["type"] not in ("bocage", "cliff"):   # a cliff: the hill's edge (B11)
                low, high = sorted(sd, key=lambda h: _in_level(hexes.get(h)))
                if _in_level(hexes.get(low)) < _in_level(hexes.get(high)):
                    if elevations is None:
                        elevations = memoryview(shape.pad_plane(archive.elevations, 0))
                    side = 1 if high == sd[0] else -1
                    if _hillside(pattern, kinds_view[window], codes[window],
                                 elevations[window], side, _in_level(hexes.get(high))):
                        entry["hillside"] = True
            if bare is not None:
                entry["gap"] = True
                breaks[sd] = bare
            out[sd] = entry
        else:
            # ... a rowhouse's inner wall (B23.71) ...
            bar = _rowhouse(pattern, codes[window])
            if bar is not None:
                out[sd] = {"type": c.ROWHOUSE}
                if bar:
                    breaks[sd] = bar
        # ... and depressions (B19.2)
        if all(_in_level(hexes.get(h)) < hexes.get(h, {}).get("level", 0) for h in sd):
            if elevations is None:
                elevations = memoryview(shape.pad_plane(archive.elevations, 0))
            ground = min(hexes.get(h, {}).get("level", 0) for h in sd)
            if not _depression_crosses(pattern, codes[window], elevations[window], ground):
                out.setdefault(sd, {})["depression"] = False
    return out, breaks


def _wall(sd: g.Hexside, first: int, pattern: grid.HexsidePixels, kinds: bytes,
          kinds_view: memoryview, codes: memoryview, size: BoardSize
          ) -> tuple[dict[str, Any], frozenset[int] | None] | None:
    """The wall, hedge, bocage or cactus hedge on a hexside, and the stretches a
    road crosses where the depiction leaves them bare (a gap, B9.3), or None."""
    # Any wall, hedge or bocage pixel in the band at all? (C-speed, allocates nothing)
    if all(kinds.count(0, first + a, first + b) == b - a for a, b in pattern.runs):
        return None
    edge = size.is_half(sd[0]) or size.is_half(sd[1])
    kind, bare = _covering(pattern, kinds_view, codes if edge else None)
    if kind is None:
        return None
    if any(c.ROADS.intersection(pattern.stretches[i](codes)) for i in bare):
        return {"type": kind}, frozenset(bare)
    return {"type": kind}, None


def _rowhouse(pattern: grid.HexsidePixels, codes: memoryview) -> frozenset[int] | None:
    """A rowhouse's bar on the hexside (B23.71): None where none is drawn on a
    quarter of its stretches, else the stretches on the board it leaves bare
    (the bar is drawn only across the building: a thread may cross the
    hexside beside it, A6.1)."""
    covered, on_board = [], []
    for i, offsets in enumerate(pattern.line):
        drawn = {codes[o] for o in offsets}
        if drawn == {OFF_BOARD}:
            continue
        on_board.append(i)
        if not drawn.isdisjoint(c.ROWHOUSE_WALLS):
            covered.append(i)
    if len(covered) < ROWHOUSE_STRETCHES:
        return None
    return frozenset(i for i in on_board if i not in covered)


def _depression_crosses(pattern: grid.HexsidePixels, codes: memoryview, elevations: memoryview,
                        ground: int) -> bool:
    """Does gully art (a depression's code, or a road or water drawn below the
    ground) cross the hexside's interior (away from its ends: B19.2, A6.8 EX)?"""
    ends = grid.STRETCHES // 8
    for offsets in pattern.line[ends:grid.STRETCHES - ends]:
        for o in offsets:
            code = codes[o]
            if code in c.DEPRESSIONS or ((code in c.ROADS or code in c.WATER)
                                         and grid.signed(elevations[o]) < ground):
                return True
    return False


def _covering(pattern: grid.HexsidePixels, kinds: memoryview,
              codes: memoryview | None) -> tuple[str | None, list[int]]:
    """The hexside type whose depiction covers at least half the hexside (or
    None), and the stretches on the board it leaves bare. ``codes`` is given
    for a hexside on the board's edge, whose band is partly off it."""
    covered: list[set[int]] = [set() for _ in range(len(c.HEXSIDE_TYPES) + 1)]
    on_board = []
    for i, getter in enumerate(pattern.stretches):
        if codes is not None and all(code == OFF_BOARD for code in getter(codes)):
            continue
        on_board.append(i)
        for kind in set(getter(kinds)):
            covered[kind].add(i)
    best = max(range(1, len(covered)), key=lambda k: len(covered[k]))
    if not on_board or 2 * len(covered[best]) < len(on_board):
        return None, []
    return c.HEXSIDE_TYPES[best - 1], [i for i in on_board if i not in covered[best]]


def _hillside(pattern: grid.HexsidePixels, kinds: memoryview, codes: memoryview,
              elevations: memoryview, high_side: int, high_level: int) -> bool:
    """The test of B9.6 on the higher side: is the first ground beyond the
    depiction at the higher level (no lower terrain between the wall and the
    higher level's terrain), over most of the middle half of the hexside?"""
    high = low = 0
    for pixels in pattern.sides[grid.SIDES.start:grid.SIDES.stop]:
        for p in pixels:
            if p.side == high_side and not kinds[p.offset] and codes[p.offset] != OFF_BOARD:
                if grid.signed(elevations[p.offset]) >= high_level:
                    high += 1
                else:
                    low += 1
                break
    return high > low
