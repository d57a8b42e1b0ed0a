"""Viewer and target ends of a LOS: a unit, or a Location given by hex and level."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import geometry as g
from .errors import SetupError
from .setup import Setup, Unit
from .terrain import BUILDINGS


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

    @property
    def name(self) -> str:
        return self.unit.id if self.unit else g.hex_name(self.hex)


def make_end(s: Setup, h: g.Hex, level: int = 0, vertex: g.Point | None = None,
             entrenched: bool = False, crest: bool = False, unit: Unit | None = None) -> End:
    info = s.hex(h)
    in_dep = info.is_depression and not crest and level == 0
    elevation = info.level + level - (1 if in_dep else 0)
    return End(h, level, vertex if vertex is not None else h, entrenched, crest, unit,
               elevation, in_dep)


def unit_end(s: Setup, u: Unit) -> End:
    return make_end(s, u.hex, u.level, u.vertex, u.entrenched, u.crest, u)


def resolve(s: Setup, spec: Any, path: str) -> End:
    """A unit id, a hex name, or {"hex", "level", "vertex", "entrenched", "crest"}."""
    if isinstance(spec, str):
        if any(u.id == spec for u in s.units):
            return unit_end(s, s.unit(spec))
        try:
            h = g.parse_hex(spec)
        except ValueError:
            raise SetupError(f"{path}: {spec[:40]!r} is neither a unit id nor a hex name") from None
        spec = {"hex": spec}
        del h
    if not isinstance(spec, dict):
        raise SetupError(f"{path}: must be a unit id or a Location object, "
                         f"not {type(spec).__name__}")
    name = spec.get("hex")
    try:
        h = g.parse_hex(name)
    except ValueError as e:
        raise SetupError(f"{path}.hex: {e}") from None
    if not s.grid.contains(h):
        raise SetupError(f"{path}.hex: {g.hex_name(h)} is off the map")
    level = spec.get("level", 0)
    if isinstance(level, bool) or not isinstance(level, int):
        raise SetupError(f"{path}.level: must be a whole number")
    info = s.hex(h)
    top = info.levels - 1 if info.terrain in BUILDINGS else 0
    if not 0 <= level <= top:
        shown = level if abs(level) < 10 ** 6 else "that high"
        raise SetupError(f"{path}.level: {g.hex_name(h)} has no level {shown}")
    vertex = spec.get("vertex")
    if vertex is not None:
        try:
            vertex = g.parse_vertex(vertex)
        except ValueError as e:
            raise SetupError(f"{path}.vertex: {e}") from None
        if h not in g.vertex_hexes(vertex):
            raise SetupError(f"{path}.vertex: not a vertex of {g.hex_name(h)}")
    flags = {}
    for f in ("entrenched", "crest"):
        v = spec.get(f, False)
        if not isinstance(v, bool):
            raise SetupError(f"{path}.{f}: must be true or false")
        flags[f] = v
    return make_end(s, h, level, vertex, **flags)
