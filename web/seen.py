"""Who sees a hex or a unit, and a side's dead ground, as the page shows them
(static/ui/seentool.js): ``pycore.api.seen_by`` and ``coverage`` with their
words. Analysis aids: A6.11 forbids checking LOS before an attack is declared
unless the players agree, and the page says so."""
from __future__ import annotations

from typing import Any, Generator

from pycore import api
from pycore.errors import SetupError
from web.present import signed, status

AID = ("An analysis aid: A6.11 lets players check LOS before declaring an attack "
       "only if both agree.")


def _line(u: dict) -> dict:
    """One viewer's line: how it sees the target, and the thread's colour."""
    words = ("sees it" + (f", Hindrance {signed(u['hindrance'])}" if u["hindrance"] else ", clear")
             if u["los"] else "does not see it")
    return {**u, "status": status(u), "words": words}


def who_sees(setup: Any, target: Any, side: Any = None, *, session: Any = None) -> dict:
    """``pycore.api.seen_by``, each line with its words and its thread's colour
    (clear / hindered / blocked), the ones that see first, and a summary:
    "2 of 3 enemy units see g1". With ``side`` (as a unit of the setup names
    it: the dead ground's side), only that side's units."""
    got = api.seen_by(setup, target, session=session)
    loaded = api.load(setup, session=session)
    lines = [_line(u) for u in got["units"]]
    whom = "enemy units" if isinstance(target, str) and loaded.find_unit(target) is not None \
        else "units"
    if side is not None:
        ref = next((u for u in loaded.units if u.side == side), None)
        if ref is None:
            raise SetupError(f"side: no unit of side {str(side)[:40]!r} on the map")
        friends = {u.id for u in loaded.units if u.is_friend(ref)}
        lines = [u for u in lines if u["unit"] in friends]
        whom = f"{side.strip()} units"
    lines.sort(key=lambda u: not u["los"])          # stable: the setup's order within each
    seeing = sum(u["los"] for u in lines)
    where = got["target"] + (f" level {target['level']}" if isinstance(target, dict)
                             and target.get("level") else "")
    said = (f"{seeing} of {len(lines)} {whom} see {where}" if lines
            else f"No {whom} on the map to see {where}")
    return {**got, "units": lines, "said": said + ".", "aid": AID}


def dead_ground(setup: Any, side: Any, level: Any = 0, vehicle: Any = False, *,
                session: Any = None) -> dict:
    return api.finish(dead_ground_steps(setup, side, level, vehicle, session=session))


def dead_ground_steps(setup: Any, side: Any, level: Any = 0, vehicle: Any = False, *,
                      session: Any = None) -> Generator[dict | None, None, dict]:
    """``pycore.api.coverage_steps`` (its pauses pass through: the page shades
    the hexes as each viewer's sweep settles them), its answer with a summary
    in words: how many hexes no unit of the side sees, one sees, two or more."""
    got = yield from api.coverage_steps(setup, side, level, None, vehicle, session=session)
    hexes = got["hexes"].values()
    none = sum(1 for h in hexes if not h["seen"])
    one = sum(1 for h in hexes if h["seen"] == 1)
    more = len(got["hexes"]) - none - one
    hindered = sum(1 for h in hexes if h["hindered"])
    who = f"{got['side']}: {len(got['units'])} Good Order unit{'s' * (len(got['units']) != 1)}"
    target = "a vehicle" if got["vehicle"] else \
        f"a unit at level {got['level']}" if got["level"] else "a unit at ground level"
    said = (f"{who}, seeing {target}. Unseen (dead ground): {none} hexes; seen by one: {one}; "
            f"by two or more: {more}" + (f"; {hindered} of them only through Hindrance" if hindered
                                          else "") + ".")
    return {**got, "said": said, "aid": AID}
