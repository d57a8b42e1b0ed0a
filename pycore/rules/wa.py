"""Wall Advantage: who may, must and does hold it (B9.32-B9.324, B9.35, B9.62,
D9.52, D9.54).

The engine reads a setup as a snapshot.  A unit's ``wa`` flag says what its
owner did (``true``: a "Wall Advan" counter; ``false``: forfeited or never
claimed); without it the engine applies Mandatory WA (B9.323).  Who claimed
first cannot be read from a snapshot, so two enemies with an equal claim over
a shared hexside are reported in ``problems`` and neither is given WA.

Setup fields read here beyond docs/contract.md (unit extras; all default false):
``column`` (in Column/Convoy), ``fortified_gun`` (possesses a Gun in a
Fortified building), ``bridge`` / ``roadblock`` (on a bridge / over a
Roadblock), ``pillbox`` / ``cave``, ``wire`` / ``panji`` (above Wire/Panji),
``prisoner``, ``cupola`` (Armored Cupola, D9.5), ``abandoned``, ``stunned``.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import geometry as g
from .location import unit_end
from ..setup import Setup, Slot, Unit
from ..terrain.catalog import TERRAIN

INFANTRY = ("squad", "halfsquad", "crew", "leader", "hero")


# --- facts about walls and units -------------------------------------------------

def elevation(s: Setup, u: Unit) -> int:
    """Base level + building level, one lower IN a gully (B19.2)."""
    return unit_end(s, u).elevation


def flag(u: Unit, *names: str) -> bool:
    return any(u.extra.get(n) is True for n in names)


def _on_gully_bridge(s: Setup, u: Unit) -> bool:
    """B19.1: in a gully bridge hex a unit is on the bridge unless beneath it."""
    info = s.hex(u.hex)
    return info.bridge and info.is_depression and u.level == 0 and not flag(u, "beneath")


def same_location(s: Setup, a: Unit, b: Unit) -> bool:
    """Same hex, same level, and both IN or both above a Depression (A6.3)."""
    return a.hex == b.hex and a.level == b.level and \
        unit_end(s, a).in_depression == unit_end(s, b).in_depression


def is_follower(u: Unit) -> bool:
    """B9.32: broken or unarmed units (and a possessed Gun, a prisoner) may claim
    WA only if other units in their Location claim it."""
    return u.broken or u.unarmed or u.type == "gun" or flag(u, "prisoner")


def denies_location(u: Unit) -> bool:
    """B9.32: a non-hidden, non-prisoner enemy unit; a "broken" vehicle (A12.1),
    an Abandoned vehicle (no crew: nobody there to deny anything, as for a
    cupola in D9.52), a wreck or an unpossessed Gun does not count."""
    return not (u.hidden or flag(u, "prisoner") or u.type in ("wreck", "gun")
                or (u.is_vehicle and (u.broken or flag(u, "abandoned"))))


def assumed_wa(u: Unit) -> bool:
    """D9.52, D9.54: an Armored Cupola or Dug-In AFV behind a wall/hedge is always
    assumed to have WA, unless Abandoned or its crew is stunned."""
    return (flag(u, "cupola") or (u.is_vehicle and u.dug_in)) and \
        not flag(u, "abandoned", "stunned", "shocked")


def wall_sides(s: Setup, h: g.Hex) -> list[g.Hexside]:
    return [sd for sd in g.hexsides_of(h) if s.wall(sd) is not None]


def bypass_sides(u: Unit) -> set[g.Hexside] | None:
    """B9.32: in Bypass, only the straddled hexside and the two that join it."""
    if u.bypass is None:
        return None
    ends = set(g.hexside_ends(u.bypass))
    return {sd for sd in g.hexsides_of(u.hex) if ends & set(g.hexside_ends(sd))}


def level_sides(s: Setup, u: Unit) -> frozenset:
    """The wall/hedge/bocage hexsides of u's hex at u's elevation (B9.35, B9.62)."""
    elev = elevation(s, u)
    return frozenset(sd for sd in wall_sides(s, u.hex) if s.wall_level(sd) == elev)


def claimable(s: Setup, u: Unit) -> frozenset:
    """The hexsides u may claim WA over: its same-level ones, cut down by Bypass
    (B9.32)."""
    sides = level_sides(s, u)
    by = bypass_sides(u)
    return sides if by is None else sides & frozenset(by)


def afv_cover(s: Setup, u: Unit, claimers: frozenset = frozenset()) -> Unit | None:
    """D9.3: the wreck or friendly (or abandoned enemy) AFV in u's Location that
    gives Infantry +1, ignoring the firer-dependent conditions.  An AFV listed in
    ``claimers`` (it has WA) does not count as in-hex TEM (B9.323)."""
    if u.type not in INFANTRY:
        return None
    for v in s.units_in(u.hex):
        if v is u or not same_location(s, u, v):
            continue
        if v.type == "wreck":
            usable = not v.burning
        elif v.is_afv:
            usable = (v.is_friend(u) or flag(v, "abandoned")) and v.id not in claimers
        else:
            continue
        if usable and not (v.entrenched or v.dug_in or v.moved):
            return v
    return None


def in_hex_tem(s: Setup, u: Unit, claimers: frozenset = frozenset()) -> int:
    """The in-hex TEM that spares a unit Mandatory WA (B9.323).  Emplacement,
    Gunshield, Height Advantage and a friendly AFV with WA do not count; a
    vehicle in Bypass is not in the obstacle (D2.3)."""
    if u.is_vehicle and u.bypass is not None:
        return 0
    tem = TERRAIN[s.hex(u.hex).terrain].tem
    if tem < 1 and afv_cover(s, u, claimers) is not None:
        return 1
    return tem


def static_reason(s: Setup, u: Unit, sides: frozenset) -> tuple[str, str] | None:
    """Why u can never claim WA in this setup, whoever else is there (B9.32)."""
    checks = (
        (u.type == "wreck", "B9.32", "a wreck is not a unit and never claims WA"),
        (u.hidden, "B9.324", "a hidden unit can never claim WA"),
        # B9.32 asks for an armed, unbroken unit; an Abandoned AFV or Armored
        # Cupola has no crew, so it neither holds WA (D9.52 "unless it is
        # Abandoned") nor contests an enemy's.
        ((u.is_vehicle or flag(u, "cupola")) and flag(u, "abandoned"), "D9.52",
         "an Abandoned AFV or Armored Cupola has no crew: it claims no WA (B9.32, D9.52)"),
        (u.level > 0, "B9.32", "only a ground-level unit may claim WA"),
        (flag(u, "pillbox", "cave"), "B9.32", "a unit in a pillbox or cave may not claim WA"),
        ((flag(u, "bridge") or _on_gully_bridge(s, u)) and not flag(u, "roadblock"), "B9.32",
         "a unit on a bridge (except over a Roadblock) may not claim WA"),
        (flag(u, "column"), "B9.32", "a unit in Column/Convoy may not claim WA"),
        (flag(u, "fortified_gun"), "B9.32",
         "a unit in a Fortified building possessing a Gun may not claim WA"),
        (u.entrenched, "B9.32", "a unit beneath an entrenchment may not claim WA"),
        (flag(u, "wire", "panji"), "B9.32", "a unit above Wire/Panji may not claim WA"),
    )
    for cond, rule, text in checks:
        if cond:
            return rule, text
    enemies = sorted(v.id for v in s.units_in(u.hex) if not v.is_friend(u)
                     and same_location(s, u, v) and denies_location(v))
    if enemies:
        return "B9.32", f"enemy {', '.join(enemies)} shares its Location"
    if u.is_vehicle and not assumed_wa(u) and in_hex_tem(s, u) >= 1:
        return "B9.32", "a vehicle eligible for in-hex TEM of 1 or more may not claim WA"
    if not sides:
        return no_side_reason(s, u)
    return None


def no_side_reason(s: Setup, u: Unit) -> tuple[str, str]:
    walls = wall_sides(s, u.hex)
    if not walls:
        return "B9.32", "its hex has no wall, hedge or bocage hexside"
    bypass = bypass_sides(u)
    if bypass is not None and not (set(walls) & bypass):
        return "B9.32", ("in Bypass it may claim WA only over the hexside it straddles "
                         "and the two that join it, and none is a wall/hedge")
    return ("B9.62" if any(s.hexsides[sd].hillside for sd in walls) else "B9.35",
            f"its wall/hedge hexsides are not at its elevation ({elevation(s, u)})")


# --- resolving who holds WA ----------------------------------------------------------

@dataclass
class Standing:
    unit: Unit
    sides: frozenset
    level: frozenset           # its hex's wall hexsides at its own elevation
    reason: tuple[str, str] | None
    strength: int = 0          # 3 assumed, 2 marked, 1 mandatory, 0 does not claim
    mandatory: bool = False
    has: bool = False
    held: frozenset = frozenset()
    contested: bool = False


def _strength(st: Standing, tem: int) -> int:
    u = st.unit
    if assumed_wa(u):
        return 3
    if u.wa is True:
        return 2
    return 1 if tem < 1 else 0


def _beats(a: Standing, b: Standing) -> g.Hexside | None:
    """The shared wall/hedge hexside over which a (holding WA) denies b the
    whole hex (B9.321).  Shared means at both units' elevation: the 41Q5 unit
    with WA cannot deny a unit in level-1 R4 across the level-0 Q5-R4 hedge
    (B9.35 EX)."""
    if a.unit.is_friend(b.unit) or not g.are_adjacent(a.unit.hex, b.unit.hex):
        return None
    sd = g.hexside(a.unit.hex, b.unit.hex)
    return sd if sd in a.sides and sd in b.level else None


class Resolver:
    """Applies B9.32x to every unit of a setup."""

    def __init__(self, s: Setup):
        self.s = s
        self.problems: list[dict] = []
        self.st = {u.id: Standing(u, claimable(s, u), level_sides(s, u), None)
                   for u in s.units}
        for st in self.st.values():
            st.reason = static_reason(s, st.unit, st.sides)
        claimers = frozenset(i for i, st in self.st.items()
                             if st.unit.is_vehicle and st.reason is None
                             and _strength(st, in_hex_tem(s, st.unit)) > 0)
        for st in self.st.values():
            if st.reason is None:
                tem = in_hex_tem(s, st.unit, claimers)
                st.mandatory = assumed_wa(st.unit) or tem < 1
                st.strength = _strength(st, tem)
        self.accepted: list[Standing] = []
        for level in (3, 2, 1):
            self._resolve_level(level)
        self._followers()
        self._finish()

    def _problem(self, rule: str, text: str) -> None:
        self.problems.append({"rule": rule, "text": text})

    def _denier(self, st: Standing) -> tuple[Unit, g.Hexside] | None:
        """The enemy holder that denies ``st`` WA: the first by id, so the
        answer never depends on the order units are listed."""
        found = [(a.unit.id, a.unit, sd) for a in self.accepted
                 for sd in (_beats(a, st),) if sd is not None]
        return min(found, key=lambda f: (f[0], f[2]))[1:] if found else None

    def _resolve_level(self, level: int) -> None:
        """Strongest claims first; a claim denied by an accepted holder lapses
        (B9.321); equal claims over a shared hexside cannot be ordered."""
        remaining = [st for st in self.st.values() if st.reason is None
                     and not is_follower(st.unit) and st.strength == level
                     and self._denier(st) is None]
        while remaining:
            free = [b for b in remaining if not any(_beats(a, b) for a in remaining)]
            if not free:
                break
            for st in free:
                st.has, st.held = True, st.sides
            self.accepted += free
            remaining = [b for b in remaining if not b.has and self._denier(b) is None]
        what = {3: "are assumed to have WA (D9.52, D9.54)", 2: "are marked with WA",
                1: "must claim WA (B9.323)"}[level]
        pairs = sorted({tuple(sorted((a.unit.id, b.unit.id))) for a in remaining
                        for b in remaining if _beats(a, b)})
        for st in remaining:
            st.contested = True
        for x, y in pairs:
            self._problem("B9.321", f"enemies {x} and {y} both {what} over a shared hexside; "
                          "only the first to claim it holds it: set wa true on that unit "
                          "(and false on the other)")

    def _followers(self) -> None:
        """B9.32: broken/unarmed units may (must, B9.323) claim WA only if other
        units in their Location do; they hold it over the same hexsides."""
        for st in self.st.values():
            u = st.unit
            if st.reason is not None or not is_follower(u):
                continue
            leaders = [a for a in self.accepted if a.unit.is_friend(u)
                       and same_location(self.s, a.unit, u) and not is_follower(a.unit)]
            if not leaders:
                st.reason = ("B9.32", "a broken or unarmed unit (or a prisoner, or a Gun) may "
                             "claim WA only if other units in its Location claim it")
                st.mandatory = False
                continue
            held = st.sides & frozenset().union(*(a.held for a in leaders))
            if st.strength > 0 and held:
                st.has, st.held = True, held

    def _finish(self) -> None:
        for st in self.st.values():
            u = st.unit
            if st.reason is None and not st.has:
                den = self._denier(st)
                if den is not None:
                    st.reason = ("B9.321", f"enemy {den[0].label} in {self.s.names.hex(den[0].hex)} "
                                 f"holds WA over the shared hexside {self.s.names.hexside(den[1])}")
                    st.mandatory = False
            if u.wa is True and not st.has and not st.contested:
                self._problem(st.reason[0] if st.reason else "B9.32",
                              f"{u.label} is marked with WA but cannot hold it: "
                              f"{st.reason[1] if st.reason else 'see B9.32'}")
            if u.wa is False and st.has and st.mandatory:
                self._problem("B9.323", f"{u.label} is marked as without WA, but it has no in-hex "
                              "TEM of +1 or more, so WA is mandatory and cannot be forfeited")


_RESOLVER: Slot[Resolver] = Slot("wa_resolver", Resolver)


def resolve(s: Setup) -> Resolver:
    return s.derived(_RESOLVER)


_HEXSIDES: Slot[dict] = Slot("wa_hexsides", lambda s: {
    i: st.held if st.has else frozenset() for i, st in resolve(s).st.items()})


def wa_hexsides(s: Setup) -> dict:
    """unit id -> the frozenset of hexsides it HAS WA over (after B9.321/B9.323).
    The LOS engine reads it for bocage (B9.521)."""
    return s.derived(_HEXSIDES)


def has_wa(s: Setup, u: Unit) -> bool:
    return bool(wa_hexsides(s).get(u.id))


def report(s: Setup) -> dict:
    """docs/contract.md ``wall_advantage``."""
    r = resolve(s)
    units = {}
    for i, st in r.st.items():
        sides = st.held if st.has else st.sides
        units[i] = {
            "has": st.has,
            "eligible": st.reason is None,
            "mandatory": st.mandatory and st.reason is None,
            "hexsides": sorted(s.names.hexside(sd) for sd in sides),
            "reason": None if st.reason is None else f"{st.reason[1]} ({st.reason[0]})",
        }
    return {"units": units, "problems": list(r.problems)}
