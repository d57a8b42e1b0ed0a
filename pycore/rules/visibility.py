"""Visibility: every hex's ground Location a viewer can see, as one sweep.

``visibility`` equals ``pycore.rules.los`` to each hex's ground Location (IN a
Depression where the hex is one); tests/test_los_properties.py holds it to that.
The sweep shares between the threads from one viewer what they have in common:

- the geometry, by offset: which hex interiors a thread crosses depends only on
  the offset between its ends (and, for a viewer at a vertex, which vertex), and
  is cached once per offset for every map and viewer (``_OFFSETS``, bounded by
  limits.VISIBILITY_OFFSETS), each as an ``array`` of packed integers: the
  garbage collector never walks an array, where 6,000 frozensets of them cost
  every full collection about 30 ms (docs/terrain-interface.md);
- per-hex terrain facts, per setup (``Setup.derived``);
- for the viewer, per target elevation, the hexes holding an obstacle that
  neither end is above (A6.2): a thread that crosses the interior of one of
  them is blocked whatever else lies on it, so it is judged by a set test.
  Every other thread is judged by the LOS engine itself (``los.driver.judge``), so
  every rule is applied in one place.

A setup is immutable: a map once computed for a viewer is kept in the setup's
derived facts (``MAPS``, limits.VISIBILITY_MAPS per setup) and answers that viewer again.
"""
from __future__ import annotations

from array import array
from collections import OrderedDict
from collections.abc import Generator, Sequence
from itertools import repeat
from typing import Any

from .. import geometry as g
from .. import limits
from .location import End, make_end, resolve
from .los import hilldepression, walls
from .los.context import terrain
from .los.crest import adjacent_lower
from .los.source import blocks_in_hex, crest_blocks, neither_above
from .quiet import STRIDE as _STRIDE     # a relative hex (ox, oy) packed as ox * _STRIDE + oy
from .quiet import Quiet, plain
from ..setup import Setup, Slot, Wall
from ..steps import finish

_OFFSETS: OrderedDict = OrderedDict()   # (viewer point, target) -> packed interior hexes, hexsides crossed
# The sweep pauses after each hex the LOS engine rules (up to ~2 ms under
# CPython on the slowest setups) or 32 settled by the set test;
# web.bridge runs steps for about 50 ms at a time.
JUDGE_WORK = 32           # a hex ruled by the LOS engine, against 1 for a set test
STEP_WORK = 32


def _offset(p: g.Point, q: g.Hex) -> tuple[array, array]:
    """Packed, relative to (and mirrored about) the viewer's hex centre: the
    hexes crossed from p to q, q's target hex and a centre p left out; and,
    packed alike (doubled midpoints), the hexsides the thread crosses, those
    of the viewer's hex and of q left out (a wall never blocks the LOS into
    its own hex, B9.2). Arrays, not sets: they hold no Python objects for the
    collector to walk."""
    got = _OFFSETS.get((p, q))
    if got is None:
        hexes, sides = g.interior_offsets(p, q)
        own = (0, 0), q
        got = (array("i", [x * _STRIDE + y for x, y in hexes]),
               array("i", [(a[0] + b[0]) * _STRIDE + a[1] + b[1] for a, b in sides
                           if a not in own and b not in own]))
        _OFFSETS[(p, q)] = got
        if len(_OFFSETS) > limits.VISIBILITY_OFFSETS:
            _OFFSETS.popitem(last=False)
    return got


def _ground(s: Setup) -> list:
    """Per hex of the map: (hex, name, elevation and IN-Depression of its ground
    Location, obstacle height in half levels, base level).  Cached per setup.
    A hex the terrain interface judges as drawn (pycore.rules.los.source.whole is
    None: an obstacle drawn over part of it, a crest line across it) has no
    height and a level below any end: the set test does not judge threads
    through it, ``_drawn`` does."""
    return s.derived(_GROUND)


def _read_ground(s: Setup) -> list:
    t = terrain(s)
    hill_dep = hilldepression.has_any(s)
    got = []
    for h in s.grid.hexes():
        e = make_end(s, h)
        whole = t.whole(h)
        if hill_dep and s.hex(h).is_depression:
            # a gully hex of a map with Hill Depressions (B19.5): a thread
            # down the gully sees past its base level; the engine judges it
            whole = None
        height, level = whole if whole is not None else (0, -limits.MAX_LEVEL - 9)
        got.append((h, s.names.hex(h), e.elevation, e.in_depression, height, level))
    return got


