"""The MF/MP to move into an adjacent hex across walls, hedges, bocage and into
gullies: B9.4, B9.41, B9.54, B9.541, B9.7, B19.4, B10.4, Chapter B Terrain Chart.

A cost is a number, ``"all"`` (all MF/MP) or, for a vehicle whose MP allowance
is not given, text such as ``"½ MP allowance + 1"``.

Setup fields read here beyond docs/contract.md: unit extras ``class`` (a vehicle's
movement class, default ``fully-tracked`` for an AFV, ``truck`` otherwise),
``mp`` (its MP allowance), ``breacher`` (Dozer / Culin device, B9.541);
hexside extra ``breach`` (a Breach counter, B9.541).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from .. import geometry as g
from ..errors import SetupError
from .los.crest import is_cliff
from ..setup import VEHICLE_CLASSES, Setup, Unit, hex_field
from ..terrain.mapterrain import ROWHOUSE
from ..terrain.catalog import BOCAGE_TYPES as BOCAGE, UNMODELLED_ENTRY
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
    # B20.42: a shallow stream costs Infantry and Cavalry three MF, through a
    # stream hexside or not; the vehicles' costs are the gully's (B20.1: a
    # stream is a gully holding a rivulet). Deep streams: pycore.rules.movement.
    "stream": (3, 3, ALL, 4, 4, 2, 3, 6),
    # B17.4: Infantry 2 MF, Cavalry 4 MF; no vehicle (nor horse-drawn) ever enters.
    "crag": (2, 4, NA, NA, NA, NA, NA, NA),
    # B18.41 and the Terrain Chart's graveyard row: Infantry 1 MF, cavalry 2 MF;
    # off a graveyard road only fully-tracked vehicles (½ MP allotment and a Bog
    # check) and motorcycles (4 MP); horse-drawn units enter only by a road.
    # Graveyard roads are not modelled, so horse-drawn units may not enter.
    "graveyard": (1, 2, NA, 4, NA, HALF + " B", NA, NA),
    # B21.1: a Water Obstacle stops the normal movement of men and vehicles;
    # wading, swimming, boats and amphibians are not modelled: none enters.
    "water": (NA, NA, NA, NA, NA, NA, NA, NA),
    # B4.4: a sunken road is entered at a road's rate across a road hexside, at
    # B4.41's cost (its text was not found) across any other; vehicles only
    # across a road hexside (B4.42). Roads are not modelled: not worked out.
    "sunken-road": (NA, NA, NA, NA, NA, NA, NA, NA),
    # A lumberyard: its rule's text was not found; its cost is not modelled.
    "lumberyard": (NA, NA, NA, NA, NA, NA, NA, NA),
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


class Move:
    def __init__(self, s: Setup, unit: Any, a: g.Hex, b: g.Hex) -> None:
        self.s, self.a, self.b = s, a, b
        self.cls, self.unit = unit_class(s, unit)
        self.k = CLASSES.index(self.cls)
        self.vehicle = self.cls in VEHICLES
        self.steps: list[dict] = []
        self.allowed, self.bog, self.underbelly = True, False, False
        self.parts: list = []        # numbers and shares of the MP allowance; "all" ends the sum

    def say(self, rule: str, text: str) -> None:
        self.steps.append({"rule": rule, "text": text})

    def forbid(self, rule: str, text: str) -> None:
        self.allowed = False
        self.say(rule, text)

    def run(self) -> dict:
        self._cliff()
        if self.allowed:
            self._terrain()
        if self.allowed:
            self._hexside()
        cost = self._total() if self.allowed else None
        self._wa()
        unit = "MP" if self.vehicle else "MF"
        if self.allowed:
            self.say("B.2", f"total: {cost} {unit}.")
        return {"unit_class": self.cls, "from": self.s.names.hex(self.a), "to": self.s.names.hex(self.b),
                "allowed": self.allowed, "mf": None if self.vehicle else cost,
                "mp": cost if self.vehicle else None, "bog_check": self.bog,
                "underbelly": self.underbelly, "wa_lost": True, "steps": self.steps}

    # --- the hex entered ----------------------------------------------------------
    def _terrain(self) -> None:
        info = self.s.hex(self.b)
        terrain = info.terrain
        cot, bog = _split(COT[terrain][self.k])
        if cot is NA and terrain == "graveyard":
            return self.forbid("B18.41", f"a {self.cls} unit may enter a graveyard only along "
                                         "a road, which the app does not model.")
        if cot is NA and terrain == "water":
            kind = info.extra.get("water", "Water Obstacle")
            return self.forbid("B21.1", f"no {self.cls} unit enters the {kind} in "
                                        f"{self.s.names.hex(self.b)} by normal movement: a Water "
                                        "Obstacle stops it (wading, swimming and boats are not "
                                        "modelled).")
        if terrain in UNMODELLED_ENTRY:
            return self.forbid("B.1", f"the {terrain} in {self.s.names.hex(self.b)} is governed "
                                      "by its own rule, whose text was not found: the cost of "
                                      "entering it is not modelled.")
        if cot is NA and terrain == "sunken-road":
            return self.forbid("B4.4", f"entering the sunken road in {self.s.names.hex(self.b)} "
                                       "costs a road's rate across a road hexside and more "
                                       "across any other (B4.41, B4.42); the app does not model "
                                       "roads, so the cost is not worked out.")
        if cot is NA:
            return self.forbid("B.2", f"a {self.cls} unit may not enter {terrain}.")
        self.bog |= bog
        if info.is_stream and _deep(self.s, self.b):
            return self.forbid("B20.43", f"the stream in {self.s.names.hex(self.b)} is deep by "
                               "the scenario's SSR: the cost of entering a deep stream (B20.43) "
                               "is not modelled (its text was not found).")
        dep = "gully" if info.gully else "stream" if info.stream else None
        rule = {"gully": "B19.4", "stream": "B20.42"}
        if dep is not None and terrain != dep:
            gcot, _ = _split(COT[dep][self.k])
            if gcot is NA:
                return self.forbid(rule[dep], f"a {self.cls} unit may not enter a {dep}.")
            self.say(rule[dep], f"INTO a {dep} also holding {terrain}: {gcot} + COT {cot} "
                     "(cumulative).")
            self.parts.append(gcot)
        else:
            self.say(rule.get(terrain, "B.2"),
                     f"COT of {terrain} in {self.s.names.hex(self.b)}: {cot}.")
        other = info.also
        if other is not None:
            # B.1, A2.4: two terrains with neither dominant: their costs add up
            # (A2.4 EX: four MF for Infantry into 2I9, building and woods)
            ocot, obog = _split(COT[other][self.k])
            if ocot is NA:
                return self.forbid("A2.4", f"a {self.cls} unit may not enter {other}, drawn in "
                                           f"{self.s.names.hex(self.b)} with {terrain}.")
            self.bog |= obog
            bog |= obog
            self.say("A2.4", f"{other} is drawn in {self.s.names.hex(self.b)} with {terrain}, "
                             f"neither dominant: its COT {ocot} is added (B.1, A2.4).")
            if isinstance(cot, str) or isinstance(ocot, str):
                self.parts.append(ocot)         # a share of the allowance, or all of it
            else:
                cot = cot + ocot
        self.parts.append(self._climb(cot))
        self._abrupt()
        if bog:
            self.say("D8.2", "entering this terrain calls for a Bog check.")

    def _abrupt(self) -> None:
        """B19.4 EX (board 12 Y4/Y5): moving IN a gully into an adjacent gully hex
        that no Depression hexside joins (the same test the LOS uses, B19.2) climbs
        to the intermediate level and back down, an Abrupt Elevation Change: 2 MF
        for Infantry on top of the cost of entering the gully."""
        sd = g.hexside(self.a, self.b)
        if not (self.s.hex(self.a).is_depression and self.s.hex(self.b).is_depression) \
                or self.s.depression_connected(sd):
            return
        level = max(self.s.hex(self.a).level, self.s.hex(self.b).level)
        crossed = (f"{self.s.names.hexside(sd)} is not a Depression hexside: moving IN the gully "
                   f"crosses the intermediate level {level} between them, an Abrupt "
                   "Elevation Change")
        if self.cls != "infantry":
            return self.say("B19.4", f"{crossed}; this app adds its cost for Infantry only: "
                            f"for a {self.cls} unit, add the climb of B10.5 yourself.")
        self.say("B19.4", f"{crossed}: +2 MF to cross it.")
        self.parts.append(2)

    def _climb(self, cot: Any) -> Any:
        """B10.4: Infantry/Cavalry pay double COT to enter a higher elevation;
        vehicles add 4 MP per level.  Leaving a gully IN it climbs a level (B19.4)."""
        up = _ground(self.s, self.b) - _ground(self.s, self.a)
        if up <= 0 or cot in (ALL, HALF):
            return cot
        if self.vehicle:
            self.say("B10.4", f"{up} level(s) higher: +{4 * up} MP.")
            self.parts.append(4 * up)
            return cot
        self.say("B10.4", f"{up} level(s) higher: COT doubled ({cot} x 2).")
        return cot * 2

    # --- the hexside crossed -------------------------------------------------------
    def _cliff(self) -> None:
        """B11.1 EX: a cliff hexside is crossed only by Climbing (B11.4), which this
        app does not model (docs/hills.md): the plain move is refused."""
        sd = g.hexside(self.a, self.b)
        if is_cliff(self.s, sd):
            self.forbid("B11.4", f"{self.s.names.hexside(sd)} is a cliff hexside: it can be crossed "
                        "only by Climbing (B11.4), which this app does not work out; a plain "
                        "move across it is not allowed.")
        side = self.s.hexsides.get(sd)
        if side is not None and side.type == ROWHOUSE:
            self.forbid("B23.71", f"{self.s.names.hexside(sd)} is a rowhouse wall: moving across "
                        "it is governed by B23.71, whose text was not found; the move is not "
                        "modelled.")

    def _hexside(self) -> None:
        sd = g.hexside(self.a, self.b)
        info = self.s.wall(sd)
        if self.s.hex(self.a).is_depression and not self.s.hex(self.b).is_depression \
                and self.vehicle:
            self.bog = True
            self.say("B19.4", "a vehicle leaving a gully by a non-Depression hexside takes "
                     "a Bog check.")
        if info is None:
            return
        kind, name = info.type, self.s.names.hexside(sd)
        if info.extra.get("breach") is True:
            return self.say("B9.541", f"{name} is Breached: crossed as if Open Ground.")
        if info.gap:
            return self.say("B9.4", f"{name} has a gap: crossed by the road with no "
                            f"{kind} penalty.")
        if kind in BOCAGE and self.unit is not None and self.unit.extra.get("breacher") is True \
                and self.cls == "fully-tracked":
            self.parts = [ALL]
            self.bog = True
            return self.say("B9.541", f"breaching {name} costs the entire MP allotment and a "
                            "Bog check; no Underbelly Hits; a Breach counter is placed if it "
                            "passes.")
        add, bog = _split(HEXSIDE[kind][self.k])
        if add is NA:
            only = "; only a fully-tracked AFV may cross it" if kind in BOCAGE else ""
            return self.forbid(RULE[kind], f"a {self.cls} unit may not cross {kind} {name}{only}.")
        self.bog |= bog
        if kind == "cactus-hedge":
            self.parts = [ALL]
            return self.say("B9.7", f"Infantry cross cactus hedge {name} only by Minimum Move, "
                            "Low Crawl or Advance vs Difficult Terrain.")
        if kind in BOCAGE and self.vehicle:
            self.underbelly = True
            self.bog = True
            share = "½" if kind == "bocage" else "¼"
            follows = "" if kind == "bocage" else " (the play aid gives ¼; the rest follows bocage)"
            self.say("B9.54", f"crossing {kind} {name}: {share} MP allowance + COT, a Bog check "
                     f"in the hex left, Underbelly Hits; no Reverse movement or Riders{follows}.")
        else:
            self.say(RULE[kind], f"crossing {kind} {name}: +{add}, added to COT and never "
                     "doubled" + (" (Bog check)" if bog else "") + ".")
        self.parts.append(add)

    def _total(self) -> int | float | str:
        if ALL in self.parts:
            return ALL
        share = sum((SHARES[p] for p in self.parts if p in SHARES), Fraction(0))
        n = sum(p for p in self.parts if p not in SHARES)
        n = int(n) if n == int(n) else float(n)
        if not share:
            return n
        allowance = self.unit.extra.get("mp") if self.unit is not None else None
        if isinstance(allowance, int) and not isinstance(allowance, bool) \
                and 0 < allowance <= MAX_MP:
            return _add(n, allowance * share)
        named = {Fraction(1, 2): "½ MP allowance", Fraction(1, 4): "¼ MP allowance",
                 Fraction(1): "MP allowance"}.get(share, f"{share} x MP allowance")
        return f"{named} + {n}"

    def _wa(self) -> None:
        held = self.unit is not None and has_wa(self.s, self.unit)
        self.say("B9.41", ("it loses its Wall Advantage" if held else "any Wall Advantage is "
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
    return hex_field(name, field, s.grid, s.names)


def move_cost(s: Setup, unit: Any, from_hex: Any, to_hex: Any) -> dict:
    """CONTRACT-style JSON: the cost for ``unit`` (id or class) to move from
    ``from_hex`` into the adjacent ``to_hex``."""
    a, b = _hex(s, from_hex, "from_hex"), _hex(s, to_hex, "to_hex")
    if not g.are_adjacent(a, b):
        raise SetupError(f"to_hex: {s.names.hex(b)} is not adjacent to {s.names.hex(a)}")
    return Move(s, unit, a, b).run()


def _deep(s: Setup, h: g.Hex) -> bool:
    """Whether an SSR made the stream in ``h`` deep (B20.43; pycore.terrain.ssr)."""
    change = s.ssr_changed.get(h)
    return change is not None and change.after == "deep"
