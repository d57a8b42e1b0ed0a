"""Obstacles and Blind Hexes: A6.1 (the obstruction on both sides of a thread
along a hexside), A6.2 (obstacles and Crest Lines), A6.4-A6.43 (Blind Hexes).

Heights are in half levels (integers): woods 2, a single-story building 3.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import geometry as g
from ..terrain import obstacle_height
from . import drawn
from .context import Ctx

if TYPE_CHECKING:
    from .ruling import Ruling


def in_hex(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """A6.2: painted terrain fills its hex; a hill hex is an obstacle as high
    as its base level (a Crest Line) above the lower end's ground.  A6.1: on
    an imported board, woods or a building drawn over part of a hex blocks
    only where the thread passes through the drawing (pycore.los.drawn)."""
    h = item.hexes[0]
    if not ctx.intervening(h):
        return
    info = ctx.s.hex(h)
    d = drawn.partial(ctx.s, h)
    if d is None:
        height = obstacle_height(info.terrain, info.levels)
        what = f"{info.terrain} in {g.hex_name(h)}"
        rule = "A6.2"
    else:
        height = d.met(ctx.viewer.point, ctx.target.point)
        what, rule = drawn.said(d, h), "A6.1"
        if not height:
            r.say("A6.1", drawn.beside(d, h))
    if height:
        obstacle(ctx, r, 2 * info.level + height, height // 2, (h,), g.hex_name(h), what, rule)
        return
    name = g.hex_name(h)
    hill = drawn.ground(ctx.s, h)
    if hill is None:
        if info.level > ctx.lo_ground:
            obstacle(ctx, r, 2 * info.level, 1, (h,), name,
                     f"the hill (level {info.level}) in {name}", "A6.2", crest=True)
        return
    level = hill.met(ctx.viewer.point, ctx.target.point)
    if level > ctx.lo_ground:
        obstacle(ctx, r, 2 * level, 1, (h,), name,
                 f"the hill (level {level}) drawn in {name}", "A6.2", crest=True)
    elif info.level > ctx.lo_ground:
        r.say("A6.2", f"The crest line drawn across {name} lies beside the thread: the "
                      f"ground it passes over is at level {level} (A6.2).")


def _side(ctx: Ctx, r: Ruling, h: g.Hex, item: g.TraceItem) -> tuple[int, str]:
    """The obstacle on hex h's side of a hexside run: its height in half
    levels (0: none there) and what it is (its terrain where it is whole)."""
    info = ctx.s.hex(h)
    d = drawn.partial(ctx.s, h)
    if d is None:
        return obstacle_height(info.terrain, info.levels), info.terrain
    height = d.met(*item.points)
    if not height:
        r.say("A6.1", drawn.beside(d, h, on_side=True))
    return height, drawn.said(d, h)


def _ground(ctx: Ctx, h: g.Hex, item: g.TraceItem) -> int:
    """The level of hex h's ground along a hexside run: as drawn where a
    crest line crosses the hex (the highest level the run passes through
    with the ground on both sides of it), else the hex's base level."""
    hill = drawn.ground(ctx.s, h)
    return ctx.s.hex(h).level if hill is None else hill.met(*item.points)


def _named(what: str, terrain: str, h: g.Hex) -> str:
    return f"{terrain} in {g.hex_name(h)}" if what == terrain else what


