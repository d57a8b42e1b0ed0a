"""The MF/MP to move into an adjacent hex across walls, hedges, bocage and into
gullies: B9.4, B9.41, B9.54, B9.541, B9.7, B19.4, B10.4, Chapter B Terrain Chart.

A cost is a number, ``"all"`` (all MF/MP) or, for a vehicle whose MP allowance
is not given, text such as ``"½ MP allowance + 1"``.

Setup fields read here beyond CONTRACT.md: unit extras ``class`` (a vehicle's
movement class, default ``fully-tracked`` for an AFV, ``truck`` otherwise),
``mp`` (its MP allowance), ``breacher`` (Dozer / Culin device, B9.541);
hexside extra ``breach`` (a Breach counter, B9.541).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from . import geometry as g
from .errors import SetupError
from .setup import VEHICLE_CLASSES, Setup, Unit, hex_field
from .terrain import BOCAGE_TYPES as BOCAGE
from .wa import INFANTRY, has_wa

VEHICLES = VEHICLE_CLASSES
CLASSES = ("infantry", "cavalry", "horse-drawn") + VEHICLES
HALF = "half"        # half the MP allowance
QUARTER = "quarter"  # a quarter of it (light bocage, the bocage play aid)
SHARES = {HALF: Fraction(1, 2), QUARTER: Fraction(1, 4)}
ALL = "all"
NA = None
MAX_MP = 99          # a larger ``mp`` allowance is ignored as nonsense

# COT of the hex entered, per class in CLASSES order (Chapter B Terrain Chart).
# A trailing "B" marks a Bog check.
COT = {
    "open": (1, 1, 1, 3, 3, 1, 1, 4),
    "shellholes": (2, 2, 2, 5, 5, 1, 1, 8),
    "brush": (2, 2, 2, 4, 4, 2, 2, 6),
    "woods": (2, 4, "all B", NA, "all B", "all B", "all B", "all B"),
    "orchard": (1, 1, 1, 3, 3, 1, 1, 4),
    "grain": (Fraction(3, 2), Fraction(3, 2), Fraction(3, 2), 4, 4, 1, 1, 5),
    "building": (2, NA, NA, NA, NA, "half B", NA, NA),
    "stone-building": (2, NA, NA, NA, NA, "half B", NA, NA),
    "marsh": (ALL, ALL, NA, NA, NA, NA, NA, NA),
    "gully": (2, 2, ALL, 4, 4, 2, 3, 6),   # B19.4; other terrain's COT is added
}
# Added to COT to cross the hexside (B9.4, B9.54, B9.7, Terrain Chart).
HEXSIDE = {
    "wall": (1, 1, NA, NA, NA, 1, NA, NA),
    "hedge": (1, 1, NA, NA, "3 B", 1, "2 B", NA),
    "cactus-hedge": (ALL, NA, NA, NA, "3 B", 1, "2 B", NA),
    "bocage": (2, NA, NA, NA, NA, "half B", NA, NA),
    # The bocage play aid's row: Infantry 1½ + COT, fully-tracked ¼ MP allowance
    # + COT and a Bog check, cavalry 1 + COT. (The aid's bocage row also lets
    # cavalry cross for 1; B9.54 does not, and the rulebook wins for bocage.
    # Light bocage is the aid's own terrain, so its row is followed whole.)
    "light-bocage": (Fraction(3, 2), 1, NA, NA, NA, "quarter B", NA, NA),
}
RULE = {"wall": "B9.4", "hedge": "B9.4", "cactus-hedge": "B9.7", "bocage": "B9.54",
        "light-bocage": "B9.54"}


def _split(v: Any) -> tuple[Any, bool]:
    """A table entry -> (cost, bog check)."""
    if isinstance(v, str) and v.endswith(" B"):
        v = v[:-2]
        return (int(v) if v.isdigit() else v), True
    return v, False


# --- the shape of a ruling (as pycore.los): a frozen context, the rule families as
# functions of (ctx, cost), one record they add to ------------------------------------

@dataclass(frozen=True)
class MoveContext:
    """What a move is: the setup, the unit's movement class (and the unit, when
    an id was given), the hex left and the hex entered."""
    s: Setup
    cls: str
    unit: Unit | None
    a: g.Hex
    b: g.Hex

    @property
    def k(self) -> int:
        """The class's column in the COT and HEXSIDE tables."""
        return CLASSES.index(self.cls)

    @property
    def vehicle(self) -> bool:
        return self.cls in VEHICLES

    @property
    def hexside(self) -> g.Hexside:
        return g.hexside(self.a, self.b)


@dataclass
class MoveCost:
    """The record the rule families add to: whether the move is allowed, the
    parts of its cost (numbers, shares of the MP allowance; "all" ends the
    sum), a Bog check, Underbelly Hits, and each step with its rule."""
    allowed: bool = True
    bog: bool = False
    underbelly: bool = False
    parts: list = field(default_factory=list)
    steps: list[dict] = field(default_factory=list)

    def say(self, rule: str, text: str) -> None:
        self.steps.append({"rule": rule, "text": text})

    def forbid(self, rule: str, text: str) -> None:
        self.allowed = False
        self.say(rule, text)


