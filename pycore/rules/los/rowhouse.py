"""Rowhouses (B23.71): the inner wall of a rowhouse, drawn as a black bar on the
hexside between two of its hexes (the setup's hexside type ``"rowhouse"``),
blocks a LOS that crosses it or runs along it.

B23.71's own text was not found in the public transcriptions read. The app
assumes what the rule's name in the rulebook's LOS chapter (A6.12: LOS traced to
a hexside for "movement between Rowhouses") and VASL's engine ("Cannot see
through rowhouse/factory wall (B23.71/O5.31)") agree on: the bar is a wall from
the building's ground to its roof, so it blocks every LOS crossing it below the
roof, the two hexes it divides included (they are not one open space); an end
above the roof sees over it, the building itself then ruling the LOS as any
building does. On an imported board the bar is drawn only across the
building: a thread crossing the hexside beside it, where no bar is drawn,
passes (A6.1), as a wall's break lets it (pycore.rules.los.drawn_sides).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import geometry as g
from ...terrain.catalog import BUILDINGS, obstacle_height
from ...terrain.mapterrain import ROWHOUSE
from .context import Ctx
from .source import neither_above

if TYPE_CHECKING:
    from .ruling import Ruling

RULE = "B23.71"


def _bar(ctx: Ctx, sd: g.Hexside) -> bool:
    info = ctx.s.hexsides.get(sd)
    return info is not None and info.type == ROWHOUSE


def top(ctx: Ctx, sd: g.Hexside) -> int:
    """The bar's top in half levels: its building's roof (B23.2's height above
    the building's ground), the higher of the two hexes' where both are
    buildings; a bar between hexes that are no buildings is one level high."""
    tops = [2 * info.level + obstacle_height(info.terrain, info.levels)
            for info in (ctx.s.hex(h) for h in sd) if info.terrain in BUILDINGS]
    return max(tops) if tops else 2 * max(ctx.s.hex(h).level for h in sd) + 2


def _judge(ctx: Ctx, r: Ruling, sd: g.Hexside, how: str) -> None:
    name = ctx.names.hexside(sd)
    high = top(ctx, sd)
    level = f"{high // 2}{'½' if high % 2 else ''}"
    if not neither_above(high, ctx.lo.elevation, ctx.hi.elevation):
        r.say(RULE, f"The rowhouse wall {name} rises to its building's roof at level {level}: "
                    "an end is above it, so it does not block; the building rules the LOS "
                    "(B23.71, as the app assumes: the rule's text was not found).")
        return
    r.blocked(name, RULE,
              f"The rowhouse wall {name} blocks the LOS {how} it: a rowhouse's inner wall "
              f"rises to its building's roof (level {level}), and neither end is above it "
              "(B23.71, as the app assumes: the rule's text was not found).")


def crossed(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """The thread crosses a hexside: a rowhouse's bar there blocks it below
    the roof, unless the thread crosses where no bar is drawn (A6.1)."""
    sd = g.hexside(*item.hexes)
    if not _bar(ctx, sd):
        return
    if ctx.terrain.beside_drawing(sd, ctx.viewer.point, ctx.target.point):
        r.say("A6.1", f"The thread crosses {ctx.names.hexside(sd)} beside its rowhouse wall, "
                      "where no wall is drawn (A6.1).")
        return
    _judge(ctx, r, sd, "across")


def along(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """The thread runs along a hexside holding a rowhouse's bar."""
    sd = g.hexside(*item.hexes)
    if _bar(ctx, sd):
        _judge(ctx, r, sd, "along")
