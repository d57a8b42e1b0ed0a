"""The LOS thread's exact trace (A6.1): every hex interior it crosses, every
hexside it crosses or runs along and every vertex it touches, in order, each
with its range from either end (A6.7, A6.12).  Integers only; traces are
cached by their shape (docs/measurements.md, "The trace caches")."""
from __future__ import annotations

from array import array
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator, NamedTuple

from .lattice import (NEIGHBOUR_OFFSETS, VERTEX_OFFSETS, Hex, Point, TraceKind, Vertex, distance,
                      is_centre, vertex_hexes)

class TraceItem(NamedTuple):
    """One piece of a LOS thread, in order from viewer to target.

    kind:
      ``"hex"``    the thread crosses this hex's interior (``hexes`` = (h,));
      ``"cross"``  it crosses a hexside between two hexes (``hexes`` = (from, to));
      ``"along"``  it runs along a hexside (a hexspine; ``hexes`` = the hexside,
                   ``points`` = its two ends in thread order);
      ``"vertex"`` it touches a vertex (``hexes`` = the three hexes there,
                   ``points`` = (v,)).
    ``near`` and ``far`` are the range from the viewer's and the target's end
    of the thread (``point_range``; for a hexside or vertex: the least over its
    hexes).
    """
    kind: TraceKind
    hexes: tuple[Hex, ...]
    points: tuple[Vertex, ...]
    near: int
    far: int


def _cross(ax: int, ay: int, bx: int, by: int) -> int:
    return ax * by - ay * bx


def _vertex_fan(v: Point) -> Any:
    """At vertex v: [(edge direction, hexside, hex clockwise-next)...]."""
    x, y = v
    if is_centre((x - 2, y)):   # one hex to the west, two to the east
        w, ne, se = (x - 2, y), (x + 1, y - 1), (x + 1, y + 1)
        return (((2, 0), (ne, se)), ((-1, 1), (w, se)), ((-1, -1), (w, ne))), \
            ((ne, (-1, -1), (2, 0)), (se, (2, 0), (-1, 1)), (w, (-1, 1), (-1, -1)))
    e, nw, sw = (x + 2, y), (x - 1, y - 1), (x - 1, y + 1)
    return (((-2, 0), (nw, sw)), ((1, -1), (e, nw)), ((1, 1), (e, sw))), \
        ((nw, (-2, 0), (1, -1)), (e, (1, -1), (1, 1)), (sw, (1, 1), (-2, 0)))