_GROUND: Slot[list] = Slot("ground", _read_ground)
READ_CHUNK = 24     # hexes of a board as drawn read between two pauses (~10-40 ms in CPython)


def ground_steps(s: Setup) -> Generator[None, None, None]:
    """The map's ground (``_ground``) read a few hexes at a time, pausing
    between them: on boards as drawn a hex's drawing is read once per setup
    (``whole``), up to a second for a busy 2 x 1 map, and a sweep's step
    should stay near ``web.bridge.STEP_SECONDS``."""
    t = terrain(s)
    for i, h in enumerate(s.grid.hexes()):
        if i and i % READ_CHUNK == 0:
            yield None
        t.whole(h)
    _ground(s)


def _blocks(height: int, level: int, lo: int, lo_ground: int, hi: int) -> bool:
    """Does this whole hex's obstacle block every thread through its interior
    between ends at elevations lo <= hi?  Terrain of height ``height`` half
    levels, or a hill judged from ``lo_ground`` (A6.2, pycore.rules.los.source)."""
    if height:
        return neither_above(2 * level + height, lo, hi)
    return crest_blocks(level, lo_ground, hi)


def _read_kinds(s: Setup) -> dict[tuple[int, int], list[g.Hex]]:
    got: dict[tuple[int, int], list[g.Hex]] = {}
    for h, _, _, _, height, level in _ground(s):
        got.setdefault((height, level), []).append(h)
    return got


_KINDS: Slot[dict[tuple[int, int], list[g.Hex]]] = Slot("ground_kinds", _read_kinds)


def _kinds(s: Setup) -> dict[tuple[int, int], list[g.Hex]]:
    """The map's whole hexes by (obstacle height, level) (once per setup)."""
    return s.derived(_KINDS)


_DRAWN: Slot[list] = Slot("drawn_hexes", lambda s: [
    h for h in s.grid.hexes() if terrain(s).is_drawn(h)])


def _drawn(s: Setup) -> list:
    """The hexes the terrain interface judges as drawn (once per setup)."""
    return s.derived(_DRAWN)


_WALLS: Slot[list] = Slot("half_level_walls", lambda s: [
    (sd, info) for sd, info in s.hexsides.items()
    if isinstance(info, Wall) and not info.gap and info.type != "bocage"])


def _walls(s: Setup) -> list:
    """The walls and hedges a sweep judges by a set test (once per setup)."""
    return s.derived(_WALLS)


