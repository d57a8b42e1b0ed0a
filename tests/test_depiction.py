"""pycore.terrain.depiction: what a thread passes through on a board as drawn (A6.1).

Checked against an independent oracle in rational arithmetic: it cuts the
thread at every pixel line it crosses and asks, for the middle of each piece
of positive length, which pixel (or which pixel edge) holds it.
"""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pycore import geometry as g
from pycore.terrain.bands import bands, met_banded
from pycore.terrain.depiction import met, top
from pycore.rules.los.drawing import box
from pycore.terrain.vasl.grid import quarter


def _columns(grid: dict[tuple[int, int], int]) -> dict[int, list[tuple[int, int, int]]]:
    """Run-length columns from {(i, j): value} (values > 0)."""
    cols: dict[int, list[tuple[int, int, int]]] = {}
    for (i, j), v in sorted(grid.items()):
        runs = cols.setdefault(i, [])
        if runs and runs[-1][1] == j - 1 and runs[-1][2] == v:
            runs[-1] = (runs[-1][0], j, v)
        else:
            runs.append((j, j, v))
    return cols


def _oracle(grid: dict[tuple[int, int], int], a, b) -> int:
    (ax, ay), (bx, by) = a, b
    if a == b:
        return 0
    cuts = {Fraction(0), Fraction(1)}
    for lo, hi in ((ax, bx), (ay, by)):
        if lo != hi:
            for k in range(min(lo, hi) // 4, max(lo, hi) // 4 + 2):
                t = Fraction(4 * k - lo, hi - lo)
                if 0 < t < 1:
                    cuts.add(t)
    ts = sorted(cuts)
    best = 0
    for t0, t1 in zip(ts, ts[1:]):
        m = (t0 + t1) / 2
        x, y = ax + (bx - ax) * m, ay + (by - ay) * m
        i, j = int(x // 4), int(y // 4)
        on_x, on_y = x % 4 == 0, y % 4 == 0
        if on_x and ax == bx:                 # along a vertical pixel edge
            v = min(grid.get((i - 1, j), 0), grid.get((i, j), 0))
        elif on_y and ay == by:               # along a horizontal pixel edge
            v = min(grid.get((i, j - 1), 0), grid.get((i, j), 0))
        else:
            v = grid.get((i, j), 0)
        best = max(best, v)
    return best


# Coordinates biased to pixel lines (multiples of 4), where edges and corners are.
_coord = st.one_of(st.integers(-2, 6).map(lambda k: 4 * k), st.integers(-8, 24))
_point = st.tuples(_coord, _coord)
_grid = st.dictionaries(st.tuples(st.integers(0, 4), st.integers(0, 4)),
                        st.integers(1, 3), max_size=18)


@settings(max_examples=400)
@given(_grid, _point, _point)
def test_met_equals_the_rational_oracle(grid, a, b):
    assert met(_columns(grid), a, b) == _oracle(grid, a, b)


@settings(max_examples=400)
@given(_grid, _point, _point)
def test_met_with_the_drawing_s_top_and_box_equals_the_rational_oracle(grid, a, b):
    # the shortcuts a drawn hex keeps (pycore.rules.los.drawing): stop at the top
    # value, read only the columns of its box where the thread is within its rows
    cols = _columns(grid)
    assert met(cols, a, b, top(cols), box(cols) if cols else None) == _oracle(grid, a, b)


@settings(max_examples=400)
@given(_grid, _point, _point)
def test_met_band_by_band_equals_the_rational_oracle(grid, a, b):
    # a drawn hex is read band by band, highest value first (pycore.rules.los.drawing)
    cols = _columns(grid)
    assert met_banded(cols, bands(cols), a, b) == _oracle(grid, a, b)


@given(_grid, _point, _point)
def test_met_is_the_same_from_either_end(grid, a, b):
    # A6.5: the thread is the same thread both ways.
    assert met(_columns(grid), a, b) == met(_columns(grid), b, a)


# --- A6.1 on a 2 x 2 block of woods pixels (0..1, 0..1) ----------------------------------

WOODS = _columns({(0, 0): 1, (0, 1): 1, (1, 0): 1, (1, 1): 1})


def test_A6_1_a_thread_through_the_depiction_meets_it():
    assert met(WOODS, (-4, 3), (12, 5)) == 1


def test_A6_1_a_thread_along_the_edge_of_the_depiction_does_not_meet_it():
    # Along its outer edge: woods on one side of the thread only.
    assert met(WOODS, (-4, 0), (12, 0)) == 0
    assert met(WOODS, (8, -4), (8, 12)) == 0


def test_A6_1_a_thread_between_two_depicted_pixels_meets_them():
    # Along the edge between woods pixels: woods on both sides of the thread.
    assert met(WOODS, (4, -4), (4, 12)) == 1
    assert met(WOODS, (-4, 4), (12, 4)) == 1


def test_A6_1_a_thread_touching_the_depiction_s_corner_does_not_meet_it():
    assert met(WOODS, (0, 16), (16, 0)) == 0          # through (8, 8), the block's corner


def test_A6_1_a_thread_through_the_corner_two_depicted_pixels_share_meets_neither():
    # Woods pixels (0, 0) and (1, 1) meet at the corner (4, 4); the thread
    # crosses the open pixels (0, 1) and (1, 0) and only touches the woods there.
    diagonal = _columns({(0, 0): 1, (1, 1): 1})
    assert met(diagonal, (0, 8), (8, 0)) == 0
    assert met(diagonal, (-4, 12), (12, -4)) == 0
    assert met(diagonal, (0, 0), (8, 8)) == 1          # the other diagonal passes through both


def test_A6_1_a_thread_between_two_regions_meets_the_lower_one():
    # Along the edge between a level-2 and a level-1 region: obstruction on
    # both sides only to level 1.
    two_levels = _columns({(0, 0): 2, (1, 0): 1})
    assert met(two_levels, (4, -4), (4, 8)) == 1


def test_the_lattice_maps_onto_quarter_pixels_as_a_geomorphic_board_is_drawn():
    # A1's centre at pixel (0, 32.25), B1's at (56.25, 64.5), GG10's at (1800, 612.75).
    assert quarter(g.PLAIN.parse_hex("A1")) == (0, 129)
    assert quarter(g.PLAIN.parse_hex("B1")) == (4 * 56.25, 4 * 64.5)
    assert quarter(g.PLAIN.parse_hex("GG10")) == (4 * 1800, 4 * 612.75)


# --- drawings the size of a hex's patch: the band's slanted bounds (issue 32) -------------

def _shape(x0: int, y0: int, x1: int, y1: int, r: int, v: int) -> dict[tuple[int, int], int]:
    """Pixels of a rectangle with its corners cut (a hexagon's or a disc's
    outline, roughly): the drawings a thread crosses on a real board."""
    return {(i, j): v for i in range(x0, x1 + 1) for j in range(y0, y1 + 1)
            if min(i - x0, x1 - i) + min(j - y0, y1 - j) >= r}


_big_coord = st.one_of(st.integers(-5, 25).map(lambda k: 4 * k), st.integers(-20, 100))
_big_point = st.tuples(_big_coord, _big_coord)        # pixel corners, where threads graze


@settings(max_examples=600)
@given(st.lists(st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20),
                          st.integers(0, 20), st.integers(0, 6), st.integers(1, 3)),
                min_size=1, max_size=3), _big_point, _big_point)
