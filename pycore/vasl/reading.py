"""A board archive read hex by hex, in the setup format (docs/contract.md "Real boards").

- **A hex** is what its centre dot shows: the terrain code of the pixel the
  dot falls in (``pycore.vasl.codes``), and its base level, the elevation of
  that pixel (plus one where the code is a depression: VASL draws a gully's
  pixels one level below its hex's base level). A building's levels come from
  the metadata's ``buildingType`` for that hex, else from the code.
- **A hexside** carries a wall, hedge, bocage or cactus hedge where that
  depiction covers **at least half of its length**: the hexside is cut into
  ``grid.STRETCHES`` equal stretches, a stretch is covered where a pixel
  within ``grid.BAND`` px of the hexside (square to it) has that code, and
  the type covering the most stretches wins if it covers at least half of
  the stretches that lie on the board. Half, because a wall that turns at a
  vertex spills a few pixels onto the next hexside (at most a sixth of it),
  and a wall drawn along most of a hexside is that hexside's wall (VASL
  itself samples only the hexside's midpoint).
- **Hillside** (B9.6): a wall or hedge whose two sides are depicted at
  different levels, a depression's pixels (one level down) included. Each
  side's level is the most common elevation of the pixels nearest the
  depiction on that side (the first pixel beyond the wall's own pixels,
  within ``grid.SIDE_BAND`` px), over the middle half of the hexside.
- **Gap** (B9.3, B9.4): a wall, hedge or bocage hexside with a road or path
  drawn across a stretch the depiction leaves bare.

Names are the board's own (``"CC6"``, ``"E4-E5"``); a layout places and
flips them (``pycore.boards``).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .. import geometry as g
from .. import limits
from ..boards import BOARD_GRID
from ..terrain import BUILDINGS
from . import codes as c
from . import grid
from .archive import GRID_HEIGHT, Archive

OFF_BOARD = 255          # the code of the padding round the board (no pixel of it)
MAX_LISTED = 6           # hexes named in one warning


@dataclass(frozen=True)
class Reading:
    """A board read hex by hex: setup-format entries keyed by board-local lattice
    hexes and hexsides (only those that are not open ground at level 0)."""
    hexes: dict[g.Hex, dict[str, Any]]
    hexsides: dict[g.Hexside, dict[str, Any]]
    warnings: list[str] = field(default_factory=list)
    # A wall/hedge hexside read with a road gap: the stretches (of
    # grid.STRETCHES along it, from its lower end) its depiction leaves bare,
    # the break B9.1 exempts (pycore.los.drawn.through_break).
    breaks: dict[g.Hexside, frozenset[int]] = field(default_factory=dict)

    def as_setup(self) -> dict[str, dict[str, Any]]:
        """``{"hexes", "hexsides"}`` with the board's own names (``board_terrain``)."""
        with g.naming(None):
            hexes = {g.hex_name(h): dict(v) for h, v in sorted(self.hexes.items(),
                                                                key=lambda kv: g.col_row(kv[0]))}
            sides = {g.hexside_name(sd): (v["type"] if list(v) == ["type"] else dict(v))
                     for sd, v in sorted(self.hexsides.items())}
        return {"hexes": hexes, "hexsides": sides}


@lru_cache(maxsize=1)
def board_hexsides() -> tuple[g.Hexside, ...]:
    """Every hexside between two hexes of a geomorphic board."""
    return tuple(sorted({g.hexside(h, n) for h in BOARD_GRID.hexes() for n in g.neighbours(h)
                         if BOARD_GRID.contains(n)}))


def read(archive: Archive) -> Reading:
    notes: dict[str, list[str]] = {}
    hexes = _hexes(archive, notes)
    hexsides, breaks = _hexsides(archive)
    warnings = [f"board {archive.name}: {w}" for w in _unknown_codes(archive.codes)]
    for what, where in sorted(notes.items()):
        shown = ", ".join(where[:MAX_LISTED]) + (f" and {len(where) - MAX_LISTED} more"
                                                 if len(where) > MAX_LISTED else "")
        warnings.append(f"board {archive.name}: {what} at {shown}")
    return Reading(hexes, hexsides, warnings, breaks)


def _signed(byte: int) -> int:
    return byte - 256 if byte > 127 else byte


