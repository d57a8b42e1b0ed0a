"""The setup's ``hexes``: each hex's terrain, base level, building levels and
flags, read and written."""
from __future__ import annotations

from typing import Any, Mapping

from .. import geometry as g
from .. import limits
from ..errors import SetupError
from ..terrain.mapterrain import HexInfo
from ..terrain.catalog import BUILDINGS, TERRAIN, WATER_KINDS
from .fields import Reader, bool_field, hex_field, int_field, need, shown

#   hexes: "building": a name; building hexes of one name are one building, of
#   different names (or one named, one not) separate buildings (B23.1;
#   pycore.rules.los.building).
#   hexes: "water": "river", "pond" or "canal" names a Water Obstacle hex's
#   kind (``"terrain": "water"`` only; B21, docs/contract.md "Water").
#   hexes: "also": a second terrain drawn in the hex with neither dominant (B.1:
#   2I9, building and woods): both apply (A2.4), pycore.terrain.mapterrain.HexInfo.also.
#   hexes: "bridge_level": the level of the hex's bridge where it is not the
#   hex's base level (B6.1: a bridge at its road's level, 13K6's on an
#   embankment a level above the stream's crest; "bridge": true only).
ALSO_TERRAINS = tuple(t for t, v in TERRAIN.items() if not v.depression and t not in ("open", "water"))
HEX_EXTRA_FIELDS: dict = {"building": str, "water": WATER_KINDS, "also": ALSO_TERRAINS,
                          "bridge_level": (-limits.MAX_LEVEL, limits.MAX_LEVEL)}
_HEX_FIELDS = ("terrain", "level", "levels", "gully", "bridge", "stream")


def load_hexes(r: Reader, hexes: Any, grid: g.Grid) -> dict:
    hexes = need(hexes, dict, "hexes")
    if len(hexes) > limits.MAX_HEXES:
        raise SetupError(f"hexes: more than {limits.MAX_HEXES} entries")
    out: dict = {}
    for name, v in hexes.items():
        path = f"hexes[{shown(name)}]"
        h = hex_field(name, path, grid, r.names)
        if h in out:
            raise SetupError(f"{path}: names a hex already given ({r.names.hex(h)})")
        v = need(v, dict, path)
        terrain = v.get("terrain", "open")
        if not isinstance(terrain, str) or terrain not in TERRAIN:
            raise SetupError(f"{path}.terrain: unknown terrain {shown(terrain)} "
                             f"(expected one of {', '.join(TERRAIN)})")
        level = int_field(v.get("level", 0), f"{path}.level", -limits.MAX_LEVEL, limits.MAX_LEVEL)
        levels = int_field(v.get("levels", 1), f"{path}.levels", 1, limits.MAX_LEVEL)
        gully = bool_field(v.get("gully", False), f"{path}.gully")
        bridge = bool_field(v.get("bridge", False), f"{path}.bridge")
        # B20.1: a stream holding other terrain, as "gully" marks a gully's (B19.21)
        stream = bool_field(v.get("stream", False), f"{path}.stream")
        if "bridge_level" in v and not bridge:
            raise SetupError(f"{path}.bridge_level: gives the level of a bridge (B6.1); "
                             f"this hex has none (add \"bridge\": true)")
        if "water" in v and terrain != "water":
            raise SetupError(f"{path}.water: names the kind of a Water Obstacle (B21); "
                             f"this hex's terrain is {shown(terrain)}, not water")
        out[h] = HexInfo(terrain, level, levels if terrain in BUILDINGS else 1, gully,
                         r.extras(v, _HEX_FIELDS, path, HEX_EXTRA_FIELDS), bridge,
                         stream and terrain != "stream")
    return out


def dump_hexes(own_hexes: Mapping[g.Hex, HexInfo], corrections: bool, names: g.Names) -> dict:
    """``own_hexes`` as the setup writes them; with ``corrections`` (over an
    imported board) open ground is written too, as a correction."""
    hexes = {}
    for h in sorted(own_hexes, key=g.col_row):
        info = own_hexes[h]
        d: dict = {}
        if info.terrain != "open":
            d["terrain"] = info.terrain
        if info.level:
            d["level"] = info.level
        if info.levels != 1:
            d["levels"] = info.levels
        if info.gully:
            d["gully"] = True
        if info.bridge:
            d["bridge"] = True
        if info.stream:
            d["stream"] = True
        d.update(info.extra)
        if d or corrections:   # over an imported board, open ground is a correction
            hexes[names.hex(h)] = d or {"terrain": "open"}
    return hexes
