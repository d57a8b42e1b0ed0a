"""Entrenchments: B9.21 (no LOS across a same-level wall/hedge between an
entrenched unit and a non-adjacent same-level or lower Location)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import geometry as g
from ...setup import HexsideInfo
from .context import Ctx, item_hexsides

if TYPE_CHECKING:
    from .ruling import Ruling


def judge(ctx: Ctx, r: Ruling) -> None:
    """B9.21: once the whole thread is clear, an entrenched end."""
    for e, other in ((ctx.viewer, ctx.target), (ctx.target, ctx.viewer)):
        if not e.entrenched or ctx.range <= 1 or other.elevation > e.elevation:
            continue
        crossed = _wall_crossed_at(ctx, e.elevation)
        if crossed is None:
            continue
        sd, info = crossed
        why = (f"{e.name} is in an entrenchment and the LOS crosses the same-level "
               f"{info.type} {ctx.names.hexside(sd)} to a non-adjacent Location without a "
               "half-level elevation advantage")
        if e is ctx.viewer:
            # The viewer beneath the entrenchment sees nothing there: not the
            # Location, nor any unit in it (B9.21).
            r.blocked(ctx.names.hexside(sd), "B9.21", f"{why}: it cannot see past it (B9.21).")
        else:
            r.unit_hidden(ctx.names.hexside(sd), "B9.21",
                          f"{why} (B9.21); the entrenchment itself can be seen.")
        return


def _wall_crossed_at(ctx: Ctx, level: int) -> tuple[g.Hexside, HexsideInfo] | None:
    """The first wall/hedge at this level the thread crosses, runs along or touches."""
    for it in ctx.trace:
        for sd in item_hexsides(it):
            info = ctx.s.wall(sd)
            if info is not None and not info.gap and ctx.s.wall_level(sd) == level:
                return sd, info
    return None
