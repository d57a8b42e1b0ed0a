"""The board as drawn: what a LOS thread meets in a board's pixel depiction (A6.1).

A6.1: it is the terrain depiction, not the hex, that blocks or hinders, and an
obstruction counts only where it is visible on both sides of the thread.  An
imported board (pycore.terrain.vasl) gives a value per pixel: an elevation, an
obstacle's height, a Hindrance.  This module answers, exactly, the largest
value whose depiction a thread passes *through* (``met``; ``met_beside`` along
a hexside). ``pycore.terrain.bands`` reads a drawing band by band, highest
value first, with the same scan.

The pixel plane.  Pixel (i, j) is the closed square [i, i+1] x [j, j+1].  A
board's lattice maps onto its pixels by an exact rational scale
(``pycore.terrain.vasl.grid``); four times a pixel coordinate is an integer at every
lattice point, so everything here is in that board's quarter pixels
(``pycore.terrain.vasl.grid.quarter``), where a pixel is the square
[4i, 4i+4] x [4j, 4j+4]: integer arithmetic only, no epsilon. A board of
another size has a frame of its own, ``u`` units a pixel
(``pycore.terrain.vasl.grid.Shape.unit``): every function here takes it, 4
unless said.

What "passes through" means.  A thread meets a pixel's value where a piece of
it of positive length lies in the pixel's open square, or runs along a pixel
edge: there it has pixels on both sides and meets the *smaller* of their two
values (the depiction is on both sides of the thread only up to that).  A
single point does not count: touching a corner, or crossing an edge, is not
passing through.  So a thread along the edge of a depicted region, or
grazing its corner, does not meet it (A6.1); one along the edge between two
woods pixels does.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

# A pixel column's non-zero values: (first row, last row, value) runs, sorted
# by row, not overlapping.  Pixels in no run have the value 0.
Run = tuple[int, int, int]
Columns = Mapping[int, Sequence[Run]]

Box = tuple[int, int, int, int]      # quarter-pixel x0, y0, x1, y1 round a drawing

def misses(bx: Box, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """The open segment a-b passes through no point inside the rectangle
    (touching its edge or corner meets nothing there: the pixels beyond are
    undrawn): a quick exact test before ``met``."""
    x0, y0, x1, y1 = bx
    if max(a[0], b[0]) <= x0 or min(a[0], b[0]) >= x1 or max(a[1], b[1]) <= y0 \
            or min(a[1], b[1]) >= y1:
        return True
    dx, dy = b[0] - a[0], b[1] - a[1]
    c = dy * a[0] - dx * a[1]          # the corners' sides of the line: dx y - dy x + c
    s1, s2 = dx * y0 - dy * x0 + c, dx * y1 - dy * x0 + c
    s3, s4 = dx * y0 - dy * x1 + c, dx * y1 - dy * x1 + c
    return min(s1, s2, s3, s4) >= 0 or max(s1, s2, s3, s4) <= 0


def value_at(columns: Columns, i: int, j: int) -> int:
    for first, last, v in columns.get(i, ()):
        if first <= j <= last:
            return v
        if first > j:
            break
    return 0


def _max_in(columns: Columns, i: int, j0: int, j1: int) -> int:
    """The largest value of column i's pixels j0..j1."""
    best = 0
    for first, last, v in columns.get(i, ()):
        if first > j1:
            break
        if last >= j0 and v > best:
            best = v
    return best


def _max_between(columns: Columns, i: int, j0: int, j1: int) -> int:
    """Along the edge between pixel columns i - 1 and i, rows j0..j1: the
    largest of min(left, right) over those rows."""
    left, right = columns.get(i - 1, ()), columns.get(i, ())
    if not left or not right:
        return 0
    best = 0
    for f1, l1, v1 in left:                  # runs facing each other within j0..j1
        if l1 < j0:
            continue
        if f1 > j1:
            break
        for f2, l2, v2 in right:
            if f2 > l1 or f2 > j1:
                break
            if l2 >= f1 and l2 >= j0:
                m = v1 if v1 < v2 else v2
                if m > best:
                    best = m
    return best


def _rows_between(columns: Columns, j: int, i0: int, i1: int) -> int:
    """Along the edge between pixel rows j - 1 and j, columns i0..i1."""
    return max((min(value_at(columns, i, j - 1), value_at(columns, i, j))
                for i in range(i0, i1 + 1)), default=0)


def top(columns: Columns) -> int:
    """The largest value drawn in ``columns`` (0 where none)."""
    return max((v for runs in columns.values() for _, _, v in runs), default=0)


