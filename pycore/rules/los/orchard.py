"""Orchards at different levels: B14.2 (docs/hills.md).

An orchard is Inherent Terrain: the whole hex, hexsides included, affects a
LOS into or through it (B14.1), so it counts where the thread crosses the hex
or runs along one of its hexsides (A6.1 EXC).  Between same-level ends it is
a +1 Hindrance in any season (B14.21: pycore.rules.los.hindrance, as for grain).
To or from a higher elevation:

- in season (April to October, the default): a one-level obstacle, which can
  make Blind Hexes (A6.4);
- out of season (the setup's ``"orchards": "out-of-season"``, or the SSR
  ``orchards-out-of-season`` on the orchard's board, pycore.terrain.ssr): a +1
  Hindrance when the higher end is one level above its base level; when it is
  more than one level above, only an orchard adjacent to the ground-level end
  counts (and, by the same-range rule, once).

A6.7's EXC lists the orchard among the Hindrances that may affect units at
different levels.  A LOS with neither end down at the orchard's base level
passes over it (the app's reading: B14.2 speaks of a ground-level target or
firer).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import geometry as g
from ...terrain import ssr
from ...setup import Setup
from .context import Ctx
from .obstacles import obstacle

if TYPE_CHECKING:
    from .ruling import Ruling

OUT_OF_SEASON = "out-of-season"


def in_season(s: Setup, h: g.Hex) -> bool:
    """The setup's "orchards" field, or the SSR orchards-out-of-season on h's board."""
    return bool(s.extra.get("orchards") != OUT_OF_SEASON) and not ssr.out_of_season(s, h)


def judge(ctx: Ctx, r: Ruling, h: g.Hex, rng: int) -> None:
    """B14.2: an orchard hex, not an end's own, that the thread crosses or runs
    along (pycore.rules.los.hindrance asks, the higher end above its base level)."""
    level = ctx.s.hex(h).level
    hi, lo = ctx.hi, ctx.lo
    if hi.elevation <= level:
        return                      # same-level: B14.21's Hindrance (pycore.rules.los.hindrance)
    name = ctx.names.hex(h)
    if in_season(ctx.s, h):
        obstacle(ctx, r, 2 * level + 2, 1, (h,), name,
                 f"the in-season orchard in {name} (a one-level obstacle to a LOS "
                 f"to or from a higher elevation, B14.2)", "B14.2")
        return
    if lo.elevation > level:
        return                      # neither end at its base level: over it
    if hi.elevation - level > 1 and g.distance(h, lo.hex) != 1:
        r.say("B14.2", f"The out-of-season orchard in {name}: no Hindrance, {hi.name} is "
                       f"more than one level above it and it is not adjacent to "
                       f"{lo.name} (B14.2).")
        return
    r.say("B14.2", f"The out-of-season orchard in {name}: +1 LOS Hindrance to a LOS from "
                   f"a higher elevation (B14.2, A6.7).")
    r.hindered.setdefault(rng, []).append((name, 1))