class _Sweep:
    """The sweep from viewer ``v`` to each hex's ground Location, or to
    ``targets``: one End per hex of ``_ground``, in its order (pycore.rules.seen:
    a unit at a building level)."""
    def __init__(self, s: Setup, v: End, targets: Sequence[End] | None = None):
        self.s, self.v, self.targets = s, v, targets
        self.ground = _ground(s)
        self.terrain = terrain(s)
        self.whole: dict = {}     # (target elevation, IN Depression, sx, sy) -> packed hexes
        self.blocking: dict = {}  # (lo, lo_ground, hi) -> blocking hexes relative to the viewer
        self.drawn: dict = {}     # (sx, sy) -> packed -> _drawn entry
        self.walls_crossed: dict = {}     # (target elevation, sx, sy) -> packed hexsides
        self.wall_rel: dict = {}  # target elevation -> blocking walls' doubled midpoints, relative

    def wall_sides(self, et: int, sx: int, sy: int) -> frozenset:
        """The walls and hedges that block a thread crossing them to a target
        at elevation ``et`` as a half-level obstacle (B9.2, A6.21, B9.61:
        pycore.rules.los.walls), packed as ``_offset``'s hexsides; bocage, and a wall
        drawn with a road break (B9.1), are left to the engine."""
        key = (et, sx, sy)
        got = self.walls_crossed.get(key)
        if got is None:
            rel = self.wall_rel.get(et)
            if rel is None:
                s, v = self.s, self.v
                vx, vy = v.hex
                rel = self.wall_rel[et] = [
                    (a[0] + b[0] - 2 * vx, a[1] + b[1] - 2 * vy) for (a, b), info in _walls(s)
                    if walls.half_level_passed(s, (a, b), info, v.elevation, et) is None]
            got = self.walls_crossed[key] = frozenset(sx * x * _STRIDE + sy * y for x, y in rel)
        return got

    def whole_blocks(self, et: int, t_dep: bool, sx: int, sy: int) -> frozenset:
        """The whole hexes whose obstacle or ground blocks a thread crossing
        their interior to a target at elevation ``et`` (IN a Depression:
        ``t_dep``), neither end being above it (A6.2), packed as ``_offset``'s hexes."""
        key = (et, t_dep, sx, sy)
        got = self.whole.get(key)
        if got is None:
            v = self.v
            if v.elevation <= et:
                ends = v.elevation, v.elevation + v.in_depression, et
            else:
                ends = et, et + t_dep, v.elevation
            rel = self.blocking.get(ends)
            if rel is None:
                # each kind of whole hex (height, level) is judged once
                vx, vy = v.hex
                rel = self.blocking[ends] = [
                    (h[0] - vx, h[1] - vy) for (height, level), hexes in _kinds(self.s).items()
                    if _blocks(height, level, *ends) for h in hexes]
            got = frozenset(sx * dx * _STRIDE + sy * dy for dx, dy in rel)
            self.whole[key] = got
        return got

    def drawn_blocks(self, crossed: array, sx: int, sy: int, h: g.Hex, et: int,
                     t_dep: bool) -> bool:
        """Is the thread to h blocked by a drawing in a hex it crosses (a hex the
        set test leaves to the engine), as pycore.rules.los.obstacles.in_hex finds
        it (pycore.rules.los.source.blocks_in_hex)?"""
        by_key = self.drawn.get((sx, sy))
        if by_key is None:
            vx, vy = self.v.hex
            by_key = self.drawn[(sx, sy)] = {
                sx * (d[0] - vx) * _STRIDE + sy * (d[1] - vy): d for d in _drawn(self.s)}
        if not by_key:
            return False
        v = self.v
        if v.elevation <= et:
            lo, lo_ground, hi = v.elevation, v.elevation + v.in_depression, et
        else:
            lo, lo_ground, hi = et, et + t_dep, v.elevation
        t, get = self.terrain, by_key.get
        top = h if v.elevation <= et else v.hex       # the higher end's hex, as the engine's
        for k in crossed:           # in the thread's order: the nearest drawing first
            d = get(k)
            if d is not None and not adjacent_lower(self.s, d, top) and \
                    blocks_in_hex(t, d, v.point, h, lo, lo_ground, hi):
                return True         # (B10.2 EXC's hexes are left to the engine)
        return False

    def steps(self) -> Generator[array, None, array]:
        """The sweep, pausing after about ``STEP_WORK`` units of work: a hex
        settled by the set test costs 1, one ruled by the LOS engine
        ``JUDGE_WORK``. Returns the map (``StopIteration.value``), a code per
        hex of ``_ground``: 0 unseen, else 1 + its Hindrance DRM. Each pause
        yields the codes settled so far (the same array, growing: a prefix of
        the map, never changed once settled).
        Between two steps the caller may answer anything else: a
        step reads the setup, which never changes, and adds to caches only
        whole entries."""
        from .los.driver import judge
        s, v = self.s, self.v
        vx, vy = v.hex
        px, py = v.point[0] - vx, v.point[1] - vy     # (0, 0), or a vertex (A6.12)
        out = array("H")
        work = 0
        quiet = Quiet(s, v) if plain(s, v) else None
        for (h, _, et, t_dep, _, _), t in zip(self.ground, self.targets or repeat(None)):
            if t is not None:
                et, t_dep = t.elevation, t.in_depression
            if work >= STEP_WORK:
                work = 0
                yield out
            work += 1
            dx, dy = h[0] - vx, h[1] - vy
            if dx or dy:
                sx, sy = (-1 if dx < 0 else 1), (-1 if dy < 0 else 1)
                # the target's hex seen from the viewer's centre: a hex of the
                # lattice around the centre (0, 0)
                p0, q0 = (sx * px, sy * py), g.Hex((sx * dx, sy * dy))
                crossed, crossings = _offset(p0, q0)
                if not self.whole_blocks(et, t_dep, sx, sy).isdisjoint(crossed):
                    out.append(0)
                    continue
                if not self.wall_sides(et, sx, sy).isdisjoint(crossings):
                    out.append(0)       # a wall or hedge crossed blocks it (B9.2)
                    continue
                if self.drawn_blocks(crossed, sx, sy, h, et, t_dep):
                    out.append(0)
                    continue
                if quiet is not None and quiet.clear(t, h, et, p0, q0, sx, sy, crossed):
                    out.append(1)       # clear, no Hindrance (pycore.rules.quiet)
                    continue
            work += JUDGE_WORK
            with g.traced_once():       # each thread of a sweep is asked once
                r = judge(s, v, make_end(s, h) if t is None else t)
            out.append(1 + r.hindrance if r.los else 0)
        return out


