"""The TEM a target receives against one attack: B9.3-B9.36, B9.42, B9.5,
B9.531, B9.62, D9.3, D9.54.

``walls_traced`` reads the exact LOS trace (it does no geometry of its own) and
returns the wall/hedge/bocage hexsides the fire passes through into the
target's Location; ``assess`` turns them, the target's in-hex terrain and its
Wall Advantage into every TEM the target may choose; ``fire`` adds the LOS
ruling (docs/contract.md); ``bocage_concealment`` answers B9.55.

Setup fields read here beyond docs/contract.md: target unit extras ``moving``
(crossing a road gap, B9.3; ``moved`` counts too), ``prc`` and
``motorcyclist`` (B9.3), ``emplacement`` (its TEM, B9.31 EXC), ``entrenchment``
(``"foxhole"``, default, or ``"trench"``); firer extras ``ordnance``
(true/false; default true for a vehicle or Gun, B9.36) and ``dc``
(``"placed"`` or ``"thrown"``, B9.3).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import cliff_fire
from .. import geometry as g
from ..errors import SetupError
from .location import End, unit_end
from .los import evaluate
from .los.context import terrain as los_terrain
from .los.vertex import vertex_wall_case
from ..setup import Setup, Unit
from ..terrain.catalog import BOCAGE_TYPES, HEXSIDES, TERRAIN, UNMODELLED_ENTRY
from .wa import INFANTRY, afv_cover, flag, has_wa, wa_hexsides

ENTRENCHMENT_TEM = {"foxhole": 2, "trench": 4}   # B27.1, B27.2
MAX_TEM = 9          # a larger ``emplacement`` value is ignored as nonsense


# --- which walls does the fire pass through? (geometry read from the trace) -------

def walls_traced(s: Setup, trace: Sequence[g.TraceItem], target_hex: g.Hex, target_point: g.Point) -> list:
    """Wall/hedge/bocage hexsides that the fire passes through into the target's
    Location, in trace order, each once.

    - a hexside of the target hex crossed, or touched at the vertex through which
      the thread enters the hex (B9.1 EX: the vertex is part of the wall);
    - a hexspine run along whose end touches the target hex (B9.2 EX, B9.35 EX);
    - for a vertex target (Bypass, Snap Shot), a wall at that vertex whose
      hexside holds the target hex, when the thread reaches the vertex through
      the hex across that wall or along one of its hexsides (B9.42).
    """
    corners = set(g.hex_vertices(target_hex))
    out: list = []

    def add(sd: g.Hexside) -> None:
        if s.wall(sd) is not None and sd not in out:
            out.append(sd)

    for i, it in enumerate(trace):
        if it.kind == "cross" and target_hex in it.hexes:
            add(g.hexside(*it.hexes))
        elif it.kind == "along" and (target_hex in it.hexes or corners & set(it.points)):
            add(g.hexside(*it.hexes))
        elif it.kind == "vertex" and it.points[0] != target_point and i + 1 < len(trace) \
                and trace[i + 1].kind == "hex" and trace[i + 1].hexes[0] == target_hex:
            for sd in g.vertex_hexsides(it.points[0]):
                if target_hex in sd:
                    add(sd)
    if target_point != target_hex and len(trace) >= 2:
        _vertex_target(s, trace, target_hex, target_point, add)
    return out


def _vertex_target(s: Setup, trace: Sequence[g.TraceItem], target_hex: g.Hex, v: g.Point,
                   add: Callable[[g.Hexside], None]) -> None:
    """B9.42: a wall at the target vertex counts if the thread is drawn along it,
    or enters the vertex via the hex across it from the target's (including that
    hex's hexsides); the same test as the LOS ruling's (pycore.rules.los.vertex)."""
    for sd in g.vertex_hexsides(v):
        if vertex_wall_case(trace, target_hex, sd, at_start=False) is not None:
            add(sd)


# --- the options ---------------------------------------------------------------------

def _elevation_cut(firer_elev: int, obstacle_elev: int, rng: int) -> int:
    """B9.33: one less per full level by which the firer's height above the
    wall/hedge (or entrenchment, shellhole) exceeds the range."""
    return max(0, firer_elev - obstacle_elev - rng)


def is_ordnance(u: Unit) -> bool:
    v = u.extra.get("ordnance")
    return v if isinstance(v, bool) else u.type in ("vehicle", "gun")


class Assessment:
    """Every TEM the target may choose against this firer (B9.31), with reasons."""

    def __init__(self, s: Setup, firer: Unit, target: Unit, indirect: bool,
                 trace: Sequence[g.TraceItem], fe: End, te: End) -> None:
        self.s, self.firer, self.target, self.indirect = s, firer, target, indirect
        self.fe, self.te = fe, te       # the two units' ends (pycore.rules.location)
        self.range = g.distance(firer.hex, target.hex)
        self.wa = has_wa(s, target)
        self.options: list[dict] = []
        self.steps: list[dict] = []
        self.hull_down = False
        self.air_burst = indirect and s.hex(target.hex).terrain == "woods" \
            and not target.entrenched and target.level == 0
        if self.wa:
            self.say("B9.31", f"{target.label} has Wall Advantage: no in-hex TEM, "
                     "but wall/hedge TEM where it applies.")
        sides = walls_traced(s, trace, self.te.hex, self.te.point)
        if indirect:   # B9.34: any wall/hedge of the target hex, crossed or not
            sides += [sd for sd in g.hexsides_of(target.hex)
                      if s.wall(sd) is not None and sd not in sides]
        self._walls(sides)
        if not self.wa:
            self._in_hex()
        self._emplacement()
        self._afv()
        if self.air_burst:
            self._apply_air_burst()
        if target.is_vehicle and target.dug_in and not indirect:
            self.hull_down = True
            self.say("D9.54", "a Dug-In AFV is Hull Down to all Direct Fire.")
        self._conclude()

    def say(self, rule: str, text: str) -> None:
        self.steps.append({"rule": rule, "text": text})

    def offer(self, source: str, tem: int) -> None:
        self.options.append({"source": source, "tem": tem})

    def _conclude(self) -> None:
        if not self.options:
            self.say("B9.31", "no TEM applies: the target is as if in Open Ground.")
            return
        best = max(self.options, key=lambda o: o["tem"])
        others = len(self.options) - 1
        self.say("B9.31", f"TEM {best['tem']:+d} ({best['source']})" +
                 (f", the best of {others + 1} it may choose; TEMs are not cumulative."
                  if others else "."))

    @property
    def tem(self) -> int:
        return max((o["tem"] for o in self.options), default=0)

    # --- walls, hedges, bocage --------------------------------------------------------
    def _walls(self, sides: list) -> None:
        best: tuple[int, str] | None = None
        found = 0
        for sd in sides:
            got = self._wall_tem(sd)
            if got is not None:
                found += 1
                if best is None or got[0] > best[0]:
                    best, where = got, sd
        if best is None:
            return
        tem, kind = best
        if found > 1:       # which one counts: TEMs are never added (B9.31)
            self.say("B9.31", f"Of these {found} hexsides, {kind} {self.s.names.hexside(where)} "
                              f"counts: +{tem}, the best; their TEMs are not added.")
        if self._hull_down_instead(kind, tem):
            return
        self.offer(kind, tem)

    def _wall_tem(self, sd: g.Hexside) -> tuple[int, str] | None:
        s, t, info = self.s, self.target, self.s.wall(sd)
        if info is None:
            return None
        kind, name = info.type, self.s.names.hexside(sd)
        base = s.wall_level(sd)
        if self.te.elevation != base:
            rule = "B9.62" if info.hillside else "B9.35"
            self.say(rule, f"{kind} {name} lies at level {base}; the target at "
                     f"{self.te.elevation} gets no TEM from it.")
            return None
        if flag(t, "prc") and not flag(t, "motorcyclist"):
            self.say("B9.3", f"PRC never receive {kind} TEM.")
            return None
        if self.firer.extra.get("dc") == "placed":
            self.say("B9.3", f"{kind} TEM is NA vs a placed DC.")
            return None
        if info.gap and not self.indirect and (t.moved or flag(t, "moving")) \
                and los_terrain(s).through_break(sd, self.fe.point, self.te.point):
            self.say("B9.3", f"the fire crosses {name} through its road gap: "
                     "no TEM for a moving target.")
            return None
        if not self.indirect and not self.wa and sd in wa_hexsides(s).get(self.firer.id, ()):
            self.say("B9.31", f"{t.label} lacks WA and {self.firer.label} has WA over {name}: "
                     f"no {kind} TEM.")
            return None
        ht = HEXSIDES[kind]
        tem = ht.indirect_tem if self.indirect else ht.tem
        # The TEM is B9.3's (B9.5's for bocage); B9.42 decided it applies when the
        # target is at a vertex this wall ends at (Bypass, Snap Shot).
        at_vertex = self.te.point != self.te.hex and self.te.point in g.hexside_ends(sd)
        rule = "B9.34" if self.indirect else ("B9.42" if at_vertex else
                                              "B9.5" if kind in BOCAGE_TYPES else "B9.3")
        if kind in BOCAGE_TYPES:   # light bocage: the play aid gives bocage's TEM
            self.say("B9.531" if not self.indirect else rule,
                     f"{kind} {name}: +{tem}; elevation never reduces it.")
            return tem, kind
        cut = _elevation_cut(self.fe.elevation, base, self.range)
        if cut:
            self.say("B9.33", f"the firer is {self.fe.elevation - base} level(s) above "
                     f"{kind} {name} at range {self.range}: its TEM is reduced by {cut}.")
            tem = max(0, tem - cut)
        self.say(rule, f"{kind} {name}: +{tem}.")
        return tem, kind

    def _hull_down_instead(self, kind: str, tem: int) -> bool:
        """B9.36: a vehicle fired on by Direct Fire ordnance is HD instead of
        receiving wall TEM; a hedge gives it neither; a wall TEM cut to 0 gives
        neither (B9.33).  True when the wall offers no TEM option."""
        if not (self.target.is_vehicle and not self.indirect and is_ordnance(self.firer)):
            return False
        if HEXSIDES[kind].hull_down and tem > 0 and flag(self.target, "cupola") \
                and not self.target.dug_in:
            self.say("D9.53", f"an Armored Cupola is never Hull Down: the {kind} gives "
                     "it its TEM instead.")
            return False
        if HEXSIDES[kind].hull_down and tem > 0:
            self.hull_down = True
            self.say("B9.36", f"the {kind} makes the vehicle Hull Down against this "
                     "ordnance instead of giving TEM.")
            return True
        if not HEXSIDES[kind].hull_down:
            self.say("B9.36", f"a {kind} does not create HD status, and gives a vehicle "
                     "no TEM against ordnance.")
            return True
        return False

    # --- in-hex TEM ---------------------------------------------------------------------
    def _in_hex(self) -> None:
        s, t = self.s, self.target
        terrain = s.hex(t.hex).terrain
        # B.1, A2.4: a second terrain drawn with neither dominant applies too (2I9);
        # each is offered, and TEMs are not added (_conclude)
        for ter in (terrain, s.hex(t.hex).also):
            if ter is None:
                continue
            tem = 0 if (t.is_vehicle and t.bypass is not None) else TERRAIN[ter].tem
            if ter == "shellholes":
                tem = max(0, tem - _elevation_cut(self.fe.elevation, self.te.elevation,
                                                  self.range))
            if ter in UNMODELLED_ENTRY:
                self.say("B.1", f"the {ter} in {self.s.names.hex(t.hex)} is governed by its own "
                         f"rule, whose text was not found: its TEM is not modelled, and none is "
                         f"counted here (check the rulebook).")
            if tem > 0 and not self.air_burst:
                self.offer(ter, tem)
        if terrain == "brush":
            self.say("B12.3", f"brush in {self.s.names.hex(t.hex)}: no TEM (B12.3); it is not "
                              "Open Ground.")
        if t.entrenched:
            kind = t.extra.get("entrenchment")
            kind = kind if isinstance(kind, str) and kind in ENTRENCHMENT_TEM else "foxhole"
            tem = ENTRENCHMENT_TEM[kind]
            cut = _elevation_cut(self.fe.elevation, self.te.elevation, self.range)
            if cut:
                self.say("B9.33", f"the firer's height above the {kind} exceeds the range: "
                         f"its TEM is reduced by {cut}.")
            self.offer(kind, max(0, tem - cut))

    def _emplacement(self) -> None:
        v = self.target.extra.get("emplacement")
        if isinstance(v, int) and not isinstance(v, bool) and 0 < v <= MAX_TEM:
            self.offer("emplacement", v)     # B9.31 EXC: even with WA

    def _afv(self) -> None:
        """D9.3: +1 for Infantry with a wreck / friendly AFV in its Location, only
        if no other positive TEM; with WA, only an AFV that shares it (B9.31)."""
        s, t = self.s, self.target
        if t.type not in INFANTRY:
            return
        cover = afv_cover(s, t)
        if cover is None:
            return
        if self.firer.hex == t.hex and self.firer.level == t.level:
            self.say("D9.3", "fired on from within its own Location: no AFV/wreck TEM.")
            return
        source = "wreck" if cover.type == "wreck" else "afv"
        if self.wa:
            if cover.type == "wreck" or not has_wa(s, cover):
                return
            self.say("B9.31", f"it may use the +1 of AFV {cover.label}, which shares its WA.")
        elif any(o["tem"] > 0 for o in self.options):
            self.say("D9.3", f"{source} {cover.label}: +1 only if no other positive TEM applies.")
            return
        else:
            self.say("D9.3", f"{source} {cover.label} in its Location: +1.")
        self.offer(source, 1)

    def _apply_air_burst(self) -> None:
        """B9.34, B13.3: Air Bursts apply in woods even with WA, combined with wall TEM."""
        self.options = [{"source": f"{o['source']}+air-burst", "tem": o["tem"] - 1}
                        for o in self.options] + [{"source": "air-burst", "tem": -1}]
        self.say("B9.34", "Indirect Fire in woods: Air Bursts (-1) apply even with WA.")


def assess(s: Setup, firer: Unit, target: Unit, indirect: bool = False,
           trace: Sequence[g.TraceItem] | None = None,
           ends: tuple[End, End] | None = None) -> dict:
    """TEM options against one attack, given that LOS exists along ``trace``
    (default: the thread between the two units' traced points); ``ends``: the
    firer's and the target's ends where already resolved."""
    fe, te = ends if ends is not None else (unit_end(s, firer), unit_end(s, target))
    if trace is None:
        trace = g.trace(fe.point, te.point)
    a = Assessment(s, firer, target, indirect, trace, fe, te)
    return {"tem": a.tem, "tem_options": a.options, "hull_down": a.hull_down, "steps": a.steps}


def _unit(s: Setup, uid: Any, field: str) -> Unit:
    if not isinstance(uid, str):
        raise SetupError(f"{field}: must be a unit id (a string), not {type(uid).__name__}")
    u = s.find_unit(uid)
    if u is None:
        raise SetupError(f"{field}: {uid[:40]!r} is not the id of a unit in the setup")
    return u


def fire(s: Setup, firer: Any, target: Any, indirect: bool = False) -> dict:
    """docs/contract.md ``fire``: the ``los`` result plus ``tem``, ``tem_options``
    and ``hull_down``; ``tem`` is null when there is no LOS. ``may_fire`` is false
    without LOS or where B11.31 forbids the fire down a cliff (pycore.rules.cliff_fire)."""
    f, t = _unit(s, firer, "firer"), _unit(s, target, "target")
    if f.id == t.id:
        raise SetupError("target: a unit cannot fire at itself")
    fe, te = unit_end(s, f), unit_end(s, t)          # resolved once, for every rule here
    ruling = evaluate(s, fe, te)
    out = ruling.as_dict()
    if not out["los"]:
        out.update(tem=None, tem_options=[], hull_down=False, may_fire=False)
        return out
    cliff = cliff_fire.restriction(s, fe, te, is_ordnance(f))
    if cliff is not None and not cliff[0]:
        out.update(tem=None, tem_options=[], hull_down=False, may_fire=False)
        out["steps"] = list(out.get("steps", [])) + [cliff[1]]
        return out
    got = assess(s, f, t, indirect, ruling.trace, (fe, te))
    out.update(tem=got["tem"], tem_options=got["tem_options"], hull_down=got["hull_down"],
               may_fire=True)
    out["steps"] = list(out.get("steps", [])) + ([cliff[1]] if cliff else []) + got["steps"]
    return out


def bocage_concealment(s: Setup, unit_id: Any) -> dict:
    """B9.55: an Infantry unit that can claim bocage TEM against every Good Order
    (unbroken) enemy ground unit with a LOS to it is treated as out of their LOS
    and in Concealment Terrain for setup, "?" gain and HIP."""
    u = _unit(s, unit_id, "unit")
    steps: list[dict] = []
    if u.type not in INFANTRY:
        steps.append({"rule": "B9.55", "text": f"{u.label} is not Infantry."})
        return {"concealed": False, "steps": steps}
    ok = True
    for e in s.units:
        if e.is_friend(u) or e.broken or e.hidden or e.type in ("wreck", "gun"):
            continue
        if not evaluate(s, e.id, u.id).los:
            continue
        bocage = any(o["source"] in BOCAGE_TYPES
                     for o in assess(s, e, u)["tem_options"])
        ok &= bocage
        steps.append({"rule": "B9.55", "text": f"{e.label} in {s.names.hex(e.hex)} has a LOS "
                      + ("only through bocage." if bocage else "not affected by bocage TEM.")})
    return {"concealed": ok, "steps": steps}
