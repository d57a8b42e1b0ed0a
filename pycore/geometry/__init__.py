"""Exact hex geometry: names, lattice coordinates, adjacency, range, the LOS trace.

Coordinates (docs/design.md): x in half-hexside units, y in half-hex-height units,
y growing downward.  A hex *is* its centre point: column c (A = 1), row n
give (3c, 2n - 1) for odd c and (3c, 2n) for even c.  Its vertices are
(X +- 2, Y) and (X +- 1, Y +- 1).  Every centre and vertex is an integer
lattice point, and "which side of the thread" is an integer cross product:
no floating point and no epsilon anywhere a ruling depends on it.

Scaling y by sqrt(3) to draw is affine, so lines, sides and incidences drawn
are the ones judged (``pixel`` is for drawing only).
"""
from __future__ import annotations

from array import array

import math
import re
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterable, Iterator, Literal, NamedTuple, NewType, cast

# A lattice point is a pair of integers; a hex (named by its centre) and a
# vertex are lattice points of two kinds.  Any point is accepted where a
# ``Point`` is expected, but only a hex where a ``Hex`` is: this module (and a
# few loaders) make them, after checking which kind a point is.
Point = tuple[int, int]
Hex = NewType("Hex", tuple[int, int])
Vertex = NewType("Vertex", tuple[int, int])
Hexside = tuple[Hex, Hex]  # sorted pair of adjacent hexes
TraceKind = Literal["hex", "cross", "along", "vertex"]

# Vertex offsets from a centre, in cyclic order with positive orientation
# (cross product of consecutive offsets > 0): E, SE, SW, W, NW, NE.
VERTEX_OFFSETS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
# The neighbour across the edge from vertex i to vertex i+1.
NEIGHBOUR_OFFSETS = tuple(
    (VERTEX_OFFSETS[i][0] + VERTEX_OFFSETS[(i + 1) % 6][0],
     VERTEX_OFFSETS[i][1] + VERTEX_OFFSETS[(i + 1) % 6][1])
    for i in range(6)
)

MAX_NAME_DIGITS = 4


# --- names -------------------------------------------------------------------

