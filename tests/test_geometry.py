"""pycore.geometry: names, adjacency, range, and the exact LOS trace.

The trace is checked against an independent oracle that clips the thread
against each hexagon with exact rational arithmetic (fractions), so a
disagreement on a hexspine or a vertex would show here.
"""
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore import geometry as g
from pycore.geometry import tracing

H = g.PLAIN.parse_hex


# --- names -----------------------------------------------------------------------

@pytest.mark.parametrize("col,name", [(1, "A"), (26, "Z"), (27, "AA"), (33, "GG"),
                                      (52, "ZZ"), (53, "AAA"), (66, "NNN")])
def test_column_names_follow_ASL_lettering(col, name):
    assert g.column_name(col) == name
    assert g.parse_column(name) == col


def test_hex_names_round_trip_and_board_prefix_is_ignored():
    assert g.PLAIN.hex(H("Z9")) == "Z9"
    assert H("6Z9") == H("Z9")
    assert g.PLAIN.hex(H("GG10")) == "GG10"
    assert H("gg10") == H("GG10")


@pytest.mark.parametrize("bad", ["", "9", "Z", "AB3", "Z-1", "Z9x", "1234567Z9", None, 7])
def test_bad_hex_names_raise_value_error(bad):
    with pytest.raises(ValueError):
        H(bad)


def test_contract_geometry_centres():
    # docs/contract.md: odd columns' hex n at y = n - 0.5, even columns' at y = n.
    assert H("A1") == (3, 1) and H("B1") == (6, 2) and H("B0") == (6, 0)


def test_contract_examples_Q4_Q5_R4_share_a_vertex_and_T1_U2_are_adjacent():
    v = g.PLAIN.parse_vertex("Q4-Q5-R4")
    for name in ("Q4", "Q5", "R4"):
        assert v in g.hex_vertices(H(name))
    assert g.PLAIN.vertex(v) == "Q4-Q5-R4"
    assert g.are_adjacent(H("T1"), H("U2"))
    assert not g.are_adjacent(H("T1"), H("U3"))


def test_contract_example_Z9_to_X6_runs_along_the_Z8_Y9_hexside():
    items = g.trace(H("Z9"), H("X6"))
    along = [g.PLAIN.hexside(it.hexes) for it in items if it.kind == "along"]
    assert along == ["Y9-Z8", "X7-Y7"]


def test_hexside_and_vertex_names_parse_in_any_order():
    assert g.PLAIN.parse_hexside("Z8-Y9") == g.PLAIN.parse_hexside("Y9-Z8")
    assert g.PLAIN.parse_vertex("Z8-Y8-Y9") == g.PLAIN.parse_vertex("Y8-Y9-Z8")
    with pytest.raises(ValueError, match="not adjacent"):
        g.PLAIN.parse_hexside("A1-C5")
    with pytest.raises(ValueError):
        g.PLAIN.parse_vertex("A1-A2-A3")


def test_hexside_ends_are_the_shared_vertices():
    s = g.PLAIN.parse_hexside("Y9-Z8")
    p, q = g.hexside_ends(s)
    assert {p, q} == set(g.hex_vertices(s[0])) & set(g.hex_vertices(s[1]))


@given(st.integers(0, 40), st.integers(0, 20), st.integers(0, 5))
def test_the_hex_across_a_hexside_is_its_other_hex_both_ways(col, row, k):
    # Red Blob's "the face across an edge": from either hex, the other; the law
    # holds every way round, and a hex not of the hexside is an error.
    h = g.hex_at(col, row)
    other = g.neighbours(h)[k]
    sd = g.hexside(h, other)
    assert g.hexside_across(sd, h) == other and g.hexside_across(sd, other) == h
    assert g.hexside_across(sd, g.hexside_across(sd, h)) == h
    with pytest.raises(ValueError, match="not a hex of hexside"):
        g.hexside_across(sd, g.hex_at(col + 3, row))


# --- map, adjacency, range ----------------------------------------------------------

def test_geomorphic_board_has_half_hexes_at_its_edges():
    grid = g.Grid(33, 10)
    assert len(grid.hexes()) == 17 * 10 + 16 * 11
    assert grid.contains(H("B0")) and grid.contains(H("B10")) and not grid.contains(H("A0"))
    assert grid.contains(H("GG10")) and not grid.contains(H("HH1"))
    assert grid.is_half(H("A5")) and grid.is_half(H("B0")) and not grid.is_half(H("C5"))


