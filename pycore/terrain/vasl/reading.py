"""A board archive read hex by hex, in the setup format (docs/contract.md "Real
boards"), as a player reads the board (docs/board-reading.md has the
measures, thresholds and rules).

- **A hex** (B.1): its terrain is read round the centre dot, from the share
  of each terrain among the pixels within ``grid.DISC_PX`` of the dot, and
  from the shares of the whole hex (``pycore.terrain.vasl.layers.pixels``). Art drawn
  over the hex (``codes.OVER``: roads, paths, walls, hedges, bridges) has no
  say; a field's speckles are outvoted. A building on an eighth of the hex
  makes a building hex though the dot is in open ground; a second terrain on
  a third of the hex applies too (named in a warning: the format holds one).
  Its base level is the ground drawn at the dot, roads as drawn included.
- **A gully** (B19.1): gully art on a sixteenth of the hex; a sunken road (a
  road drawn below the ground beside it: B4) where it is at the dot. Other
  terrain is kept with ``"gully": true`` (B19.21).
- **A stream** (B20.1): a stream's art, or its rivulet (water drawn below the
  ground in a hex holding a depression's art), where it is at the dot:
  ``"terrain": "stream"``, other terrain kept with ``"stream": true``.
- **A hexside** (``pycore.terrain.vasl.hexsides``): one place per kind: a wall, hedge, bocage or
  cactus hedge where its depiction covers **at least half of its length**
  (``grid.STRETCHES`` stretches, pixels within ``grid.BAND`` px); Hillside by
  B9.6's own test (``_hillside``); a gap where a road crosses a stretch the
  depiction leaves bare (B9.3, B9.4); and ``{"depression": false}`` between
  two depression hexes where no gully art crosses its interior (B19.2).

Names are the board's own (``"CC6"``, ``"E4-E5"``); a layout places and
flips them (``pycore.geometry.boards``).
"""
from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from ... import geometry as g
from ... import limits
from ...geometry.boards import BoardSize
from ..catalog import BUILDINGS, TERRAIN
from . import codes as c
from . import grid, layers
from .hexsides import read_hexsides
from .archive import Archive

MAX_LISTED = 6           # hexes named in one warning
# How a hex is read (B.1, B19.1; docs/board-reading.md). Shares are of the
# pixels with a say: art drawn over the hex (roads, walls, bridges) has none.
DISC_SHARE = Fraction(1, 3)      # a terrain on a third of the disc round the dot is "at the dot"
DISC_MIN_PX = 24                 # fewer pixels with a say in the disc: read the whole hex
HEX_DOMINANT = Fraction(1, 2)    # a terrain on half the hex dominates it, dot or not
BUILDING_SHARE = Fraction(1, 8)  # a building on an eighth of the hex makes a building hex
INHERENT_SHARE = Fraction(1, 10)  # Inherent Terrain on a tenth of the hex fills it (B.6)
BOTH_SHARE = Fraction(1, 3)      # a second terrain on a third of the hex: neither dominates
GULLY_SHARE = Fraction(1, 16)    # gully art on a sixteenth of the hex: a gully hex (B19.1)
GULLY_CODE = 30                  # VASL's Gully; other depressions need the dot (B19.1 vs B20)
WATER_SHARE = Fraction(1, 2)     # water on half the disc: the dot lies on its blue (B21.1)
NAMED_PX = 16                    # pixels of an unmodelled terrain that name a hex in a warning


