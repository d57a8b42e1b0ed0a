"""Viewer and target ends of a LOS: a unit, or a Location given by hex and level."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import geometry as g
from ..errors import SetupError
from .. import limits
from ..setup import Setup, Slot, Unit, bool_field, hex_field, int_field, vertex_field


@dataclass(frozen=True)
class End:
    """One end of a LOS: its hex, building level, the point the thread is
    traced from (centre dot, or a vertex: A6.12, B9.42), and its status."""
    hex: g.Hex
    level: int
    point: g.Point
    entrenched: bool
    crest: bool
    unit: Unit | None
    elevation: int          # base level + level, one lower IN a gully (B19.2)
    in_depression: bool     # IN a Depression hex (A6.3), not at crest level
    on_gully_bridge: bool = False   # on the bridge of a gully bridge hex (B19.1)
    name: str = ""          # as a step names it: the unit's id, or the hex's name on the map


def make_end(s: Setup, h: g.Hex, level: int = 0, vertex: g.Point | None = None,
             entrenched: bool = False, crest: bool = False, unit: Unit | None = None,
             beneath: bool = False) -> End:
    info = s.hex(h)
    # B19.1: in a gully bridge hex a unit is on the bridge (at crest level)
    # unless it is beneath it ("beneath": true).
    on_bridge = info.bridge and not beneath
    in_dep = info.is_depression and not crest and not on_bridge and level == 0
    # B6.1: a unit on the bridge is at its road's level (13K6: a level above the crest)
    base = info.bridge_level if on_bridge and level == 0 else info.level
    elevation = base + level - (1 if in_dep else 0)
    return End(h, level, vertex if vertex is not None else h, entrenched, crest, unit,
               elevation, in_dep, info.is_depression and on_bridge and level == 0,
               unit.id if unit else s.names.hex(h))


def unit_end(s: Setup, u: Unit) -> End:
    return make_end(s, u.hex, u.level, u.vertex, u.entrenched, u.crest, u,
                    bool(u.extra.get("beneath", False)))


# The ends a setup's unit ids and hex names name, once each (a setup never changes).
_NAMED: Slot[dict[str, End]] = Slot("named_ends", lambda s: {})


def resolve(s: Setup, spec: Any, path: str) -> End:
    """A unit id, a hex name, or {"hex", "level", "vertex", "entrenched", "crest", "beneath"}."""
    if isinstance(spec, str):
        named = s.derived(_NAMED)
        got = named.get(spec)
        if got is None:
            got = named[spec] = _named(s, spec, path)
        return got
    if not isinstance(spec, dict):
        raise SetupError(f"{path}: must be a unit id or a Location object, "
                         f"not {type(spec).__name__}")
    h = hex_field(spec.get("hex"), f"{path}.hex", s.grid, s.names)
    top = s.hex(h).top_level
    level = int_field(spec.get("level", 0), f"{path}.level", 0, limits.MAX_LEVEL)
    if level > top:
        raise SetupError(f"{path}.level: {s.names.hex(h)} has no level {level} "
                         f"(its highest is {top})")
    vertex = spec.get("vertex")
    if vertex is not None:
        vertex = vertex_field(vertex, h, f"{path}.vertex", s.names)
    entrenched = bool_field(spec.get("entrenched", False), f"{path}.entrenched")
    crest = bool_field(spec.get("crest", False), f"{path}.crest")
    beneath = bool_field(spec.get("beneath", False), f"{path}.beneath")
    return make_end(s, h, level, vertex, entrenched, crest, beneath=beneath)


def _named(s: Setup, spec: str, path: str) -> End:
    u = s.find_unit(spec)
    if u is not None:
        return unit_end(s, u)
    try:
        s.names.parse_hex(spec)
    except ValueError:
        raise SetupError(f"{path}: {spec[:40]!r} is neither a unit id nor a hex name") from None
    return make_end(s, hex_field(spec, f"{path}.hex", s.grid, s.names))