def judge(ctx: MoveContext) -> dict:
    """The move's cost: the hex entered, then (if it may be entered) the
    hexside crossed, the total, and Wall Advantage lost (B9.41)."""
    cost = MoveCost()
    for family in FAMILIES:
        if cost.allowed:
            family(ctx, cost)
    total_cost = total(ctx, cost) if cost.allowed else None
    wall_advantage(ctx, cost)
    unit = "MP" if ctx.vehicle else "MF"
    if cost.allowed:
        cost.say("B.2", f"total: {total_cost} {unit}.")
    return {"unit_class": ctx.cls, "from": g.hex_name(ctx.a), "to": g.hex_name(ctx.b),
            "allowed": cost.allowed, "mf": None if ctx.vehicle else total_cost,
            "mp": total_cost if ctx.vehicle else None, "bog_check": cost.bog,
            "underbelly": cost.underbelly, "wa_lost": True, "steps": cost.steps}


# --- the hex entered (Chapter B Terrain Chart, B19.4, B10.4) ----------------------------

def terrain(ctx: MoveContext, cost: MoveCost) -> None:
    info = ctx.s.hex(ctx.b)
    kind = info.terrain
    cot, bog = _split(COT[kind][ctx.k])
    if cot is NA:
        return cost.forbid("B.2", f"a {ctx.cls} unit may not enter {kind}.")
    cost.bog |= bog
    if info.gully and kind != "gully":
        gcot, _ = _split(COT["gully"][ctx.k])
        if gcot is NA:
            return cost.forbid("B19.4", f"a {ctx.cls} unit may not enter a gully.")
        cost.say("B19.4", f"INTO a gully also holding {kind}: {gcot} + COT {cot} "
                 "(cumulative).")
        cost.parts.append(gcot)
    else:
        cost.say("B19.4" if kind == "gully" else "B.2",
                 f"COT of {kind} in {g.hex_name(ctx.b)}: {cot}.")
    cost.parts.append(climb(ctx, cost, cot))
    abrupt(ctx, cost)
    if bog:
        cost.say("D8.2", "entering this terrain calls for a Bog check.")


def abrupt(ctx: MoveContext, cost: MoveCost) -> None:
    """B19.4 EX (board 12 Y4/Y5): moving IN a gully into an adjacent gully hex
    that no Depression hexside joins (the same test the LOS uses, B19.2) climbs
    to the intermediate level and back down, an Abrupt Elevation Change: 2 MF
    for Infantry on top of the cost of entering the gully."""
    s, sd = ctx.s, ctx.hexside
    if not (s.hex(ctx.a).is_depression and s.hex(ctx.b).is_depression) \
            or s.depression_connected(sd):
        return
    level = max(s.hex(ctx.a).level, s.hex(ctx.b).level)
    crossed = (f"{g.hexside_name(sd)} is not a Depression hexside: moving IN the gully "
               f"crosses the intermediate level {level} between them, an Abrupt "
               "Elevation Change")
    if ctx.cls != "infantry":
        return cost.say("B19.4", f"{crossed}; this app adds its cost for Infantry only: "
                        f"for a {ctx.cls} unit, add the climb of B10.5 yourself.")
    cost.say("B19.4", f"{crossed}: +2 MF to cross it.")
    cost.parts.append(2)


def climb(ctx: MoveContext, cost: MoveCost, cot: Any) -> Any:
    """B10.4: Infantry/Cavalry pay double COT to enter a higher elevation;
    vehicles add 4 MP per level.  Leaving a gully IN it climbs a level (B19.4).
    Returns the COT to pay."""
    up = _ground(ctx.s, ctx.b) - _ground(ctx.s, ctx.a)
    if up <= 0 or cot in (ALL, HALF):
        return cot
    if ctx.vehicle:
        cost.say("B10.4", f"{up} level(s) higher: +{4 * up} MP.")
        cost.parts.append(4 * up)
        return cot
    cost.say("B10.4", f"{up} level(s) higher: COT doubled ({cot} x 2).")
    return cot * 2


# --- the hexside crossed (B9.4, B9.54, B9.541, B9.7, B19.4) ----------------------------

