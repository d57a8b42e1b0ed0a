"""Load and validate a version-1 setup (docs/contract.md) into immutable objects.

Every malformed input raises SetupError naming the field's path and what is
wrong, e.g. ``hexsides["A1-C5"]: A1 and C5 are not adjacent``.  Unknown extra
fields are kept (and listed in ``Setup.warnings``) so that links made by newer
versions open here and travel on unchanged.
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Generator
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Callable, Generic, Mapping, NamedTuple, TypeVar

from . import geometry as g
from . import jsonread, limits, ssr
from .boards import BOARD_GRID, Layout, load_layout
from .errors import SetupError
from .lookalike import id_key, removed_warning, side_key, visible
from .terrain import BUILDINGS, HEXSIDES, TERRAIN
from .mapterrain import CLIFF, OPEN, HexInfo, HexsideInfo, MapTerrain, Overrides, Wall, compose, painted
from .vasl.library import Board as ImportedBoard
from .vasl.library import Library

__all__ = ["OPEN", "HexInfo", "HexsideInfo", "Overrides", "Wall", "MapTerrain", "Setup", "Unit",
           "load_setup"]

UNIT_TYPES = ("squad", "halfsquad", "crew", "leader", "hero", "vehicle", "wreck", "gun")
UNIT_FLAGS = ("broken", "unarmed", "entrenched", "concealed", "hidden", "pinned", "crest",
              "burning", "moved", "dug_in")
VEHICLE_CLASSES = ("motorcycle", "armored-car", "fully-tracked", "halftrack", "truck")
# Fields added beyond docs/contract.md (documented in docs/contract.md):
#   units: "armored" (vehicles; default true); the optional fields below, kept in
#   Unit.extra and read by pycore.wa, pycore.tem and pycore.movement, are
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
    "weapon": ("latw", "piat", "mortar", "mortar-min-range-1"),   # B11.31 (pycore.cliff_fire)
    "entrenchment": ("foxhole", "trench"),
    "mp": (1, 99),                        # MP allowance
    "emplacement": (0, 9),                # Emplacement TEM (B9.31 EXC)
}
#   hexsides: the type "none" says a hexside has no wall, hedge or bocage,
#   overriding an imported board's reading (map.boards "source").
HEXSIDE_EXTRA_FIELDS = {"breach": bool}   # B9.541
#   hexes: "building": a name; building hexes of one name are one building, of
#   different names (or one named, one not) separate buildings (B23.1;
#   pycore.los.building).
HEX_EXTRA_FIELDS = {"building": str}
NO_HEXSIDE = "none"
#   hexsides: the type "cliff" (B11; docs/hills.md) is a cliff hexside of
#   a hill or a Depression: no wall, so ``Setup.wall`` never returns it.
HEXSIDE_TYPES = (*HEXSIDES, CLIFF)
#   setup: "orchards": "out-of-season" (B14.2; default in season).
SETUP_EXTRA_FIELDS = {"orchards": ("in-season", "out-of-season")}
_HEX_FIELDS = ("terrain", "level", "levels", "gully", "bridge")
_HEXSIDE_FIELDS = ("type", "hillside", "gap", "depression")
_UNIT_FIELDS = ("id", "side", "type", "hex", "level", "bypass", "vertex", "wa", "armored") \
    + UNIT_FLAGS


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
        and after NFKC ("Ｇerman" is German; ``pycore.lookalike``). The one
        place the rules decide friend or enemy."""
        return side_key(self.side) == side_key(other.side)


T = TypeVar("T")


class Slot(Generic[T]):
    """A named, typed place for what is computed from a setup once and kept
    with it (``Setup.derived``): declared by the module that computes it, as
    ``WA: Slot[Resolver] = Slot("wa", Resolver)``. Where a setup goes (the
    setup cache), its derived facts go too (docs/architecture-library.md)."""
    __slots__ = ("name", "make")

    def __init__(self, name: str, make: Callable[["Setup"], T]) -> None:
        self.name = name
        self.make = make

    def __repr__(self) -> str:
        return f"Slot({self.name!r})"


