"""The setup's ``map``: its size, its board or its layout of boards, read and written."""
from __future__ import annotations

from typing import Any, Mapping

from .. import geometry as g
from .. import limits
from ..geometry.boards import Layout, load_layout
from ..errors import SetupError
from .fields import Reader, int_field, need, shown, str_field
from .overlays import dump_overlays


def load_map(r: Reader, m: Any) -> tuple[g.Grid, str | None, Mapping[str, Any], Layout | None]:
    m = need(m, dict, "map")
    known = ("columns", "rows", "board", "boards", "overlays")
    layout = None
    if "boards" in m:   # a layout of geomorphic boards
        layout = load_layout(m["boards"], size_of=r.boards.size_of)
        if "board" in m:
            raise SetupError("map.board: not with map.boards (each board has its own label)")
        # a board not imported: its size is not known (the loader names the file to import)
        known_size = all(r.boards.size_of(src) is not None for src in layout.sources.values())
        for key, value in (("columns", layout.grid.columns), ("rows", layout.grid.rows)):
            if known_size and key in m and m[key] != value:
                raise SetupError(f"map.{key}: {shown(m[key])}, but the boards make {value}")
        return layout.grid, None, r.extras(m, known, "map"), layout
    cols = int_field(m.get("columns", 33), "map.columns", 1, limits.MAX_COLUMNS)
    rows = int_field(m.get("rows", 10), "map.rows", 1, limits.MAX_ROWS)
    slow = map_size_warning(g.Grid(cols, rows))
    if slow:
        r.warnings.append(slow)
    board = m.get("board")
    if board is not None:
        board = str_field(board, "map.board")
    return g.Grid(cols, rows), board, r.extras(m, known, "map"), None


def dump_map(s: Any) -> dict:
    m: dict = {"columns": s.grid.columns, "rows": s.grid.rows}
    if s.layout is not None:
        m["boards"] = s.layout.spec()
    if s.board is not None:
        m["board"] = s.board
    if s.overlays and s.layout is not None:
        m["overlays"] = dump_overlays(s.overlays, s.layout)
    m.update(s.map_extra)
    return m


def map_size_warning(grid: g.Grid) -> str | None:
    """What a player is told about a map over MAX_MAP_HEXES, or None.

    Such a map is not refused: links made before the limits (pycore.limits) allowed any map
    of up to 132 x 80 (MAX_COLUMNS x MAX_ROWS), and every version-1 link
    keeps opening. It is answered more slowly than the budget."""
    size = grid.size()
    if size <= limits.MAX_MAP_HEXES:
        return None
    return (f"map: {grid.columns} x {grid.rows} is {size:,} hexes, more than the "
            f"{limits.MAX_MAP_HEXES:,} (eight boards: 132 x 20, 66 x 40 or 33 x 80) this app "
            f"answers quickly; it opens, but a view of the whole map may take seconds")
