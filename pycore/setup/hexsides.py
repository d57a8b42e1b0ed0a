"""The setup's ``hexsides``: walls, hedges, bocage and cliffs, Hillside and
gap flags, Depression marks and "none", read and written."""
from __future__ import annotations

from typing import Any, Mapping

from .. import geometry as g
from .. import limits
from ..errors import SetupError
from ..terrain.mapterrain import CLIFF, NOT_WALLS, ROWHOUSE, HexsideInfo, Wall
from ..terrain.catalog import HEXSIDES
from .fields import Reader, bool_field, hex_field, need, shown

#   hexsides: the type "none" says a hexside has no wall, hedge or bocage,
#   overriding an imported board's reading (map.boards "source").
HEXSIDE_EXTRA_FIELDS = {"breach": bool}   # B9.541
NO_HEXSIDE = "none"
#   hexsides: the type "cliff" (B11; docs/hills.md) is a cliff hexside of
#   a hill or a Depression, and "rowhouse" (B23.71) a rowhouse's inner wall
#   between two of its hexes: no wall, so ``Setup.wall`` never returns them.
HEXSIDE_TYPES = (*HEXSIDES, CLIFF, ROWHOUSE)
_HEXSIDE_FIELDS = ("type", "hillside", "gap", "depression")


def load_hexsides(r: Reader, sides: Any, grid: g.Grid) -> dict:
    sides = need(sides, dict, "hexsides")
    if len(sides) > limits.MAX_HEXSIDES:
        raise SetupError(f"hexsides: more than {limits.MAX_HEXSIDES} entries")
    out: dict = {}
    for name, v in sides.items():
        path = f"hexsides[{shown(name)}]"
        if not isinstance(name, str) or name.count("-") != 1:
            raise SetupError(f"{path}: a hexside is named by two hexes, e.g. Y7-Z7")
        a, b = (hex_field(part, path, grid, r.names) for part in name.split("-"))
        if not g.are_adjacent(a, b):
            raise SetupError(f"{path}: {r.names.hex(a)} and {r.names.hex(b)} are not adjacent")
        s = g.hexside(a, b)
        if s in out:
            raise SetupError(f"{path}: names a hexside already given ({r.names.hexside(s)})")
        if isinstance(v, str):
            v = {"type": v}
        v = need(v, dict, path)
        kind = v.get("type")
        if kind == NO_HEXSIDE:      # no wall here, whatever an imported board shows
            kind = None
        elif kind is None and "depression" not in v:
            raise SetupError(f"{path}.type: missing (one of {', '.join(HEXSIDES)})")
        if kind is not None and (not isinstance(kind, str) or kind not in HEXSIDE_TYPES):
            raise SetupError(f"{path}.type: unknown hexside type {shown(kind)} "
                             f"(expected one of {', '.join(HEXSIDE_TYPES)})")
        dep = v.get("depression")
        if dep is not None:
            dep = bool_field(dep, f"{path}.depression")
        hillside = bool_field(v.get("hillside", False), f"{path}.hillside")
        gap = bool_field(v.get("gap", False), f"{path}.gap")
        extra = r.extras(v, _HEXSIDE_FIELDS, path, HEXSIDE_EXTRA_FIELDS)
        # A cliff (B11) is a hexside of the hill, a rowhouse's bar (B23.71) one of
        # its building, not a wall: HexsideInfo, never Wall.
        out[s] = HexsideInfo(kind, hillside, gap, dep, extra) if kind is None or kind in NOT_WALLS \
            else Wall(kind, hillside, gap, dep, extra)
    return out


def dump_hexsides(own_sides: Mapping[g.Hexside, HexsideInfo], names: g.Names) -> dict:
    sides = {}
    for sd in sorted(own_sides, key=lambda k: (g.col_row(k[0]), g.col_row(k[1]))):
        side = own_sides[sd]
        entry: dict[str, Any] = {"type": side.type} if side.type is not None else \
            {} if side.depression is not None else {"type": NO_HEXSIDE}
        if side.hillside:
            entry["hillside"] = True
        if side.gap:
            entry["gap"] = True
        if side.depression is not None:
            entry["depression"] = side.depression
        entry.update(side.extra)
        sides[names.hexside(sd)] = entry["type"] if list(entry) == ["type"] else entry
    return sides
