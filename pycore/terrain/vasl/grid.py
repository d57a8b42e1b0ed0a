"""A board's pixel grid on the hex lattice, exactly.

VASL's grid on a geomorphic board: column c (0 = A) has its centre at x =
56.25 c pixels; odd-lettered columns (A, C, ...) put row r at y = 64.5 (r -
0.5), even-lettered ones at y = 64.5 r. In the lattice of
``pycore.geometry`` (column A = 1 at x = 3, y in half hex heights) that is
the affine map

    pixel x = 75/4 X - 225/4,   pixel y = 129/4 Y

(``pixel_of``, ``lattice_of``: exact Fractions). Four times a pixel coordinate
is therefore an integer at every lattice point: the *quarter-pixel frame*
``q = (75 X - 225, 129 Y)`` in which every hex centre, vertex and pixel centre
(``4 i + 2, 4 j + 2``) is an integer point, and every "which side, how far
along, how far across" below is an exact integer product. Pixel (i, j) covers
[i, i + 1) x [j, j + 1); a point is read from the pixel it falls in.

Other boards (``Shape``, from the archive's own header: VASL's Deluxe boards
of 15 x 5 hexes three times as large, its half boards 1a-13b of 17 x 20)
have their own scale: a hex is the pixel grid's width over its columns less
one across, its height over its rows down, its first column at x = 0 and
its A1 (or Q1) half a hex down. Their frame is the same with ``unit``
frame units a pixel instead of 4 (48 on a 17 x 20 board, 210 on a 15 x 5
one): the least that makes every lattice point and pixel centre an integer.
The pixel measures below (the disc, the bands) are those of a geomorphic
board's art, times the board's ``scale`` (its hex's height over 64.5
pixels, rounded: 3 on a Deluxe board).

A hexside's depiction is read from the pixels whose centres lie within
``BAND`` pixels of it (measured square to the hexside) and project onto it
(not beyond either end). Its length is cut into ``STRETCHES`` equal stretches;
each pixel falls in one. The hexside pattern repeats every 4 columns (225 px)
and 2 rows (129 px) on a geomorphic board (``Shape.period``), so each
pattern is computed once per process (``hexside_pixels``) and shifted.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import isqrt, lcm
from operator import itemgetter
from typing import Any, Callable, NamedTuple

from ... import geometry as g
from ...geometry.boards import GEOMORPHIC, BoardSize

GRID_WIDTH, GRID_HEIGHT = 1800, 645     # a board's pixel grid (pycore.terrain.vasl.archive reads it)

X_SCALE, X_SHIFT, Y_SCALE = Fraction(75, 4), Fraction(225, 4), Fraction(129, 4)
STRETCHES = 32          # a hexside (37.5 px) is read in stretches of about 1.2 px
SIDES = range(STRETCHES // 4, 3 * STRETCHES // 4)   # the middle half, where B9.6 is read
BAND = 8                # px each side of a hexside where its wall/hedge/bocage is drawn
SIDE_BAND = 16          # px each side read for the level beside the depiction (B9.6)
DISC_PX = 10            # px round a hex's centre dot read for the terrain "at" the dot (B.1)
LINE_PX = 2             # px either side of a hexside: the art crossing its interior (B19.2)
PAD = 24                # px of margin round the padded planes (more than SIDE_BAND + 1)
PADDED_HEIGHT = GRID_HEIGHT + 2 * PAD
PERIOD_X, PERIOD_Y = 12, 4          # lattice units: 4 columns (225 px), 2 rows (129 px)
PERIOD_PX = (225, 129)
GEO_HEX_HEIGHT = Fraction(GRID_HEIGHT, 10)   # 64.5 px: the art's measures above are for it


class Shape:
    """A board's hexes (``size``) on its ``width`` x ``height`` pixel grid,
    and the exact integer frame between them (the module's docstring)."""
    __slots__ = ("size", "width", "height", "sx", "sy", "unit", "ax", "bx", "ay", "by", "scale",
                 "period", "period_px", "pad", "padded_height", "_key")

    def __init__(self, size: BoardSize, width: int, height: int):
        self.size, self.width, self.height = size, width, height
        # pixels per lattice unit across (3 a column) and down (2 a row)
        self.sx = Fraction(width, 3 * (size.columns - 1))
        self.sy = Fraction(height, 2 * size.rows)
        self.unit = lcm(self.sx.denominator, self.sy.denominator, 2)
        self.ax, self.ay = int(self.unit * self.sx), int(self.unit * self.sy)
        self.bx = -3 * size.first * self.ax
        self.by = -2 * size.top * self.ay
        self.scale = max(1, round(self.sy * 2 / GEO_HEX_HEIGHT))
        cols = next(c for c in range(2, 2 * size.columns + 2, 2)
                    if (c * width) % (size.columns - 1) == 0)
        rows = next(r for r in range(1, size.rows + 1) if (r * height) % size.rows == 0)
        self.period = (3 * cols, 2 * rows)
        self.period_px = (c_px := cols * width // (size.columns - 1), rows * height // size.rows)
        assert c_px * (size.columns - 1) == cols * width
        self.pad = PAD * self.scale
        self.padded_height = height + 2 * self.pad
        self._key = (size, width, height)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shape) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"Shape({self.size!r}, {self.width}, {self.height})"

    def pixel_of(self, p: g.Point) -> tuple[Fraction, Fraction]:
        """A lattice point's position on the board's pixel grid (exact)."""
        return self.sx * (p[0] - 3 * self.size.first), self.sy * (p[1] - 2 * self.size.top)

    def lattice_of(self, x: Fraction | int, y: Fraction | int) -> tuple[Fraction, Fraction]:
        """A pixel-grid position in lattice units (exact): ``pixel_of``'s inverse."""
        return (Fraction(x) / self.sx + 3 * self.size.first,
                Fraction(y) / self.sy + 2 * self.size.top)

    def frame(self, p: g.Point) -> tuple[int, int]:
        """A lattice point in the board's integer frame: ``unit * pixel_of(p)``."""
        return self.ax * p[0] + self.bx, self.ay * p[1] + self.by

    def centre_pixel(self, h: g.Hex) -> tuple[int, int]:
        """The pixel a hex's centre dot falls in, kept on the board: the centres of
        the half hexes on its right and bottom edges lie on the edge itself."""
        qx, qy = self.frame(h)
        return (min(max(qx // self.unit, 0), self.width - 1),
                min(max(qy // self.unit, 0), self.height - 1))

    def disc(self, h: g.Hex) -> tuple[tuple[int, int, int], ...]:
        """The pixels within ``DISC_PX`` (times the scale) px of hex ``h``'s
        centre dot (pixel centres, exactly), on the board: (column, first row,
        last row)."""
        qx, qy = self.frame(h)
        u = self.unit
        out = []
        for di, dj0, dj1 in _disc(qx % u, qy % u, u, DISC_PX * self.scale):
            i = qx // u + di
            j0, j1 = max(qy // u + dj0, 0), min(qy // u + dj1, self.height - 1)
            if 0 <= i < self.width and j0 <= j1:
                out.append((i, j0, j1))
        return tuple(out)

    def pad_plane(self, plane: bytes, fill: int) -> bytes:
        """A column-major pixel plane with ``pad`` pixels of ``fill`` all round, so
        a hexside on the board's edge reads its off-board pixels as ``fill``."""
        edge = bytes([fill]) * self.pad
        blank = bytes([fill]) * self.padded_height
        h = self.height
        columns = [edge + plane[x * h:(x + 1) * h] + edge for x in range(self.width)]
        return blank * self.pad + b"".join(columns) + blank * self.pad


GEO = Shape(GEOMORPHIC, GRID_WIDTH, GRID_HEIGHT)


def pixel_of(p: g.Point) -> tuple[Fraction, Fraction]:
    """A lattice point's position on a geomorphic board's pixel grid (exact)."""
    return X_SCALE * p[0] - X_SHIFT, Y_SCALE * p[1]


def lattice_of(x: Fraction | int, y: Fraction | int) -> tuple[Fraction, Fraction]:
    """A pixel-grid position in lattice units (exact): ``pixel_of``'s inverse."""
    return (Fraction(x) + X_SHIFT) / X_SCALE, Fraction(y) / Y_SCALE


def quarter(p: g.Point) -> tuple[int, int]:
    """A lattice point in a geomorphic board's quarter-pixel frame: ``4 *
    pixel_of(p)``, an integer point (``Shape.frame`` on any board)."""
    return 75 * p[0] - 225, 129 * p[1]


def centre_pixel(h: g.Hex, shape: Shape = GEO) -> tuple[int, int]:
    return shape.centre_pixel(h)


def disc(h: g.Hex, shape: Shape = GEO) -> tuple[tuple[int, int, int], ...]:
    return shape.disc(h)


@lru_cache(maxsize=None)
def _disc(rx: int, ry: int, u: int, radius: int) -> tuple[tuple[int, int, int], ...]:
    """``disc`` relative to the pixel holding a dot at (rx, ry) frame units in
    it, ``u`` frame units a pixel, ``radius`` pixels."""
    r2 = (u * radius) ** 2
    half = u // 2
    out = []
    for di in range(-radius - 1, radius + 2):
        dx = u * di + half - rx
        rows = [dj for dj in range(-radius - 1, radius + 2)
                if dx * dx + (u * dj + half - ry) ** 2 <= r2]
        if rows:
            out.append((di, rows[0], rows[-1]))
    return tuple(out)


def signed(byte: int) -> int:
    """A pixel's elevation byte as a level (the plane holds them as signed bytes)."""
    return byte - 256 if byte > 127 else byte


def pad(plane: bytes, fill: int, shape: Shape = GEO) -> bytes:
    return shape.pad_plane(plane, fill)


class Pixel(NamedTuple):
    offset: int        # index in a padded plane, from the pattern's ``base``
    side: int          # +1 on the side of the hexside's first hex, -1 on the other, 0 on it
    across: int        # how far square to the hexside (a rank: |cross product|)


class HexsidePixels:
    """The pixels that show one hexside, as offsets from ``base`` in a padded plane.
    ``sides`` (the pixels within ``SIDE_BAND`` px, for B9.6's test) are worked
    out when first asked, for the middle half of the hexside, all B9.6's test
    reads (``SIDES``): few hexsides are asked."""
    __slots__ = ("base", "span", "runs", "stretches", "line", "_sides", "_make_sides")

    def __init__(self, base: int, span: int, runs: tuple[tuple[int, int], ...],
                 stretches: tuple[Callable[[Any], tuple[int, ...]], ...],
                 line: tuple[tuple[int, ...], ...],
                 make_sides: Callable[[], tuple[tuple[Pixel, ...], ...]]):
        self.base = base            # the smallest offset, relative to the pattern's origin
        self.span = span            # offsets run 0 .. span - 1
        self.runs = runs            # the band, column by column: [start, end) offsets
        self.stretches = stretches  # per stretch: the band's pixels
        self.line = line            # per stretch: offsets within LINE_PX of the hexside
        self._sides: tuple[tuple[Pixel, ...], ...] | None = None
        self._make_sides = make_sides

    @property
    def sides(self) -> tuple[tuple[Pixel, ...], ...]:
        """Per stretch: pixels within SIDE_BAND px, nearest first (the
        stretches ``SIDES``; the others empty)."""
        if self._sides is None:
            self._sides = self._make_sides()
        return self._sides


@lru_cache(maxsize=None)
def hexside_pixels(sd: g.Hexside, shape: Shape = GEO) -> tuple[int, HexsidePixels]:
    """Where hexside ``sd``'s pixels start in a padded plane (``pad``), and their pattern."""
    v1 = min(g.hexside_ends(sd))
    (px, py), (wx, wy) = shape.period, shape.period_px
    kx, ky = v1[0] % px, v1[1] % py
    dx_px = (v1[0] - kx) // px * wx
    dy_px = (v1[1] - ky) // py * wy
    a, b = sd
    pattern = _pattern(((a[0] - v1[0], a[1] - v1[1]), (b[0] - v1[0], b[1] - v1[1]), kx, ky),
                       shape)
    origin = (dx_px + shape.pad) * shape.padded_height + dy_px + shape.pad
    return origin + pattern.base, pattern


def _getter(offsets: list[int]) -> Callable[[Any], tuple[int, ...]]:
    """An itemgetter that always gives a tuple (itemgetter of one item gives the item)."""
    return itemgetter(*offsets) if len(offsets) > 1 else itemgetter(*offsets, *offsets)


def _rows(a: int, b: int, lo: int, hi: int) -> tuple[int, int]:
    """The rows j (first, last; empty where first > last) with lo <= a j + b <= hi, exactly."""
    if a == 0:
        return (-(1 << 60), 1 << 60) if lo <= b <= hi else (1, 0)
    if a < 0:
        a, b, lo, hi = -a, -b, -hi, -lo
    return -((b - lo) // a), (hi - b) // a


@lru_cache(maxsize=None)
def _pattern(key: tuple[g.Point, g.Point, int, int], shape: Shape = GEO) -> HexsidePixels:
    """Hexside ``key``'s pixels: per pixel column, the rows within each band
    square to the hexside and along it, worked out exactly from the integer
    line equations (a pixel's centre is ``(u i + u/2, u j + u/2)``), so only
    the pixels kept are visited. The band and the line are a geomorphic
    board's pixels wide on any board (a Deluxe board's walls are drawn
    wider, and cover them); the sides reach ``SIDE_BAND`` times the board's
    scale, beyond its wider walls."""
    (ax, ay), (bx, by), kx, ky = key
    a, b = g.Hex((kx + ax, ky + ay)), g.Hex((kx + bx, ky + by))
    p1, p2 = sorted(set(g.hex_vertices(a)) & set(g.hex_vertices(b)))
    (x1, y1), (x2, y2) = shape.frame(p1), shape.frame(p2)
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    qa = shape.frame(a)
    a_sign = 1 if dx * (qa[1] - y1) - dy * (qa[0] - x1) > 0 else -1
    u, k, half, ph = shape.unit, shape.scale, shape.unit // 2, shape.padded_height
    side_px = SIDE_BAND * k
    reach = u * (side_px + 1)
    r_band = isqrt((u * BAND) ** 2 * length2)
    r_side = isqrt((u * side_px) ** 2 * length2)
    r_line = isqrt((u * LINE_PX) ** 2 * length2)
    line: list[list[int]] = [[] for _ in range(STRETCHES)]
    band: list[list[int]] = [[] for _ in range(STRETCHES)]
    columns: list[tuple[int, int, int]] = []       # (column, first row, last row) of the band
    side_cols: list[tuple[int, int, int, int, int]] = []   # (i, j0, j1, along at j=0, cross at 0)
    for i in range((min(x1, x2) - reach) // u, (max(x1, x2) + reach) // u + 1):
        cx = u * i + half
        a0 = (cx - x1) * dx + (half - y1) * dy      # along(j) = a0 + dy u j
        c0 = dx * (half - y1) - dy * (cx - x1)      # cross(j) = c0 + dx u j
        s0, s1 = _rows(dy * u, a0, 0, length2 - 1)
        t0, t1 = _rows(dx * u, c0, -r_side, r_side)
        j0, j1 = max(s0, t0), min(s1, t1)
        if j0 > j1:
            continue
        side_cols.append((i, j0, j1, a0, c0))
        t0, t1 = _rows(dx * u, c0, -r_band, r_band)
        b0, b1 = max(s0, t0), min(s1, t1)
        if b0 > b1:
            continue
        columns.append((i, b0, b1))
        for j in range(b0, b1 + 1):
            along = a0 + dy * u * j
            stretch = along * STRETCHES // length2
            offset = i * ph + j
            band[stretch].append(offset)
            cross = c0 + dx * u * j
            if -r_line <= cross <= r_line:
                line[stretch].append(offset)
    base = min(i * ph + j0 for i, j0, _, _, _ in side_cols)
    span = max(i * ph + j1 for i, _, j1, _, _ in side_cols) - base + 1
    # The band is convex, so each pixel column of it is one run of offsets.
    runs = tuple((i * ph + b0 - base, i * ph + b1 + 1 - base) for i, b0, b1 in columns)
    assert sum(e - s for s, e in runs) == sum(len(s) for s in band)

    # the middle half: along * STRETCHES // length2 in SIDES
    lo = -(-SIDES.start * length2 // STRETCHES)
    hi = -(-SIDES.stop * length2 // STRETCHES) - 1

    def make_sides() -> tuple[tuple[Pixel, ...], ...]:
        sides: list[list[Pixel]] = [[] for _ in range(STRETCHES)]
        make = tuple.__new__             # a Pixel made in C (its __new__ is Python's)
        du, cu = dy * u, dx * u
        for i, j0, j1, a0, c0 in side_cols:
            m0, m1 = _rows(du, a0, lo, hi)
            at = i * ph - base
            for j in range(max(j0, m0), min(j1, m1) + 1):
                cross = c0 + cu * j
                side = 0 if cross == 0 else (a_sign if cross > 0 else -a_sign)
                sides[(a0 + du * j) * STRETCHES // length2].append(
                    make(Pixel, (at + j, side, cross if cross >= 0 else -cross)))
        return tuple(tuple(sorted(s, key=itemgetter(2))) for s in sides)
    return HexsidePixels(base, span, runs, tuple(_getter([o - base for o in s]) for s in band),
                         tuple(tuple(o - base for o in s) for s in line), make_sides)
