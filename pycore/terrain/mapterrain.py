"""The map's terrain, decided in one place from its layers.

A scenario's battlefield is built from layers, lowest first:

1. the boards as drawn: each imported board's reading (``pycore.terrain.vasl.reading``),
   placed flipped or not, a seam hex or hexside taking the first board's in
   layout order (as its name does); on a painted map, the player's own entries
   are the board;
   with the overlays laid on them (``pycore.terrain.overlays``): an overlay's art replaces
   the board's terrain where it is opaque, and is read with the board;
2. the scenario's SSRs (``pycore.terrain.ssr``), which transform what lies beneath;
3. the player's corrections: entries over an imported board, which override
   the boards' reading and the SSRs (docs/contract.md "map.boards").

``compose`` is the one function that decides what each hex and hexside is; a
``MapTerrain`` remembers which layer each came from (``origin``) and which part
is the player's own (``own``: what a link or a saved setup carries). The rules
judge ``hexes`` and ``hexsides``; where an imported board draws a hex partly
one thing and partly another, ``pycore.rules.los.drawn`` judges its drawing.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple

from .. import geometry as g
from . import ssr
from ..geometry.boards import Layout
from .catalog import BUILDINGS, TERRAIN, obstacle_height
from .vasl import layers
from .vasl.library import Board as ImportedBoard

CLIFF = "cliff"          # B11: a hexside type that is no wall (docs/hills.md)
# B23.71: a rowhouse's inner wall (the black bar between two of its hexes), a
# hexside type that is no wall either (pycore.rules.los.rowhouse).
ROWHOUSE = "rowhouse"
NOT_WALLS = (CLIFF, ROWHOUSE)


@dataclass(frozen=True)
class HexInfo:
    terrain: str = "open"
    level: int = 0
    levels: int = 1
    gully: bool = False
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    bridge: bool = False    # B6.2, B19.1: a bridge at the hex's base level
    stream: bool = False    # B20.1: a stream that also holds other terrain (as ``gully``)

    @property
    def is_depression(self) -> bool:
        return self.gully or self.stream or TERRAIN[self.terrain].depression

    @property
    def bridge_level(self) -> int:
        """The level of the hex's bridge (B6.1: its road's level): the setup's
        ``bridge_level``, else the hex's base level (a bridge at the crest of
        its gully or stream, or at its ground's level)."""
        got = self.extra.get("bridge_level")
        return got if isinstance(got, int) and not isinstance(got, bool) else self.level

    @property
    def is_stream(self) -> bool:
        """A stream hex (B20.1), whatever other terrain it holds."""
        return self.stream or self.terrain == "stream"

    @property
    def also(self) -> str | None:
        """A second terrain drawn in the hex with neither dominant (B.1: 2I9 is a
        combination building-woods hex), whose effects apply too (A2.4), or None."""
        other = self.extra.get("also")
        return other if isinstance(other, str) and other != self.terrain else None

    def obstacle(self) -> tuple[int, str]:
        """The hex's obstacle taken whole: (height in half levels, its terrain),
        the taller of its terrain and the one drawn with it (B.1, A2.4: 2I9's
        building and woods both apply)."""
        best = obstacle_height(self.terrain, self.levels), self.terrain
        other = self.also
        if other is not None:
            height = obstacle_height(other, self.levels if other in BUILDINGS else 1)
            if height > best[0]:
                best = height, other
        return best

    def hindering(self) -> str | None:
        """The terrain that makes the hex, taken whole, a LOS Hindrance: its own,
        else the one drawn with it (B.1, A2.4); None where neither hinders."""
        for t in (self.terrain, self.also):
            if t is not None and TERRAIN[t].hindrance:
                return t
        return None

    @property
    def building(self) -> str | None:
        """The name of the building the hex belongs to, as the setup gives it
        (B23.1), or None."""
        name = self.extra.get("building")
        return name if isinstance(name, str) else None

    @property
    def top_level(self) -> int:
        """The highest building level a unit may be on here (0 outside buildings)."""
        return self.levels - 1 if self.terrain in BUILDINGS else 0


OPEN = HexInfo()


@dataclass(frozen=True)
class HexsideInfo:
    type: str | None            # None: only a Depression hexside (B19.2)
    hillside: bool = False
    gap: bool = False
    depression: bool | None = None
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class Wall(HexsideInfo):
    """A hexside with a wall, hedge or bocage (``Setup.wall``): its type is known."""
    type: str


class Overrides(NamedTuple):
    """A setup's own hexes and hexsides on a map of imported boards: what
    links and files carry, and what overrides the boards' reading."""
    hexes: Mapping[g.Hex, HexInfo]
    hexsides: Mapping[g.Hexside, HexsideInfo]


