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
    st = drawn.standing(ctx.s, h)
    if st is None:
        height = obstacle_height(info.terrain, info.levels)
        if height:
            name = g.hex_name(h)
            obstacle(ctx, r, 2 * info.level + height, height // 2, (h,), name,
                     f"{info.terrain} in {name}", "A6.2")
        elif info.level > ctx.lo_ground:
            name = g.hex_name(h)
            obstacle(ctx, r, 2 * info.level, 1, (h,), name,
                     f"the hill (level {info.level}) in {name}", "A6.2", crest=True)
        return
    name = g.hex_name(h)
    d, hill = drawn.partial(ctx.s, h), drawn.ground(ctx.s, h)
    met = st.met(ctx.viewer.point, ctx.target.point)
    if met:
        # A6.2: the obstacle stands on the ground drawn beneath it
        top2, height = drawn.unpack(met)
        if d is not None:
            what, rule = drawn.said(d, h), "A6.1"
        else:
            what, rule = f"{info.terrain} in {name}", "A6.2"
        if hill is not None:
            what += f" on ground drawn at level {(top2 - height) // 2}"
        obstacle(ctx, r, top2, height // 2, (h,), name, what, rule, as_drawn=d is not None,
                 level=(top2 - height) // 2 if hill is not None else None)
    elif d is not None:
        r.say("A6.1", drawn.beside(d, h))
    if r.block is not None:
        return
    if hill is None:
        if not met and info.level > ctx.lo_ground:
            obstacle(ctx, r, 2 * info.level, 1, (h,), name,
                     f"the hill (level {info.level}) in {name}", "A6.2", crest=True)
        return
    # A6.2: a crest line drawn in the hex counts where the thread crosses it,
    # beside the obstacle or not
    level = hill.met(ctx.viewer.point, ctx.target.point)
    if level > ctx.lo_ground:
        obstacle(ctx, r, 2 * level, 1, (h,), name,
                 f"the hill (level {level}) drawn in {name}", "A6.2", crest=True, level=level)
    elif info.level > ctx.lo_ground:
        r.say("A6.2", f"The crest line drawn across {name} lies beside the thread: the "
                      f"ground it passes over is at level {level} (A6.2).")


def _what(ctx: Ctx, h: g.Hex) -> str:
    """What hex h's obstacle is: its terrain where it is whole."""
    d = drawn.partial(ctx.s, h)
    return ctx.s.hex(h).terrain if d is None else drawn.said(d, h)


def _drawn_side(ctx: Ctx, a: g.Hex, b: g.Hex) -> bool:
    """Is either hex of the hexside judged on its depiction (pycore.los.drawn)?"""
    return any(drawn.partial(ctx.s, h) is not None or drawn.ground(ctx.s, h) is not None
               for h in (a, b))


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _named(what: str, terrain: str, h: g.Hex) -> str:
    return f"{terrain} in {g.hex_name(h)}" if what == terrain else what


def along(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """A6.1: a non-inherent obstacle blocks along a hexside only where it is on
    both sides of the thread; a hill likewise. Where either hex is judged on
    its depiction, the two hexes' drawings are taken as one (pycore.los.drawn):
    what counts is what lies on both sides of the thread at once."""
    a, b = item.hexes
    if ctx.own(a) or ctx.own(b):
        return
    name = g.hexside_name((a, b))
    ia, ib = ctx.s.hex(a), ctx.s.hex(b)
    as_drawn = _drawn_side(ctx, a, b)
    wa, wb = _what(ctx, a), _what(ctx, b)
    if as_drawn:
        top, full, (ta, ha), (tb, hb) = drawn.obstacles_along(ctx.s, (a, b), *item.points)
        ga, gb = ia.level, ib.level
        if min(ga, gb) >= 0 and any(drawn.ground(ctx.s, h) is not None for h in (a, b)):
            _, ga, gb = drawn.ground_along(ctx.s, (a, b), *item.points)
    else:
        top = full = 0
        ha, hb = (obstacle_height(i.terrain, i.levels) for i in (ia, ib))
        ta, tb = 2 * ia.level + ha, 2 * ib.level + hb
        ga, gb = ia.level, ib.level
    if ha and hb and not as_drawn:
        top_a, top_b = 2 * ia.level + ha, 2 * ib.level + hb
        height = ha if top_a <= top_b else hb
        obstacle(ctx, r, min(top_a, top_b), height // 2, (a, b), name,
                 f"{ia.terrain}/{ib.terrain} on both sides of hexside {name}", "A6.1")
    elif top:
        both = f"{_named(wa, ia.terrain, a)} and {_named(wb, ib.terrain, b)}"
        obstacle(ctx, r, top, full // 2, (a, b), name,
                 f"{_cap(both)} lie on both sides of hexside {name}",
                 "A6.1", plural=True, as_drawn=True)
    elif ha and hb:
        both = f"{_named(wa, ia.terrain, a)} and {_named(wb, ib.terrain, b)}"
        r.say("A6.1", f"{_cap(both)} reach hexside {name} along different stretches of "
                      f"it: nowhere are they on both sides of the thread at once, so no "
                      f"obstacle there (A6.1).")
    elif ha or hb:
        # A hill on one side, woods or a building on the other: an obstruction
        # is visible on both sides of the thread (A6.1), as for woods/building,
        # so the lower of the two blocks. The hill side counts only if it rises
        # above the lower end's ground (a Crest Line, A6.2).
        # As drawn, each side's own ground beside the thread (A6.2).
        (t, it, ht, top_t, wt), (hill, hl) = ((a, ia, ha, ta, wa), (b, gb)) if ha else \
            ((b, ib, hb, tb, wb), (a, ga))
        wt = _named(wt, it.terrain, t)
        drawn_at = hl if as_drawn else None
        if hl <= ctx.lo_ground:
            pass        # open ground on that side: the terrain is on one side only
        elif 2 * hl <= top_t:
            obstacle(ctx, r, 2 * hl, 1, (a, b), name,
                     f"the hill (level {hl}) in {g.hex_name(hill)} and "
                     f"{wt}, on both sides of hexside {name}", "A6.1", crest=True,
                     as_drawn=as_drawn, level=drawn_at)
        else:
            obstacle(ctx, r, top_t, ht // 2, (a, b), name,
                     f"{wt} and the hill (level {hl}) in {g.hex_name(hill)}, "
                     f"on both sides of hexside {name}", "A6.1", as_drawn=as_drawn)
    if as_drawn and not top:
        for h, hh in ((a, ha), (b, hb)):
            d = drawn.partial(ctx.s, h)
            if d is not None and not hh:
                r.say("A6.1", drawn.beside(d, h, on_side=True))
    levels = (ia.level, ib.level)
    drawn_ground = as_drawn and min(levels) >= 0 and any(
        drawn.ground(ctx.s, h) is not None for h in (a, b))
    base = drawn.ground_along(ctx.s, (a, b), *item.points)[0] if drawn_ground else min(levels)
    if r.block is None and base > ctx.lo_ground:
        obstacle(ctx, r, 2 * base, 1, (a, b), name,
                 f"the hill (level {base}) on both sides of hexside {name}",
                 "A6.1", crest=True, level=base if drawn_ground else None,
                 as_drawn=drawn_ground)


def obstacle(ctx: Ctx, r: Ruling, top2: int, full: int, hexes: tuple[g.Hex, ...],
             where: str, what: str, rule: str, crest: bool = False,
             min_blind: int | None = None, plural: bool = False,
             level: int | None = None, as_drawn: bool = False) -> None:
    """A6.2, A6.4-A6.43: an obstacle whose top is ``top2`` half levels high,
    ``full`` its full-level height for Blind Hexes, standing in ``hexes``.
    ``what`` names it: with ``plural``, a sentence saying where two drawings
    lie; ``as_drawn``: it is met where it is drawn (A6.1). ``level``: a crest's level as drawn where the thread meets it, for
    A6.43's difference (else the hex's base level)."""
    what = _cap(what)               # it starts each sentence below (issue 33)
    lo, hi = ctx.lo, ctx.hi
    lo_e = ctx.lo_ground if crest else lo.elevation
    if 2 * lo_e >= top2:
        return                      # both ends at or above its top: A6.2
    cite = "A6.1, A6.2" if as_drawn else "A6.2"
    if 2 * hi.elevation <= top2:
        text = (f"{what}: they block the LOS, neither end being above them ({cite})."
                if plural else f"{what} blocks the LOS: neither end is above it ({cite}).")
        r.blocked(where, rule, text)
        return
    full_top = top2 // 2
    if lo_e >= full_top:
        return                      # not lower than the obstacle's full-level height: A6.4
    ob = min(hexes, key=lambda h: g.distance(h, lo.hex))
    diff = (ctx.s.hex(ob).level if level is None else level) - ctx.s.hex(lo.hex).level
    if crest:
        diff = diff - 1 if diff > 1 else min(diff, 0)   # A6.43: only a difference > 1
    reduction = max(0, hi.elevation - full_top - 1)      # A6.42
    if min_blind is None:
        min_blind = 0 if crest else 1                    # A6.42 EXC (B10.23)
    blind = max(min_blind, full + g.distance(hi.hex, ob) // 5 + diff - reduction)
    behind = g.distance(ob, lo.hex)
    makes, seen = ("they make", "they are seen over") if plural else ("makes", "is seen over")
    if behind <= blind:
        sep = ": " if plural else " "
        r.blocked(where, "A6.4",
                     f"{what}{sep}{makes} {g.hex_name(lo.hex)} a Blind Hex: it is {behind} "
                     f"hex(es) behind it and the obstacle creates {blind} Blind Hex(es) for "
                     f"{hi.name} at elevation {hi.elevation} (A6.4, A6.41-A6.43).")
    else:
        sep = ": " if plural else " "
        r.say("A6.4", f"{what}{sep}{seen}: {g.hex_name(lo.hex)} is {behind} hex(es) "
                         f"behind it, beyond its {blind} Blind Hex(es).")