def _hexes(archive: Archive, notes: dict[str, list[str]]) -> dict[g.Hex, dict[str, Any]]:
    out: dict[g.Hex, dict[str, Any]] = {}
    for h in BOARD_GRID.hexes():
        x, y = grid.centre_pixel(h)
        k = x * GRID_HEIGHT + y
        code = archive.codes[k]
        name = g.plain_hex_name(h)
        r = c.CODES.get(code)
        if r is None:
            notes.setdefault(f"terrain code {code} (not in VASL's table) read as open ground",
                             []).append(name)
            r = c.CODES[0]
        level = _signed(archive.elevations[k]) + (1 if r.depression else 0)
        terrain, levels = r.terrain, r.levels
        if terrain is None:
            notes.setdefault(f"{r.name} (not in the app yet) read as open ground",
                             []).append(name)
            terrain = "open"
        elif r.approximate:
            notes.setdefault(f"{r.name} read as {terrain}", []).append(name)
        kind = archive.buildings.get(name)
        if kind is not None:
            b = c.BY_NAME.get(kind.casefold())
            if b is not None and b.terrain in BUILDINGS:
                terrain, levels = b.terrain, b.levels
        if abs(level) > limits.MAX_LEVEL:
            notes.setdefault(f"level {level} (beyond {limits.MAX_LEVEL}) read as "
                             f"{limits.MAX_LEVEL if level > 0 else -limits.MAX_LEVEL}",
                             []).append(name)
            level = max(-limits.MAX_LEVEL, min(limits.MAX_LEVEL, level))
        entry: dict[str, Any] = {}
        if terrain != "open":
            entry["terrain"] = terrain
        if level:
            entry["level"] = level
        if terrain in BUILDINGS and levels != 1:
            entry["levels"] = levels
        if entry:
            out[h] = entry
    return out


def _hexsides(archive: Archive) -> tuple[dict[g.Hexside, dict[str, Any]],
                                         dict[g.Hexside, frozenset[int]]]:
    padded = grid.pad(archive.codes, OFF_BOARD)
    kinds = padded.translate(c.HEXSIDE_INDEX)
    kinds_view, codes = memoryview(kinds), memoryview(padded)
    out: dict[g.Hexside, dict[str, Any]] = {}
    breaks: dict[g.Hexside, frozenset[int]] = {}
    elevations: memoryview | None = None
    for sd in board_hexsides():
        start, pattern = grid.hexside_pixels(sd)
        # Any wall, hedge or bocage pixel in the band at all? (C-speed, allocates nothing)
        if all(kinds.count(0, start + a, start + b) == b - a for a, b in pattern.runs):
            continue
        window = slice(start, start + pattern.span)
        edge = BOARD_GRID.is_half(sd[0]) or BOARD_GRID.is_half(sd[1])
        kind, bare = _covering(pattern, kinds_view[window], codes[window] if edge else None)
        if kind is None:
            continue
        entry: dict[str, Any] = {"type": kind}
        if kind != "bocage":
            if elevations is None:
                elevations = memoryview(grid.pad(archive.elevations, 0))
            if _hillside(pattern, kinds_view[window], codes[window], elevations[window]):
                entry["hillside"] = True
        if any(c.ROADS.intersection(pattern.stretches[i](codes[window])) for i in bare):
            entry["gap"] = True
            breaks[sd] = frozenset(bare)
        out[sd] = entry
    return out, breaks


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
              elevations: memoryview) -> bool:
    """Are the two sides of the depiction at different levels (B9.6)?"""
    levels: dict[int, Counter[int]] = {1: Counter(), -1: Counter()}
    middle = pattern.sides[grid.STRETCHES // 4:3 * grid.STRETCHES // 4]
    for pixels in middle:
        found: dict[int, int] = {}
        for p in pixels:
            if p.side and p.side not in found and not kinds[p.offset] \
                    and codes[p.offset] != OFF_BOARD:
                found[p.side] = _signed(elevations[p.offset])
                if len(found) == 2:
                    break
        for side, level in found.items():
            levels[side][level] += 1
    if not levels[1] or not levels[-1]:
        return False
    return levels[1].most_common(1)[0][0] != levels[-1].most_common(1)[0][0]


def _unknown_codes(plane: bytes) -> list[str]:
    unknown = sorted(set(plane.translate(None, c.KNOWN_CODES)))
    if not unknown:
        return []
    listed = ", ".join(str(u) for u in unknown[:MAX_LISTED])
    return [f"terrain codes not in VASL's table ({listed}) read as open ground"]