def hexside(ctx: MoveContext, cost: MoveCost) -> None:
    s, sd = ctx.s, ctx.hexside
    info = s.wall(sd)
    if s.hex(ctx.a).is_depression and not s.hex(ctx.b).is_depression and ctx.vehicle:
        cost.bog = True
        cost.say("B19.4", "a vehicle leaving a gully by a non-Depression hexside takes "
                 "a Bog check.")
    if info is None:
        return
    kind, name = info.type, g.hexside_name(sd)
    if info.extra.get("breach") is True:
        return cost.say("B9.541", f"{name} is Breached: crossed as if Open Ground.")
    if info.gap:
        return cost.say("B9.4", f"{name} has a gap: crossed by the road with no "
                        f"{kind} penalty.")
    if kind in BOCAGE and ctx.unit is not None and ctx.unit.extra.get("breacher") is True \
            and ctx.cls == "fully-tracked":
        cost.parts = [ALL]
        cost.bog = True
        return cost.say("B9.541", f"breaching {name} costs the entire MP allotment and a "
                        "Bog check; no Underbelly Hits; a Breach counter is placed if it "
                        "passes.")
    add, bog = _split(HEXSIDE[kind][ctx.k])
    if add is NA:
        only = "; only a fully-tracked AFV may cross it" if kind in BOCAGE else ""
        return cost.forbid(RULE[kind], f"a {ctx.cls} unit may not cross {kind} {name}{only}.")
    cost.bog |= bog
    if kind == "cactus-hedge":
        cost.parts = [ALL]
        return cost.say("B9.7", f"Infantry cross cactus hedge {name} only by Minimum Move, "
                        "Low Crawl or Advance vs Difficult Terrain.")
    if kind in BOCAGE and ctx.vehicle:
        cost.underbelly = True
        cost.bog = True
        share = "½" if kind == "bocage" else "¼"
        follows = "" if kind == "bocage" else " (the play aid gives ¼; the rest follows bocage)"
        cost.say("B9.54", f"crossing {kind} {name}: {share} MP allowance + COT, a Bog check "
                 f"in the hex left, Underbelly Hits; no Reverse movement or Riders{follows}.")
    else:
        cost.say(RULE[kind], f"crossing {kind} {name}: +{add}, added to COT and never "
                 "doubled" + (" (Bog check)" if bog else "") + ".")
    cost.parts.append(add)


# The rule families, in order; each runs while the move is still allowed.
FAMILIES = (terrain, hexside)


# --- the sum, and what moving costs besides (B.2, B9.41) -------------------------------

def total(ctx: MoveContext, cost: MoveCost) -> int | float | str:
    if ALL in cost.parts:
        return ALL
    share = sum((SHARES[p] for p in cost.parts if p in SHARES), Fraction(0))
    n = sum(p for p in cost.parts if p not in SHARES)
    n = int(n) if n == int(n) else float(n)
    if not share:
        return n
    allowance = ctx.unit.extra.get("mp") if ctx.unit is not None else None
    if isinstance(allowance, int) and not isinstance(allowance, bool) \
            and 0 < allowance <= MAX_MP:
        return _add(n, allowance * share)
    named = {Fraction(1, 2): "½ MP allowance", Fraction(1, 4): "¼ MP allowance",
             Fraction(1): "MP allowance"}.get(share, f"{share} x MP allowance")
    return f"{named} + {n}"


def wall_advantage(ctx: MoveContext, cost: MoveCost) -> None:
    held = ctx.unit is not None and has_wa(ctx.s, ctx.unit)
    cost.say("B9.41", ("it loses its Wall Advantage" if held else "any Wall Advantage is "
                       "lost") + " as it starts entering a new Location.")


def _add(a: int | float | Fraction, b: int | float | Fraction) -> int | float:
    total = Fraction(a) + Fraction(b)
    return int(total) if total.denominator == 1 else float(total)


def _ground(s: Setup, h: g.Hex) -> int:
    info = s.hex(h)
    return info.level - (1 if info.is_depression else 0)


def unit_class(s: Setup, unit: Any) -> tuple[str, Unit | None]:
    """(movement class, the Unit or None) for a unit id or a class name."""
    if not isinstance(unit, str):
        raise SetupError("unit: must be a unit id or a class name "
                         f"({', '.join(CLASSES)})")
    u = s.find_unit(unit)
    if u is None:
        if unit in CLASSES:
            return unit, None
        raise SetupError(f"unit: {unit[:40]!r} is neither a unit id nor a class name "
                         f"({', '.join(CLASSES)})")
    if u.type in INFANTRY:
        return "infantry", u
    if u.type != "vehicle":
        raise SetupError(f"unit: {u.id} is a {u.type}, which does not move by MF/MP")
    cls = u.extra.get("class", "fully-tracked" if u.armored else "truck")
    if not isinstance(cls, str) or cls not in VEHICLES:
        shown = repr(cls[:40]) if isinstance(cls, str) else type(cls).__name__
        raise SetupError(f"units[{u.id!r}].class: {shown} is not a vehicle class "
                         f"({', '.join(VEHICLES)})")
    return cls, u


def _hex(s: Setup, name: Any, field: str) -> g.Hex:
    return hex_field(name, field, s.grid)


def move_cost(s: Setup, unit: Any, from_hex: Any, to_hex: Any) -> dict:
    """CONTRACT-style JSON: the cost for ``unit`` (id or class) to move from
    ``from_hex`` into the adjacent ``to_hex``."""
    a, b = _hex(s, from_hex, "from_hex"), _hex(s, to_hex, "to_hex")
    if not g.are_adjacent(a, b):
        raise SetupError(f"to_hex: {g.hex_name(b)} is not adjacent to {g.hex_name(a)}")
    cls, u = unit_class(s, unit)
    return judge(MoveContext(s, cls, u, a, b))
