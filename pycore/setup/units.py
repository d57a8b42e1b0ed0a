"""The setup's ``units``: a ``Unit``, and its id, side, type, hex, level, flags
and the optional fields the rules read, read and written."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from .. import geometry as g
from .. import limits
from ..errors import SetupError
from .lookalike import id_key, side_key
from ..terrain.mapterrain import OPEN
from .fields import Reader, bool_field, hex_field, hexside_field, int_field, need, shown, str_field, vertex_field

UNIT_TYPES = ("squad", "halfsquad", "crew", "leader", "hero", "vehicle", "wreck", "gun")
UNIT_FLAGS = ("broken", "unarmed", "entrenched", "concealed", "hidden", "pinned", "crest",
              "burning", "moved", "dug_in")
VEHICLE_CLASSES = ("motorcycle", "armored-car", "fully-tracked", "halftrack", "truck")

@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    type: str
    hex: g.Hex
    level: int = 0
    broken: bool = False
    unarmed: bool = False
    entrenched: bool = False
    concealed: bool = False
    hidden: bool = False
    pinned: bool = False
    crest: bool = False
    burning: bool = False
    moved: bool = False
    dug_in: bool = False
    armored: bool = True
    bypass: g.Hexside | None = None
    vertex: g.Point | None = None
    wa: bool | None = None
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def label(self) -> str:
        """How a step names the unit: its counter's name before its id ("4-6-7
        g1", the ``name`` players know it by), or its id alone."""
        name = self.extra.get("name")
        return f"{name} {self.id}" if name else self.id

    @property
    def is_vehicle(self) -> bool:
        return self.type == "vehicle"

    @property
    def is_afv(self) -> bool:
        return self.type == "vehicle" and self.armored

    def is_friend(self, other: "Unit") -> bool:
        """Same side: sides are compared ignoring case and surrounding spaces
        ("german" and " German " are friends; docs/contract.md), for old links too,
        and after NFKC ("Ｇerman" is German; ``pycore.setup.lookalike``). The one
        place the rules decide friend or enemy."""
        return side_key(self.side) == side_key(other.side)


# Fields added beyond docs/contract.md (documented in docs/contract.md):
#   units: "armored" (vehicles; default true); the optional fields below, kept in
#   Unit.extra and read by pycore.rules.wa, pycore.rules.tem and pycore.rules.movement, are
#   validated here so that a bad value is a SetupError naming the field.
#   hexes: "gully": true marks a gully that also holds other terrain (B19.21).
#   hexes: "bridge": true marks a (non-pontoon) bridge in the hex, at the hex's base
#   level (B6.2: a LOS Hindrance; over a gully, B19.1: units there are on the
#   bridge unless "beneath"); docs/hills.md.
#   hexsides: "depression": false marks two adjacent gully hexes that are not
#   connected by a Depression hexside (A6.8 EX, B19.2); a hexside object may
#   then omit "type".
UNIT_EXTRA_FIELDS = {
    # B9.32 eligibility, B9.3 TEM, D9.5 Armored Cupola, B9.36 ordnance, B9.541 Breach
    **{f: bool for f in ("column", "fortified_gun", "bridge", "roadblock", "pillbox", "cave",
                         "wire", "panji", "prisoner", "cupola", "abandoned", "stunned",
                         "moving", "prc", "motorcyclist", "breacher", "ordnance",
                         "beneath")},     # beneath: under a gully bridge (B19.1)
    "name": str,
    "class": VEHICLE_CLASSES,             # movement class of a vehicle (Chapter B chart)
    "dc": ("placed", "thrown"),           # B9.3: a Demolition Charge attack
    "weapon": ("latw", "piat", "mortar", "mortar-min-range-1"),   # B11.31 (pycore.rules.cliff_fire)
    "entrenchment": ("foxhole", "trench"),
    "mp": (1, 99),                        # MP allowance
    "emplacement": (0, 9),                # Emplacement TEM (B9.31 EXC)
}
_UNIT_FIELDS = ("id", "side", "type", "hex", "level", "bypass", "vertex", "wa", "armored") \
    + UNIT_FLAGS


def load_units(r: Reader, units: Any, grid: g.Grid, hexes: dict) -> list:
    units = need(units, list, "units")
    if len(units) > limits.MAX_UNITS:
        raise SetupError(f"units: more than {limits.MAX_UNITS} units")
    out: list[Unit] = []
    seen: dict[str, str] = {}           # id_key: the id
    for i, v in enumerate(units):
        path = f"units[{i}]"
        v = need(v, dict, path)
        uid = r.visible(str_field(v.get("id"), f"{path}.id"), f"{path}.id")
        if not uid:
            raise SetupError(f"{path}.id: must not be empty")
        key = id_key(uid)
        if key in seen:
            if seen[key] == uid:
                raise SetupError(f"{path}.id: duplicate unit id {uid!r}")
            raise SetupError(f"{path}.id: duplicate unit id: {uid!r} reads the same as "
                             f"{seen[key]!r} (another form of the same letters)")
        seen[key] = uid
        side = r.visible(str_field(v.get("side"), f"{path}.side"), f"{path}.side")
        kind = v.get("type")
        if not isinstance(kind, str) or kind not in UNIT_TYPES:
            raise SetupError(f"{path}.type: unknown unit type {shown(kind)} "
                             f"(expected one of {', '.join(UNIT_TYPES)})")
        h = hex_field(v.get("hex"), f"{path}.hex", grid, r.names)
        info = hexes.get(h, OPEN)
        level = int_field(v.get("level", 0), f"{path}.level", 0, limits.MAX_LEVEL)
        if level > info.top_level:
            raise SetupError(f"{path}.level: {r.names.hex(h)} has no level {level} "
                             f"(its highest is {info.top_level})")
        flags = {f: bool_field(v.get(f, False), f"{path}.{f}") for f in UNIT_FLAGS}
        bypass = v.get("bypass")
        if bypass is not None:
            bypass = hexside_field(bypass, h, f"{path}.bypass", r.names)
        vertex = v.get("vertex")
        if vertex is not None:
            vertex = vertex_field(vertex, h, f"{path}.vertex", r.names)
        wa = v.get("wa")
        if wa is not None:
            wa = bool_field(wa, f"{path}.wa")
        armored = bool_field(v.get("armored", True), f"{path}.armored")
        out.append(Unit(uid, side, kind, h, level, armored=armored, bypass=bypass,
                        vertex=vertex, wa=wa,
                        extra=r.extras(v, _UNIT_FIELDS, path, UNIT_EXTRA_FIELDS),
                        **flags))
    return out


def dump_units(units: tuple[Unit, ...], names: g.Names) -> list:
    """The units as the setup writes them."""
    out: list[dict[str, Any]] = []
    for u in units:
        d: dict[str, Any] = {"id": u.id, "side": u.side, "type": u.type, "hex": names.hex(u.hex)}
        if u.level:
            d["level"] = u.level
        for f in UNIT_FLAGS:
            if getattr(u, f):
                d[f] = True
        if not u.armored:
            d["armored"] = False
        if u.bypass is not None:
            d["bypass"] = names.hexside(u.bypass)
        if u.vertex is not None:
            d["vertex"] = names.vertex(u.vertex)
        if u.wa is not None:
            d["wa"] = u.wa
        d.update(u.extra)
        out.append(d)
    return out
