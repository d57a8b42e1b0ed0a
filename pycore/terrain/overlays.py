"""Overlays laid on imported boards, as VASL lays them, and the terrain their
art shows written into the board's terrain (docs/overlays.md).

Where an overlay lies (VASL's ``Overlay``): on the board of its first hex,
in that board's own coordinates (a flipped board turns with its overlays),
cut at that board's edge (a board's image holds its overlays: the part
beyond its edge is not drawn). Its orientation a-f is where its second hex
lies from the first (a: straight up, then clockwise: b up-right, c
down-right, d down, e down-left, f up-left; a one-hex overlay is always a);
its image's corner goes at the first hex's position minus that
orientation's origin hex's (both on the board's pixel grid, as VASL's grid
gives them in whole pixels). On boards 1b-15b an origin's column is 16
letters on, on the BFP DW boards its row 10 rows on; an archive's
``placeAt`` fixes both hexes.

What it shows: each opaque pixel's colour, named by the board's ``colors``
file (and by the overlay archive's own, for the colours it names), read as a
VASL terrain and level (``pycore.terrain.vasl.colornames``), is written into
the board's two pixel
planes, replacing the board's terrain there; a pixel whose colour names no
terrain (grid lines, hex numbers) takes the nearest terrain drawn in its
column (the one below on a tie). The board with its overlays is then read as
any board is (``pycore.terrain.vasl.reading``), so hexes, hexsides,
depressions, hills and water follow the same rules, and the rules judge it
through the same terrain interface. Boards with overlays are kept
(``_LAID``), so an edit elsewhere in the setup costs nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from math import floor
from typing import Any, Mapping

from .. import geometry as g
from ..errors import SetupError
from ..geometry.boards import BOARD_GRID, Layout
from .vasl import codes, colornames, grid
from .vasl.archive import GRID_HEIGHT, GRID_WIDTH
from .vasl.library import Board as ImportedBoard
from .vasl.library import Library

_SHIFTED_COLUMNS = frozenset(f"{n}b" for n in range(1, 16))          # VASL: boards 1b-15b
_SHIFTED_ROWS = frozenset(f"BFPDW{n}b" for n in range(1, 8))           # VASL: BFP DW boards
_CODE = {r.name.casefold(): code for code, r in codes.CODES.items()}
_SINKS = codes.DEPRESSIONS | codes.WATER        # drawn a level below the ground beside them
_LAID: dict[tuple, tuple[ImportedBoard, dict]] = {}
_OPAQUE = re.compile(rb"[^\x00]+")
MAX_LAID = 4                                    # boards with overlays kept (each ~3 MB)


@dataclass(frozen=True)
class Placement:
    """One ``map.overlays`` entry, checked (``pycore.setup.overlays``)."""
    overlay: str                 # as the card names it: "X1"
    source: str                  # its archive's source
    hex: g.Hex                   # the map hex it is anchored on
    toward: g.Hex | None         # the map hex its second anchor lies in
    board: str                   # the label of the board it lies on

    def spec(self, layout: Layout) -> dict:
        """As ``map.overlays`` gives it, its hexes named on its own board."""
        b = layout.by_label[self.board]
        out = {"overlay": self.overlay, "source": self.source,
               "hex": b.name(self.hex) or layout.hex_name(self.hex)}
        if self.toward is not None:
            out["toward"] = b.name(self.toward) or layout.hex_name(self.toward)
        return out


def orientation(first: g.Hex, second: g.Hex | None) -> str:
    """The orientation a-f of an overlay anchored on board-local ``first``
    toward ``second`` (VASL's ``getOrientation``, on exact pixel positions)."""
    if second is None or second == first:
        return "a"
    (x1, y1), (x2, y2) = grid.pixel_of(first), grid.pixel_of(second)
    if x1 == x2:
        return "d" if y1 < y2 else "a"
    if x1 > x2:
        return "f" if y1 > y2 else "e"
    return "b" if y1 > y2 else "c"


def _location(h: g.Hex) -> tuple[int, int]:
    """A hex's position on the board's grid in whole pixels, as VASL's grid gives it."""
    x, y = grid.pixel_of(h)
    return floor(x + Fraction(1, 2)), floor(y + Fraction(1, 2))


def local_hex(name: str, board: str = "") -> g.Hex:
    """A board-local hex from a VASL origin name (``b2``, ``bb6``, ``t-1``),
    with VASL's shifts for boards 1b-15b and the BFP DW boards."""
    letters = name.rstrip("-0123456789")
    row = int(name[len(letters):])
    if board in _SHIFTED_COLUMNS:
        letters = chr(ord(letters[0]) + 16) + letters[1:]
    if board in _SHIFTED_ROWS:
        row += 10
    col = ord(letters[0]) - ord("a") + 1 + 26 * (len(letters) - 1)
    return g.hex_at(col, row)


def corner(board: str, origin: str, first: g.Hex) -> tuple[int, int]:
    """Where the image's top left corner goes on the board's pixel grid."""
    (x1, y1), (x0, y0) = _location(first), _location(local_hex(origin, board))
    return x1 - x0, y1 - y0


def lay(library: Library, layout: Layout, placements: tuple[Placement, ...],
        boards: Mapping[str, ImportedBoard], art: Mapping[str, tuple[str, ...]] | None = None
        ) -> tuple[dict[str, ImportedBoard], dict, dict]:
    """The boards with the overlays laid on them (by source, the others as
    they are); each map hex or hexside an overlay decided: its name; and the
    board (label) whose reading each of them takes, a seam's too (the board
    the overlay lies on: its half of a seam hex shows the overlay).
    ``art``: per board label, the names of its own SSR art a setup's ``ssr``
    lays on it (``art_steps``), beneath its overlays; the parts it decides
    are named by the SSR's name ("art-dense-jungle")."""
    out = dict(boards)
    decided: dict[Any, str] = {}
    owner: dict[Any, str] = {}
    todo: list[tuple[Any, str, tuple, tuple]] = []     # (board, its source, steps, key)
    for b in layout.boards:
        mine = [p for p in placements if p.board == b.label]
        names = (art or {}).get(b.label, ())
        if not (mine or names) or b.source is None:
            continue
        steps = art_steps(boards[b.source], names) + tuple(_step(library, b, p) for p in mine)
        key = (b.source,) + tuple((s[0].source, s[1], s[2], s[3], s[4]) for s in steps)
        todo.append((b, b.source, steps, key))
    _decoded([s for _, _, steps, key in todo if key not in _LAID for s in steps])
    for b, source, steps, key in todo:
        got = _LAID.get(key)
        if got is None:
            got = _laid(library, boards[source], source, steps)
            if len(_LAID) >= MAX_LAID:
                _LAID.pop(next(iter(_LAID)))
            _LAID[key] = got
        out[source], covered = got
        for local, label in covered.items():
            part = b.to_map(local) if isinstance(local[0], int) else \
                g.hexside(b.to_map(local[0]), b.to_map(local[1]))
            decided[part], owner[part] = label, b.label
    return out, decided, owner


def art(library: Library, layout: Layout, placements: tuple[Placement, ...]) -> list[dict]:
    """Where each overlay's image lies, in the order laid (a later one over an
    earlier one): ``{"overlay", "source", "member", "board", "flip", "box"}``,
    ``box`` the map lattice points (x0, y0, x1, y1) its image spans, turned
    half round with its board when ``flip`` (its board's pixel grid spans the
    board's ``box`` as its image does); its GIF is checked, not decoded."""
    from .vasl import gif
    out = []
    for p in placements:
        b = layout.by_label[p.board]
        found, label, member, x, y = _step(library, b, p)
        w, h = gif.check(found.gif(member), member)
        ends = [grid.lattice_of(x + dx, y + dy) for dx, dy in ((0, 0), (w, h))]
        f = b.size.flip
        on_map = [(b.origin[0] + (f[0] - lx if b.flip else lx), b.origin[1] + (f[1] - ly if b.flip else ly))
                  for lx, ly in ends]
        xs, ys = sorted(q[0] for q in on_map), sorted(q[1] for q in on_map)
        out.append({"overlay": label, "source": found.source, "member": member, "board": b.label,
                    "flip": b.flip, "box": (xs[0], ys[0], xs[1], ys[1])})
    return out


def _decoded(steps: list) -> None:
    """Every image the steps lay decoded, or ``gif.NeedsPixels`` naming all those
    the page's browser is to decode (pycore.terrain.vasl.gif), asked at once."""
    from .vasl import gif
    needed: list[tuple[str, str]] = []
    for found, _label, member, _x, _y in steps:
        try:
            found.image(member)
        except gif.NeedsPixels as e:
            needed += [m for m in e.images if m not in needed]
    if needed:
        raise gif.NeedsPixels(needed)


def art_steps(board: ImportedBoard, names: tuple[str, ...]) -> tuple:
    """The steps laying a board's own SSR art (pycore.terrain.vasl.ssrart), as
    VASL draws it: each image at its corner on the board's picture (the
    board's own frame: a flipped board turns with it), the rules last in
    the board's list beneath the first ones (VASL's ``ASLBoard.setTerrain``)."""
    if not names or board.art is None:
        return ()
    order = list(board.art.rules)
    out = []
    for name in sorted(names, key=order.index, reverse=True):
        for member, x, y in board.art.rules[name].images:
            out.append((board.art, name, member, x, y))
    return tuple(out)


def _step(library: Library, b: Any, p: Placement) -> tuple:
    """(overlay set, label, member file, corner x, corner y) of one placement."""
    found = library.overlays(p.source)
    ovr = found.overlays.get(p.overlay.upper())
    if ovr is None:
        raise SetupError(f"map.overlays: overlay {p.overlay} is not in {found.file} (it holds "
                         f"{', '.join(list(found.overlays)[:12])})")
    first, second = b.to_local(p.hex), b.to_local(p.toward) if p.toward is not None else None
    if ovr.place_at is not None:
        first, second = local_hex(ovr.place_at[0], b.label), local_hex(ovr.place_at[1], b.label)
    side = "a" if ovr.single else orientation(first, second)
    origin = ovr.origins["abcdef".index(side)]
    member = ovr.images.get(side)
    if member is None or origin is None:
        raise SetupError(f"map.overlays: overlay {ovr.label} cannot be laid in orientation "
                         f"{side} (toward {g.PLAIN.hex(second) if second else '-'}): its file "
                         f"{found.file} has no such image; point it toward another hex")
    x, y = corner(b.label, origin, first)
    return found, ovr.label, member, x, y


def _laid(library: Library, base: ImportedBoard, source: str, steps: tuple
          ) -> tuple[ImportedBoard, dict]:
    from .vasl import reading
    elevations, terrain = bytearray(base.archive.elevations), bytearray(base.archive.codes)
    covered: dict[Any, str] = {}
    for found, label, member, x0, y0 in steps:
        colors = {**library.colors(source), **found.colors}     # its own file adds names
        if not colors:
            what = f"ssr: {label}" if label.startswith("art-") else f"map.overlays: overlay {label}"
            raise SetupError(f"{what} cannot be read: board "
                             f"{base.archive.name}'s file holds no colors file naming the art's "
                             "colours")
        image = found.image(member)
        _paint(image, colors, x0, y0, elevations, terrain)
        _cover(image, x0, y0, label, covered)
    # A building the board's metadata names (its type and levels) is not the
    # overlay's: the overlay's buildings are read from its art alone.
    gone = {g.PLAIN.hex(h) for h in covered if isinstance(h[0], int)}
    buildings = {k: v for k, v in base.archive.buildings.items() if k not in gone}
    archive = replace(base.archive, elevations=bytes(elevations), codes=bytes(terrain),
                      buildings=buildings)
    return ImportedBoard(archive, reading.read(archive), art=base.art), covered


def _palette(image: Any, colors: Mapping) -> list[tuple[int, int | None] | None | bool]:
    """Per palette index: (code, level or None), None (no terrain: filled), False (transparent)."""
    out: list[tuple[int, int | None] | None | bool] = []
    for k, rgb in enumerate(image.palette):
        if k == image.transparent:
            out.append(False)
            continue
        name = colors.get(tuple(rgb))
        seen = colornames.shown(name) if name else None
        code = _CODE.get(seen.terrain.casefold()) if seen else None
        out.append(None if code is None or seen is None else (code, seen.level))
    return out + [False] * (256 - len(out))


def _paint(image: Any, colors: Mapping, x0: int, y0: int,
           elevations: bytearray, terrain: bytearray) -> None:
    table = _palette(image, colors)
    w, h, px = image.width, image.height, image.pixels
    v0, v1 = max(0, -y0), min(h, GRID_HEIGHT - y0)
    # per palette index: 1 opaque, 2 opaque with no terrain (to be filled), 0 transparent
    kinds = bytes(0 if t is False else 2 if t is None else 1 for t in table)
    for u in range(max(0, -x0), min(w, GRID_WIDTH - x0)):
        raw = px[u::w][v0:v1]
        mask = raw.translate(kinds)
        base = (x0 + u) * GRID_HEIGHT + y0 + v0
        column: list | None
        if 2 in mask:                   # a grid line or a number: filled from its column
            column = _filled([table[k] for k in raw])
            runs: Any = ((0, len(column)),)
        else:                           # only the opaque stretches are read (a board's art is sparse)
            column = None
            runs = (m.span() for m in _OPAQUE.finditer(mask))
        for r0, r1 in runs:
            for v in range(r0, r1):
                got = column[v] if column is not None else table[raw[v]]
                if got is None or got is False:
                    continue
                code, level = got
                at = base + v
                if level is not None:
                    elevations[at] = level & 0xFF
                elif code in _SINKS and terrain[at] not in _SINKS:
                    elevations[at] = (elevations[at] - 1) & 0xFF      # a level below the ground
                terrain[at] = code


def _filled(column: list) -> list:
    """A column of the art: a pixel of no terrain (a grid line, a number) takes
    the nearest terrain drawn in its column, the one below on a tie (a hex's
    top edge is its own), never across a transparent pixel; False: transparent."""
    n = len(column)
    below: list = [None] * n          # (index, value) of the next pixel with a terrain
    nxt = None
    for v in range(n - 1, -1, -1):
        got = column[v]
        if got is False:
            nxt = None
        elif got is not None:
            nxt = (v, got)
        below[v] = nxt
    out = list(column)
    above = None
    for v, got in enumerate(column):
        if got is False:
            above = None
        elif got is not None:
            above = (v, got)
        else:
            b = below[v]
            if b is not None and (above is None or b[0] - v <= v - above[0]):
                out[v] = b[1]
            elif above is not None:
                out[v] = above[1]
    return out


def _cover(image: Any, x0: int, y0: int, label: str, covered: dict) -> None:
    """The board hexes (centre dot) and hexsides (midpoint) the opaque image covers."""
    def opaque(p: tuple[Fraction, Fraction]) -> bool:
        u, v = floor(p[0]) - x0, floor(p[1]) - y0
        return 0 <= u < image.width and 0 <= v < image.height and \
            image.pixels[v * image.width + u] != image.transparent
    for h in BOARD_GRID.hexes():
        if opaque(grid.pixel_of(h)):
            covered[h] = label
        for n in g.neighbours(h):
            if n > h and BOARD_GRID.contains(n):
                (xa, ya), (xb, yb) = grid.pixel_of(h), grid.pixel_of(n)
                if opaque(((xa + xb) / 2, (ya + yb) / 2)):
                    covered[(h, n)] = label
