"""Walls and hedges: A6.21 (Half-Level obstacles), B9.1 (a hexside includes its
vertices), B9.2 (never into its own hex; hexspines along the thread and the
three-hexspine vertex), B9.61 and B9.62 (Hillside walls/hedges: ignored between
ends a level or more apart; standing at the higher Base Level, so above two
lower ends).

Bocage is a special form of hedge (B9.5): it counts at a B9.2 vertex, and its
own one-level rules are in pycore.rules.los.bocage. Light bocage is judged here as a
wall, except through a hexside of an end's own hex (B9.521, bocage.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import geometry as g
from ..location import End
from ...setup import HexsideInfo, Setup
from ...terrain.catalog import BOCAGE_TYPES
from . import bocage
from .context import Ctx
from .names import cited
from .obstacles import obstacle
from .vertex import ALONG, OPPOSITE, near_item, vertex_wall_case

if TYPE_CHECKING:
    from .ruling import Ruling


def crossed(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """B9.2: the thread crosses a wall/hedge hexside; bocage, and light bocage
    of an end's own hex, are the bocage module's (B9.52, B9.521)."""
    a, b = item.hexes
    sd = g.hexside(a, b)
    info = ctx.s.wall(sd)
    if info is None:
        return
    if info.gap:
        if ctx.terrain.through_break(sd, ctx.viewer.point, ctx.target.point):
            return
        r.say("B9.1", f"The thread crosses the {_side_name(sd, info, ctx.names)} where it is drawn, "
                      "beside its road break (B9.1).")
    if info.type == "bocage" or (info.type == "light-bocage" and ctx.own_side(sd)):
        bocage.crossed(ctx, r, sd, info, a, b)
        return
    if ctx.own_side(sd):
        r.say("B9.2", f"The {_side_name(sd, info, ctx.names)} is a hexside of "
                      f"{'the viewer' if ctx.viewer.hex in sd else 'the target'}'s hex: "
                      "it never blocks LOS into its own hex.")
        return
    _half_level(ctx, r, sd, info, ctx.names.hexside(sd), f"The {_side_name(sd, info, ctx.names)}",
                "is")


def along(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """B9.2: a wall/hedge hexspine exactly along the thread; bocage along it
    is the bocage module's (B9.52)."""
    a, b = item.hexes
    sd = (a, b)
    name = ctx.names.hexside(sd)
    info = ctx.s.wall(sd)
    if info is None or info.gap:
        return
    what = _side_name(sd, info, ctx.names)
    if info.type == "bocage":
        bocage.hexspine(ctx, r, sd, name)
        return
    if ctx.own_side(sd):
        return
    vv, tv = g.hex_vertices(ctx.viewer.hex), g.hex_vertices(ctx.target.hex)
    if any(p in vv for p in item.points) and any(p in tv for p in item.points):
        r.say("B9.2", f"The {what} hexspine touches both the viewer's and the target's "
                      "hex: it does not block (B9.2).")
        return
    touching = [j for j, k in ctx.spines.items() if ctx.trace[k] is item]
    if touching:
        v = ctx.trace[touching[0]].points[0]
        walls = [ctx.s.wall(x) for x in g.vertex_hexsides(v)]
        # Bocage counts among the three: it is a special form of hedge,
        # depicted by wall/hedge hexsides (B9.5, B9.51).
        if all(w is not None and not w.gap for w in walls):
            why = _half_level_blocks(ctx, sd, info)
            if why is None:
                rule, clause = _blocks_as(ctx, sd, info)
                r.blocked(cited(ctx.names.vertex, v), rule or "B9.2",
                          f"The {what} hexspine touches the viewer's/target's hex, but "
                          f"vertex {cited(ctx.names.vertex, v)} has walls/hedges on all three "
                          f"hexspines (B9.2): it is {clause}.")
                return
        r.say("B9.2", f"The {what} hexspine touches the viewer's or target's hex and "
                      f"vertex {cited(ctx.names.vertex, v)} does not have walls/hedges on all "
                      "three hexspines: it does not block (B9.2).")
        return
    _half_level(ctx, r, sd, info, name, f"The {what} hexspine",
                "touches neither the viewer's nor the target's hex (B9.2): it is")


