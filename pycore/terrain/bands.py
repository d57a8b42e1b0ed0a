"""A drawing read band by band (A6.1): per value drawn, the bounds round its
pixels, so that a thread is read only where it can meet them, highest value
first, and stops once it meets one (docs/terrain-interface.md "The
depiction"). Exact, in quarter pixels, as ``pycore.terrain.depiction.met``
(the pixel plane and what "passes through" means are said there), or in a
board's own frame of ``u`` units a pixel (``u`` is 4 unless said)."""
from __future__ import annotations

from .depiction import Box, Columns, columns_within, met, misses, rows_passed, scan

Slants = tuple[int, int, int, int]   # bounds of 129 x + 75 y, then of 129 x - 75 y (``bands``)
Group = tuple[int, int, int, int]    # pixel columns i0..i1, and the rows j0..j1 their pixels span
# a value drawn; the box, slants and column groups round its pixels and higher ones, and a
# rectangle of pixels all of that value or higher, its core (``bands``)
Band = tuple[int, Box, Slants, tuple[Group, ...], Box]
GROUP = 8                            # pixel columns per group


# A hexagon's slanted edges run along (-75, 129) and (75, 129) in quarter
# pixels (pycore.terrain.vasl.grid): a band keeps the bounds of 129 x + 75 y and of
# 129 x - 75 y over its pixels, which with its box make an octagon round them.
_SX, _SY = 129, 75


def bands(cols: Columns, u: int = 4) -> tuple[Band, ...]:
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
        bounds = _bounds(acc, u)
        out.append((v, *bounds, _core(cols, v, bounds[0], u)))
    return tuple(out)


def _core(cols: Columns, v: int, box: Box, u: int = 4) -> Box:
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

    mid = (box[0] + box[2]) // (2 * u)
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
    return u * lo, u * r0, u * hi + u, u * r1 + u


def _bounds(rows: dict[int, list[int]], u: int = 4) -> tuple[Box, Slants, tuple[Group, ...]]:
    """From each pixel column's first and last row of a band: its box, its
    slanted bounds (each reached at a corner of a column's end pixels), and
    its pixels by groups of GROUP columns."""
    first = min(rows)
    x0, x1 = u * first, u * max(rows) + u
    far = 1 << 62
    y0 = u0 = w0 = far
    y1 = u1 = w1 = -far
    groups: dict[int, list[int]] = {}
    for i, (j0, j1) in rows.items():       # (comparisons, not min/max calls: ~80 columns a hex)
        xl, xr, yt, yb = u * i, u * i + u, u * j0, u * j1 + u
        if yt < y0:
            y0 = yt
        if yb > y1:
            y1 = yb
        t, uu, w, ww = _SX * xl + _SY * yt, _SX * xr + _SY * yb, _SX * xl - _SY * yb, \
            _SX * xr - _SY * yt
        if t < u0:
            u0 = t
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
               b: tuple[int, int], best: int = 0, u: int = 4) -> int:
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
            x = met(columns, a, b, v, bv, u)
            if x > found:
                found = x
            if x >= v:
                break
        return found
    return _slanted(columns, bnds, a, b, best, u)


def _slanted(columns: Columns, bnds: tuple[Band, ...], a: tuple[int, int],
             b: tuple[int, int], best: int, u: int = 4) -> int:
    (ax, ay), (bx, by) = (a, b) if a < b else (b, a)
    d, dy = bx - ax, by - ay
    ylo, yhi = (ay, by) if dy > 0 else (by, ay)
    c = dy * ax - d * ay                 # a point's side of the line: d y - dy x + c
    # the lowest band's box holds every pixel: a segment that misses it meets nothing
    if _off(bnds[-1][1], ax, bx, ylo, yhi, d, dy, c):
        return 0
    get = columns.get
    d4, base = u * d, ay * d - dy * ax   # u d times the row at x: base + dy x
    xa, xb = ax // u, (bx - 1) // u      # the pixel columns the open x-range meets
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
        first, end = columns_within((x0, y0, x1, y1), ax, ay, d, dy, xa, xb, u)
        if end - first > 2:
            # a longer reach: only the columns where the line is between the
            # band's slanted bounds too
            lo, hi = reach(d, dy, base, slants, u)
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
            j0, j1 = rows_passed(u * g0, u * g1 + u, ax, bx, base, dy, d4)
            if j1 < top or j0 > bottom:
                continue
            found = scan(get, g0, g1, ax, bx, base, dy, d4, found, v, u)
            if found >= v:
                break
    return found


def reach(d: int, dy: int, base: int, slants: Slants, u: int = 4) -> tuple[int, int]:
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
        c1, c2 = (lo * d - m) // (u * k), (hi * d - m) // (u * k)
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