def column_name(col: int) -> str:
    """A..Z for 1..26, then AA, BB, ... ZZ, then AAA, ... (ASL style)."""
    if col < 1:
        raise ValueError(f"column {col} has no name")
    return chr(ord("A") + (col - 1) % 26) * ((col - 1) // 26 + 1)


def parse_column(letters: str) -> int:
    if not letters or letters != letters[0] * len(letters) or not ("A" <= letters[0] <= "Z"):
        raise ValueError(f"bad column letters {letters!r}")
    return (len(letters) - 1) * 26 + (ord(letters[0]) - ord("A")) + 1


def hex_at(col: int, row: int) -> Hex:
    return Hex((3 * col, 2 * row - 1 if col % 2 else 2 * row))


def col_row(h: Hex) -> tuple[int, int]:
    col = h[0] // 3
    return col, (h[1] + 1) // 2 if col % 2 else h[1] // 2


def is_centre(p: Point) -> bool:
    return p[0] % 3 == 0 and (p[0] // 3 - p[1]) % 2 == 0


_HEX_RE = re.compile(r"^(\d*?)([A-Za-z]+)(\d+)$")


# The names of the setup being judged: None for a plain grid, or a board
# layout (pycore.geometry.boards.Layout) whose hexes are named as players name them
# ("12P2"). Set by ``naming`` around every use of a setup (pycore.api,
# Setup.to_dict, web.render); the rules never see it, only the names do.
_NAMING: ContextVar[Any] = ContextVar("asl_naming", default=None)


@contextmanager
def naming(layout: Any) -> Iterator[None]:
    """Names (in and out) on ``layout``'s boards, or on the plain grid if None."""
    token = _NAMING.set(layout)
    try:
        yield
    finally:
        _NAMING.reset(token)


def plain_parse_hex(name: str) -> Hex:
    """``"Z9"``, ``"GG10"``, ``"6Z9"`` (board prefix, ignored) -> hex.

    Raises ValueError for anything that is not a hex name.
    """
    if not isinstance(name, str):
        raise ValueError(f"a hex name must be a string, not {type(name).__name__}")
    text = name.strip()
    got = _PARSED.get(text)
    if got is not None:
        return got
    m = _HEX_RE.match(text)
    if not m or len(m.group(3)) > MAX_NAME_DIGITS or len(m.group(1)) > MAX_NAME_DIGITS \
            or len(m.group(2)) > 8:
        raise ValueError(f"{name!r} is not a hex name (e.g. Z9, GG10, 6Z9)")
    got = hex_at(parse_column(m.group(2).upper()), int(m.group(3)))
    if len(_PARSED) >= _PLAIN_NAMES_MAX:
        _PARSED.clear()
    _PARSED[text] = got
    return got


_PLAIN_NAMES: dict = {}      # hex -> its plain name: a sweep names each hex many times
_PLAIN_NAMES_MAX = 20_000    # more than the 10,560 hexes of the largest old map
# name -> hex: every edit loads the whole setup again, its names unchanged (a
# third of loading 4,000 walls was reading their names)
_PARSED: dict = {}


def plain_hex_name(h: Hex) -> str:
    got = _PLAIN_NAMES.get(h)
    if got is not None:
        return got
    col, row = col_row(h)
    if row < 0:
        raise ValueError(f"hex {h} has no name")
    got = f"{column_name(col)}{row}"
    if len(_PLAIN_NAMES) >= _PLAIN_NAMES_MAX:
        _PLAIN_NAMES.clear()
    _PLAIN_NAMES[h] = got
    return got


def parse_hex(name: str) -> Hex:
    """A hex name -> hex: on a plain grid ``plain_parse_hex``; on boards, as
    the layout reads it (``12P2``, or ``P2`` where only one board has a P2)."""
    layout = _NAMING.get()
    return plain_parse_hex(name) if layout is None else layout.parse_hex(name)


def hex_name(h: Hex) -> str:
    layout = _NAMING.get()
    return plain_hex_name(h) if layout is None else layout.hex_name(h)


# --- neighbours and range ------------------------------------------------------

def neighbours(h: Hex) -> tuple[Hex, ...]:
    x, y = h
    return cast("tuple[Hex, ...]", tuple((x + dx, y + dy) for dx, dy in NEIGHBOUR_OFFSETS))


neighbors = neighbours


def are_adjacent(a: Hex, b: Hex) -> bool:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dx == 3 and dy == 1) or (dx == 0 and dy == 2)


def distance(a: Hex, b: Hex) -> int:
    """Range in hexes (the least number of hexes, A6.7)."""
    dc = abs(a[0] - b[0]) // 3
    dy = abs(a[1] - b[1])
    return dc + max(0, (dy - dc) // 2)


def hex_vertices(h: Hex) -> tuple[Vertex, ...]:
    x, y = h
    return cast("tuple[Vertex, ...]", tuple((x + dx, y + dy) for dx, dy in VERTEX_OFFSETS))


# --- hexsides ------------------------------------------------------------------

def hexside(a: Hex, b: Hex) -> Hexside:
    if not are_adjacent(a, b):
        raise ValueError(f"{_safe_name(a)} and {_safe_name(b)} are not adjacent")
    return (a, b) if a < b else (b, a)


def parse_hexside(name: str) -> Hexside:
    if not isinstance(name, str):
        raise ValueError(f"a hexside name must be a string, not {type(name).__name__}")
    parts = name.split("-")
    if len(parts) != 2:
        raise ValueError(f"{name!r} is not a hexside name (two hexes, e.g. Y7-Z7)")
    return hexside(parse_hex(parts[0]), parse_hex(parts[1]))


def hexside_name(s: Hexside) -> str:
    layout = _NAMING.get()
    try:
        return f"{hex_name(s[0])}-{hex_name(s[1])}" if layout is None else layout.part_name(s)
    except ValueError:
        raise ValueError(_unnamed("hexside", s)) from None


def hexside_across(s: Hexside, h: Hex) -> Hex:
    """The hex across hexside ``s`` from ``h``, one of its two hexes."""
    a, b = s
    if h == a:
        return b
    if h == b:
        return a
    raise ValueError(f"{_safe_name(h)} is not a hex of hexside {s}")


def hexside_ends(s: Hexside) -> tuple[Vertex, Vertex]:
    """The two vertices at the ends of a hexside, sorted."""
    a, b = s
    if not are_adjacent(a, b):
        raise ValueError(f"{s} is not a hexside")
    shared = sorted(set(hex_vertices(a)) & set(hex_vertices(b)))
    return shared[0], shared[1]


def hexsides_of(h: Hex) -> tuple[Hexside, ...]:
    return tuple(hexside(h, n) for n in neighbours(h))


# --- vertices ------------------------------------------------------------------

def vertex_hexes(v: Point) -> tuple[Hex, Hex, Hex]:
    """The three hexes that meet at a vertex, sorted."""
    x, y = v
    if is_centre((x - 2, y)):
        a, b, c = (x - 2, y), (x + 1, y - 1), (x + 1, y + 1)
    elif is_centre((x + 2, y)):
        a, b, c = (x + 2, y), (x - 1, y - 1), (x - 1, y + 1)
    else:
        raise ValueError(f"{v} is not a vertex")
    return cast("tuple[Hex, Hex, Hex]", tuple(sorted((a, b, c))))


def is_vertex(p: Point) -> bool:
    return is_centre((p[0] - 2, p[1])) or is_centre((p[0] + 2, p[1]))


def vertex_of(a: Hex, b: Hex, c: Hex) -> Vertex:
    """The vertex shared by three mutually adjacent hexes."""
    if not (are_adjacent(a, b) and are_adjacent(b, c) and are_adjacent(a, c)):
        raise ValueError(f"{_safe_name(a)}, {_safe_name(b)} and {_safe_name(c)} "
                         "do not meet at a vertex")
    return Vertex(((a[0] + b[0] + c[0]) // 3, (a[1] + b[1] + c[1]) // 3))


def parse_vertex(name: str) -> Vertex:
    if not isinstance(name, str):
        raise ValueError(f"a vertex name must be a string, not {type(name).__name__}")
    parts = name.split("-")
    if len(parts) != 3:
        raise ValueError(f"{name!r} is not a vertex name (three hexes, e.g. Y8-Y9-Z8)")
    a, b, c = (parse_hex(p) for p in parts)
    return vertex_of(a, b, c)


def vertex_name(v: Point) -> str:
    """The vertex's three hexes by name. A vertex of a half hex that lies
    beyond the map's edge may have a hex with no name (ValueError, ``_unnamed``)."""
    layout = _NAMING.get()
    hexes = vertex_hexes(v)
    try:
        return "-".join(hex_name(h) for h in hexes) if layout is None else layout.part_name(hexes)
    except ValueError:
        raise ValueError(_unnamed("vertex", hexes)) from None


def _unnamed(kind: str, hexes: Iterable[Hex]) -> str:
    """Why a hexside or vertex has no name: it lies beyond the map's edge, past
    a half hex, where one of its hexes has none. A hex is named by a column
    letter and a row number from 0, so the hexes just left of a board's column A
    and just above its row 0 have none: on a board flipped, those past the
    map's right and bottom edges (docs/changes.md)."""
    named = []
    for h in hexes:
        try:
            named.append(hex_name(h))
        except ValueError:
            continue
    return (f"the {kind} of {' and '.join(named)} lies beyond the map's edge and has no "
            "name (no hex left of a column A or above a row 0 has one)")


def vertex_hexsides(v: Point) -> tuple[Hexside, Hexside, Hexside]:
    """The three hexsides (hexspines) that meet at a vertex."""
    a, b, c = vertex_hexes(v)
    return (hexside(a, b), hexside(a, c), hexside(b, c))


def _safe_name(h: Hex) -> str:
    try:
        return hex_name(h)
    except ValueError:
        return str(h)


# --- the map -------------------------------------------------------------------

class Grid(NamedTuple):
    """A map of C columns and R rows: odd columns hold hexes 1..R, even
    columns 0..R (0 and R are half hexes cut by the top and bottom edges);
    columns A and the last are half hexes cut by the side edges."""
    columns: int
    rows: int

    def contains(self, h: Hex) -> bool:
        if not is_centre(h):
            return False
        col, row = col_row(h)
        if not 1 <= col <= self.columns:
            return False
        return (1 if col % 2 else 0) <= row <= self.rows

    def size(self) -> int:
        """How many hexes (half hexes included) the map has."""
        return (self.columns + 1) // 2 * self.rows + self.columns // 2 * (self.rows + 1)

    def hexes(self) -> list[Hex]:
        return [hex_at(c, r) for c in range(1, self.columns + 1)
                for r in range(1 if c % 2 else 0, self.rows + 1)]

    def is_half(self, h: Hex) -> bool:
        col, row = col_row(h)
        return col in (1, self.columns) or (col % 2 == 0 and row in (0, self.rows))


def pixel(p: Point, unit: float) -> tuple[float, float]:
    """Drawing only: lattice point -> pixels, for a half-hexside of ``unit`` px."""
    return (p[0] * unit, p[1] * unit * math.sqrt(3))


# --- the LOS trace -------------------------------------------------------------

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
_KINDS = ("hex", "cross", "along", "vertex")
_KIND_CODE = {k: i for i, k in enumerate(_KINDS)}
# Inside ``traced_once`` (a visibility sweep's threads, pycore.rules.visibility) a
# placed thread is not kept by its end points: a sweep asks each thread once, and
# 2,600 of them pushed through the 500-thread cache only evicted LOS clicks'
# threads, and churned 140,000 young objects that one collection then walked
# in 20-60 ms (docs/terrain-interface.md, "Pathological setups").
_KEEP_PLACED: ContextVar[bool] = ContextVar("asl_keep_placed", default=True)


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
    code = _REL_CACHE.get(rel_key)
    if code is None:
        code = _relative_trace(rel_key)
        if len(_REL_CACHE) >= _REL_CACHE_MAX:
            del _REL_CACHE[next(iter(_REL_CACHE))]
        _REL_CACHE[rel_key] = code
    out = tuple(_place(code, sx, sy, ax, ay))
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


def interior_offsets(p: Point, q: Hex) -> tuple[Hex, ...]:
    """The hexes whose interiors the thread from p (a centre or a vertex) to the
    centre q crosses, in thread order, leaving out q and, when p is a centre, p.
    The lattice is the same around every centre, and symmetric about it under
    x -> -x and y -> -y, so this is map-independent: a caller may move and
    mirror one result to every thread of the same shape.  Not cached here."""
    return tuple(hexes[0] for kind, hexes, _ in _walk(p, q)
                 if kind == "hex" and hexes[0] != p and hexes[0] != q)


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