@dataclass(frozen=True, eq=False)
class Setup:
    grid: g.Grid
    board: str | None
    hexes: Mapping[g.Hex, HexInfo]
    hexsides: Mapping[g.Hexside, HexsideInfo]
    units: tuple[Unit, ...]
    extra: Mapping[str, Any]
    map_extra: Mapping[str, Any]
    warnings: tuple[str, ...]
    layout: Layout | None = None    # a map of boards (pycore.boards), or None
    # What reading changed in the setup's text, for the player to be told (a
    # link's warnings): sides and ids without invisible characters (pycore.lookalike).
    notices: tuple[str, ...] = ()
    # What is computed from it once (``derived``); a replaced copy starts afresh.
    _derived: dict[Slot[Any], Any] = field(default_factory=dict, init=False, repr=False,
                                           compare=False)
    # Scenario special rules (pycore/ssr.py): the setup's ``ssr``.
    ssr: tuple = ()
    # The map's terrain with its layers (pycore.mapterrain): where each part came
    # from, and the player's own part. ``hexes`` and ``hexsides`` are its decision.
    terrain: MapTerrain | None = None

    @property
    def layers(self) -> MapTerrain:
        return self.terrain if self.terrain is not None else painted(self.hexes, self.hexsides)

    @property
    def overrides(self) -> Overrides | None:
        """The setup's own hexes and hexsides where imported boards supply the
        rest; None: no imported board, all its own."""
        return self.layers.own if self.layers.corrections else None

    @property
    def imported(self) -> Mapping[str, ImportedBoard]:
        """The imported boards its map uses, by source."""
        return self.layers.boards

    @property
    def ssr_changed(self) -> Mapping[Any, Any]:
        """Each hex or hexside the SSRs changed (what the ruling's steps say)."""
        return self.layers.changed

    def derived(self, slot: Slot[T]) -> T:
        """What ``slot`` computes from this setup, computed once (a setup never changes)."""
        try:
            got: T = self._derived[slot]
        except KeyError:
            got = self._derived[slot] = slot.make(self)
        return got

    def names(self) -> Any:
        """Hexes named as on this setup's map (``pycore.geometry.naming``)."""
        return g.naming(self.layout)

    def named_steps(self, steps: Generator[Any, None, Any]) -> Generator[Any, None, Any]:
        """``steps`` (a generator pausing between chunks of work),
        each step run under this setup's names and none across a pause, when
        the page's worker answers other questions; yields what it yields (a
        sweep's progress) and returns what it returns."""
        while True:
            with self.names():
                try:
                    got = next(steps)
                except StopIteration as done:
                    return done.value
            yield got

    def hex(self, h: g.Hex) -> HexInfo:
        return self.hexes.get(h, OPEN)

    def find_unit(self, unit_id: Any) -> Unit | None:
        """The unit with this id, or None (ids of any type are simply not found).
        Ids are compared as they read (``pycore.lookalike.id_key``): ``g1``
        with a zero-width space, or ``ｇ1``, finds ``g1``."""
        return self.derived(_UNITS_BY_ID).get(id_key(unit_id)) if isinstance(unit_id, str) else None

    def unit(self, unit_id: str) -> Unit:
        u = self.find_unit(unit_id)
        if u is None:
            raise SetupError(f"unit {unit_id!r}: no unit has this id")
        return u

    def units_in(self, h: g.Hex) -> tuple[Unit, ...]:
        return self.derived(_UNITS_BY_HEX).get(h, ())

    def wall(self, s: g.Hexside) -> Wall | None:
        """The wall/hedge/bocage on hexside s, or None."""
        info = self.hexsides.get(s)
        return info if isinstance(info, Wall) else None

    def wall_level(self, s: g.Hexside) -> int:
        """The base level a wall/hedge/bocage lies on: the lower of its two hexes'
        (B9.35), the higher for a Hillside wall/hedge (B9.62)."""
        la, lb = self.hex(s[0]).level, self.hex(s[1]).level
        info = self.hexsides.get(s)
        return max(la, lb) if info is not None and info.hillside else min(la, lb)

    def depression_connected(self, s: g.Hexside) -> bool:
        """Two gully hexes joined by a Depression hexside (A6.3, B19.2)."""
        a, b = s
        if not (self.hex(a).is_depression and self.hex(b).is_depression):
            return False
        info = self.hexsides.get(s)
        return info is None or info.depression is not False

    def to_dict(self, whole: bool = False) -> dict:
        """The setup as a link carries it; ``whole``: with the map's terrain as
        decided from all its layers (pycore.mapterrain) instead of its own part."""
        with self.names():
            return _dump(self, whole)


