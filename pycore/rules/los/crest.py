"""Crest Lines and cliffs as Blind Hex makers: B10.2 (different-level LOS, its
EXC for a Crest Line in an adjacent lower hex), B10.23 (a Crest Line's Blind
Hexes), A6.42 EXC (reducible to none) and B11.21 (a cliff's never below one).

A Crest Line is not an obstacle with a height of its own: it is where the
ground drops.  So it has no "normal" Blind Hex (A6.4's one per level of
height): a one-level Crest Line casts none at range 1-4 from the higher end,
one at 5-9, two at 10-14 (A6.41); a drop of two or more levels adds the part
over one (A6.43), so it casts at least one; elevation advantage over it takes
them away to none (A6.42 EXC).  A Crest Line in the hex adjacent to the higher
end never stops its LOS by B10.2 (B10.2 EXC), but "can still be blocked by
other requirements such as 10.23": a drop of two or more levels behind it
still casts the part over one.

A cliff (B11) is counted the same way: A6.43 adds only the difference over
one for a Blind Hex "created solely by a Crest Line", with no exception for
cliffs; to a viewer not adjacent to it its Blind Hexes never fall below one
whatever the advantage (B11.21).

Documented in docs/hills.md.  pycore.rules.los.obstacles.obstacle asks ``count``
for every hill obstacle (painted hex, hexside, or drawn crest line).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ... import geometry as g
from ...setup import CLIFF, Setup, Slot    # the hexside type (B11)
from .context import Ctx

if TYPE_CHECKING:
    from .ruling import Ruling


class Count(NamedTuple):
    blind: int          # the Blind Hexes the Crest Line casts for the higher end
    rule: str           # the rule the count rests on
    text: str           # how it was counted, in a player's words


def count(ctx: Ctx, ob: g.Hex, level: int, diff: int) -> Count:
    """The Blind Hexes the Crest Line of ``ob`` (the ground there at ``level``)
    casts for the higher end, ``diff`` levels above the lower end's hex."""
    hi = ctx.hi
    name = ctx.names.hex(ob)
    away = g.distance(hi.hex, ob)
    cliff = cliff_behind(ctx, ob)
    what = (f"the cliff of {name} ({cliff_name(cliff, ctx.names)})" if cliff is not None
            else f"the level-{level} Crest Line in {name}")
    if away <= 1 and cliff is not None:
        return Count(0, "B11.21", f"{_cap(what)} is adjacent to {hi.name}: it casts no "
                                  f"Blind Hex for an adjacent viewer (B11.21).")
    more = away // 5                                    # A6.41
    raw = more + max(diff - 1, 0)                       # A6.43: only the part over one
    advantage = hi.elevation - level
    reduction = max(0, advantage - 1)                   # A6.42
    blind = max(0, raw - reduction)
    if away <= 1 and not blind:
        return Count(0, "B10.2", f"{_cap(what)} is in the hex adjacent to {hi.name}, which "
                                 f"may always trace its LOS through it (B10.2 EXC).")
    rule = "B10.23"
    note = ""
    if reduction and raw:
        note = (f", reduced to {_hexes(blind) if blind else 'none'} by "
                f"{hi.name}'s {advantage}-level advantage")
    if away <= 1:
        note += (f"; B10.2 EXC lets {hi.name} trace its LOS through it, but not past "
                 f"the Blind Hexes of its drop")
    if cliff is not None:
        rule = "B11.21"
        if blind < 1:
            blind = 1
            note += ", but never below one for a cliff (B11.21)"
    why = f"{away} hex{'' if away == 1 else 'es'} away, with a drop of {diff} level(s) behind it"
    return Count(blind, rule, f"{_cap(what)}, {why}, casts {_hexes(raw)}{note} "
                              f"({rule}, A6.41-A6.43).")