def met(columns: Columns, a: tuple[int, int], b: tuple[int, int], most: int | None = None,
        within: Box | None = None, u: int = 4) -> int:
    """The largest value the open segment a-b (quarter pixels) passes through,
    0 when it meets none.  ``columns`` may hold only some pixels (a hex's own):
    the others count as 0.  ``most``: the largest value in ``columns``
    (``top``), where known: the search stops once it is met; ``within``: a
    box (quarter pixels) holding every value, where known: only its columns
    where the segment is within its rows are read.

    A slanted segment is read column by column, each column's rows it passes
    through worked out exactly from the integer line equation (4d times a
    row is an integer), the column's runs compared as integers inline."""
    if not columns:
        return 0
    (ax, ay), (bx, by) = sorted((a, b))
    if ax == bx:                                     # vertical
        if ay == by:
            return 0
        ylo, yhi = min(ay, by), max(ay, by)
        i, inside = divmod(ax, u)
        j0, j1 = ylo // u, (yhi - 1) // u
        return _max_in(columns, i, j0, j1) if inside else _max_between(columns, i, j0, j1)
    if within is None:                               # pixel columns the open x-range meets
        first, last = max(ax // u, min(columns)), min((bx - 1) // u, max(columns))
    else:
        first, last = max(ax // u, within[0] // u), min((bx - 1) // u, within[2] // u - 1)
    if first > last:
        return 0
    if ay == by:                                     # horizontal
        j, inside = divmod(ay, u)
        if not inside:
            return _rows_between(columns, j, first, last)
        found = 0
        for i in range(first, last + 1):             # each column's pixel in row j
            v = value_at(columns, i, j)
            if v > found:
                found = v
                if most is not None and found >= most:
                    break
        return found
    if most is None:
        most = top(columns)
    d, dy = bx - ax, by - ay
    if within is not None:
        first, last = columns_within(within, ax, ay, d, dy, first, last, u)
    return scan(columns.get, first, last, ax, bx, ay * d - dy * ax, dy, u * d, 0, most, u)


def columns_within(box: Box, ax: int, ay: int, d: int, dy: int, first: int, last: int,
                   u: int = 4) -> tuple[int, int]:
    """Pixel columns first..last narrowed to those of ``box`` where the slanted
    line from (ax, ay), direction (d, dy), lies within the box's rows (a
    superset: each end widened by a column; the column scan is exact)."""
    x0, y0, x1, y1 = box
    ea = (ax * dy + (y0 - ay) * d) // dy // u
    eb = (ax * dy + (y1 - ay) * d) // dy // u
    if ea > eb:
        ea, eb = eb, ea
    return max(first, ea - 1, x0 // u), min(last, eb + 1, x1 // u - 1)


def rows_passed(xl: int, xr: int, ax: int, bx: int, base: int, dy: int, d4: int) -> tuple[int, int]:
    """The pixel rows (first, last) the segment from x = ax to bx passes
    through between x = xl and xr (quarter pixels): 4d times its row at x is
    the integer base + dy x, so the rows are exact."""
    if xl < ax:
        xl = ax
    if xr > bx:
        xr = bx
    n1, n2 = base + dy * xl, base + dy * xr
    if n1 > n2:
        n1, n2 = n2, n1
    return n1 // d4, -(-n2 // d4) - 1


def scan(get: Any, i0: int, i1: int, ax: int, bx: int, base: int, dy: int, d4: int,
          found: int, stop: int, u: int = 4) -> int:
    """The largest value the slanted segment passes through in pixel columns
    i0..i1 (``get``: a column's runs), or ``found`` if none is larger; it stops
    after a column once that value reaches ``stop``."""
    for i in range(i0, i1 + 1):
        runs = get(i)
        if not runs:
            continue
        j0, j1 = rows_passed(u * i, u * i + u, ax, bx, base, dy, d4)
        for f, l, w in runs:
            if f > j1:
                break
            if l >= j0 and w > found:
                found = w
        if found >= stop:
            break
    return found


def met_beside(x: Columns, y: Columns, a: tuple[int, int], b: tuple[int, int], u: int = 4
               ) -> tuple[int, int, int]:
    """Along a hexside between two hexes' pixels ``x`` and ``y`` (A6.1: the
    obstruction must be on both sides of the thread), the segment a-b
    (quarter pixels): (the largest value both hexes show beside it at once,
    x's largest, y's largest).  Beside it, in each pixel column its open
    x-range meets: the pixels it passes through or runs along there, and the
    one just beyond them on either side (the pixel each side shows where the
    segment runs inside a pixel row).  Column by column the smaller of the two
    hexes' values counts, so drawings that reach the hexside along different
    stretches of it are never both beside it at once."""
    (ax, ay), (bx, by) = sorted((a, b))
    both = side_x = side_y = 0
    if ax == bx:
        return both, side_x, side_y
    d, dy = bx - ax, by - ay
    # only the columns either hex draws in can show anything beside it (the
    # segment may be a whole thread, far longer than the hexside)
    drawn = x.keys() | y.keys()
    if not drawn:
        return both, side_x, side_y
    for i in range(max(ax // u, min(drawn)), min((bx - 1) // u, max(drawn)) + 1):
        if dy == 0:
            j, inside = divmod(ay, u)
            j0, j1 = j - 1, (j + 1 if inside else j)
        else:
            xl, xr = max(ax, u * i), min(bx, u * i + u)
            n1, n2 = ay * d + dy * (xl - ax), ay * d + dy * (xr - ax)
            if n1 > n2:
                n1, n2 = n2, n1
            j0, j1 = n1 // (u * d) - 1, -(-n2 // (u * d))
        vx, vy = _max_in(x, i, j0, j1), _max_in(y, i, j0, j1)
        both, side_x, side_y = max(both, min(vx, vy)), max(side_x, vx), max(side_y, vy)
    return both, side_x, side_y