def _by_hex(s: Setup) -> dict[g.Hex, tuple[Unit, ...]]:
    by_hex: dict[g.Hex, list[Unit]] = {}
    for u in s.units:
        by_hex.setdefault(u.hex, []).append(u)
    return {k: tuple(v) for k, v in by_hex.items()}


_UNITS_BY_ID: Slot[dict[str, Unit]] = Slot("units_by_id",
                                           lambda s: {id_key(u.id): u for u in s.units})
_UNITS_BY_HEX: Slot[dict[g.Hex, tuple[Unit, ...]]] = Slot("units_by_hex", _by_hex)


# --- loading -------------------------------------------------------------------

def load_setup(obj: Any, boards: Library | None = None) -> Setup:
    """Validate a setup dict (or its JSON text) into a Setup. ``boards`` are
    the imported boards its map may name by ``source`` (``pycore.api``
    passes its library); without them such a map is refused, naming the
    board to import. A Setup is passed through as it is."""
    if isinstance(obj, Setup):
        return obj
    if isinstance(obj, (str, bytes)):
        obj = jsonread.loads(obj, "setup")
    return _Loader(boards if boards is not None else Library()).load(obj)


class _Loader:
    def __init__(self, boards: Library) -> None:
        self.boards = boards
        self.warnings: list[str] = []
        self.hidden: list[tuple[str, str]] = []     # (field, text as given): see visible()

    def visible(self, text: str, path: str) -> str:
        """A side or id without the characters that show nothing or turn text
        around (``pycore.lookalike``), each field so read named in a notice."""
        shown = visible(text)
        if shown != text:
            self.hidden.append((path, text))
        return shown

    def load(self, obj: Any) -> Setup:
        d = _need(obj, dict, "setup")
        fmt = d.get("format", "asl-setup")
        if fmt != "asl-setup":
            raise SetupError(f'format: expected "asl-setup", got {_show(fmt)}')
        version = d.get("version")
        if version is None:
            raise SetupError("version: missing (expected 1)")
        if type(version) is not int or version != 1:     # not true, not 1.0
            raise SetupError(f"version: this app reads version 1 setups, not {_show(version)}")
        grid, board, map_extra, layout = self.load_map(d.get("map", {}))
        # SSR (pycore/ssr.py): validated against the map's boards.
        labels = tuple(b.label for b in layout.boards) if layout is not None else \
            ((board,) if board is not None else ())
        rules = ssr.load(d.get("ssr"), labels)
        with g.naming(layout):
            hexes = self.load_hexes(d.get("hexes", {}), grid)
            hexsides = self.load_hexsides(d.get("hexsides", {}), grid)
            imported = self.imported(layout) if layout is not None and layout.sources else {}
            terrain = compose(rules, layout, board, hexes, hexsides, imported)
            hexes, hexsides = dict(terrain.hexes), dict(terrain.hexsides)
            units = self.load_units(d.get("units", []), grid, hexes)
        extra = self.extras(d, ("format", "version", "map", "hexes", "hexsides", "units", "ssr"),
                            "setup", SETUP_EXTRA_FIELDS)
        # a season SSR limited to one board leaves the rest of the map in season
        if extra.get("orchards") == "in-season" and any(r.ssr.kind == "season" and r.board is None
                                                        for r in rules):
            raise SetupError("orchards: \"in-season\" contradicts the scenario rule "
                             "orchards-out-of-season (B14.2): keep one of them")
        notices = (removed_warning(self.hidden),) if self.hidden else ()
        return Setup(grid, board, terrain.hexes, terrain.hexsides,
                     tuple(units), extra, map_extra, tuple(self.warnings) + notices,
                     layout=layout, notices=notices, ssr=rules, terrain=terrain)

    def imported(self, layout: Layout) -> dict[str, ImportedBoard]:
        """The imported boards the layout names by source, from ``boards``
        (SetupError naming the field of a board not there)."""
        out = {}
        across = len(layout.rows[0])
        for index, b in enumerate(layout.boards):
            if b.source is not None:
                path = f"map.boards[{index // across}][{index % across}].source"
                out[b.source] = self.boards.get(b.source, path)
        return out

    def extras(self, d: dict, known: tuple, path: str,
               checked: Mapping[str, Any] = MappingProxyType({})) -> Mapping[str, Any]:
        """Fields beyond ``known``: those in ``checked`` are validated, others kept
        with a warning (a newer version's fields)."""
        extra = {k: v for k, v in d.items() if k not in known}
        if len(extra) > limits.MAX_EXTRA_FIELDS:
            raise SetupError(f"{path}: more than {limits.MAX_EXTRA_FIELDS} unknown fields")
        for k, v in extra.items():
            if not isinstance(k, str):
                raise SetupError(f"{path}: field names must be strings")
            text_field(k, f"{path}: a field name")
            rule = checked.get(k)
            if rule is bool:
                bool_field(v, f"{path}.{k}")
            elif rule is str:
                str_field(v, f"{path}.{k}")
            elif isinstance(rule, tuple) and isinstance(rule[0], int):
                int_field(v, f"{path}.{k}", *rule)
            elif isinstance(rule, tuple) and not (isinstance(v, str) and v in rule):
                raise SetupError(f"{path}.{k}: {_show(v)} is not one of {', '.join(rule)}")
            elif rule is None:
                plain_value(v, f"{path}.{k}")
                self.warnings.append(f"{path}: unknown field {k!r} kept")
        return MappingProxyType(extra)

    def load_map(self, m: Any) -> tuple[g.Grid, str | None, Mapping[str, Any], Layout | None]:
        m = _need(m, dict, "map")
        known = ("columns", "rows", "board", "boards")
        layout = None
        if "boards" in m:   # a layout of geomorphic boards
            layout = load_layout(m["boards"])
            if "board" in m:
                raise SetupError("map.board: not with map.boards (each board has its own label)")
            for key, value in (("columns", layout.grid.columns), ("rows", layout.grid.rows)):
                if key in m and m[key] != value:
                    raise SetupError(f"map.{key}: {_show(m[key])}, but the boards make {value}")
            return layout.grid, None, self.extras(m, known, "map"), layout
        cols = int_field(m.get("columns", 33), "map.columns", 1, limits.MAX_COLUMNS)
        rows = int_field(m.get("rows", 10), "map.rows", 1, limits.MAX_ROWS)
        slow = map_size_warning(g.Grid(cols, rows))
        if slow:
            self.warnings.append(slow)
        board = m.get("board")
        if board is not None:
            board = str_field(board, "map.board")
        return g.Grid(cols, rows), board, self.extras(m, known, "map"), None

    def load_hexes(self, hexes: Any, grid: g.Grid) -> dict:
        hexes = _need(hexes, dict, "hexes")
        if len(hexes) > limits.MAX_HEXES:
            raise SetupError(f"hexes: more than {limits.MAX_HEXES} entries")
        out: dict = {}
        for name, v in hexes.items():
            path = f"hexes[{_show(name)}]"
            h = hex_field(name, path, grid)
            if h in out:
                raise SetupError(f"{path}: names a hex already given ({g.hex_name(h)})")
            v = _need(v, dict, path)
            terrain = v.get("terrain", "open")
            if not isinstance(terrain, str) or terrain not in TERRAIN:
                raise SetupError(f"{path}.terrain: unknown terrain {_show(terrain)} "
                                 f"(expected one of {', '.join(TERRAIN)})")
            level = int_field(v.get("level", 0), f"{path}.level", -limits.MAX_LEVEL, limits.MAX_LEVEL)
            levels = int_field(v.get("levels", 1), f"{path}.levels", 1, limits.MAX_LEVEL)
            gully = bool_field(v.get("gully", False), f"{path}.gully")
            bridge = bool_field(v.get("bridge", False), f"{path}.bridge")
            out[h] = HexInfo(terrain, level, levels if terrain in BUILDINGS else 1, gully,
                             self.extras(v, _HEX_FIELDS, path, HEX_EXTRA_FIELDS), bridge)
        return out

    def load_hexsides(self, sides: Any, grid: g.Grid) -> dict:
        sides = _need(sides, dict, "hexsides")
        if len(sides) > limits.MAX_HEXSIDES:
            raise SetupError(f"hexsides: more than {limits.MAX_HEXSIDES} entries")
        out: dict = {}
        for name, v in sides.items():
            path = f"hexsides[{_show(name)}]"
            if not isinstance(name, str) or name.count("-") != 1:
                raise SetupError(f"{path}: a hexside is named by two hexes, e.g. Y7-Z7")
            a, b = (hex_field(part, path, grid) for part in name.split("-"))
            try:
                s = g.hexside(a, b)
            except ValueError as e:
                raise SetupError(f"{path}: {e}") from None
            if s in out:
                raise SetupError(f"{path}: names a hexside already given ({g.hexside_name(s)})")
            if isinstance(v, str):
                v = {"type": v}
            v = _need(v, dict, path)
            kind = v.get("type")
            if kind == NO_HEXSIDE:      # no wall here, whatever an imported board shows
                kind = None
            elif kind is None and "depression" not in v:
                raise SetupError(f"{path}.type: missing (one of {', '.join(HEXSIDES)})")
            if kind is not None and (not isinstance(kind, str) or kind not in HEXSIDE_TYPES):
                raise SetupError(f"{path}.type: unknown hexside type {_show(kind)} "
                                 f"(expected one of {', '.join(HEXSIDE_TYPES)})")
            dep = v.get("depression")
            if dep is not None:
                dep = bool_field(dep, f"{path}.depression")
            hillside = bool_field(v.get("hillside", False), f"{path}.hillside")
            gap = bool_field(v.get("gap", False), f"{path}.gap")
            extra = self.extras(v, _HEXSIDE_FIELDS, path, HEXSIDE_EXTRA_FIELDS)
            # A cliff (B11) is a hexside of the hill, not a wall: HexsideInfo, never Wall.
            out[s] = HexsideInfo(kind, hillside, gap, dep, extra) if kind in (None, CLIFF) \
                else Wall(kind, hillside, gap, dep, extra)
        return out

    def load_units(self, units: Any, grid: g.Grid, hexes: dict) -> list:
        units = _need(units, list, "units")
        if len(units) > limits.MAX_UNITS:
            raise SetupError(f"units: more than {limits.MAX_UNITS} units")
        out: list[Unit] = []
        seen: dict[str, str] = {}           # id_key: the id
        for i, v in enumerate(units):
            path = f"units[{i}]"
            v = _need(v, dict, path)
            uid = self.visible(str_field(v.get("id"), f"{path}.id"), f"{path}.id")
            if not uid:
                raise SetupError(f"{path}.id: must not be empty")
            key = id_key(uid)
            if key in seen:
                if seen[key] == uid:
                    raise SetupError(f"{path}.id: duplicate unit id {uid!r}")
                raise SetupError(f"{path}.id: duplicate unit id: {uid!r} reads the same as "
                                 f"{seen[key]!r} (another form of the same letters)")
            seen[key] = uid
            side = self.visible(str_field(v.get("side"), f"{path}.side"), f"{path}.side")
            kind = v.get("type")
            if not isinstance(kind, str) or kind not in UNIT_TYPES:
                raise SetupError(f"{path}.type: unknown unit type {_show(kind)} "
                                 f"(expected one of {', '.join(UNIT_TYPES)})")
            h = hex_field(v.get("hex"), f"{path}.hex", grid)
            info = hexes.get(h, OPEN)
            level = int_field(v.get("level", 0), f"{path}.level", 0, limits.MAX_LEVEL)
            if level > info.top_level:
                raise SetupError(f"{path}.level: {g.hex_name(h)} has no level {level} "
                                 f"(its highest is {info.top_level})")
            flags = {f: bool_field(v.get(f, False), f"{path}.{f}") for f in UNIT_FLAGS}
            bypass = v.get("bypass")
            if bypass is not None:
                bypass = hexside_field(bypass, h, f"{path}.bypass")
            vertex = v.get("vertex")
            if vertex is not None:
                vertex = vertex_field(vertex, h, f"{path}.vertex")
            wa = v.get("wa")
            if wa is not None:
                wa = bool_field(wa, f"{path}.wa")
            armored = bool_field(v.get("armored", True), f"{path}.armored")
            out.append(Unit(uid, side, kind, h, level, armored=armored, bypass=bypass,
                            vertex=vertex, wa=wa,
                            extra=self.extras(v, _UNIT_FIELDS, path, UNIT_EXTRA_FIELDS),
                            **flags))
        return out


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