def adjacent_lower(s: Setup, h: g.Hex, hi: g.Hex) -> bool:
    """B10.2 EXC: is ``h`` a hex of lower elevation adjacent to the higher end's
    hex ``hi`` (not a Depression: its Crest Lines are those of a hill)? The
    higher end may always trace its LOS through the Crest Lines drawn in it
    (15Y4 through Y3 to Y2)."""
    return (g.distance(h, hi) == 1 and s.hex(h).level < s.hex(hi).level
            and not s.hex(h).is_depression)


def cliff_behind(ctx: Ctx, ob: g.Hex) -> g.Hexside | None:
    """A cliff hexside of ``ob`` down to a lower hex that the thread crosses,
    runs along or touches: the Crest Line there is a cliff (B11.1)."""
    s = ctx.s
    if not s.derived(_CLIFFS):
        return None
    for sd in cliffs_of(s, ob):
        other = g.hexside_across(sd, ob)
        if s.hex(other).level >= s.hex(ob).level and not s.hex(other).is_depression:
            continue
        for it in ctx.trace:
            if it.kind in ("cross", "along") and g.hexside(*it.hexes) == sd:
                return sd
            if it.kind == "vertex" and sd in g.vertex_hexsides(it.points[0]):
                return sd
    return None


def _read_cliffs(s: Setup) -> dict[g.Hex, tuple[g.Hexside, ...]]:
    by_hex: dict[g.Hex, list[g.Hexside]] = {}
    for sd, info in s.hexsides.items():
        if info.type == CLIFF:
            for x in sd:
                by_hex.setdefault(x, []).append(sd)
    return {k: tuple(v) for k, v in by_hex.items()}


_CLIFFS: Slot[dict[g.Hex, tuple[g.Hexside, ...]]] = Slot("cliffs_by_hex", _read_cliffs)


def cliffs_of(s: Setup, h: g.Hex) -> tuple[g.Hexside, ...]:
    """The cliff hexsides of hex h (once per setup)."""
    return s.derived(_CLIFFS).get(h, ())


def is_cliff(s: Setup, sd: g.Hexside) -> bool:
    info = s.hexsides.get(sd)
    return info is not None and info.type == CLIFF


def cliff_name(sd: g.Hexside, names: g.Names) -> str:
    return f"cliff hexside {names.hexside(sd)}"


def _hexes(n: int) -> str:
    return "no Blind Hex" if n == 0 else "1 Blind Hex" if n == 1 else f"{n} Blind Hexes"


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def depression_cliff(ctx: Ctx, r: Ruling) -> bool:
    """B11.21 EX (24C6, D6 and E7): a LOS INTO a Depression hex across one of its
    cliff hexsides (crossed, or at a vertex of it) makes that hex a Blind Hex to a
    viewer not adjacent to the cliff, whatever its elevation advantage. True if
    it blocked."""
    lo, hi = ctx.lo, ctx.hi
    if not lo.in_depression or hi.in_depression or not cliffs_of(ctx.s, lo.hex):
        return False
    items = ctx.trace if lo is ctx.target else tuple(reversed(ctx.trace))
    k = len(items) - 1
    while k >= 0 and items[k].kind == "hex" and items[k].hexes[0] == lo.hex:
        k -= 1
    if k < 0:
        return False
    it = items[k]
    if it.kind == "cross":
        found = [g.hexside(*it.hexes)]
    elif it.kind == "vertex":
        found = list(g.vertex_hexsides(it.points[0]))
    else:
        found = [g.hexside(*it.hexes)]
    for sd in found:
        if sd in cliffs_of(ctx.s, lo.hex) and hi.hex not in sd:
            r.blocked(ctx.names.hex(lo.hex), "B11.21",
                      f"The LOS enters {ctx.names.hex(lo.hex)} across its {cliff_name(sd, ctx.names)}: "
                      f"the hex beyond a cliff is a Blind Hex to {hi.name}, which is not "
                      f"adjacent to it, whatever its elevation advantage (B11.21).")
            return True
    return False