def along(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """A6.1: a non-inherent obstacle blocks along a hexside only where it is on
    both sides of the thread; a hill likewise."""
    a, b = item.hexes
    if ctx.own(a) or ctx.own(b):
        return
    name = g.hexside_name((a, b))
    ia, ib = ctx.s.hex(a), ctx.s.hex(b)
    (ha, wa), (hb, wb) = _side(ctx, r, a, item), _side(ctx, r, b, item)
    if ha and hb:
        top_a, top_b = 2 * ia.level + ha, 2 * ib.level + hb
        height = ha if top_a <= top_b else hb
        both = f"{ia.terrain}/{ib.terrain}" if (wa, wb) == (ia.terrain, ib.terrain) \
            else f"{_named(wa, ia.terrain, a)} and {_named(wb, ib.terrain, b)},"
        obstacle(ctx, r, min(top_a, top_b), height // 2, (a, b), name,
                 f"{both} on both sides of hexside {name}", "A6.1")
    elif ha or hb:
        # A hill on one side, woods or a building on the other: an obstruction
        # is visible on both sides of the thread (A6.1), as for woods/building,
        # so the lower of the two blocks. The hill side counts only if it rises
        # above the lower end's ground (a Crest Line, A6.2).
        (t, it, ht, wt), (hill, ih) = ((a, ia, ha, wa), (b, ib)) if ha else \
            ((b, ib, hb, wb), (a, ia))
        wt = _named(wt, it.terrain, t)
        top_t = 2 * it.level + ht
        if ih.level <= ctx.lo_ground:
            pass        # open ground on that side: the terrain is on one side only
        elif 2 * ih.level <= top_t:
            obstacle(ctx, r, 2 * ih.level, 1, (a, b), name,
                     f"the hill (level {ih.level}) in {g.hex_name(hill)} and "
                     f"{wt}, on both sides of hexside {name}", "A6.1", crest=True)
        else:
            obstacle(ctx, r, top_t, ht // 2, (a, b), name,
                     f"{wt} and the hill (level {ih.level}) in {g.hex_name(hill)}, "
                     f"on both sides of hexside {name}", "A6.1")
    base = min(_ground(ctx, a, item), _ground(ctx, b, item))
    if r.block is None and base > ctx.lo_ground:
        obstacle(ctx, r, 2 * base, 1, (a, b), name,
                 f"the hill (level {base}) on both sides of hexside {name}",
                 "A6.1", crest=True)


def obstacle(ctx: Ctx, r: Ruling, top2: int, full: int, hexes: tuple[g.Hex, ...],
             where: str, what: str, rule: str, crest: bool = False,
             min_blind: int | None = None) -> None:
    """A6.2, A6.4-A6.43: an obstacle whose top is ``top2`` half levels high,
    ``full`` its full-level height for Blind Hexes, standing in ``hexes``."""
    lo, hi = ctx.lo, ctx.hi
    lo_e = ctx.lo_ground if crest else lo.elevation
    if 2 * lo_e >= top2:
        return                      # both ends at or above its top: A6.2
    if 2 * hi.elevation <= top2:
        r.blocked(where, rule, f"{what} blocks the LOS: neither end is above it (A6.2).")
        return
    full_top = top2 // 2
    if lo_e >= full_top:
        return                      # not lower than the obstacle's full-level height: A6.4
    ob = min(hexes, key=lambda h: g.distance(h, lo.hex))
    diff = ctx.s.hex(ob).level - ctx.s.hex(lo.hex).level
    if crest:
        diff = diff - 1 if diff > 1 else min(diff, 0)   # A6.43: only a difference > 1
    reduction = max(0, hi.elevation - full_top - 1)      # A6.42
    if min_blind is None:
        min_blind = 0 if crest else 1                    # A6.42 EXC (B10.23)
    blind = max(min_blind, full + g.distance(hi.hex, ob) // 5 + diff - reduction)
    behind = g.distance(ob, lo.hex)
    if behind <= blind:
        r.blocked(where, "A6.4",
                     f"{what} makes {g.hex_name(lo.hex)} a Blind Hex: it is {behind} hex(es) "
                     f"behind it and the obstacle creates {blind} Blind Hex(es) for "
                     f"{hi.name} at elevation {hi.elevation} (A6.4, A6.41-A6.43).")
    else:
        r.say("A6.4", f"{what} is seen over: {g.hex_name(lo.hex)} is {behind} hex(es) "
                         f"behind it, beyond its {blind} Blind Hex(es).")