# --- field helpers ---------------------------------------------------------------

def _show(v: Any) -> str:
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10 ** 40:
        return f"a number of {len(str(abs(v))) if abs(v) < 10 ** 4000 else 'over 4000'} digits"
    try:
        text = json.dumps(v) if isinstance(v, (str, int, float, bool)) or v is None \
            else type(v).__name__
    except ValueError:
        text = type(v).__name__
    return text if len(text) <= 40 else text[:37] + "..."


_KINDS: dict[type, str] = {dict: "an object", list: "a list"}


def _need(v: Any, kind: type, path: str) -> Any:
    if not isinstance(v, kind):
        want = _KINDS[kind]
        raise SetupError(f"{path}: must be {want}, not {_show(v)}")
    return v


def int_field(v: Any, path: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise SetupError(f"{path}: must be a whole number, not {_show(v)}")
    if not lo <= v <= hi:
        raise SetupError(f"{path}: {_show(v)} is out of range ({lo} to {hi})")
    return v


def bool_field(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise SetupError(f"{path}: must be true or false, not {_show(v)}")
    return v


def str_field(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise SetupError(f"{path}: must be a string, not {_show(v)}")
    if len(v) > limits.MAX_STRING:
        raise SetupError(f"{path}: longer than {limits.MAX_STRING} characters")
    return text_field(v, path)


# Characters no setup text may hold: control characters (C0, DEL,
# C1), which XML 1.0 forbids or discourages and no name needs; lone surrogates,
# which UTF-8 cannot encode; and U+FFFE/U+FFFF, which are not characters.
_BAD_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def text_field(v: str, path: str) -> str:
    """``v``, if it holds only characters a link, a file and the SVG map can carry."""
    bad = _BAD_TEXT.search(v)
    if bad:
        c = ord(bad.group())
        kind = "a lone surrogate" if 0xD800 <= c <= 0xDFFF else "a control character"
        raise SetupError(f"{path}: holds {kind} (U+{c:04X}) at position {bad.start() + 1}")
    return v


def plain_value(v: Any, path: str) -> None:
    """An unknown field's value is kept and written back into links and files:
    it must be plain JSON (objects with string keys, lists, finite numbers,
    true/false/null) nested at most MAX_JSON_DEPTH deep, its text as for
    ``text_field``. Iterative, so a deep value from Python cannot exhaust the stack."""
    todo = [(v, 1)]
    while todo:
        x, depth = todo.pop()
        if isinstance(x, str):
            text_field(x, path)
        elif isinstance(x, float) and not math.isfinite(x):
            raise SetupError(f"{path}: holds {x}, which is not a number")
        elif isinstance(x, (dict, list)):
            if depth > limits.MAX_JSON_DEPTH:
                raise SetupError(f"{path}: nested more than {limits.MAX_JSON_DEPTH} levels deep")
            if isinstance(x, dict):
                for k in x:
                    if not isinstance(k, str):
                        raise SetupError(f"{path}: field names must be strings")
                    text_field(k, f"{path}: a field name")
                todo.extend((y, depth + 1) for y in x.values())
            else:
                todo.extend((y, depth + 1) for y in x)
        elif not (x is None or isinstance(x, (bool, int, float))):
            raise SetupError(f"{path}: holds {type(x).__name__}, which JSON cannot carry")


def hex_field(name: Any, path: str, grid: g.Grid) -> g.Hex:
    """A hex name on the map, or SetupError naming ``path``."""
    try:
        h = g.parse_hex(name)
    except ValueError as e:
        raise SetupError(f"{path}: {e}") from None
    if not grid.contains(h):
        raise SetupError(f"{path}: {g.hex_name(h)} is off the map "
                         f"({grid.columns} x {grid.rows})")
    return h


def hexside_field(name: Any, h: g.Hex, path: str) -> g.Hexside:
    try:
        s = g.parse_hexside(name)
    except ValueError as e:
        raise SetupError(f"{path}: {e}") from None
    if h not in s:
        raise SetupError(f"{path}: {g.hexside_name(s)} is not a hexside of {g.hex_name(h)}")
    return s


def vertex_field(name: Any, h: g.Hex, path: str) -> g.Point:
    try:
        v = g.parse_vertex(name)
    except ValueError as e:
        raise SetupError(f"{path}: {e}") from None
    if h not in g.vertex_hexes(v):
        raise SetupError(f"{path}: not a vertex of {g.hex_name(h)}")
    return v


# --- dumping -----------------------------------------------------------------------

def _dump(s: Setup, whole: bool = False) -> dict:
    """The setup as JSON: its own terrain (what a link carries), or with
    ``whole`` the terrain as decided (boards, SSRs and corrections)."""
    m: dict = {"columns": s.grid.columns, "rows": s.grid.rows}
    if s.layout is not None:
        m["boards"] = s.layout.spec()
    if s.board is not None:
        m["board"] = s.board
    m.update(s.map_extra)
    own_hexes, own_sides = (s.hexes, s.hexsides) if whole else s.layers.own
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
        d.update(info.extra)
        if d or (s.overrides is not None and not whole):   # over an imported board, open ground is a correction
            hexes[g.hex_name(h)] = d or {"terrain": "open"}
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
        sides[g.hexside_name(sd)] = entry["type"] if list(entry) == ["type"] else entry
    units = []
    for u in s.units:
        d = {"id": u.id, "side": u.side, "type": u.type, "hex": g.hex_name(u.hex)}
        if u.level:
            d["level"] = u.level
        for f in UNIT_FLAGS:
            if getattr(u, f):
                d[f] = True
        if not u.armored:
            d["armored"] = False
        if u.bypass is not None:
            d["bypass"] = g.hexside_name(u.bypass)
        if u.vertex is not None:
            d["vertex"] = g.vertex_name(u.vertex)
        if u.wa is not None:
            d["wa"] = u.wa
        d.update(u.extra)
        units.append(d)
    out = {"format": "asl-setup", "version": 1, "map": m, "hexes": hexes,
           "hexsides": sides, "units": units}
    if s.ssr:       # only when there are some (no ssr = none)
        out["ssr"] = ssr.spec(s.ssr)
    out.update(s.extra)
    return out