def test_every_hex_has_six_neighbours_at_range_one():
    h = H("M5")
    ns = g.neighbours(h)
    assert len(set(ns)) == 6
    assert all(g.distance(h, n) == 1 and g.are_adjacent(h, n) for n in ns)


def _bfs_distance(a, b, limit=40):
    seen, frontier, d = {a}, [a], 0
    while b not in seen:
        d += 1
        frontier = {n for h in frontier for n in g.neighbours(h) if n not in seen}
        seen.update(frontier)
        assert d < limit
    return d


centres = st.builds(g.hex_at, st.integers(1, 30), st.integers(0, 12))


@given(centres, centres)
@settings(max_examples=150, deadline=None)
def test_range_is_the_least_number_of_hexes(a, b):
    assert g.distance(a, b) == _bfs_distance(a, b)


# --- the exact trace, against a rational oracle ----------------------------------------

def _oracle(p, q):
    """Sets of hex interiors crossed, hexsides run along and vertices touched,
    computed independently with fractions."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    xs = range(min(p[0], q[0]) - 3, max(p[0], q[0]) + 4)
    ys = range(min(p[1], q[1]) - 2, max(p[1], q[1]) + 3)
    hexes = set()
    for x in xs:
        for y in ys:
            if not g.is_centre((x, y)):
                continue
            vs = g.hex_vertices((x, y))
            lo, hi = Fraction(0), Fraction(1)
            ok = True
            for i in range(6):
                ax, ay = vs[i]
                bx, by = vs[(i + 1) % 6]
                ex, ey = bx - ax, by - ay
                # inside: cross(e, P + tD - A) > 0  ->  c0 + c1 t > 0
                c0 = ex * (p[1] - ay) - ey * (p[0] - ax)
                c1 = ex * dy - ey * dx
                if c1 == 0:
                    ok = ok and c0 > 0
                elif c1 > 0:
                    lo = max(lo, Fraction(-c0, c1))
                else:
                    hi = min(hi, Fraction(-c0, c1))
            inside_p = g.is_centre(p) and p == (x, y)
            if ok and (lo < hi or inside_p):
                hexes.add((x, y))
    verts = set()
    for x in xs:
        for y in ys:
            v = (x, y)
            if g.is_vertex(v) and dx * (y - p[1]) - dy * (x - p[0]) == 0:
                t = (x - p[0]) * dx + (y - p[1]) * dy
                if 0 <= t <= dx * dx + dy * dy:
                    verts.add(v)
    along = set()
    for v in verts:
        for s in g.vertex_hexsides(v):
            a, b = g.hexside_ends(s)
            if a in verts and b in verts:
                along.add(s)
    return hexes, along, verts


near_centres = st.builds(g.hex_at, st.integers(1, 14), st.integers(0, 8))
points = st.one_of(
    near_centres,
    st.builds(lambda h, i: (h[0] + g.VERTEX_OFFSETS[i][0], h[1] + g.VERTEX_OFFSETS[i][1]),
              near_centres, st.integers(0, 5)))


@given(points, points)
@settings(max_examples=300, deadline=None)
def test_trace_matches_exact_rational_oracle(p, q):
    if p == q:
        return  # a thread needs two distinct ends
    items = g.trace(p, q)
    hexes = {it.hexes[0] for it in items if it.kind == "hex"}
    along = {tuple(sorted(it.hexes)) for it in items if it.kind == "along"}
    verts = {it.points[0] for it in items if it.kind == "vertex"}
    assert (hexes, along, verts) == _oracle(p, q)


@given(points, points)
@settings(max_examples=200, deadline=None)
def test_trace_is_in_thread_order_and_crossings_join_consecutive_hexes(p, q):
    items = g.trace(p, q)
    dx, dy = q[0] - p[0], q[1] - p[1]
    last = -1
    for prev, it, nxt in zip(items, items[1:], items[2:]):
        if it.kind == "cross":
            assert prev.kind == nxt.kind == "hex"
            assert (prev.hexes[0], nxt.hexes[0]) == it.hexes
            assert g.are_adjacent(*it.hexes)
        if it.kind == "vertex":
            t = (it.points[0][0] - p[0]) * dx + (it.points[0][1] - p[1]) * dy
            assert t > last
            last = t


@given(centres, centres)
@settings(max_examples=200, deadline=None)
def test_trace_is_the_same_thread_both_ways(a, b):
    fwd = [(it.kind, frozenset(it.hexes)) for it in g.trace(a, b)]
    back = [(it.kind, frozenset(it.hexes)) for it in reversed(g.trace(b, a))]
    assert fwd == back


def test_trace_ranges_from_both_ends():
    items = g.trace(H("V3"), H("W10"))
    for it in items:
        if it.kind == "hex":
            assert it.near == g.distance(H("V3"), it.hexes[0])
            assert it.far == g.distance(H("W10"), it.hexes[0])



@given(points, points)
@settings(max_examples=200, deadline=None)
def test_every_item_of_a_thread_cached_by_offset_is_placed_where_it_is_walked(p, q):
    # The trace cache keeps a thread once per offset, mirrored into the four
    # quadrants (docs/terrain-interface.md): placed back, each item holds the
    # hexes the walk itself meets, sorted for a hexside or vertex, and its range
    # from each end (A6.7 with A6.12: g.point_range), whichever thread filled
    # the cache first.
    if p == q:
        return
    items = g.trace(p, q)
    walked = tracing._walk(p, q)
    assert [it.kind for it in items] == [kind for kind, _, _ in walked]
    for it, (kind, hexes, pts) in zip(items, walked):
        want = hexes if kind == "cross" else tuple(sorted(hexes))
        assert it.hexes == want and it.points == pts
        assert it.near == min(g.point_range(p, h) for h in it.hexes)
        assert it.far == min(g.point_range(q, h) for h in it.hexes)

@given(points, points)
@settings(max_examples=100, deadline=None)
def test_a_thread_cached_in_one_quadrant_is_placed_exactly_in_the_other_three(p, q):
    # The cache keeps a shape once for the four quadrants and mirrors it into
    # place (docs/terrain-interface.md): the thread's three mirror images about
    # p's anchor hex, traced after it, are each exactly what the walk meets
    # (from a centre p they reuse its cached shape; from a vertex the image's
    # anchor may be another of its hexes, a shape placed anew, exact too).
    if p == q:
        return
    tracing.forget()
    g.trace(p, q)
    ax, ay = tracing._anchor(p)
    for sx, sy in ((-1, 1), (1, -1), (-1, -1)):
        mp = (ax + sx * (p[0] - ax), ay + sy * (p[1] - ay))
        mq = (ax + sx * (q[0] - ax), ay + sy * (q[1] - ay))
        items = g.trace(mp, mq)
        walked = tracing._walk(mp, mq)
        assert [(it.kind, it.hexes, it.points) for it in items] == \
            [(kind, hexes if kind == "cross" else tuple(sorted(hexes)), pts)
             for kind, hexes, pts in walked]
        assert [(it.near, it.far) for it in items] == \
            [(min(g.point_range(mp, h) for h in it.hexes),
              min(g.point_range(mq, h) for h in it.hexes)) for it in items]

# --- exactness at the longest range of a 66-column map ---------------------------------

def test_longest_horizontal_hexspine_thread_on_a_66_column_map_is_exact():
    # A1 to MMM1 (columns 1 and 63: y = 1 both): the thread runs through the
    # centres of odd columns and along the hexspine between rows 1 and 2 of
    # every even column, touching each vertex in between.
    a, b = g.hex_at(1, 1), g.hex_at(63, 1)
    items = g.trace(a, b)
    kinds = [it.kind for it in items]
    assert kinds[:5] == ["hex", "vertex", "along", "vertex", "hex"]
    alongs = [it for it in items if it.kind == "along"]
    assert len(alongs) == 31
    for it in alongs:
        col = it.hexes[0][0] // 3
        assert col % 2 == 0 and {g.col_row(h)[1] for h in it.hexes} == {0, 1}
    assert g.distance(a, b) == 62


def test_longest_diagonal_hexspine_thread_is_exact_and_one_step_off_is_not():
    # From B20 (bottom edge of a 20-row map) up the x - y diagonal to O1: the
    # thread alternates hex centre, vertex, hexspine, vertex (Z9-X6 in the
    # contract is a short piece of such a line).
    a = g.hex_at(2, 20)
    b = (a[0] + 39, a[1] - 39)
    assert g.col_row(b) == (15, 1)
    items = g.trace(a, b)
    assert sum(it.kind == "along" for it in items) == 13
    assert sum(it.kind == "vertex" for it in items) == 26
    # One hex lower at the far end, the thread's direction (39, -37) has no
    # common factor: it touches no vertex at all between its ends, which a
    # float nudge could not tell apart from the hexspine above.
    c = (b[0], b[1] + 2)
    assert not [it for it in g.trace(a, c) if it.kind in ("along", "vertex")]
