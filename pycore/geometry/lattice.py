"""The exact hex lattice: points, hexes, hexsides and vertices, adjacency,
range, and the map's grid (docs/design.md).

Coordinates: x in half-hexside units, y in half-hex-height units, y growing
downward.  A hex *is* its centre point: column c (A = 1), row n give
(3c, 2n - 1) for odd c and (3c, 2n) for even c.  Its vertices are (X +- 2, Y)
and (X +- 1, Y +- 1).  Every centre and vertex is an integer lattice point, and
"which side of the thread" is an integer cross product: no floating point and
no epsilon anywhere a ruling depends on it.

Scaling y by sqrt(3) to draw is affine, so lines, sides and incidences drawn
are the ones judged (``pixel`` is for drawing only).  Errors here name parts
by their coordinates: a map's names are ``pycore.geometry.names``'s business.
"""
from __future__ import annotations

import math
from typing import Literal, NamedTuple, NewType, cast


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


# --- columns and rows ----------------------------------------------------------

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
        raise ValueError(f"hexes {a} and {b} are not adjacent")
    return (a, b) if a < b else (b, a)


def hexside_across(s: Hexside, h: Hex) -> Hex:
    """The hex across hexside ``s`` from ``h``, one of its two hexes."""
    a, b = s
    if h == a:
        return b
    if h == b:
        return a
    raise ValueError(f"hex {h} is not a hex of hexside {s}")


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
        raise ValueError(f"hexes {a}, {b} and {c} do not meet at a vertex")
    return Vertex(((a[0] + b[0] + c[0]) // 3, (a[1] + b[1] + c[1]) // 3))


def vertex_hexsides(v: Point) -> tuple[Hexside, Hexside, Hexside]:
    """The three hexsides (hexspines) that meet at a vertex."""
    a, b, c = vertex_hexes(v)
    return (hexside(a, b), hexside(a, c), hexside(b, c))



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

