"""Hill Depressions: B19.5, B19.51, B19.52 (docs/hills.md).

A gully that steps down a hill: two gully hexes joined by a Depression
hexside (B19.2) at different base levels.  The lower one is a Hill Depression
hex (it holds a Depression and a Crest Line); the hexside between them is its
Crest Line-Depression hexside, at the elevation of a unit IN the higher hex
(B19.5).

- B19.51: a LOS INTO a Hill Depression hex from an elevation no higher than
  its Crest status level exists if, otherwise unblocked, it enters the hex by
  crossing that hexside (exclusive of its vertices) and crosses no Crest status
  level terrain in the hex first (on a painted hex: the hex holds no terrain
  but the gully).
- B19.52: from at or above the Crest status level A6.3 governs, but a unit not
  adjacent to the hex may ignore A6.3's one level per hex of range when its LOS
  enters as B19.51 says.

A thread that reaches the hex that way runs down the gully: the gully hexes it
crosses, joined one to the next by Depression hexsides back from that
hexside, are judged at their floor (a unit IN them), not as hills of their
base level (``floor``; pycore.rules.los.obstacles asks it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import geometry as g
from ...setup import Setup, Slot
from .context import Ctx

if TYPE_CHECKING:
    from ..location import End
    from .ruling import Ruling


_ANY: Slot[bool] = Slot("hill_depressions", lambda s: any(_step(s, sd) for sd in s.hexsides) or any(
    _step(s, g.hexside(h, n)) for h, info in s.hexes.items() if info.is_depression
    for n in g.neighbours(h)))


def has_any(s: Setup) -> bool:
    """Does the map hold a Crest Line-Depression hexside at all? (once per setup)"""
    return s.derived(_ANY)


def _step(s: Setup, sd: g.Hexside) -> bool:
    """A Crest Line-Depression hexside: where the gully changes elevation
    (B19.5): a Depression hexside between two gully hexes of different base
    levels, or between a gully hex and a hex whose ground lies below the
    gully's floor (the gully run on down as ground drawn lower: 24D8, a level
    below a unit IN D9)."""
    a, b = sd
    if s.depression_connected(sd):
        return s.hex(a).level != s.hex(b).level
    return _below_floor(s, a, b) or _below_floor(s, b, a)


def _below_floor(s: Setup, h: g.Hex, n: g.Hex) -> bool:
    """Is gully hex ``h``'s neighbour ``n`` ground lower than ``h``'s floor
    (a unit IN ``h``, B19.2)?"""
    hi, ni = s.hex(h), s.hex(n)
    return hi.is_depression and not ni.is_depression and ni.level < hi.level - 1


def _ends(ctx: Ctx) -> tuple[End, End]:
    """The end IN a Depression, and the other: the lower end, or the end IN a
    Depression where the other is not IN one and no higher (B19.51 EX: a unit
    IN 24D9, at -1, seen from D3 at -1 and from D8's ground at -2)."""
    lo, hi = ctx.lo, ctx.hi
    if not lo.in_depression and hi.in_depression:
        return hi, lo
    return lo, hi


def _entry(ctx: Ctx) -> tuple[g.Hex, g.Hexside, int] | None:
    """The lower end IN a Hill Depression hex whose thread enters it across its
    Crest Line-Depression hexside, exclusive of vertices (B19.51): that hex, the
    hexside, and the trace index where the run down the gully begins."""
    lo, _ = _ends(ctx)
    if not lo.in_depression or not has_any(ctx.s):
        return None
    h = lo.hex
    info = ctx.s.hex(h)
    items = ctx.trace if lo is ctx.target else tuple(reversed(ctx.trace))
    n = len(items)
    # walk back from the low end: its own hex, then the hexside crossed into it
    k = n - 1
    while k >= 0 and items[k].kind == "hex" and items[k].hexes[0] == h:
        k -= 1
    if k < 0 or items[k].kind != "cross":
        return None                                  # a vertex or a hexside: excluded
    sd = g.hexside(*items[k].hexes)
    up = sd[0] if sd[1] == h else sd[1]
    # the lower of two gully hexes, or the gully hex above ground drawn below its floor
    if not (_step(ctx.s, sd) and (ctx.s.hex(up).level > info.level or
                                  _below_floor(ctx.s, h, up))):
        return None
    if info.terrain not in ("open", "gully"):
        return None                                  # Crest status level terrain in the hex
    start = k
    while start > 0:                                 # the run up the gully
        prev = items[start - 1]
        if prev.kind == "hex" and ctx.s.hex(prev.hexes[0]).is_depression:
            start -= 1
        elif prev.kind == "cross" and ctx.s.depression_connected(g.hexside(*prev.hexes)):
            start -= 1
        else:
            break
    first = start if lo is ctx.target else n - 1 - start
    return h, sd, first


def floor(ctx: Ctx, h: g.Hex, level: int) -> int:
    """The ground a hill hex ``h`` stands at for this thread: a gully hex on
    the run down into a Hill Depression (B19.5) is judged at its floor."""
    if not ctx.s.hex(h).is_depression or not has_any(ctx.s):
        return level
    e = _entry(ctx)
    if e is None:
        return level
    lo_is_target = _ends(ctx)[0] is ctx.target
    for i, it in enumerate(ctx.trace):
        if it.kind == "hex" and it.hexes[0] == h:
            on_run = i >= e[2] if lo_is_target else i <= e[2]
            return level - 1 if on_run else level
    return level


def judge(ctx: Ctx, r: Ruling) -> bool:
    """B19.51, B19.52: a LOS INTO a Hill Depression hex entering by its Crest
    Line-Depression hexside. True if it settled the Depression end."""
    e = _entry(ctx)
    if e is None:
        return False
    h, sd, _ = e
    hi = _ends(ctx)[1]
    crest = ctx.s.hex(h).level
    where = f"across its Crest Line-Depression hexside {ctx.names.hexside(sd)}"
    if hi.elevation <= crest:
        r.say("B19.51", f"{ctx.names.hex(h)} is a Hill Depression hex and the LOS from "
                        f"{hi.name}, at elevation {hi.elevation} (not above its Crest status "
                        f"level {crest}), enters it {where}, not at a vertex: LOS INTO it "
                        f"(B19.51).")
        return True
    if g.distance(hi.hex, h) > 1:
        r.say("B19.52", f"{ctx.names.hex(h)} is a Hill Depression hex and the LOS from "
                        f"{hi.name}, not adjacent to it, enters it {where}: A6.3's level per "
                        f"hex of range does not apply (B19.52).")
        return True
    return False
