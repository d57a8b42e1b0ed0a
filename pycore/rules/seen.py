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
from collections.abc import Generator
from dataclasses import replace
from typing import Any

from .. import geometry as g
from .. import limits
from ..errors import SetupError
from ..steps import finish
from ..setup import Setup, Slot, Unit, hex_field, int_field
from ..setup.lookalike import side_key
from . import explain
from .location import End, make_end, resolve, unit_end
from .los import evaluate
from .visibility import ground_steps, map_hexes, sweep_codes_steps

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

def probe(s: Setup, h: g.Hex, level: int, vehicle: bool = False) -> End:
    """The unit a coverage target stands for, at ``level`` of hex ``h`` (a
    squad, or with ``vehicle`` a vehicle at ground level): named "a unit"
    within a step and "A unit in F6" at its start."""
    kind = "vehicle" if vehicle else "squad"
    end = make_end(s, h, level, unit=Unit(f"a {kind}", "", kind, h, level))
    where = s.names.hex(h) + (f" level {level}" if level else "")
    return replace(end, name=f"A {kind} in {where}")


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


def _targets(s: Setup, level: int, vehicle: bool = False) -> list[End]:
    """Per hex, in a sweep's order: a unit at ``level`` where the hex is a
    building that has it, else at its ground Location (a vehicle: always there)."""
    out = []
    for h, _ in map_hexes(s):
        at = level if s.hex(h).top_level >= level else 0
        out.append(probe(s, h, at, vehicle))
    return out


# A setup's sweeps to coverage targets, by (viewer, level, vehicle), the last used last.
CODES: Slot[OrderedDict[tuple, array]] = Slot("coverage", lambda s: OrderedDict())


def _codes_steps(s: Setup, u: Unit, key: tuple, targets: list[End]
                 ) -> Generator[array, None, array]:
    """One viewer's codes to ``targets``, pausing as its sweep goes (each
    pause: the codes settled so far); kept by ``key``, so asked again it
    returns at once."""
    codes = s.derived(CODES)
    got = codes.get(key)
    if got is None:
        got = yield from sweep_codes_steps(s, unit_end(s, u), targets)
        codes[key] = got
        if len(codes) > limits.VISIBILITY_MAPS:
            codes.popitem(last=False)
    else:
        codes.move_to_end(key)
    return got


def coverage(s: Setup, side: Any, level: Any = 0, at: Any = None, vehicle: Any = False) -> dict:
    """For every hex, how many of ``side``'s Good Order units see a unit there
    (``seen``), and whether every one of them sees it only through a Hindrance
    (``hindered``). With ``at`` (a hex name), each viewer's ruling of that hex,
    with its steps (``seen_by``'s lines). With ``vehicle``, the unit is a
    vehicle at the hex's ground Location (``level`` must then be 0)."""
    return finish(coverage_steps(s, side, level, at, vehicle))


def coverage_steps(s: Setup, side: Any, level: Any = 0, at: Any = None, vehicle: Any = False
                   ) -> Generator[dict | None, None, dict]:
    """``coverage`` in steps, one viewer's sweep after another, pausing within
    each (web.bridge answers the page's other questions in the pauses). A
    pause yields the hexes whose count it changed, as in the answer but
    counting only the viewers swept so far: ``{"hexes": {name: {"seen",
    "hindered"}}, "done": viewers swept, "of": viewers}`` (the first viewer's
    pauses name every hex they settle, seen or not). The page shades them
    as they come; the answer is the same dict as ``coverage``'s."""
    key, level = _side(s, side), _level(s, level)
    if not isinstance(vehicle, bool):
        raise SetupError("vehicle: must be true or false")
    if vehicle and level:
        raise SetupError("level: a vehicle target is at a hex's ground level (0), "
                         f"not level {level}")
    viewers = [u for u in s.units if side_key(u.side) == key and good_order(u)]
    yield None                              # the setup's loading ends the first step
    yield from ground_steps(s)              # the map's drawing read, pausing as it goes
    targets = _targets(s, level, vehicle)
    hexes = map_hexes(s)
    seen, clear = [0] * len(hexes), [False] * len(hexes)

    def entry(i: int) -> dict:
        return {"seen": seen[i], "hindered": seen[i] > 0 and not clear[i]}

    for k, u in enumerate(viewers):
        done = 0
        steps = _codes_steps(s, u, (u.id, level, vehicle), targets)
        while True:
            try:
                codes = next(steps)
                final = False
            except StopIteration as stop:
                codes, final = stop.value, True
            changed = {}
            for i in range(done, len(codes)):
                code = codes[i]
                if code:
                    seen[i] += 1
                    clear[i] = clear[i] or code == 1
                if code or k == 0:
                    changed[hexes[i][1]] = entry(i)
            done = len(codes)
            yield {"hexes": changed, "done": k + final, "of": len(viewers)}
            if final:
                break
    out: dict[str, Any] = {
        "side": side.strip(), "level": level, "vehicle": vehicle,
        "units": [u.id for u in viewers],
        "hexes": {name: entry(i) for i, (_, name) in enumerate(hexes)}}
    if at is not None:
        h = hex_field(at, "at", s.grid, s.names)
        t = targets[[x for x, _ in hexes].index(h)]
        out["at"] = {"hex": s.names.hex(h), "level": t.level,
                     "units": [_entry(u, evaluate(s, unit_end(s, u), t).as_dict(), True)
                               for u in viewers]}
    return out
