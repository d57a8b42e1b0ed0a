"""Bocage: B9.52 (a one-level obstacle; the "Single-Story House" and its Blind
Hex against a higher viewer), B9.521 (LOS through a bocage hexside, by Wall
Advantage), B9.531 (Blind Hexes reducible to none, but at least one behind a
hexspine); light bocage (the bocage play aid) where it follows bocage.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import geometry as g
from ..location import End
from ...setup import HexsideInfo
from ..wa import wa_hexsides
from .context import Ctx, item_hexsides
from .obstacles import obstacle

if TYPE_CHECKING:
    from .ruling import Ruling


def house(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """B9.52: against a viewer above it, a bocage hexside acts as a
    Single-Story House in the hex behind it (the defender's hex), so the
    next hex along the LOS is a Blind Hex, reducible to none (B9.531).

    B9.52 applies it to "that LOS through that bocage hexside", so a LOS
    that meets no bocage at all between the higher end and this hex (trace
    item i) passes a lone bocage hexside's hex like any open hex. Once the
    LOS has crossed or touched bocage on the way, every house it then meets
    counts, not only the one in the hex formed by the hexside it crossed:
    B9.521 EX rules that a level-1½ viewer in 44BB8 cannot see Y6 "due to
    the Blind Hex ... blocked by the 'Single-Story Houses' in Z6 to Z8", and
    the BB8-Y6 thread crosses the Z7-AA7 bocage into Z7 and then enters Z6
    from Z7, not through Z6's bocage (Z6-AA6, Z6-AA7). Only Z6's house makes
    Y6 blind (Z7's makes one Blind Hex, Z6)."""
    h = item.hexes[0]
    if h not in ctx.bocage_hexes or not ctx.intervening(h):
        return
    hi = ctx.hi
    for n in g.neighbours(h):
        sd = g.hexside(h, n)
        info = ctx.s.wall(sd)
        if info is None or info.type != "bocage" or info.gap:
            continue
        top = ctx.s.wall_level(sd) + 1
        if hi.elevation > top and g.distance(hi.hex, n) < g.distance(hi.hex, h):
            if not _met(ctx, i, toward_viewer=hi is ctx.viewer):
                return
            obstacle(ctx, r, 2 * top, 1, (h,), ctx.names.hex(h),
                     f"the bocage {ctx.names.hexside(sd)} (a 'Single-Story House' in "
                     f"{ctx.names.hex(h)}, B9.52)", "B9.52", min_blind=0)
            return


def _met(ctx: Ctx, i: int, toward_viewer: bool) -> bool:
    """Whether the thread crosses, runs along or touches a bocage hexside
    between trace item i and the viewer's end (or the target's)."""
    between = ctx.trace[:i] if toward_viewer else ctx.trace[i + 1:]
    return any(ctx.is_bocage(sd) for item in between for sd in item_hexsides(item))


def hexspine(ctx: Ctx, r: Ruling, sd: g.Hexside, name: str) -> None:
    """B9.52, B9.521: no LOS along a bocage hexspine: a one-level obstacle
    with at least one Blind Hex (B9.531)."""
    obstacle(ctx, r, 2 * ctx.s.wall_level(sd) + 2, 1, sd, name,
             f"the bocage hexspine {name}", "B9.52", min_blind=1)


def _has_wa(ctx: Ctx, e: End, sd: g.Hexside) -> bool:
    return e.unit is not None and sd in wa_hexsides(ctx.s).get(e.unit.id, ())


def crossed(ctx: Ctx, r: Ruling, sd: g.Hexside, info: HexsideInfo, x: g.Hex, y: g.Hex) -> None:
    """B9.52-B9.531: the thread crosses bocage from hex x (viewer's side) to y."""
    v, t = ctx.viewer, ctx.target
    name = ctx.names.hexside(sd)
    if info.type == "light-bocage":
        # A ½-level obstacle: an end above it sees over it, with no Blind Hex
        # ("units on slopes can see over light bocage", the play aid; A6.21).
        if max(v.elevation, t.elevation) > ctx.s.wall_level(sd):
            return
        r.say("B9.521", f"light bocage {name}: the play aid is silent on LOS through "
                        "it at its own level, so it follows bocage (B9.521).")
    top = ctx.s.wall_level(sd) + 1
    if min(v.elevation, t.elevation) >= top:
        return
    hi, lo = (v, t) if v.elevation >= t.elevation else (t, v)
    if hi.elevation > top:   # seen over: the next hex is a Blind Hex (B9.52, B9.531)
        hx, ly = (x, y) if hi is v else (y, x)
        if lo.hex == ly:
            if hi.hex != hx and lo.unit is not None and not _has_wa(ctx, lo, sd):
                r.unit_hidden(name, "B9.521",
                              f"{lo.name} is behind the bocage {name} without Wall "
                              f"Advantage: units there cannot be seen from outside the "
                              "hexes formed by that hexside (B9.521).")
        return   # the Blind Hex beyond is judged in house()
    v_wa, t_wa = _has_wa(ctx, v, sd), _has_wa(ctx, t, sd)
    v_in, t_in = v.hex == x, t.hex == y
    if v_wa or t_wa:
        who = v.name if v_wa else t.name
        r.say("B9.521", f"{who} has Wall Advantage over the bocage {name}: LOS may be "
                        "traced through it (B9.521).")
    elif v_in and t_in:
        r.say("B9.521", f"Both are in the hexes formed by the bocage {name}: a unit "
                        "there sees anything in the adjacent hex (B9.521).")
    elif v_in:
        r.blocked(name, "B9.521",
                  f"{v.name} is in a hex formed by the bocage {name} without Wall "
                  f"Advantage: it sees through it into the adjacent hex only, not "
                  f"beyond (B9.521).")
    elif t_in and t.unit is not None:
        r.unit_hidden(name, "B9.521",
                      f"The viewer is not in a hex formed by the bocage {name}: it sees "
                      f"into {ctx.names.hex(y)}, but not units there without Wall "
                      "Advantage (B9.521).")
    elif t_in:
        r.say("B9.521", f"The viewer sees through the bocage {name} into "
                        f"{ctx.names.hex(y)}, the hex formed by it (B9.521).")
    else:
        r.blocked(name, "B9.521", f"The bocage {name} is a one-level obstacle: LOS "
                                  "through it reaches only the hex formed by it (B9.52, "
                                  "B9.521).")
