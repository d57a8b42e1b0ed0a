"""The board as drawn: what a LOS thread meets in a board's pixel depiction (A6.1).

A6.1: it is the terrain depiction, not the hex, that blocks or hinders, and an
obstruction counts only where it is visible on both sides of the thread.  An
imported board (pycore.terrain.vasl) gives a value per pixel: an elevation, an
obstacle's height, a Hindrance.  This module answers, exactly, the largest
value whose depiction a thread passes *through*.

The pixel plane.  Pixel (i, j) is the closed square [i, i+1] x [j, j+1].  A
board's lattice maps onto its pixels by an exact rational scale
(``pycore.terrain.vasl.grid``); four times a pixel coordinate is an integer at every
lattice point, so everything here is in that board's quarter pixels
(``pycore.terrain.vasl.grid.quarter``), where a pixel is the square
[4i, 4i+4] x [4j, 4j+4]: integer arithmetic only, no epsilon.

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
Slants = tuple[int, int, int, int]   # bounds of 129 x + 75 y, then of 129 x - 75 y (``bands``)
Group = tuple[int, int, int, int]    # pixel columns i0..i1, and the rows j0..j1 their pixels span
# a value drawn; the box, slants and column groups round its pixels and higher ones, and a
# rectangle of pixels all of that value or higher, its core (``bands``)
Band = tuple[int, Box, Slants, tuple[Group, ...], Box]
GROUP = 8                            # pixel columns per group


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


# A hexagon's slanted edges run along (-75, 129) and (75, 129) in quarter
# pixels (pycore.terrain.vasl.grid): a band keeps the bounds of 129 x + 75 y and of
# 129 x - 75 y over its pixels, which with its box make an octagon round them.
_SX, _SY = 129, 75


def bands(cols: Columns) -> tuple[Band, ...]:
    """Per value drawn, highest first: the box (quarter pixels) round the
    pixels of that value or higher, the bounds of ``129 x + 75 y`` and
    ``129 x - 75 y`` over them (their slanted sides, as a hexagon's),
    their column groups, and their core (``_core``). A thread that misses a
    band's box, or runs beyond those bounds, meets nothing that high; one
    that passes inside its core meets that value."""
    per: dict[int, dict[int, list[int]]] = {}      # value -> column -> its first, last row
    for i, runs in cols.items():
        for j0, j1, v in runs:
            col = per.get(v)
            if col is None:
                col = per[v] = {}
            e = col.get(i)
            if e is None:
                col[i] = [j0, j1]
            else:
                if j0 < e[0]:
                    e[0] = j0
                if j1 > e[1]:
                    e[1] = j1
    out: list[Band] = []
    acc: dict[int, list[int]] = {}                 # the same for the values so far
    for v in sorted(per, reverse=True):             # each band holds the higher ones
        for i, (j0, j1) in per[v].items():
            e = acc.get(i)
            if e is None:
                acc[i] = [j0, j1]
            else:
                e[0], e[1] = min(e[0], j0), max(e[1], j1)
        bounds = _bounds(acc)
        out.append((v, *bounds, _core(cols, v, bounds[0])))
    return tuple(out)


def _core(cols: Columns, v: int, box: Box) -> Box:
    """A rectangle (quarter pixels) whose pixels all have value ``v`` or
    higher: grown from the tallest such stretch of rows in the middle column
    of the band's ``box`` (or of any column, where that one has none), a
    column at a time to the side that keeps more of its rows, while its area
    does not shrink. Not the largest one; a thread that passes inside it
    meets ``v`` at once, without reading a column (``_slanted``)."""
    read: dict[int, list[tuple[int, int]]] = {}     # column -> its stretches, once read

    def stretches(i: int) -> list[tuple[int, int]]:
        out = read.get(i)
        if out is None:
            out = read[i] = []
            for j0, j1, w in cols.get(i, ()):
                if w >= v:
                    if out and out[-1][1] + 1 == j0:
                        out[-1] = (out[-1][0], j1)
                    else:
                        out.append((j0, j1))
        return out

    mid = (box[0] + box[2]) // 8
    pivot = max(((j1 - j0, i, j0, j1) for i in ([mid] if stretches(mid) else cols)
                 for j0, j1 in stretches(i)), default=None)
    assert pivot is not None, "a band has pixels of its value"
    _, lo, r0, r1 = pivot
    hi, area = lo, r1 - r0 + 1
    while True:
        grown = None                                 # (area, column, rows)
        for k in (lo - 1, hi + 1):
            for j0, j1 in stretches(k):
                a0, a1 = max(j0, r0), min(j1, r1)
                if a0 <= a1 and (grown is None or (hi - lo + 2) * (a1 - a0 + 1) > grown[0]):
                    grown = ((hi - lo + 2) * (a1 - a0 + 1), k, a0, a1)
        if grown is None or grown[0] < area:
            break
        area, k, r0, r1 = grown
        lo, hi = min(lo, k), max(hi, k)
    return 4 * lo, 4 * r0, 4 * hi + 4, 4 * r1 + 4


def _bounds(rows: dict[int, list[int]]) -> tuple[Box, Slants, tuple[Group, ...]]:
    """From each pixel column's first and last row of a band: its box, its
    slanted bounds (each reached at a corner of a column's end pixels), and
    its pixels by groups of GROUP columns."""
    first = min(rows)
    x0, x1 = 4 * first, 4 * max(rows) + 4
    far = 1 << 62
    y0 = u0 = w0 = far
    y1 = u1 = w1 = -far
    groups: dict[int, list[int]] = {}
    for i, (j0, j1) in rows.items():       # (comparisons, not min/max calls: ~80 columns a hex)
        xl, xr, yt, yb = 4 * i, 4 * i + 4, 4 * j0, 4 * j1 + 4
        if yt < y0:
            y0 = yt
        if yb > y1:
            y1 = yb
        u, uu, w, ww = _SX * xl + _SY * yt, _SX * xr + _SY * yb, _SX * xl - _SY * yb, \
            _SX * xr - _SY * yt
        if u < u0:
            u0 = u
        if uu > u1:
            u1 = uu
        if w < w0:
            w0 = w
        if ww > w1:
            w1 = ww
        gr = groups.get(i // GROUP)
        if gr is None:
            groups[i // GROUP] = [i, i, j0, j1]
        else:
            if i < gr[0]:
                gr[0] = i
            if i > gr[1]:
                gr[1] = i
            if j0 < gr[2]:
                gr[2] = j0
            if j1 > gr[3]:
                gr[3] = j1
    return (x0, y0, x1, y1), (u0, u1, w0, w1), \
        tuple((gr[0], gr[1], gr[2], gr[3]) for _, gr in sorted(groups.items()))


def met_banded(columns: Columns, bnds: tuple[Band, ...], a: tuple[int, int],
               b: tuple[int, int], best: int = 0) -> int:
    """``met``, band by band (``bands``), highest value first: a band whose
    box the segment misses is skipped, and the columns of the next are read
    only where the segment is within its rows, stopping once its value is
    met; the lowest band's box holds every pixel, so its reading is exact.
    Values not above ``best`` are not looked for (0 is returned for them).

    A slanted segment (the usual thread) is read inline (``_slanted``): the
    box test is ``misses``'s, the column scan ``met``'s, with no call per band.
    A segment inside a band's core meets its value at once."""
    if a[0] == b[0] or a[1] == b[1] or not bnds:
        found = 0
        for v, bv, _, _, core in bnds:
            if v <= best or v <= found:
                break
            if misses(bv, a, b):
                continue
            if not misses(core, a, b):
                return v                    # inside its core (``_slanted``)
            x = met(columns, a, b, v, bv)
            if x > found:
                found = x
            if x >= v:
                break
        return found
    return _slanted(columns, bnds, a, b, best)


def _slanted(columns: Columns, bnds: tuple[Band, ...], a: tuple[int, int],
             b: tuple[int, int], best: int) -> int:
    (ax, ay), (bx, by) = (a, b) if a < b else (b, a)
    d, dy = bx - ax, by - ay
    ylo, yhi = (ay, by) if dy > 0 else (by, ay)
    c = dy * ax - d * ay                 # a point's side of the line: d y - dy x + c
    # the lowest band's box holds every pixel: a segment that misses it meets nothing
    if _off(bnds[-1][1], ax, bx, ylo, yhi, d, dy, c):
        return 0
    get = columns.get
    d4, base = 4 * d, ay * d - dy * ax   # 4d times the row at x: base + dy x
    xa, xb = ax // 4, (bx - 1) // 4      # the pixel columns the open x-range meets
    last = len(bnds) - 1
    found = 0
    for k, (v, (x0, y0, x1, y1), slants, groups, core) in enumerate(bnds):
        if v <= best or v <= found:
            break
        # inside a rectangle of pixels all v or higher: v is met, and nothing
        # higher (the bands before this one were read whole)
        if not _off(core, ax, bx, ylo, yhi, d, dy, c):
            return v
        if k < last and _off((x0, y0, x1, y1), ax, bx, ylo, yhi, d, dy, c):
            continue
        first, end = _within((x0, y0, x1, y1), ax, ay, d, dy, xa, xb)
        if end - first > 2:
            # a longer reach: only the columns where the line is between the
            # band's slanted bounds too
            lo, hi = reach(d, dy, base, slants)
            if lo > first:
                first = lo
            if hi < end:
                end = hi
        for g0, g1, top, bottom in groups:
            if g1 < first:
                continue
            if g0 > end:
                break
            if g0 < first:
                g0 = first
            if g1 > end:
                g1 = end
            # the rows the segment passes through over the group's columns: if
            # they miss the rows its pixels span, no column of it is read
            j0, j1 = _rows(4 * g0, 4 * g1 + 4, ax, bx, base, dy, d4)
            if j1 < top or j0 > bottom:
                continue
            found = _scan(get, g0, g1, ax, bx, base, dy, d4, found, v)
            if found >= v:
                break
    return found


def reach(d: int, dy: int, base: int, slants: Slants) -> tuple[int, int]:
    """The pixel columns (least, greatest) where the line through a slanted
    segment lies between a band's slanted bounds (``bands``): a superset of
    the columns where the segment can pass through the band's pixels. The line
    is d y = base + dy x (d > 0, quarter pixels); along it, d (129 x +- 75 y)
    is K x + M, so each bound is reached at x = (bound d - M) / K, floored to
    a column (exact: integer division)."""
    u0, u1, w0, w1 = slants
    first, last = -(1 << 62), 1 << 62
    for k, m, lo, hi in ((_SX * d + _SY * dy, _SY * base, u0, u1),
                         (_SX * d - _SY * dy, -_SY * base, w0, w1)):
        if k == 0:                          # along the bound's direction
            if not lo * d <= m <= hi * d:
                return 1, 0                 # beyond it throughout
            continue
        c1, c2 = (lo * d - m) // (4 * k), (hi * d - m) // (4 * k)
        if c1 > c2:
            c1, c2 = c2, c1
        first, last = max(first, c1), min(last, c2)
    return first, last


def _off(bx: Box, ax: int, bx_: int, ylo: int, yhi: int, d: int, dy: int, c: int) -> bool:
    """``misses`` for a slanted segment from x ``ax`` to ``bx_`` (rows ylo..yhi)
    on the line d y - dy x + c = 0."""
    x0, y0, x1, y1 = bx
    if bx_ <= x0 or ax >= x1 or yhi <= y0 or ylo >= y1:
        return True
    s1, s2 = d * y0 - dy * x0 + c, d * y1 - dy * x0 + c
    s3, s4 = d * y0 - dy * x1 + c, d * y1 - dy * x1 + c
    return (s1 >= 0 and s2 >= 0 and s3 >= 0 and s4 >= 0) or \
        (s1 <= 0 and s2 <= 0 and s3 <= 0 and s4 <= 0)


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
        within: Box | None = None) -> int:
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
        i, inside = divmod(ax, 4)
        j0, j1 = ylo // 4, (yhi - 1) // 4
        return _max_in(columns, i, j0, j1) if inside else _max_between(columns, i, j0, j1)
    if within is None:                               # pixel columns the open x-range meets
        first, last = max(ax // 4, min(columns)), min((bx - 1) // 4, max(columns))
    else:
        first, last = max(ax // 4, within[0] // 4), min((bx - 1) // 4, within[2] // 4 - 1)
    if first > last:
        return 0
    if ay == by:                                     # horizontal
        j, inside = divmod(ay, 4)
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
        first, last = _within(within, ax, ay, d, dy, first, last)
    return _scan(columns.get, first, last, ax, bx, ay * d - dy * ax, dy, 4 * d, 0, most)


def _within(box: Box, ax: int, ay: int, d: int, dy: int, first: int, last: int
            ) -> tuple[int, int]:
    """Pixel columns first..last narrowed to those of ``box`` where the slanted
    line from (ax, ay), direction (d, dy), lies within the box's rows (a
    superset: each end widened by a column; the column scan is exact)."""
    x0, y0, x1, y1 = box
    ea = (ax * dy + (y0 - ay) * d) // dy // 4
    eb = (ax * dy + (y1 - ay) * d) // dy // 4
    if ea > eb:
        ea, eb = eb, ea
    return max(first, ea - 1, x0 // 4), min(last, eb + 1, x1 // 4 - 1)


def _rows(xl: int, xr: int, ax: int, bx: int, base: int, dy: int, d4: int) -> tuple[int, int]:
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


def _scan(get: Any, i0: int, i1: int, ax: int, bx: int, base: int, dy: int, d4: int,
          found: int, stop: int) -> int:
    """The largest value the slanted segment passes through in pixel columns
    i0..i1 (``get``: a column's runs), or ``found`` if none is larger; it stops
    after a column once that value reaches ``stop``."""
    for i in range(i0, i1 + 1):
        runs = get(i)
        if not runs:
            continue
        j0, j1 = _rows(4 * i, 4 * i + 4, ax, bx, base, dy, d4)
        for f, l, w in runs:
            if f > j1:
                break
            if l >= j0 and w > found:
                found = w
        if found >= stop:
            break
    return found


def met_beside(x: Columns, y: Columns, a: tuple[int, int], b: tuple[int, int]
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
    for i in range(ax // 4, (bx - 1) // 4 + 1):
        if dy == 0:
            j, inside = divmod(ay, 4)
            j0, j1 = j - 1, (j + 1 if inside else j)
        else:
            xl, xr = max(ax, 4 * i), min(bx, 4 * i + 4)
            n1, n2 = ay * d + dy * (xl - ax), ay * d + dy * (xr - ax)
            if n1 > n2:
                n1, n2 = n2, n1
            j0, j1 = n1 // (4 * d) - 1, -(-n2 // (4 * d))
        vx, vy = _max_in(x, i, j0, j1), _max_in(y, i, j0, j1)
        both, side_x, side_y = max(both, min(vx, vy)), max(side_x, vx), max(side_y, vy)
    return both, side_x, side_y