@dataclass(frozen=True)
class Reading:
    """A board read hex by hex: setup-format entries keyed by board-local lattice
    hexes and hexsides (only those that are not open ground at level 0)."""
    hexes: dict[g.Hex, dict[str, Any]]
    hexsides: dict[g.Hexside, dict[str, Any]]
    warnings: list[str] = field(default_factory=list)
    # A wall/hedge hexside read with a road gap: the stretches (of
    # grid.STRETCHES along it, from its lower end) its depiction leaves bare,
    # the break B9.1 exempts (pycore.rules.los.drawn_sides.through_break).
    breaks: dict[g.Hexside, frozenset[int]] = field(default_factory=dict)
    # What is drawn in a hex that the app does not model, or reads only
    # approximately, in a player's words ("Rowhouse Wall (not modelled
    # yet)", "Shallow Stream (read as gully)"): the steps of a ruling
    # crossing it say so (pycore.rules.los.unmodelled).
    unmodelled: dict[g.Hex, tuple[str, ...]] = field(default_factory=dict)

    def as_setup(self) -> dict[str, dict[str, Any]]:
        """``{"hexes", "hexsides"}`` with the board's own names (``board_terrain``)."""
        hexes = {g.PLAIN.hex(h): dict(v) for h, v in sorted(self.hexes.items(),
                                                             key=lambda kv: g.col_row(kv[0]))}
        sides = {g.PLAIN.hexside(sd): (v["type"] if list(v) == ["type"] else dict(v))
                 for sd, v in sorted(self.hexsides.items())}
        return {"hexes": hexes, "hexsides": sides}


def read(archive: Archive) -> Reading:
    notes: dict[str, list[str]] = {}
    unmodelled: dict[g.Hex, tuple[str, ...]] = {}
    hexes = _hexes(archive, notes, unmodelled)
    hexsides, breaks = read_hexsides(archive, hexes)
    warnings = [f"board {archive.name}: {w}" for w in _unknown_codes(archive.codes)]
    for what, where in sorted(notes.items()):
        shown = ", ".join(where[:MAX_LISTED]) + (f" and {len(where) - MAX_LISTED} more"
                                                 if len(where) > MAX_LISTED else "")
        warnings.append(f"board {archive.name}: {what} at {shown}")
    return Reading(hexes, hexsides, warnings, breaks, unmodelled)


# What a hex's pixels are, one code at a time (docs/board-reading.md).
_WALLISH = frozenset(code for code in c.OVER if code not in c.ROADS | c.BRIDGES
                     and code not in (69, 112, 153))   # walls, hedges, cliffs: no level either
_PRECEDENCE = ("stone-building", "building", "woods", "lumberyard", "orchard", "brush", "grain", "marsh",
               "shellholes")


def _rank(terrain: str) -> int:
    """Which of two terrains neither dominating is written (the other is warned of)."""
    return _PRECEDENCE.index(terrain) if terrain in _PRECEDENCE else len(_PRECEDENCE)


class _Pixels(NamedTuple):
    """One hex's pixels tallied by (code, elevation): the whole hex and the disc round its dot."""
    hex: Counter[int]           # code | elevation byte << 8
    disc: Counter[int]
    area: int = 1               # pixels per geomorphic board's pixel (grid.Shape.scale squared)


def _pairs(archive: Archive) -> memoryview:
    """The board's pixels as 16-bit values ``code | elevation byte << 8``, column-major."""
    both = bytearray(2 * len(archive.codes))
    lo, hi = (0, 1) if sys.byteorder == "little" else (1, 0)
    both[lo::2], both[hi::2] = archive.codes, archive.elevations
    return memoryview(both)