def test_met_band_by_band_across_wide_drawings_equals_the_rational_oracle(shapes, a, b):
    # A band's columns are read only where the thread is between its slanted
    # bounds (129 x +- 75 y) as well as within its box: exact on drawings wide
    # enough for the thread to reach many columns of the box.
    grid: dict[tuple[int, int], int] = {}
    for x0, y0, dx, dy, r, v in shapes:
        for ij, w in _shape(x0, y0, x0 + dx, y0 + dy, r, v).items():
            grid[ij] = max(grid.get(ij, 0), w)
    cols = _columns(grid)
    assert met_banded(cols, bands(cols), a, b) == _oracle(grid, a, b)
    assert met_banded(cols, bands(cols), b, a) == _oracle(grid, a, b)      # A6.5



def _passed(grid: dict[tuple[int, int], int], a, b) -> set[tuple[int, int]]:
    """The drawn pixels whose open squares the segment a-b passes through
    (the oracle's pieces, in rational arithmetic)."""
    (ax, ay), (bx, by) = a, b
    cuts = {Fraction(0), Fraction(1)}
    for lo, hi in ((ax, bx), (ay, by)):
        for k in range(min(lo, hi) // 4, max(lo, hi) // 4 + 2):
            if lo != hi and 0 < Fraction(4 * k - lo, hi - lo) < 1:
                cuts.add(Fraction(4 * k - lo, hi - lo))
    ts = sorted(cuts)
    out = set()
    for t0, t1 in zip(ts, ts[1:]):
        m = (t0 + t1) / 2
        x, y = ax + (bx - ax) * m, ay + (by - ay) * m
        if x % 4 and y % 4 and (int(x // 4), int(y // 4)) in grid:
            out.add((int(x // 4), int(y // 4)))
    return out


@settings(max_examples=400)
@given(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(3, 10), st.integers(3, 10),
                 st.integers(0, 4), st.integers(1, 2)), _big_point, _big_point)
def test_a_band_s_slanted_bounds_hold_every_column_a_thread_meets_it_in(shape, a, b):
    # pycore.terrain.bands.reach: the columns read for a band are cut to where the
    # thread's line is between the band's slanted bounds; every pixel of the
    # band the thread passes through lies in one of them.
    from pycore.terrain.bands import reach
    x0, y0, w, h, r, v = shape
    grid = _shape(x0, y0, x0 + w, y0 + h, r, v)
    if not grid or a[0] == b[0] or a[1] == b[1]:
        return
    (ax, ay), (bx, by) = sorted((a, b))
    d, dy = bx - ax, by - ay
    first, last = reach(d, dy, ay * d - dy * ax, bands(_columns(grid))[0][2])
    assert all(first <= i <= last for i, _ in _passed(grid, a, b))


@settings(max_examples=300)
@given(st.dictionaries(st.tuples(st.integers(0, 30), st.integers(0, 20)), st.integers(1, 4),
                       min_size=1, max_size=60))
def test_a_band_is_the_box_slanted_bounds_column_groups_and_core_of_its_pixels(grid):
    # pycore.terrain.bands.bands, against its definition pixel by pixel: per value
    # drawn, over the pixels of that value or higher (their corners, quarter pixels)
    from pycore.terrain.bands import GROUP
    expected = []
    for v in sorted(set(grid.values()), reverse=True):
        pixels = [ij for ij, w in grid.items() if w >= v]
        corners = [(4 * i + di, 4 * j + dj) for i, j in pixels for di in (0, 4) for dj in (0, 4)]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        us = [129 * x + 75 * y for x, y in corners]
        ws = [129 * x - 75 * y for x, y in corners]
        groups = []
        for k in sorted({i // GROUP for i, _ in pixels}):
            mine = [(i, j) for i, j in pixels if i // GROUP == k]
            groups.append((min(i for i, _ in mine), max(i for i, _ in mine),
                           min(j for _, j in mine), max(j for _, j in mine)))
        expected.append((v, (min(xs), min(ys), max(xs), max(ys)),
                         (min(us), max(us), min(ws), max(ws)), tuple(groups)))
    got = bands(_columns(grid))
    assert [band[:4] for band in got] == expected
    # its core: a rectangle of pixels all of that value or higher, never empty
    # (a thread inside it meets the value without a column read)
    for v, *_, (x0, y0, x1, y1) in got:
        assert x0 < x1 and y0 < y1 and x0 % 4 == y0 % 4 == x1 % 4 == y1 % 4 == 0
        assert all(grid.get((i, j), 0) >= v
                   for i in range(x0 // 4, x1 // 4) for j in range(y0 // 4, y1 // 4))
