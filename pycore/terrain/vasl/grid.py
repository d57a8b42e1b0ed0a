"""A geomorphic board's pixel grid on the hex lattice, exactly.

VASL's grid: column c (0 = A) has its centre at x = 56.25 c pixels; odd-lettered
columns (A, C, ...) put row r at y = 64.5 (r - 0.5), even-lettered ones at
y = 64.5 r. In the lattice of ``pycore.geometry`` (column A = 1 at x = 3, y in
half hex heights) that is the affine map

    pixel x = 75/4 X - 225/4,   pixel y = 129/4 Y

(``pixel_of``, ``lattice_of``: exact Fractions). Four times a pixel coordinate
is therefore an integer at every lattice point: the *quarter-pixel frame*
``q = (75 X - 225, 129 Y)`` in which every hex centre, vertex and pixel centre
(``4 i + 2, 4 j + 2``) is an integer point, and every "which side, how far
along, how far across" below is an exact integer product. Pixel (i, j) covers
[i, i + 1) x [j, j + 1); a point is read from the pixel it falls in.

A hexside's depiction is read from the pixels whose centres lie within
``BAND`` pixels of it (measured square to the hexside) and project onto it
(not beyond either end). Its length is cut into ``STRETCHES`` equal stretches;
each pixel falls in one. The hexside pattern repeats every 4 columns (225 px)
and 2 rows (129 px), so each pattern is computed once per process
(``hexside_pixels``) and shifted.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from operator import itemgetter
from typing import Any, Callable, NamedTuple

from ... import geometry as g

GRID_WIDTH, GRID_HEIGHT = 1800, 645     # a board's pixel grid (pycore.terrain.vasl.archive reads it)

X_SCALE, X_SHIFT, Y_SCALE = Fraction(75, 4), Fraction(225, 4), Fraction(129, 4)
STRETCHES = 32          # a hexside (37.5 px) is read in stretches of about 1.2 px
BAND = 8                # px each side of a hexside where its wall/hedge/bocage is drawn
SIDE_BAND = 16          # px each side read for the level beside the depiction (B9.6)
DISC_PX = 10            # px round a hex's centre dot read for the terrain "at" the dot (B.1)
LINE_PX = 2             # px either side of a hexside: the art crossing its interior (B19.2)
PAD = 24                # px of margin round the padded planes (more than SIDE_BAND + 1)
PADDED_HEIGHT = GRID_HEIGHT + 2 * PAD
PERIOD_X, PERIOD_Y = 12, 4          # lattice units: 4 columns (225 px), 2 rows (129 px)
PERIOD_PX = (225, 129)


def pixel_of(p: g.Point) -> tuple[Fraction, Fraction]:
    """A lattice point's position on the board's pixel grid (exact)."""
    return X_SCALE * p[0] - X_SHIFT, Y_SCALE * p[1]


def lattice_of(x: Fraction | int, y: Fraction | int) -> tuple[Fraction, Fraction]:
    """A pixel-grid position in lattice units (exact): ``pixel_of``'s inverse."""
    return (Fraction(x) + X_SHIFT) / X_SCALE, Fraction(y) / Y_SCALE


def quarter(p: g.Point) -> tuple[int, int]:
    """A lattice point in the quarter-pixel frame: ``4 * pixel_of(p)``, an integer point."""
    return 75 * p[0] - 225, 129 * p[1]


