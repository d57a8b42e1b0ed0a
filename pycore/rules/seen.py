"""Who sees a target, and how many of a side's units see each hex: A6, asked
many times over. Analysis aids: A6.11 forbids checking LOS before an attack is
declared unless the players agree (docs/rules.md, "Who sees a hex").

- ``seen_by``: every unit able to see that traces a LOS to the target (a
  unit: its enemies; a Location: every such unit), each judged by the LOS
  engine exactly as ``pycore.api.los`` judges the pair.
- ``coverage``: for every hex, how many of a side's Good Order units see a
  unit there, at its ground Location (IN a Depression where the hex is one)
  or at a building level. One visibility sweep per viewer
  (``pycore.rules.visibility``, equal to a ruling per hex); what does not
  depend on the viewer is built once and shared: the target per hex, the
  map's ground, the threads' geometry by offset.

The unit a coverage target stands for is a squad with no Wall Advantage and no
entrenchment: it is hidden where any unit would be (B9.521: behind bocage
without WA), though its Location is seen.
"""
from __future__ import annotations

from array import array
from collections import OrderedDict
from dataclasses import replace
from typing import Any

from .. import geometry as g
from .. import limits
from ..errors import SetupError
from ..setup import Setup, Slot, Unit, hex_field, int_field
from ..setup.lookalike import side_key
from . import explain
from .location import End, make_end, resolve, unit_end
from .los import evaluate
from .visibility import map_hexes, sweep_codes

CANNOT_SEE = ("wreck", "gun")   # a wreck sees nothing; a Gun sees through its crew's counter


def sees(u: Unit) -> bool:
    """Does this counter trace LOS of its own (an abandoned vehicle has no crew)?"""
    return u.type not in CANNOT_SEE and not u.extra.get("abandoned")


def good_order(u: Unit) -> bool:
    """Good Order (A12.1's "Good Order/unbroken"): a unit that sees and is not
    broken, unarmed or a prisoner."""
    return sees(u) and not (u.broken or u.unarmed or u.extra.get("prisoner"))


def _entry(u: Unit, ruling: dict, steps: bool) -> dict:
    """One viewer's line: its id, LOS and Hindrance DRM, as ``los`` answers
    them; with ``steps``, where and why it is blocked and every step."""
    out = {"unit": u.id, "los": ruling["los"], "hindrance": ruling["hindrance"]}
    if steps:
        explain.attach(ruling)
        out.update({k: ruling[k] for k in ("range", "blocked_at", "rule", "steps")})
    return out


def seen_by(s: Setup, target: Any, steps: bool = False) -> dict:
    """Every unit that sees (``los``) or does not see ``target`` (a unit id or a
    Location, as ``los`` takes it): for a unit, its enemies; for a Location,
    every unit. In the setup's order; the target unit itself is never listed."""
    if not isinstance(steps, bool):
        raise SetupError("steps: must be true or false")
    t = resolve(s, target, "target")
    viewers = [u for u in s.units if sees(u) and u is not t.unit
               and (t.unit is None or not u.is_friend(t.unit))]
    return {"target": t.name, "units": [_entry(u, evaluate(s, unit_end(s, u), t).as_dict(), steps)
                                        for u in viewers]}


# --- coverage --------------------------------------------------------------------------------

def probe(s: Setup, h: g.Hex, level: int) -> End:
    """The unit a coverage target stands for, at ``level`` of hex ``h``: named
    "a unit" within a step and "A unit in F6" at its start."""
    end = make_end(s, h, level, unit=Unit("a unit", "", "squad", h, level))
    where = s.names.hex(h) + (f" level {level}" if level else "")
    return replace(end, name=f"A unit in {where}")


def _side(s: Setup, side: Any) -> str:
    """The side's key, checked against the sides on the map."""
    if not isinstance(side, str) or not side.strip():
        raise SetupError("side: expected a side's name, e.g. German")
    key = side_key(side)
    known = list(dict.fromkeys(u.side for u in s.units))
    if key not in {side_key(k) for k in known}:
        raise SetupError(f"side: no unit of side {side.strip()[:40]!r} on the map "
                         f"(sides: {', '.join(known) or 'none'})")
    return key


def _level(s: Setup, level: Any) -> int:
    """A building level some hex of the map has (0, the ground, always)."""
    level = int_field(level, "level", 0, limits.MAX_LEVEL)
    if level and not any(s.hex(h).top_level >= level for h, _ in map_hexes(s)):
        raise SetupError(f"level: no building on the map has level {level}")
    return level


def _targets(s: Setup, level: int) -> list[End]:
    """Per hex, in a sweep's order: a unit at ``level`` where the hex is a
    building that has it, else at its ground Location."""
    out = []
    for h, _ in map_hexes(s):
        at = level if s.hex(h).top_level >= level else 0
        out.append(probe(s, h, at))
    return out


# A setup's sweeps to coverage targets, by (viewer, level), the last used last.
CODES: Slot[OrderedDict[tuple, array]] = Slot("coverage", lambda s: OrderedDict())


def _codes(s: Setup, u: Unit, level: int, targets: list[End]) -> array:
    codes = s.derived(CODES)
    got = codes.get((u.id, level))
    if got is None:
        got = codes[(u.id, level)] = sweep_codes(s, unit_end(s, u), targets)
        if len(codes) > limits.VISIBILITY_MAPS:
            codes.popitem(last=False)
    else:
        codes.move_to_end((u.id, level))
    return got


def coverage(s: Setup, side: Any, level: Any = 0, at: Any = None) -> dict:
    """For every hex, how many of ``side``'s Good Order units see a unit there
    (``seen``), and whether every one of them sees it only through a Hindrance
    (``hindered``). With ``at`` (a hex name), each viewer's ruling of that hex,
    with its steps (``seen_by``'s lines)."""
    key, level = _side(s, side), _level(s, level)
    viewers = [u for u in s.units if side_key(u.side) == key and good_order(u)]
    targets = _targets(s, level)
    hexes = map_hexes(s)
    seen, clear = [0] * len(hexes), [False] * len(hexes)
    for u in viewers:
        for i, code in enumerate(_codes(s, u, level, targets)):
            if code:
                seen[i] += 1
                clear[i] = clear[i] or code == 1
    out: dict[str, Any] = {
        "side": side.strip(), "level": level,
        "units": [u.id for u in viewers],
        "hexes": {name: {"seen": n, "hindered": n > 0 and not c}
                  for (_, name), n, c in zip(hexes, seen, clear)}}
    if at is not None:
        h = hex_field(at, "at", s.grid, s.names)
        t = targets[[x for x, _ in hexes].index(h)]
        out["at"] = {"hex": s.names.hex(h), "level": t.level,
                     "units": [_entry(u, evaluate(s, unit_end(s, u), t).as_dict(), True)
                               for u in viewers]}
    return out