def _tally(pairs: memoryview, spans: Iterable[tuple[int, int, int]], gh: int) -> Counter[int]:
    joined = b"".join(pairs[2 * (i * gh + j0):2 * (i * gh + j1 + 1)] for i, j0, j1 in spans)
    if joined == joined[:2] * (len(joined) // 2):       # one code, one level: no count needed
        return Counter({memoryview(joined[:2]).cast("H")[0]: len(joined) // 2})
    return Counter(memoryview(joined).cast("H"))


@dataclass
class _Hex:
    """One hex as a player reads it (B.1, B19.1), before it is written out."""
    terrain: str                # app terrain, or "?<code>" for one the app lacks
    level: int
    gully: int                  # the depression art's dominant code (0: none)
    both: str | None = None     # a second terrain neither dominates (B.1)
    bridge: bool = False
    water: int = 0              # a Water Obstacle hex (B21.1): its water's code
    flat: bool = False          # its water drawn no lower than the ground beside it
    bridge_level: int | None = None     # a bridge drawn above its stream's crest (B6.1)


def _most(tally: Counter[int]) -> int:
    """The value counted most (the lowest of equals): no heapq, which
    ``Counter.most_common(1)`` imports on first use (the page warms imports)."""
    return max(tally, key=lambda v: (tally[v], -v))


def _terrain_of(code: int) -> str:
    r = c.CODES.get(code)
    if r is None or r.terrain is None:
        return f"?{code}"
    return r.terrain


def _read_hex(px: _Pixels) -> _Hex:
    """A hex's terrain, base level and gully from its tallies (docs/board-reading.md)."""
    if _wet_dot(px):
        return _water(px)           # B21.1: the dot lies on the water's blue
    ground: Counter[int] = Counter()     # elevation of pixels showing the hex's own ground
    for v, n in px.hex.items():
        code = v & 255
        if code not in c.OVER and code not in c.DEPRESSIONS and code not in c.WATER:
            ground[grid.signed(v >> 8)] += n
    surround = _most(ground) if ground else None

    # Water drawn in a hex holding a depression's art is its rivulet (a
    # stream, B20.1); elsewhere it is water, never a gully's bed (B21.1).
    rivulet = any((v & 255) in c.DEPRESSIONS and n >= NAMED_PX * px.area
                  for v, n in px.hex.items())

    def depression(v: int) -> bool:
        """Gully art: a depression's code, or a road (a sunken lane: B4) or a
        stream's rivulet (B20) drawn below the ground around it."""
        code = v & 255
        return code in c.DEPRESSIONS or (surround is not None and grid.signed(v >> 8) < surround
                                         and (code in c.ROADS or (rivulet and code in c.WATER)))

    total = sum(px.hex.values())
    dep: Counter[int] = Counter()
    dep_levels: Counter[int] = Counter()
    for v, n in px.hex.items():
        if depression(v):
            dep[v & 255 if (v & 255) in c.DEPRESSIONS else -(v & 255)] += n
            dep_levels[grid.signed(v >> 8)] += n
    gully_px = sum(dep.values())
    gully = 0
    if dep.get(GULLY_CODE, 0) >= GULLY_SHARE * total:
        gully = GULLY_CODE      # B19.1: "the gully symbol need only appear in a hex"
    elif gully_px:              # a stream, sunken road or wadi: at the dot, or most of the hex
        disc_total = sum(px.disc.values())
        dot_px = sum(n for v, n in px.disc.items() if depression(v))
        if dot_px >= DISC_SHARE * disc_total or gully_px >= HEX_DOMINANT * total:
            gully = _most(dep)

    def says(v: int) -> bool:
        return (v & 255) not in c.OVER and not depression(v)

    # The terrain at the dot: shares of the disc's pixels with a say.
    pool = Counter({v: n for v, n in px.disc.items() if says(v)})
    if sum(pool.values()) < DISC_MIN_PX * px.area:
        pool = Counter({v: n for v, n in px.hex.items() if says(v)})
    kinds: Counter[str] = Counter()
    for v, n in pool.items():
        kinds[_terrain_of(v & 255)] += n
    at_dot = "open"
    seen = sum(kinds.values())
    if seen >= DISC_MIN_PX * px.area or (seen and seen >= GULLY_SHARE * total):
        best = max((k for k in kinds if k not in ("open", "water")), key=lambda k: (kinds[k], k),
                   default=None)
        if best is not None and kinds[best] >= DISC_SHARE * seen:
            at_dot = best
    # Shares of the whole hex (the pixels not drawn over it).
    share: Counter[str] = Counter()
    for v, n in px.hex.items():
        if says(v) and (v & 255) not in c.WATER:     # water: only at the dot (B21.1)
            share[_terrain_of(v & 255)] += n
    area = sum(share.values()) + gully_px
    primary = at_dot
    if primary == "open" and area:
        dominant = [k for k in share if k != "open" and share[k] >= HEX_DOMINANT * area]
        buildings = [k for k in share if k in BUILDINGS and share[k] >= BUILDING_SHARE * area]
        inherent = [k for k in share if k in TERRAIN and TERRAIN[k].inherent
                    and share[k] >= INHERENT_SHARE * area]
        if dominant:
            primary = dominant[0]
        elif buildings:                  # B.1: an open dot never makes a building hex open
            primary = max(buildings, key=lambda k: share[k])
        elif inherent:                   # B.6: an orchard's trees round an open dot fill the hex
            primary = max(inherent, key=lambda k: share[k])
    both = None
    if primary != "open" and area:
        others = [k for k in share if k not in ("open", primary) and not k.startswith("?")
                  and (share[k] >= BOTH_SHARE * area
                       or (k in BUILDINGS and share[k] >= BUILDING_SHARE * area))]
        if others:
            both = max(others, key=lambda k: share[k])
    # The base level: the ground (roads and paths as drawn) at the dot; a
    # bank is land at its own level, whatever water lies beside it (B21.1).
    # In a gully hex, terrain drawn down at its bed's level, below the ground
    # around it, lies in the gully (B19.21: 12CC9's brush inside the gully): it
    # says nothing of the hex's level. (A gully run down a hill is drawn at
    # several levels: ground at its bed's level and no lower than the surround
    # is the hex's own.)
    bed = _most(dep_levels) if gully and dep_levels and surround is not None else None

    def grounds(v: int) -> bool:
        e = grid.signed(v >> 8)
        return ((v & 255) not in _WALLISH and (v & 255) not in c.WATER and not depression(v)
                and (bed is None or surround is None or e > bed or e >= surround))

    levels: Counter[int] = Counter()
    for v, n in px.disc.items():
        if grounds(v):
            levels[grid.signed(v >> 8)] += n
    if sum(levels.values()) < DISC_MIN_PX * px.area:
        levels = Counter()
        for v, n in px.hex.items():
            if grounds(v):
                levels[grid.signed(v >> 8)] += n
        if sum(levels.values()) < GULLY_SHARE * total:
            levels = Counter()
    if levels:
        level = max(levels, key=lambda e: (levels[e], -e))
    elif dep_levels:        # all depression: drawn a level below the hex's base level
        level = max(dep_levels, key=lambda e: (dep_levels[e], -e)) + 1
    else:
        level = surround or 0
    bridge = _bridge(px)
    bridge_level = None
    if bridge and not gully and dep_levels and _most(dep_levels) + 1 <= level:
        # B6.1, B19.1 (B20.1): a bridge at or above the stream's crest covers the
        # dot; the stream runs on beneath it, its art on a sixteenth of the hex.
        # A bridge drawn higher (13K6, Y8: on a road's embankment) is at its
        # road's level, the hex at the stream's crest.
        streams = {k: n for k, n in dep.items() if k in c.STREAMS and n >= GULLY_SHARE * total}
        if streams:
            gully = max(streams, key=lambda k: streams[k])
            crest = _most(dep_levels) + 1
            if level > crest:
                level, bridge_level = crest, level
    return _Hex(primary, level, gully, both=both, bridge=bridge, bridge_level=bridge_level)


def _bridge(px: _Pixels) -> bool:
    return any((v & 255) in c.HINDERING_BRIDGES and n >= NAMED_PX * px.area
               for v, n in px.hex.items())


def _wet_dot(px: _Pixels) -> bool:
    """Does the centre dot lie on water (B21.1)? Water holds half the disc's
    pixels. A stream's thin rivulet never does: its hex is a stream hex
    (B20.1), read as its depression. Nor does a bridge's: where a bridge and
    its road cover half the disc, the dot is on the bridge, and the hex is
    read as land with its bridge (a bridge over water is B6's, not yet
    modelled; docs/board-reading.md)."""
    wet = sum(n for v, n in px.disc.items() if (v & 255) in c.WATER)
    return wet > 0 and wet >= WATER_SHARE * sum(px.disc.values())


def _water(px: _Pixels) -> _Hex:
    """A Water Obstacle hex (B21.1): at the level its water is drawn at (VASL
    draws it a level below the ground), its kind from the code drawn most."""
    drawn: Counter[int] = Counter()
    levels: Counter[int] = Counter()
    banks: Counter[int] = Counter()
    for v, n in px.hex.items():
        code = v & 255
        if code in c.WATER:
            drawn[code] += n
            levels[grid.signed(v >> 8)] += n
        elif code not in c.OVER and code not in c.DEPRESSIONS:
            banks[grid.signed(v >> 8)] += n
    level = _most(levels)
    flat = bool(banks) and _most(banks) <= level
    return _Hex("water", level, 0, bridge=_bridge(px), water=_most(drawn), flat=flat)


def _hexes(archive: Archive, notes: dict[str, list[str]],
           unmodelled: dict[g.Hex, tuple[str, ...]]) -> dict[g.Hex, dict[str, Any]]:
    out: dict[g.Hex, dict[str, Any]] = {}
    waters: dict[g.Hex, int] = {}
    pairs = _pairs(archive)
    shape = archive.shape
    gh, area = shape.height, shape.scale ** 2
    for h in shape.size.hexes():
        px = _Pixels(_tally(pairs, layers.pixels(h, shape), gh), _tally(pairs, shape.disc(h), gh),
                     area)
        name = g.plain_hex_name(h)
        got = _read_hex(px)
        said = _name_unmodelled(px.hex, name, notes, area)
        if said:
            unmodelled[h] = said
        terrain, levels = got.terrain, 1
        if terrain.startswith("?"):          # unmodelled: named by _name_unmodelled
            code = int(terrain[1:])
            if code not in c.CODES:
                notes.setdefault(f"terrain code {code} (not in VASL's table) read as open "
                                 f"ground", []).append(name)
            terrain = "open"
        also = None
        if got.both is not None and terrain == "open":     # beside terrain the app lacks
            terrain = got.both
        elif got.both is not None:
            # B.1: neither dominant, both apply (2I9: building and woods): the
            # first in precedence is the hex's terrain, the other its "also"
            terrain = min(terrain, got.both, key=_rank)
            also = got.both if terrain != got.both else got.terrain
        if terrain in BUILDINGS:
            terrain, levels = _building(archive, name, px.hex, terrain)
        gully = got.gully != 0
        # B20.1: a stream's art, or its rivulet (water drawn below the ground
        # beside it, in a hex holding a depression's art), makes a stream hex.
        stream = got.gully in c.STREAMS or (got.gully < 0 and -got.gully in c.WATER)
        # B4.1: a sunken road's art, or a road drawn below the ground beside it
        sunken = got.gully == c.SUNKEN_ROAD or (got.gully < 0 and -got.gully in c.ROADS)
        if gully and not stream:
            r = c.CODES.get(abs(got.gully))
            if sunken and terrain not in ("open", "gully"):
                notes.setdefault(f"a sunken road holding {terrain} read as a gully holding it",
                                 []).append(name)
            elif r is not None and r.approximate:
                notes.setdefault(f"{r.name} read as a gully", []).append(name)
        if abs(got.level) > limits.MAX_LEVEL:
            notes.setdefault(f"level {got.level} (beyond {limits.MAX_LEVEL}) read as "
                             f"{limits.MAX_LEVEL if got.level > 0 else -limits.MAX_LEVEL}",
                             []).append(name)
        level = max(-limits.MAX_LEVEL, min(limits.MAX_LEVEL, got.level))
        entry: dict[str, Any] = {}
        dep = "stream" if stream else "sunken-road" if sunken else "gully"
        if gully and terrain in ("open", "gully", "stream"):
            entry["terrain"] = dep
        elif terrain != "open":
            entry["terrain"] = terrain
            if gully:       # B19.21, B20.1: a depression holding other terrain
                entry["stream" if stream else "gully"] = True
        if level:
            entry["level"] = level
        if terrain in BUILDINGS and levels != 1:
            entry["levels"] = levels
        if also is not None and terrain not in ("open", "gully", "stream"):
            entry["also"] = also
        if got.water:
            waters[h] = got.water
            if got.flat:
                notes.setdefault("water drawn no lower than the ground beside it (B21.1): "
                                 "read at the level drawn", []).append(name)
        if got.bridge:      # B6.2 Hindrance; over a gully, units on it by default (B19.1)
            entry["bridge"] = True
            if got.bridge_level is not None:        # B6.1: at its road's level
                entry["bridge_level"] = got.bridge_level
        if entry:
            out[h] = entry
    for h, kind in _water_kinds(waters, shape.size).items():
        out[h]["water"] = kind
    return out


def _water_kinds(waters: dict[g.Hex, int], size: BoardSize) -> dict[g.Hex, str]:
    """Each Water Obstacle hex's kind, as a player names it: a canal where
    VASL draws one (B21.11); else a river where its water hexes, adjacent
    one to the next, reach an end of the board (B21.12: a river flows on off
    the board's end), a pond where they do not."""
    kinds: dict[g.Hex, str] = {}
    for start in waters:
        if start in kinds:
            continue
        body, todo = {start}, [start]
        while todo:
            for n in g.neighbours(todo.pop()):
                if n in waters and n not in body:
                    body.add(n)
                    todo.append(n)
        ends = any(g.col_row(h)[0] in (size.first, size.last) for h in body)
        for h in body:
            kinds[h] = ("canal" if waters[h] == c.CANAL else "river" if ends else "pond")
    return kinds


def _building(archive: Archive, name: str, tally: Counter[int], terrain: str) -> tuple[str, int]:
    """A building hex's kind and levels: the metadata's ``buildingType`` for the
    hex, else the building code drawn most in it."""
    kind = archive.buildings.get(name)
    if kind is not None:
        b = c.BY_NAME.get(kind.casefold())
        if b is not None and b.terrain in BUILDINGS:
            return b.terrain, b.levels
    drawn: Counter[int] = Counter()
    for v, n in tally.items():
        r = c.CODES.get(v & 255)
        if r is not None and r.terrain == terrain:
            drawn[v & 255] += n
    if not drawn:
        return terrain, 1
    return terrain, c.CODES[_most(drawn)].levels


def _name_unmodelled(tally: Counter[int], name: str, notes: dict[str, list[str]],
                     area: int = 1) -> tuple[str, ...]:
    """Name this hex under each terrain drawn in it that the app does not model
    (one warning per terrain, the first hexes named: docs/board-reading.md);
    returns what was said of it."""
    said: list[str] = []
    drawn: Counter[int] = Counter()
    for v, n in tally.items():
        drawn[v & 255] += n
    for code, n in drawn.items():
        r = c.CODES.get(code)
        if n < NAMED_PX * area or r is None or r.depression or code in c.HINDERING_BRIDGES:
            continue            # a bridge is read as the hex's "bridge" (B6.2)
        if r.terrain is None:
            how = "check it by eye" if code in c.OVER else "read as open ground"
            notes.setdefault(f"{r.name} (not in the app yet: {how}) drawn", []).append(name)
            said.append(f"{r.name} (not modelled yet)")
        elif r.approximate:
            notes.setdefault(f"{r.name} read as {r.terrain}", []).append(name)
            said.append(f"{r.name} (read as {r.terrain})")
    return tuple(said)


def _unknown_codes(plane: bytes) -> list[str]:
    unknown = sorted(set(plane.translate(None, c.KNOWN_CODES)))
    if not unknown:
        return []
    listed = ", ".join(str(u) for u in unknown[:MAX_LISTED])
    return [f"terrain codes not in VASL's table ({listed}) read as open ground"]