def at_vertex(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """B9.1, B9.2: the thread touches a vertex of wall/hedge hexsides; bocage
    there is judged as bocage (B9.52, B9.521)."""
    v = item.points[0]
    # The vertex opposite a wall/hedge hexspine that touches an end's hex:
    # its walls and hedges are judged with that hexspine by the
    # three-hexspine rule (B9.2). Its bocage is not: B9.2 says when a
    # wall/hedge along the thread is an obstacle, not that a bocage hexside
    # touched at its vertex stops being one. Bocage includes its vertices
    # (B9.1, B9.5) and is a one-level obstacle (B9.52), so a thread touching
    # it there is judged as it is without the hedge along the thread.
    spine_vertex = i in ctx.spines
    along = {(it.hexes[0], it.hexes[1]) for it in ctx.trace[max(0, i - 1):i + 2]
             if it.kind == "along"}
    end = _traced_end(ctx, i)
    for sd in g.vertex_hexsides(v):
        info = ctx.s.wall(sd)
        if info is None or info.gap:
            continue
        if end is not None and not spine_vertex:
            # B9.42 (and B9.5: bocage follows the wall rules): only its two
            # cases count. Bocage of the unit's own hex reached via the hex
            # across it is then judged as that bocage hexside (B9.521).
            case = _traced_vertex_wall(ctx, r, end, v, sd, info)
            if case != OPPOSITE or info.type not in BOCAGE_TYPES:
                continue
        if sd in along:
            continue
        if spine_vertex and info.type != "bocage":
            continue
        if ctx.own_side(sd) and info.type not in BOCAGE_TYPES:
            continue   # B9.2: never blocks LOS into its own hex
        name = cited(ctx.names.vertex, v)
        if info.type in BOCAGE_TYPES and ctx.own_side(sd):
            x = ctx.viewer.hex if ctx.viewer.hex in sd else g.hexside_across(sd, ctx.target.hex)
            bocage.crossed(ctx, r, sd, info, x, g.hexside_across(sd, x))
        elif info.type == "bocage":
            obstacle(ctx, r, 2 * ctx.s.wall_level(sd) + 2, 1, sd, name,
                     f"the bocage at vertex {name}", "B9.52", min_blind=1)
        else:
            why = _half_level_blocks(ctx, sd, info)
            if why is None:
                rule, clause = _blocks_as(ctx, sd, info)
                r.blocked(name, rule or "B9.1",
                          f"The LOS touches the {_side_name(sd, info, ctx.names)} at vertex "
                          f"{name}: a wall/hedge includes its vertices (B9.1), and this one "
                          f"is {clause}.")
        if r.block is not None:
            return



def _traced_end(ctx: Ctx, i: int) -> tuple[g.Hex, bool] | None:
    """(its hex, is it the viewer) when trace item i is the vertex an end's LOS
    is traced to (Bypass, Snap Shot: A6.12, B9.42)."""
    if i == len(ctx.trace) - 1 and ctx.target.point != ctx.target.hex:
        return ctx.target.hex, False
    if i == 0 and ctx.viewer.point != ctx.viewer.hex:
        return ctx.viewer.hex, True
    return None


def _traced_vertex_wall(ctx: Ctx, r: Ruling, end: tuple[g.Hex, bool], v: g.Vertex,
                        sd: g.Hexside, info: HexsideInfo) -> str | None:
    """B9.42, not B9.1: a wall/hedge ending at the vertex the LOS is traced to
    affects the LOS only in B9.42's two cases. Along the thread it is then
    judged as a hexspine (B9.2, ``along``); a hexside of the end's own hex
    never blocks LOS into it (B9.2) but gives its TEM (pycore.rules.tem)."""
    h, at_start = end
    case = vertex_wall_case(ctx.trace, h, sd, at_start)
    what, name, hx = _side_name(sd, info, ctx.names), cited(ctx.names.vertex, v), ctx.names.hex(h)
    across = ctx.names.hex(g.hexside_across(sd, h)) if h in sd else None
    if case == ALONG:
        r.say("B9.42", f"The LOS traced to vertex {name} is drawn exactly along "
                       f"the {what}: it affects this LOS and gives its TEM (B9.42, first "
                       "case); along the thread it is judged as a hexspine (B9.2).")
        return case
    if case == OPPOSITE:
        then = (f"it is judged as a bocage hexside of {hx} (B9.5, B9.521)"
                if info.type in BOCAGE_TYPES else f"it never blocks LOS into {hx} (B9.2)")
        r.say("B9.42", f"The LOS enters vertex {name} via {across}, across the "
                       f"{what} from {hx}: it affects this LOS and gives its TEM (B9.42, "
                       f"second case); {then}.")
        return case
    near = near_item(ctx.trace, at_start)
    via = "" if near is None else \
        f" via {ctx.names.hex(near.hexes[0])}" if near.kind == "hex" else \
        f" along {ctx.names.hexside((near.hexes[0], near.hexes[1]))}"
    why = (f"enters the vertex{via}, not via {across} across it from {hx}"
           if across else f"{hx} is not one of its two hexes")
    r.say("B9.42", f"The {what} ends at vertex {name}, to which the LOS is traced: "
                   f"neither case of B9.42 applies (the LOS is not drawn along it and {why}), "
                   "so it does not affect this LOS.")
    return None

def _half_level_blocks(ctx: Ctx, sd: g.Hexside, info: HexsideInfo) -> str | None:
    """A6.21/B9.2: does this wall/hedge block as a half-level obstacle?  Returns
    the reason it does not, or None when it blocks."""
    return half_level_passed(ctx.s, sd, info, ctx.viewer.elevation, ctx.target.elevation)


def half_level_passed(s: Setup, sd: g.Hexside, info: HexsideInfo, v: int, t: int) -> str | None:
    """Why wall/hedge ``sd`` does not block as a half-level obstacle between
    ends at elevations v and t (A6.21, B9.61), or None: it blocks (B9.2).
    A visibility sweep asks it of every wall a thread crosses
    (pycore.rules.visibility)."""
    base = s.wall_level(sd)
    if info.hillside and abs(v - t) >= 1:
        return "a Hillside wall/hedge is ignored between elevations a level or more apart (B9.61)"
    if max(v, t) > base:
        return "a half-level obstacle never blocks LOS to or from a higher level (A6.21)"
    return None


def _blocks_as(ctx: Ctx, sd: g.Hexside, info: HexsideInfo) -> tuple[str | None, str]:
    """Why a wall/hedge that blocks (``_half_level_blocks`` None) blocks: the
    rule that decides it and a clause saying so (a noun phrase). Both ends at
    its base level: a Half-Level obstacle to a same-level LOS (A6.21, B9.2;
    None: the rule the caller cites). An end below it: its top, half a level
    above that level, is higher than both ends (A6.2); a Hillside wall/hedge
    stands at the higher of the two Base Levels it lies between (B9.62), which
    decides it."""
    base = ctx.s.wall_level(sd)
    v, t = ctx.viewer.elevation, ctx.target.elevation
    if v == t == base:
        return None, "a Half-Level obstacle to this same-level LOS (A6.21, B9.2)"
    ends = f"both at level {v}" if v == t else f"at levels {min(v, t)} and {max(v, t)}"
    if info.hillside:
        return "B9.62", (f"a Hillside {info.type} standing at level {base}, the higher of the "
                         f"two Base Levels it lies between (B9.62): its top is above both ends "
                         f"({ends}), so it blocks the LOS (A6.2)")
    return "A6.2", (f"a Half-Level obstacle on level {base}: its top is above both ends "
                    f"({ends}), so it blocks the LOS (A6.2)")


def _half_level(ctx: Ctx, r: Ruling, sd: g.Hexside, info: HexsideInfo, where: str, what: str,
                blocks: str) -> None:
    """A6.21, B9.2: judge a wall/hedge that may block as a half-level obstacle;
    ``blocks`` leads the clause ``_blocks_as`` gives."""
    why = _half_level_blocks(ctx, sd, info)
    if why:
        r.say("A6.21", f"{what} does not block: {why}.")
    else:
        rule, clause = _blocks_as(ctx, sd, info)
        r.blocked(where, rule or "B9.2", f"{what} {blocks} {clause}.")


def _side_name(sd: g.Hexside, info: HexsideInfo, names: g.Names) -> str:
    return f"{info.type} {names.hexside(sd)}"


def hexspines(s: Setup, viewer: End, target: End,
              trace: tuple[g.TraceItem, ...]) -> dict[int, int]:
    """B9.2: for each wall/hedge hexspine that touches the viewer's or target's
    hex, the index of the vertex opposite it (judged by the three-hexspine rule)."""
    corners: tuple[set[g.Vertex], set[g.Vertex]] | None = None   # found when needed
    opposite = {}
    for i, it in enumerate(trace):
        if it.kind != "along":
            continue
        info = s.wall((it.hexes[0], it.hexes[1]))
        if info is None or info.gap or info.type == "bocage":
            continue
        if corners is None:
            corners = set(g.hex_vertices(viewer.hex)), set(g.hex_vertices(target.hex))
        vv, tv = corners
        p, q = it.points
        touch_v, touch_t = (p in vv or q in vv), (p in tv or q in tv)
        if touch_v and not touch_t:
            far = q if p in vv else p
        elif touch_t and not touch_v:
            far = p if q in tv else q
        else:
            continue
        j = i + 1 if far == q else i - 1
        opposite[j] = i
    return opposite
