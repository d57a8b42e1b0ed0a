"""Names of hexes, hexsides and vertices: plain (``Z9``, ``Y8-Y9``) on a
painted map, or as players name a board layout's hexes (``12P2``).

The plain names are pure functions of a hex, as python-chess's
``square_name`` is.  A map's names are a value, ``Names``: a setup carries its
own (``Setup.names``), and whatever names a part of that map asks it.
"""
from __future__ import annotations

import re
from typing import Iterable, Protocol

from .lattice import (Hex, Hexside, Point, Vertex, are_adjacent, col_row, column_name, hex_at,
                      hexside, parse_column, vertex_hexes, vertex_of)

MAX_NAME_DIGITS = 4

_HEX_RE = re.compile(r"^(\d*?)([A-Za-z]+)(\d+)$")


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



class BoardNames(Protocol):
    """How a layout of boards names its hexes (``pycore.geometry.boards.Layout``)."""
    def hex_name(self, h: Hex) -> str: ...
    def part_name(self, hexes: Iterable[Hex]) -> str: ...
    def parse_hex(self, name: str) -> Hex: ...
    def all_names(self, h: Hex) -> list[str]: ...


class Names:
    """How one map names its hexes, hexsides and vertices, in and out: plainly
    (``Z9``, ``Y8-Y9``, ``Y8-Y9-Z8``), or, given a layout of boards, as players
    name them (``12P2``; a seam hex answers to both its names).  A setup
    carries its own (``Setup.names``); ``PLAIN`` names a plain grid."""
    __slots__ = ("boards", "_parsed")

    def __init__(self, boards: BoardNames | None = None):
        self.boards = boards
        self._parsed: dict[str, Hex] = {}     # name -> hex: a click names its two ends again

    def hex(self, h: Hex) -> str:
        return plain_hex_name(h) if self.boards is None else self.boards.hex_name(h)

    def hexside(self, sd: Hexside) -> str:
        try:
            return (f"{plain_hex_name(sd[0])}-{plain_hex_name(sd[1])}" if self.boards is None
                    else self.boards.part_name(sd))
        except ValueError:
            raise ValueError(self._unnamed("hexside", sd)) from None

    def vertex(self, v: Point) -> str:
        """The vertex's three hexes by name. A vertex of a half hex that lies
        beyond the map's edge may have a hex with no name (ValueError, ``_unnamed``)."""
        hexes = vertex_hexes(v)
        try:
            return ("-".join(plain_hex_name(h) for h in hexes) if self.boards is None
                    else self.boards.part_name(hexes))
        except ValueError:
            raise ValueError(self._unnamed("vertex", hexes)) from None

    def all(self, h: Hex) -> list[str]:
        """Every name of ``h``: the canonical one first, then a seam's other."""
        return [self.hex(h)] if self.boards is None else self.boards.all_names(h)

    def parse_hex(self, name: str) -> Hex:
        """A hex name -> hex (ValueError if it is not one on this map's naming):
        ``Z9`` plainly; on boards ``12P2``, or ``P2`` where one board has a P2."""
        if self.boards is None:
            return plain_parse_hex(name)
        got = self._parsed.get(name) if isinstance(name, str) else None
        if got is None:
            got = self.boards.parse_hex(name)
            if len(self._parsed) < _PLAIN_NAMES_MAX:
                self._parsed[name] = got
        return got

    def parse_hexside(self, name: str) -> Hexside:
        if not isinstance(name, str):
            raise ValueError(f"a hexside name must be a string, not {type(name).__name__}")
        parts = name.split("-")
        if len(parts) != 2:
            raise ValueError(f"{name!r} is not a hexside name (two hexes, e.g. Y7-Z7)")
        a, b = (self.parse_hex(p) for p in parts)
        if not are_adjacent(a, b):
            raise ValueError(f"{self._safe(a)} and {self._safe(b)} are not adjacent")
        return hexside(a, b)

    def parse_vertex(self, name: str) -> Vertex:
        if not isinstance(name, str):
            raise ValueError(f"a vertex name must be a string, not {type(name).__name__}")
        parts = name.split("-")
        if len(parts) != 3:
            raise ValueError(f"{name!r} is not a vertex name (three hexes, e.g. Y8-Y9-Z8)")
        a, b, c = (self.parse_hex(p) for p in parts)
        if not (are_adjacent(a, b) and are_adjacent(b, c) and are_adjacent(a, c)):
            raise ValueError(f"{self._safe(a)}, {self._safe(b)} and {self._safe(c)} "
                             "do not meet at a vertex")
        return vertex_of(a, b, c)

    def _safe(self, h: Hex) -> str:
        try:
            return self.hex(h)
        except ValueError:
            return str(h)

    def _unnamed(self, kind: str, hexes: Iterable[Hex]) -> str:
        """Why a hexside or vertex has no name: it lies beyond the map's edge, past
        a half hex, where one of its hexes has none. A hex is named by a column
        letter and a row number from 0, so the hexes just left of a board's column A
        and just above its row 0 have none: on a board flipped, those past the
        map's right and bottom edges (docs/changes.md)."""
        named = []
        for h in hexes:
            try:
                named.append(self.hex(h))
            except ValueError:
                continue
        return (f"the {kind} of {' and '.join(named)} lies beyond the map's edge and has no "
                "name (no hex left of a column A or above a row 0 has one)")


PLAIN = Names()
