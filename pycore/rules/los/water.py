"""Water Obstacles (B21): rivers, ponds and canals on the thread.

B21.1 makes a hex whose centre dot lies on the water's blue a Water Obstacle
hex (a river, B21.12; a canal, B21.11; or a pond). The LOS rules judge it as
any hex of its base level: the water is neither an obstacle nor a Hindrance
to a thread over it (the catalog gives it no height and no Hindrance), and
the ground of the banks around it, a level higher as drawn, is judged as the
hills' levels are (A6.2). This module only says so, for the player: the
ruling's words, hex by hex, changing no ruling (asked by
``pycore.rules.los.evaluate``, not by a visibility sweep).

What the app assumes where the text it follows is silent (docs/rules.md
"Water Obstacles"): the water lies at the level the board draws it (VASL
draws it a level below the ground beside it); a unit or Location in a Water
Obstacle hex is at that level; wading, swimming, boats and the current are
not modelled.
"""
from __future__ import annotations

from ... import geometry as g
from ...setup import HexInfo, Setup, Slot
from ..location import End
from .ruling import Ruling, listed


def kind(s: Setup, h: g.Hex) -> str | None:
    """The Water Obstacle in hex ``h`` as a player names it ("river", "pond",
    "canal", or "Water Obstacle" where the setup does not say), or None."""
    info = s.hex(h)
    if info.terrain != "water":
        return None
    named = info.extra.get("water")
    return named if isinstance(named, str) else "Water Obstacle"


def bank(info: HexInfo, what: str) -> int:
    """How far above a hex's base level terrain ``what`` drawn in it lies: in
    a Water Obstacle hex, brush, grain or marsh drawn on its bank stands on
    the ground beside the water, which the app takes a level above it (as
    VASL draws it; B21.1), not in the water; elsewhere 0."""
    return 1 if info.terrain == "water" and what != "water" else 0


# The map's Water Obstacle hexes and what a player calls each, once per setup:
# a map without any (most) pays nothing per ruling.
_WATER: Slot[dict[g.Hex, str]] = Slot("water_hexes", lambda s: {
    h: kind(s, h) or "" for h, info in s.hexes.items() if info.terrain == "water"})


def judge(s: Setup, r: Ruling) -> None:
    """A step for an end in a Water Obstacle hex, and one naming the Water
    Obstacle hexes the thread crosses, before the ruling's conclusion."""
    water = s.derived(_WATER)
    if not water:
        return
    said: list[tuple[str, str]] = []
    for e in (r.viewer, r.target):
        what = water.get(e.hex)
        if what is not None:
            said.append(("B21.1", _end(s, e, what)))
    over: dict[str, list[str]] = {}
    ends = (r.viewer.hex, r.target.hex)
    get = water.get
    for item in r.trace:        # a hex's interior is crossed once along a thread
        if item.kind == "hex":
            h = item.hexes[0]
            what = get(h)
            if what is not None and h not in ends:
                over.setdefault(what, []).append(s.names.hex(h))
    for what, names in over.items():
        said.append(("B21.1", f"The {what} in {listed(names)} is neither an obstacle nor a "
                              "Hindrance to the LOS over it (B21.1)."))
    r.say_before_conclusion(said)


def _end(s: Setup, e: End, what: str) -> str:
    who = e.unit.label if e.unit else f"The Location in {s.names.hex(e.hex)}"
    return (f"{who} is in the {what} in {s.names.hex(e.hex)}, a Water Obstacle hex, at its "
            f"level {s.hex(e.hex).level} (B21.1; the app takes a unit there at the water's "
            "level, and does not model wading, swimming or boats).")