def _walk(p: Point, q: Point) -> list[tuple]:
    """Walk the segment p -> q exactly; p and q are centres or vertices."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    out: list[tuple] = []
    if dx == 0 and dy == 0:
        out.append(("hex", (p,), ()) if is_centre(p) else ("vertex", vertex_hexes(p), (p,)))
        return out
    px, py = p
    turns = [dx * oy - dy * ox for ox, oy in VERTEX_OFFSETS]
    if is_centre(p):
        state, cur = "hex", p
        out.append(("hex", (p,), ()))
    else:
        state, cur = "vertex", p
        out.append(("vertex", vertex_hexes(p), (p,)))
    for _ in range(100000):
        if state == "hex":
            if cur == q:
                return out
            hx, hy = cur
            # _cross(dx, dy, hx + ox - px, hy + oy - py) per vertex, expanded
            w = dx * (hy - py) - dy * (hx - px)
            s = [w + k for k in turns]
            for i in range(6):
                j = (i + 1) % 6
                if s[i] < 0 < s[j]:  # exit through the edge i -> i+1
                    ox, oy = NEIGHBOUR_OFFSETS[i]
                    nxt = (hx + ox, hy + oy)
                    out.append(("cross", (cur, nxt), ()))
                    out.append(("hex", (nxt,), ()))
                    cur = nxt
                    break
                if s[i] == 0 and s[i - 1] < 0 < s[j]:  # exit through vertex i
                    ox, oy = VERTEX_OFFSETS[i]
                    cur = (hx + ox, hy + oy)
                    out.append(("vertex", vertex_hexes(cur), (cur,)))
                    state = "vertex"
                    break
            else:  # pragma: no cover - would be a geometry bug
                raise AssertionError(f"no exit from hex {cur} on {p}->{q}")
        else:
            if cur == q:
                return out
            edges, sectors = _vertex_fan(cur)
            for (ex, ey), side in edges:
                if _cross(ex, ey, dx, dy) == 0 and ex * dx + ey * dy > 0:
                    nxt = (cur[0] + ex, cur[1] + ey)
                    out.append(("along", tuple(sorted(side)), (cur, nxt)))
                    out.append(("vertex", vertex_hexes(nxt), (nxt,)))
                    cur = nxt
                    break
            else:
                for h, (ax, ay), (bx, by) in sectors:
                    k = _cross(ax, ay, bx, by)
                    c1, c2 = _cross(ax, ay, dx, dy), _cross(dx, dy, bx, by)
                    if (c1 > 0) == (k > 0) and (c2 > 0) == (k > 0) and c1 and c2:
                        out.append(("hex", (h,), ()))
                        state, cur = "hex", h
                        break
                else:  # pragma: no cover
                    raise AssertionError(f"no way out of vertex {cur} on {p}->{q}")
    raise AssertionError("trace did not end")  # pragma: no cover


_REL_CACHE: dict = {}
_ABS_CACHE: dict = {}
# Bounds, first in first out (docs/terrain-interface.md, "The trace caches"):
# - by offset, a thread is kept compact: one array of 2-byte integers (about
#   17 bytes per item), which the garbage collector never walks.  3,000 offsets
#   hold one whole sweep from any viewer of the largest legal map (at most
#   limits.MAX_MAP_HEXES = 2,706 targets, one offset each), so a sweep never
#   evicts its own offsets; the level-20 corner of 132 x 20 fills 2,639 of them
#   with 6.3 MB (~30 MB if every one were a thread of the longest range).
# - by end points, the placed thread: repeated LOS clicks, and a sweep from a
#   viewer swept before.  Its TraceItems are walked by every full collection of
#   the garbage collector (a tuple subclass is never untracked), so they are
#   bounded in items too: 40,000 (~10 MB), not the 125,000 that 500 threads from
#   the level-20 corner held, which made the collections of one sweep step
#   take up to 100 ms.
_ABS_CACHE_MAX = 500
_ABS_ITEMS_MAX = 40_000
_abs_items = 0     # items held in _ABS_CACHE
_REL_CACHE_MAX = 3000
# - by offset, the thread placed about the centre (0, 0) in its quadrant, as
#   plain tuples of ints (which the collector stops walking once they survive a
#   collection), every hex and point one shared tuple (``_COORDS``): a new pair
#   of the same shape in any quadrant is then only mirrored and moved
#   (``_moved``), at a third of the cost of placing it from its compact code.
#   Kept once for the four quadrants, about 4 KB a thread of range 14; 1,000
#   of them hold every shape of a board's threads (about 340), or 4 MB.
_MOVED: dict = {}
_MOVED_MAX = 1000
_COORDS: dict = {}     # (x, y) -> itself: the coordinates _MOVED's threads share
_COORDS_MAX = 20_000   # then started afresh (the threads kept keep theirs)
_KINDS = ("hex", "cross", "along", "vertex")
_KIND_CODE = {k: i for i, k in enumerate(_KINDS)}
# Inside ``traced_once`` (a visibility sweep's threads, pycore.rules.visibility) a
# placed thread is not kept by its end points: a sweep asks each thread once, and
# 2,600 of them pushed through the 500-thread cache only evicted LOS clicks'
# threads, and churned 140,000 young objects that one collection then walked
# in 20-60 ms (docs/terrain-interface.md, "Pathological setups").
_KEEP_PLACED: ContextVar[bool] = ContextVar("asl_keep_placed", default=True)


def forget() -> None:
    """Empty the trace caches (tests and benchmarks that time a cold start)."""
    global _abs_items
    _REL_CACHE.clear()
    _MOVED.clear()
    _COORDS.clear()
    _ABS_CACHE.clear()
    _abs_items = 0


@contextmanager
def traced_once() -> Iterator[None]:
    """Threads traced inside are not kept by end points (each is asked once)."""
    token = _KEEP_PLACED.set(False)
    try:
        yield
    finally:
        _KEEP_PLACED.reset(token)


def _anchor(p: Point) -> Hex:
    """A hex centre near p, so that traces can be cached by relative offset."""
    return Hex(p) if is_centre(p) else vertex_hexes(p)[0]


def point_range(p: Point, h: Hex) -> int:
    """The range to hex h from the point a LOS is traced from (A6.7 with A6.12):
    from a centre dot, its hex's range; from a vertex, that of the nearest of
    the three hexes meeting there, so a hex touching the vertex is at range 0.
    Counted so, A6.7's same-range rule groups the Hindrance hexes of a thread
    alike from either end, as A6.5 wants (docs/rules.md, "Hindrances")."""
    return min(distance(o, h) for o in _origins(p))


def _origins(p: Point) -> tuple[Hex, ...]:
    return (Hex(p),) if is_centre(p) else vertex_hexes(p)


def trace(p: Point, q: Point) -> tuple[TraceItem, ...]:
    """The LOS thread from p to q (hex centres or vertices), in order.

    Lists every hex interior crossed, every hexside crossed or run along and
    every vertex touched, each with its range from p and from q (``point_range``).
    """
    key = (p, q)
    got = _ABS_CACHE.get(key)
    if got is not None:
        return got
    ax, ay = _anchor(p)
    # The lattice is symmetric under x -> -x and y -> -y about a centre, so a
    # thread is computed once for the quadrant its target lies in and mirrored.
    sx = -1 if q[0] < ax else 1
    sy = -1 if q[1] < ay else 1
    rel_key = (sx * (p[0] - ax), sy * (p[1] - ay), sx * (q[0] - ax), sy * (q[1] - ay))
    moved = _MOVED.get(rel_key)
    if moved is None:
        code = _REL_CACHE.get(rel_key)
        if code is None:
            code = _relative_trace(rel_key)
            if len(_REL_CACHE) >= _REL_CACHE_MAX:
                del _REL_CACHE[next(iter(_REL_CACHE))]
            _REL_CACHE[rel_key] = code
        moved = _shared(_place(code, 1, 1, 0, 0))
        if len(_MOVED) >= _MOVED_MAX:
            del _MOVED[next(iter(_MOVED))]
        _MOVED[rel_key] = moved
    out = _moved(moved, sx, sy, ax, ay)
    if not _KEEP_PLACED.get():
        return out
    global _abs_items
    if not _ABS_CACHE:
        _abs_items = 0     # emptied (tests clear it)
    while _ABS_CACHE and (len(_ABS_CACHE) >= _ABS_CACHE_MAX
                          or _abs_items + len(out) > _ABS_ITEMS_MAX):
        _abs_items -= len(_ABS_CACHE.pop(next(iter(_ABS_CACHE))))   # first in, first out
    _ABS_CACHE[key] = out
    _abs_items += len(out)
    return out


def _shared(items: list[TraceItem]) -> tuple:
    """A thread's items as plain tuples, their hexes and points of the shared
    coordinates (``_COORDS``): for ``_MOVED``."""
    coords = _COORDS
    if len(coords) > _COORDS_MAX:
        coords.clear()
    return tuple((kind, tuple([coords.setdefault(xy, xy) for xy in hexes]),
                  tuple([coords.setdefault(xy, xy) for xy in points]), near, far)
                 for kind, hexes, points, near, far in items)


def _moved(items: tuple, sx: int, sy: int, ax: int, ay: int) -> tuple[TraceItem, ...]:
    """A thread placed about the centre (0, 0) in its quadrant (``_MOVED``),
    mirrored (sx, sy = +-1) and moved to the centre (ax, ay), as ``_place``
    does: a hexside's or vertex's hexes stay sorted, a crossing keeps its
    direction, every item keeps its order."""
    new = tuple.__new__   # TraceItem(...) without NamedTuple's slower __new__
    out: list[TraceItem] = []
    append = out.append
    if sx > 0 and sy > 0:       # a shift keeps every order
        for kind, hexes, points, near, far in items:
            if len(hexes) == 1:
                (x, y), = hexes
                hexes = ((x + ax, y + ay),)
            elif len(hexes) == 2:
                (x, y), (u, v) = hexes
                hexes = ((x + ax, y + ay), (u + ax, v + ay))
            else:
                hexes = tuple([(x + ax, y + ay) for x, y in hexes])
            if points:
                points = tuple([(x + ax, y + ay) for x, y in points])
            append(new(TraceItem, (kind, hexes, points, near, far)))
        return tuple(out)
    for kind, hexes, points, near, far in items:
        if len(hexes) == 1:
            (x, y), = hexes
            hexes = ((sx * x + ax, sy * y + ay),)
        elif len(hexes) == 2:
            (x, y), (u, v) = hexes
            a, b = (sx * x + ax, sy * y + ay), (sx * u + ax, sy * v + ay)
            hexes = (b, a) if kind != "cross" and b < a else (a, b)
        else:                   # a vertex's three hexes
            hexes = tuple(sorted([(sx * x + ax, sy * y + ay) for x, y in hexes]))
        if points:
            points = tuple([(sx * x + ax, sy * y + ay) for x, y in points])
        append(new(TraceItem, (kind, hexes, points, near, far)))
    return tuple(out)


def _place(code: array, sx: int, sy: int, ax: int, ay: int) -> list[TraceItem]:
    """The items of a compact relative thread (``_relative_trace``), mirrored
    (sx, sy = +-1) and moved to the centre (ax, ay); a hexside's or vertex's
    hexes stay sorted when mirrored, a crossing keeps its direction."""
    new = tuple.__new__   # TraceItem(...) without NamedTuple's slower __new__
    kinds = _KINDS
    resort = sx < 0 or sy < 0
    out: list[TraceItem] = []
    append = out.append
    i, n = 0, len(code)
    while i < n:
        k, near, far, nh = code[i], code[i + 1], code[i + 2], code[i + 3]
        i += 4
        if nh == 1:
            hexes: tuple = ((sx * code[i] + ax, sy * code[i + 1] + ay),)
            i += 2
        elif nh == 2:   # a hexside: the commonest item after a hex
            a = (sx * code[i] + ax, sy * code[i + 1] + ay)
            b = (sx * code[i + 2] + ax, sy * code[i + 3] + ay)
            hexes = (b, a) if resort and k != 1 and b < a else (a, b)
            i += 4
        else:
            j = i + 2 * nh
            placed = [(sx * code[m] + ax, sy * code[m + 1] + ay) for m in range(i, j, 2)]
            hexes = tuple(sorted(placed)) if resort and k != 1 else tuple(placed)
            i = j
        npts = code[i]
        i += 1
        if npts == 0:
            points: tuple = ()
        elif npts == 1:
            points = ((sx * code[i] + ax, sy * code[i + 1] + ay),)
            i += 2
        else:
            j = i + 2 * npts
            points = tuple([(sx * code[m] + ax, sy * code[m + 1] + ay) for m in range(i, j, 2)])
            i = j
        append(new(TraceItem, (kinds[k], hexes, points, near, far)))
    return out


def interior_offsets(p: Point, q: Hex) -> tuple[tuple[Hex, ...], tuple[tuple[Hex, Hex], ...]]:
    """The hexes whose interiors the thread from p (a centre or a vertex) to the
    centre q crosses, in thread order, leaving out q and, when p is a centre, p;
    and the hexsides it crosses, in order, as (from, to).
    The lattice is the same around every centre, and symmetric about it under
    x -> -x and y -> -y, so this is map-independent: a caller may move and
    mirror one result to every thread of the same shape.  Not cached here."""
    walked = _walk(p, q)
    return (tuple(hexes[0] for kind, hexes, _ in walked
                  if kind == "hex" and hexes[0] != p and hexes[0] != q),
            tuple(hexes for kind, hexes, _ in walked if kind == "cross"))


def _relative_trace(rel_key: tuple) -> array:
    """The thread of a relative key, compact: per item its kind's code, near,
    far, the number of hexes and their x, y, the number of points and theirs."""
    # The lattice's parity is kept by moving and mirroring about a centre, so
    # the relative points are centres and vertices as the real ones are.
    p, q = (rel_key[0], rel_key[1]), (rel_key[2], rel_key[3])
    from_p, from_q = _origins(p), _origins(q)
    flat: list[int] = []
    for kind, hexes, points in _walk(p, q):
        near = min(distance(o, h) for h in hexes for o in from_p)    # point_range (A6.7, A6.12)
        far = min(distance(o, h) for h in hexes for o in from_q)
        flat += (_KIND_CODE[kind], near, far, len(hexes))
        for xy in hexes:
            flat += xy
        flat.append(len(points))
        for xy in points:
            flat += xy
    # 2 bytes an integer when every one fits (coordinates on a legal map do)
    small = max(flat) < 1 << 15 and min(flat) >= -(1 << 15)
    return array("h" if small else "i", flat)

