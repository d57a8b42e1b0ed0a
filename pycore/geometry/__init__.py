"""Exact hex geometry (docs/design.md): the lattice (``lattice``), the names
of a map's parts (``names``), the LOS thread's trace (``tracing``), and layouts
of geomorphic boards (``boards``).  The rules import this face as ``g``."""
from __future__ import annotations

from .lattice import (are_adjacent, col_row, column_name, distance, Grid, Hex, hex_at,
                      hex_vertices, Hexside, hexside, hexside_across, hexside_ends, hexsides_of,
                      is_centre, is_vertex, neighbors, NEIGHBOUR_OFFSETS, neighbours,
                      parse_column, pixel, Point, TraceKind, Vertex, vertex_hexes,
                      vertex_hexsides, vertex_of, VERTEX_OFFSETS)
from .names import (MAX_NAME_DIGITS, Names, PLAIN, plain_hex_name, plain_parse_hex)
from .tracing import (interior_offsets, point_range, trace, traced_once, TraceItem)

__all__ = ["are_adjacent", "col_row", "column_name", "distance", "Grid", "Hex", "hex_at",
           "hex_vertices", "Hexside", "hexside", "hexside_across", "hexside_ends", "hexsides_of",
           "is_centre", "is_vertex", "neighbors", "NEIGHBOUR_OFFSETS", "neighbours",
           "parse_column", "pixel", "Point", "TraceKind", "Vertex", "vertex_hexes",
           "vertex_hexsides", "vertex_of", "VERTEX_OFFSETS", "MAX_NAME_DIGITS", "Names", "PLAIN",
           "plain_hex_name", "plain_parse_hex", "interior_offsets", "point_range", "trace",
           "traced_once", "TraceItem"]