def centre_pixel(h: g.Hex) -> tuple[int, int]:
    """The pixel a hex's centre dot falls in, kept on the board: the centres of
    the half hexes on its right and bottom edges lie on the edge itself."""
    qx, qy = quarter(h)
    return min(max(qx // 4, 0), GRID_WIDTH - 1), min(max(qy // 4, 0), GRID_HEIGHT - 1)


def disc(h: g.Hex) -> tuple[tuple[int, int, int], ...]:
    """The pixels within ``DISC_PX`` px of hex ``h``'s centre dot (pixel
    centres, exactly), on the board: (column, first row, last row)."""
    qx, qy = quarter(h)
    out = []
    for di, dj0, dj1 in _disc(qx % 4, qy % 4):
        i, j0, j1 = qx // 4 + di, max(qy // 4 + dj0, 0), min(qy // 4 + dj1, GRID_HEIGHT - 1)
        if 0 <= i < GRID_WIDTH and j0 <= j1:
            out.append((i, j0, j1))
    return tuple(out)


@lru_cache(maxsize=None)
def _disc(rx: int, ry: int) -> tuple[tuple[int, int, int], ...]:
    """``disc`` relative to the pixel holding a dot at (rx, ry) quarter pixels in it."""
    r2 = (4 * DISC_PX) ** 2
    out = []
    for di in range(-DISC_PX - 1, DISC_PX + 2):
        dx = 4 * di + 2 - rx
        rows = [dj for dj in range(-DISC_PX - 1, DISC_PX + 2)
                if dx * dx + (4 * dj + 2 - ry) ** 2 <= r2]
        if rows:
            out.append((di, rows[0], rows[-1]))
    return tuple(out)


def signed(byte: int) -> int:
    """A pixel's elevation byte as a level (the plane holds them as signed bytes)."""
    return byte - 256 if byte > 127 else byte


def pad(plane: bytes, fill: int) -> bytes:
    """A column-major pixel plane with ``PAD`` pixels of ``fill`` all round, so
    a hexside on the board's edge reads its off-board pixels as ``fill``."""
    edge = bytes([fill]) * PAD
    blank = bytes([fill]) * PADDED_HEIGHT
    columns = [edge + plane[x * GRID_HEIGHT:(x + 1) * GRID_HEIGHT] + edge
               for x in range(GRID_WIDTH)]
    return blank * PAD + b"".join(columns) + blank * PAD


class Pixel(NamedTuple):
    offset: int        # index in a padded plane, from the pattern's ``base``
    side: int          # +1 on the side of the hexside's first hex, -1 on the other, 0 on it
    across: int        # how far square to the hexside (a rank: |cross product|)


class HexsidePixels(NamedTuple):
    """The pixels that show one hexside, as offsets from ``base`` in a padded plane."""
    base: int                       # the smallest offset, relative to the pattern's origin
    span: int                       # offsets run 0 .. span - 1
    runs: tuple[tuple[int, int], ...]      # the band, column by column: [start, end) offsets
    stretches: tuple[Callable[[Any], tuple[int, ...]], ...]   # per stretch: the band's pixels
    sides: tuple[tuple[Pixel, ...], ...]   # per stretch: pixels within SIDE_BAND, nearest first
    line: tuple[tuple[int, ...], ...]      # per stretch: offsets within LINE_PX of the hexside


@lru_cache(maxsize=None)
def hexside_pixels(sd: g.Hexside) -> tuple[int, HexsidePixels]:
    """Where hexside ``sd``'s pixels start in a padded plane (``pad``), and their pattern."""
    v1 = min(g.hexside_ends(sd))
    kx, ky = v1[0] % PERIOD_X, v1[1] % PERIOD_Y
    dx_px = (v1[0] - kx) // PERIOD_X * PERIOD_PX[0]
    dy_px = (v1[1] - ky) // PERIOD_Y * PERIOD_PX[1]
    a, b = sd
    pattern = _pattern(((a[0] - v1[0], a[1] - v1[1]), (b[0] - v1[0], b[1] - v1[1]), kx, ky))
    origin = (dx_px + PAD) * PADDED_HEIGHT + dy_px + PAD
    return origin + pattern.base, pattern


def _getter(offsets: list[int]) -> Callable[[Any], tuple[int, ...]]:
    """An itemgetter that always gives a tuple (itemgetter of one item gives the item)."""
    return itemgetter(*offsets) if len(offsets) > 1 else itemgetter(*offsets, *offsets)


@lru_cache(maxsize=None)
def _pattern(key: tuple[g.Point, g.Point, int, int]) -> HexsidePixels:
    (ax, ay), (bx, by), kx, ky = key
    a, b = g.Hex((kx + ax, ky + ay)), g.Hex((kx + bx, ky + by))
    p1, p2 = sorted(set(g.hex_vertices(a)) & set(g.hex_vertices(b)))
    (x1, y1), (x2, y2) = quarter(p1), quarter(p2)
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    qa = quarter(a)
    a_sign = 1 if dx * (qa[1] - y1) - dy * (qa[0] - x1) > 0 else -1
    reach = 4 * SIDE_BAND + 4
    band2, side2 = (4 * BAND) ** 2 * length2, (4 * SIDE_BAND) ** 2 * length2
    line2 = (4 * LINE_PX) ** 2 * length2
    line: list[list[int]] = [[] for _ in range(STRETCHES)]
    band: list[list[int]] = [[] for _ in range(STRETCHES)]
    columns: dict[int, list[int]] = {}
    sides: list[list[Pixel]] = [[] for _ in range(STRETCHES)]
    for i in range((min(x1, x2) - reach) // 4, (max(x1, x2) + reach) // 4 + 1):
        cx = 4 * i + 2
        for j in range((min(y1, y2) - reach) // 4, (max(y1, y2) + reach) // 4 + 1):
            cy = 4 * j + 2
            along = (cx - x1) * dx + (cy - y1) * dy
            if not 0 <= along < length2:
                continue
            cross = dx * (cy - y1) - dy * (cx - x1)
            if cross * cross > side2:
                continue
            stretch = along * STRETCHES // length2
            offset = i * PADDED_HEIGHT + j
            if cross * cross <= line2:
                line[stretch].append(offset)
            if cross * cross <= band2:
                band[stretch].append(offset)
                columns.setdefault(i, []).append(offset)
            side = 0 if cross == 0 else (a_sign if cross > 0 else -a_sign)
            sides[stretch].append(Pixel(offset, side, abs(cross)))
    base = min(p.offset for s in sides for p in s)
    span = max(p.offset for s in sides for p in s) - base + 1
    # The band is convex, so each pixel column of it is one run of offsets.
    runs = tuple((min(c) - base, max(c) - base + 1) for _, c in sorted(columns.items()))
    assert sum(e - s for s, e in runs) == sum(len(s) for s in band)
    return HexsidePixels(
        base, span, runs, tuple(_getter([o - base for o in s]) for s in band),
        tuple(tuple(sorted((p._replace(offset=p.offset - base) for p in s),
                           key=lambda p: p.across)) for s in sides),
        tuple(tuple(o - base for o in s) for s in line))