# A setup's visibility maps, by viewer, the last used last (limits.VISIBILITY_MAPS).
MAPS: Slot[OrderedDict[tuple, array]] = Slot("visibility", lambda s: OrderedDict())


def visibility_steps(s: Setup, viewer: Any) -> Generator[dict | None, None, dict]:
    """``visibility``, pausing between chunks of its sweep (``_Sweep.steps``):
    the page's worker answers other questions in the pauses, and drops a
    sweep a newer one replaces (web.bridge.begin). Returns the same dict.

    A pause in the sweep yields what it has proved so far, for the
    page to draw as it goes: ``{"hexes": ..., "done": n, "of": total}``, the
    hexes settled since the last pause, in the answer's form, ``done`` of the
    map's ``total`` hexes settled in all. They are the answer's own entries:
    a hex drawn early never changes (tests/test_visibility_steps.py)."""
    v = resolve(s, viewer, "viewer")
    key = (v.hex, v.level, v.point, v.entrenched, v.crest, v.unit.id if v.unit else None)
    maps = s.derived(MAPS)
    seen = maps.get(key)
    if seen is None:
        # The setup's loading ends the first step (web.bridge.begin), before
        # the map's ground is read (30-50 ms on a 132 x 80 map).
        yield None
        yield from ground_steps(s)
        ground = _ground(s)
        yield None
        sweep = _Sweep(s, v).steps()
        shown = 0
        while True:
            try:
                codes = next(sweep)
            except StopIteration as done:
                seen = done.value
                break
            yield {"hexes": _named(ground, codes, shown), "done": len(codes), "of": len(ground)}
            shown = len(codes)
        maps[key] = seen
        if len(maps) > limits.VISIBILITY_MAPS:
            maps.popitem(last=False)
    else:
        maps.move_to_end(key)
    return {"viewer": v.name, "hexes": _named(_ground(s), seen, 0)}


def _named(ground: list, codes: array, start: int) -> dict:
    """The hexes of ``ground[start:]`` a map's ``codes`` settle, by name: seen
    or not, and the Hindrance DRM of those seen."""
    return {name: {"los": c > 0, "hindrance": c - 1 if c else 0}
            for (_, name, _, _, _, _), c in zip(ground[start:len(codes)], codes[start:])}


def sweep_codes(s: Setup, v: End, targets: Sequence[End]) -> array:
    """A code per hex of the map, in ``ground``'s order, of the LOS from ``v``
    to each of ``targets`` (one End per hex, in that order): 0 unseen, else 1 +
    its Hindrance DRM. Equal to a ruling per target (``pycore.rules.los.driver.judge``)."""
    return finish(sweep_codes_steps(s, v, targets))


def sweep_codes_steps(s: Setup, v: End, targets: Sequence[End]) -> Generator[array, None, array]:
    """``sweep_codes`` in steps: each pause yields the codes settled so far (a
    growing prefix of the map, never changed once settled; pycore.rules.seen's
    ``coverage_steps`` draws them as they come)."""
    return (yield from _Sweep(s, v, targets).steps())


def map_hexes(s: Setup) -> list[tuple[g.Hex, str]]:
    """Every hex of the map and its name, in the order of a sweep's codes."""
    return [(h, name) for h, name, _, _, _, _ in _ground(s)]


def visibility(s: Setup, viewer: Any) -> dict:
    """Every hex's ground Location the viewer can see, with its Hindrance DRM."""
    return finish(visibility_steps(s, viewer))
