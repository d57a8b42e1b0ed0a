"""Obstacles and Blind Hexes: A6.1 (the obstruction on both sides of a thread
along a hexside), A6.2 (obstacles and Crest Lines), A6.4-A6.43 (Blind Hexes).

Heights are in half levels (integers): woods 2, a single-story building 3.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import geometry as g
from . import crest as crests
from . import hilldepression, water
from .context import Ctx
from .source import neither_above

if TYPE_CHECKING:
    from .ruling import Ruling


def in_hex(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """A6.2: what the thread meets in an intervening hex (pycore.rules.los.source):
    its obstacle, then the hill beneath it (a Crest Line) where it rises above
    the lower end's ground.  A6.1: where a board draws woods or a building
    over part of a hex, the obstacle is met only where the thread passes
    through the drawing, on the ground drawn beneath it."""
    h = item.hexes[0]
    if not ctx.intervening(h):
        return
    t, p, q = ctx.terrain, ctx.viewer.point, ctx.target.point
    stand = t.meets(h, p, q)
    if stand is not None:
        obstacle(ctx, r, stand.top2, stand.height // 2, (h,), ctx.names.hex(h), stand.what,
                 stand.rule, as_drawn=stand.as_drawn, level=stand.level)
        if r.block is not None:
            return
    else:
        note = t.beside(h)
        if note is not None:
            r.say("A6.1", note)
    if ctx.s.hex(h).terrain == "water" and t.highest(h)[1] <= ctx.lo_ground:
        return      # B21.1: neither the water nor a bank drawn in it rises above the lower end
    ground = t.ground(h, p, q)
    if not ground.drawn:
        # B19.5: a gully run down into a Hill Depression stands at its floor
        if stand is None and ground.level > ctx.lo_ground and \
                hilldepression.floor(ctx, h, ground.level) > ctx.lo_ground:
            name = ctx.names.hex(h)
            obstacle(ctx, r, 2 * ground.level, 1, (h,), name,
                     f"the hill (level {ground.level}) in {name}", "A6.2", crest=True)
        return
    # A6.2: a crest line drawn in the hex counts where the thread crosses it,
    # beside the obstacle or not
    level, name = ground.level, ctx.names.hex(h)
    if _adjacent_lower(ctx, h, level):
        # B10.2 EXC: the Crest Lines drawn in a lower hex adjacent to the higher
        # end (its own level's among them) are that hex's: the LOS is traced
        # through them, the hex counted at its own level (15Y4 through Y3 to Y2)
        base = ctx.s.hex(h).level
        if base > ctx.lo_ground:
            obstacle(ctx, r, 2 * base, 1, (h,), name,
                     f"the hill (level {base}) in {name}", "A6.2", crest=True)
        else:
            r.say("B10.2", f"The crest lines drawn in {name} are those of a lower hex "
                           f"adjacent to {ctx.hi.name}, which may always trace its LOS "
                           f"through them (B10.2 EXC).")
        return
    if level > ctx.lo_ground:
        river = water.kind(ctx.s, h)        # B21.1: a bank drawn across a Water Obstacle hex
        what = f"the {river}'s bank" if river else "the bank" if ground.bank else "the hill"
        obstacle(ctx, r, 2 * level, 1, (h,), name,
                 f"{what} (level {level}) drawn in {name}", "A6.2", crest=True, level=level)
    elif ctx.s.hex(h).level > ctx.lo_ground:
        r.say("A6.2", f"The crest line drawn across {name} lies beside the thread: the "
                      f"ground it passes over is at level {level} (A6.2).")


def _adjacent_lower(ctx: Ctx, h: g.Hex, level: int) -> bool:
    """B10.2 EXC (pycore.rules.los.crest.adjacent_lower), the ground drawn in
    ``h`` where the thread crosses it no higher than the higher end's own hex
    (ground drawn above it is an obstacle as any other)."""
    return crests.adjacent_lower(ctx.s, h, ctx.hi.hex) and \
        level <= ctx.s.hex(ctx.hi.hex).level


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def along(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """A6.1: a non-inherent obstacle blocks along a hexside only where it is on
    both sides of the thread; a hill likewise. Where either hex is judged on
    its depiction, the two hexes' drawings are taken as one
    (pycore.rules.los.source.Sides): what counts is what lies on both sides of the
    thread at once."""
    a, b = item.hexes
    if ctx.own(a) or ctx.own(b):
        return
    name = ctx.names.hexside((a, b))
    sides = ctx.terrain.along(a, b, *item.points)
    (ta, ha), (tb, hb) = sides.a, sides.b
    wa, wb = sides.names
    ga, gb = sides.ground
    as_drawn = sides.drawn
    both = sides.both
    if both is not None:
        obstacle(ctx, r, both.top2, both.height // 2, (a, b), name, both.what, both.rule,
                 plural=both.as_drawn, as_drawn=both.as_drawn)
    elif ha and hb:
        r.say("A6.1", f"{_cap(wa + ' and ' + wb)} reach hexside {name} along different "
                      f"stretches of it: nowhere are they on both sides of the thread at "
                      f"once, so no obstacle there (A6.1).")
    elif ha or hb:
        # A hill on one side, woods or a building on the other: an obstruction
        # is visible on both sides of the thread (A6.1), as for woods/building,
        # so the lower of the two blocks. The hill side counts only if it rises
        # above the lower end's ground (a Crest Line, A6.2).
        # As drawn, each side's own ground beside the thread (A6.2).
        (ht, top_t, wt), (hill, hl) = ((ha, ta, wa), (b, gb)) if ha else ((hb, tb, wb), (a, ga))
        drawn_at = hl if as_drawn else None
        if hl <= ctx.lo_ground:
            pass        # open ground on that side: the terrain is on one side only
        elif 2 * hl <= top_t:
            obstacle(ctx, r, 2 * hl, 1, (a, b), name,
                     f"the hill (level {hl}) in {ctx.names.hex(hill)} and "
                     f"{wt}, on both sides of hexside {name}", "A6.1", crest=True,
                     as_drawn=as_drawn, level=drawn_at)
        else:
            obstacle(ctx, r, top_t, ht // 2, (a, b), name,
                     f"{wt} and the hill (level {hl}) in {ctx.names.hex(hill)}, "
                     f"on both sides of hexside {name}", "A6.1", as_drawn=as_drawn)
    for note in sides.notes:
        r.say("A6.1", note)
    base = sides.base
    if r.block is None and base > ctx.lo_ground:
        river = water.kind(ctx.s, a) or water.kind(ctx.s, b)     # B21.1: a bank drawn beside it
        what = f"the {river}'s bank" if river else "the hill"
        near = [x for x in (a, b) if sides.drawn_ground and water.kind(ctx.s, x)
                and _adjacent_lower(ctx, x, base)]
        if near:
            # B10.2 EXC, as in a hex (``in_hex``): the bank drawn in a lower water
            # hex adjacent to the higher end is that hex's crest line
            r.say("B10.2", f"The bank drawn in {ctx.names.hex(near[0])} beside hexside {name} "
                           f"is that of a lower hex adjacent to {ctx.hi.name}, which may "
                           f"always trace its LOS through it (B10.2 EXC).")
            return
        obstacle(ctx, r, 2 * base, 1, (a, b), name,
                 f"{what} (level {base}) on both sides of hexside {name}",
                 "A6.1", crest=True, level=base if sides.drawn_ground else None,
                 as_drawn=sides.drawn_ground)


def obstacle(ctx: Ctx, r: Ruling, top2: int, full: int, hexes: tuple[g.Hex, ...],
             where: str, what: str, rule: str, crest: bool = False,
             min_blind: int | None = None, plural: bool = False,
             level: int | None = None, as_drawn: bool = False) -> None:
    """A6.2, A6.4-A6.43: an obstacle whose top is ``top2`` half levels high,
    ``full`` its full-level height for Blind Hexes, standing in ``hexes``.
    ``what`` names it: with ``plural``, a sentence saying where two drawings
    lie; ``as_drawn``: it is met where it is drawn (A6.1). ``level``: a crest's level as drawn where the thread meets it, for
    A6.43's difference (else the hex's base level)."""
    what = _cap(what)               # it starts each sentence below
    lo, hi = ctx.lo, ctx.hi
    lo_e = ctx.lo_ground if crest else lo.elevation
    if 2 * lo_e >= top2:
        return                      # both ends at or above its top: A6.2
    cite = "A6.1, A6.2" if as_drawn else "A6.2"
    if neither_above(top2, lo_e, hi.elevation):
        text = (f"{what}: they block the LOS, neither end being above them ({cite})."
                if plural else f"{what} blocks the LOS: neither end is above it ({cite}).")
        r.blocked(where, rule, text)
        return
    full_top = top2 // 2
    if lo_e >= full_top:
        return                      # not lower than the obstacle's full-level height: A6.4
    ob = min(hexes, key=lambda h: g.distance(h, lo.hex))
    diff = (ctx.s.hex(ob).level if level is None else level) - ctx.s.hex(lo.hex).level
    behind = g.distance(ob, lo.hex)
    if crest:
        # B10.2, B10.23, B11.21: a Crest Line's own count (pycore.rules.los.crest)
        _crest_blind(ctx, r, ob, full_top, diff, behind, where,
                     what if as_drawn else None)
        return
    reduction = max(0, hi.elevation - full_top - 1)      # A6.42
    if min_blind is None:
        min_blind = 1
    blind = max(min_blind, full + g.distance(hi.hex, ob) // 5 + diff - reduction)
    makes, seen = ("they make", "they are seen over") if plural else ("makes", "is seen over")
    if behind <= blind:
        sep = ": " if plural else " "
        r.blocked(where, "A6.4",
                     f"{what}{sep}{makes} {ctx.names.hex(lo.hex)} a Blind Hex: it is {behind} "
                     f"hex(es) behind it and the obstacle creates {blind} Blind Hex(es) for "
                     f"{hi.name} at elevation {hi.elevation} (A6.4, A6.41-A6.43).")
    else:
        sep = ": " if plural else " "
        r.say("A6.4", f"{what}{sep}{seen}: {ctx.names.hex(lo.hex)} is {behind} hex(es) "
                         f"behind it, beyond its {blind} Blind Hex(es).")


def _crest_blind(ctx: Ctx, r: Ruling, ob: g.Hex, level: int, diff: int, behind: int,
                 where: str, drawn_what: str | None) -> None:
    """B10.23: the Blind Hexes of a Crest Line or cliff, counted and
    said by pycore.rules.los.crest; ``drawn_what`` names a hill met as drawn (A6.1)."""
    c = crests.count(ctx, ob, level, diff)
    target = ctx.names.hex(ctx.lo.hex)
    seen = f" ({drawn_what}, A6.1)" if drawn_what else ""
    away = f"{behind} hex" if behind == 1 else f"{behind} hexes"
    if behind <= c.blind:
        r.blocked(where, c.rule, f"{c.text} {target}, {away} behind it, is a Blind Hex{seen}.")
    else:
        r.say(c.rule, f"{c.text} {target}, {away} behind it, is not a Blind Hex{seen}.")