def _none() -> Mapping[Any, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class MapTerrain:
    """What each hex and hexside of a map is, and where it came from."""
    hexes: Mapping[g.Hex, HexInfo]               # as the rules judge them
    hexsides: Mapping[g.Hexside, HexsideInfo]
    own: Overrides                               # the player's own entries
    corrected: frozenset = frozenset()           # the own entries over an imported board
    changed: Mapping[Any, Any] = field(default_factory=_none)   # each part an SSR changed: how
    boards: Mapping[str, ImportedBoard] = field(default_factory=_none)   # imported, by source
    overlaid: Mapping[Any, str] = field(default_factory=_none)  # each part an overlay decided: its name

    @property
    def corrections(self) -> bool:
        """A map of imported boards: the player's own entries are corrections
        over their reading (on a painted map they are the board itself)."""
        return bool(self.boards)

    def origin(self, key: Any) -> str:
        """The layer a hex or hexside's terrain came from: "player" (a
        correction over an imported board), "ssr", "overlay" (an overlay's
        art: ``overlaid`` names it), "board" (an imported board's reading) or
        "painted" (the player's own entry where no board is imported)."""
        if key in self.corrected:
            return "player"
        if key in self.changed:
            return "ssr"
        if key in self.overlaid:
            return "overlay"
        return "painted" if key in self.own.hexes or key in self.own.hexsides \
            or not self.boards else "board"


def correction_step(part: Any, terrain: MapTerrain, names: g.Names) -> dict:
    """The step a ruling shows where its thread meets the player's correction
    of an imported board's reading: "41Q5 is open ground at level 0 by your
    correction of the board's reading (B.1)"."""
    why = "by your correction of the board's reading (B.1)"
    if len(part) == 2 and isinstance(part[0], tuple):
        info = terrain.hexsides.get(part)
        name = names.hexside(part)
        if info is None or info.type in (None, "none"):
            text = f"{name} has no wall, hedge or bocage {why}."
        else:
            text = f"{name} is {'a Hillside ' if info.hillside else ''}{info.type} {why}."
    else:
        h = terrain.hexes.get(part, OPEN)
        what = "open ground" if h.terrain == "open" else h.terrain
        text = f"{names.hex(part)} is {what} at level {h.level} {why}."
    return {"rule": "B.1", "text": text}


def painted(hexes: Mapping[g.Hex, HexInfo], hexsides: Mapping[g.Hexside, HexsideInfo]
            ) -> MapTerrain:
    """A map whose terrain is all the player's own, with no SSR applied."""
    own = Overrides(MappingProxyType(dict(hexes)), MappingProxyType(dict(hexsides)))
    return MapTerrain(own.hexes, own.hexsides, own)


def compose(rules: tuple, layout: Layout | None, board: str | None,
            hexes: dict[g.Hex, HexInfo], hexsides: dict[g.Hexside, HexsideInfo],
            boards: Mapping[str, ImportedBoard], overlaid: Mapping[Any, str] | None = None,
            owner: Mapping[Any, str] | None = None) -> MapTerrain:
    """The map's terrain from its layers (the module's docstring): the boards'
    reading, the SSRs ``rules`` and the player's entries ``hexes`` and
    ``hexsides``; ``boards``: the imported boards by source (none on a
    painted map), with their overlays laid (pycore.terrain.overlays),
    ``overlaid`` the parts an overlay decided, by the overlay's name, and
    ``owner`` the board whose reading each of them takes (a seam's too)."""
    own = Overrides(MappingProxyType(hexes), MappingProxyType(hexsides))
    if layout is None or not layout.sources:   # a painted map: its entries are the board as drawn
        got_h, got_s, changed = ssr.transform(rules, layout, board, hexes, hexsides,
                                              _with_terrain, _with_type, _is_wall)
        return MapTerrain(MappingProxyType(got_h), MappingProxyType(got_s), own,
                          changed=MappingProxyType(changed))
    board_hexes, board_sides = imported_terrain(layout, boards, owner or {})
    # SSR: the boards' reading and the entries painted on boards not imported
    # are transformed; corrections over imported boards override.
    over_h, painted_h = _split(hexes, layout, lambda h: (h,))
    over_s, painted_s = _split(hexsides, layout, lambda s: s)
    board_hexes, board_sides, changed = ssr.transform(
        rules, layout, board, {**board_hexes, **painted_h}, {**board_sides, **painted_s},
        _with_terrain, _with_type, _is_wall)
    changed = {k: v for k, v in changed.items() if k not in over_h and k not in over_s}
    if any(r.ssr.kind == "level" for r in rules):
        changed.update(_drawn_relevels(rules, layout, boards, changed, over_h))
    return MapTerrain(MappingProxyType({**board_hexes, **over_h}),
                      MappingProxyType({**board_sides, **over_s}), own,
                      corrected=frozenset(over_h) | frozenset(over_s),
                      changed=MappingProxyType(changed), boards=MappingProxyType(dict(boards)),
                      overlaid=MappingProxyType(dict(overlaid or {})))


def imported_terrain(layout: Layout, imported: Mapping[str, ImportedBoard],
                     owner: Mapping[Any, str] | None = None
                     ) -> tuple[dict[g.Hex, HexInfo], dict[g.Hexside, HexsideInfo]]:
    """The terrain of a layout's imported boards (``map.boards`` entries with a
    ``source``), read hex by hex (``pycore.terrain.vasl.reading``) and placed, flipped
    or not, on the map. A seam hex or hexside takes the reading of the first
    board in layout order that holds it, as its name does. The rules judge
    this reading, except where a hex is drawn partly woods, building or hill
    (pycore.rules.los.drawn). ``imported``: the boards by source; ``owner``:
    a seam hex or hexside an overlay covers takes the reading of the board the
    overlay lies on (pycore.terrain.overlays.lay), whatever the layout order."""
    hexes: dict[g.Hex, HexInfo] = {}
    sides: dict[g.Hexside, HexsideInfo] = {}
    owner = owner or {}
    for b in layout.boards:
        if b.source is None:
            continue
        rd = imported[b.source].reading
        for key, label in owner.items():   # the seam parts an overlay on this board decides
            if label == b.label:
                (hexes if isinstance(key[0], int) else sides).pop(key, None)
        for h, entry in rd.hexes.items():
            # B21's kind of water; B.1's second terrain with neither dominant (2I9); B6.1's
            # bridge level
            water: dict[str, Any] = {k: entry[k] for k in ("water", "also", "bridge_level")
                                     if k in entry}
            hexes.setdefault(b.to_map(h), HexInfo(entry.get("terrain", "open"),
                                                  entry.get("level", 0), entry.get("levels", 1),
                                                  entry.get("gully", False),
                                                  MappingProxyType(water),
                                                  bridge=entry.get("bridge", False),
                                                  stream=entry.get("stream", False)))
        for (h1, h2), entry in rd.hexsides.items():
            kind = HexsideInfo if entry.get("type") in NOT_WALLS else Wall  # B11, B23.71
            info = kind(entry["type"], entry.get("hillside", False), entry.get("gap", False),
                        entry.get("depression")) if "type" in entry \
                else HexsideInfo(None, depression=entry.get("depression"))  # B19.2 only
            sides.setdefault(g.hexside(b.to_map(h1), b.to_map(h2)), info)
    return hexes, sides


def _drawn_relevels(rules: tuple, layout: Layout, imported: Mapping[str, ImportedBoard],
                    changed: Mapping, over: Mapping) -> dict:
    """The hexes of imported boards whose crest lines (ground drawn at two
    levels or more, pycore.terrain.vasl.layers.ground_layer) a level change moves
    while their read base level stays: their drawn ground follows the SSR
    (pycore.rules.los.drawn), and a ruling names it (docs/ssr.md)."""
    out: dict = {}
    for b in layout.boards:
        if b.source is None:
            continue
        board = imported[b.source]
        for local in board.archive.shape.size.hexes():
            h = b.to_map(local)
            if h in changed or h in over or h in out:
                continue
            drawn = layers.ground_levels(board, local) - {0}   # level 0: nothing drawn
            if not drawn:
                continue
            got = ssr.relevel(rules, ssr.board_of(layout, (h,)), drawn)
            if got is not None:
                out[h] = got
    return out


def _split(entries: dict, layout: Any, hexes_of: Callable[[Any], tuple]) -> tuple[dict, dict]:
    """A map's own entries (SSR): (those over an imported board, the
    player's corrections, which override the SSR; those painted on a board
    that is not imported, which the SSR transforms as a board's reading)."""
    over: dict = {}
    painted: dict = {}
    for k, v in entries.items():
        on_import = all(any(b.source is not None for b in layout.holders(h)) for h in hexes_of(k))
        (over if on_import else painted)[k] = v
    return over, painted


def _with_type(info: HexsideInfo, kind: str | None) -> HexsideInfo | None:
    """A wall's hexside changed by an SSR (pycore.terrain.ssr.transform): another type,
    or no wall (its B19.2 Depression mark kept; None where nothing is left)."""
    if kind is not None:
        return Wall(kind, info.hillside, info.gap, info.depression, info.extra)
    if info.depression is not None:
        return HexsideInfo(None, False, False, info.depression, info.extra)
    return None


def _is_wall(info: HexsideInfo) -> bool:
    return isinstance(info, Wall)


def _with_terrain(info: HexInfo, terrain: str, level: int) -> HexInfo:
    """A hex changed by an SSR (pycore.terrain.ssr.transform)."""
    if terrain != "water" and "water" in info.extra:     # no longer a Water Obstacle (B21)
        info = replace(info, extra=MappingProxyType({k: v for k, v in info.extra.items()
                                                     if k != "water"}))
    return replace(info, terrain=terrain, level=level,
                   levels=info.levels if terrain in BUILDINGS else 1)
