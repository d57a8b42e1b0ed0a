"""Depressions: A6.3 (a LOS INTO a Depression needs elevation advantage per hex
of range; continuous Depression hexsides, exclusive of vertices), B19.2
(gullies and their Depression hexsides), B20.2 (streams) and B4.2 (sunken
roads, pycore.rules.los.sunken)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable

from ... import geometry as g
from . import crest, hilldepression, sunken
from ...setup import Setup
from ...terrain.mapterrain import HexInfo
from .context import Ctx

if TYPE_CHECKING:
    from .ruling import Ruling


def judge(ctx: Ctx, r: Ruling) -> None:
    """A6.3, B19.2: once the whole thread is clear, a Depression end."""
    v, t = ctx.viewer, ctx.target
    if not (v.in_depression or t.in_depression):
        return
    if crest.depression_cliff(ctx, r) or hilldepression.judge(ctx, r):   # B11.21, B19.51-.52
        return
    if v.in_depression and t.in_depression:
        ends = (v.hex, t.hex)
        off = _off_art(ctx)         # on a board as drawn
        along = off is None and _continuous(
            ctx, ctx.trace, lambda h, info: h in ends or info.terrain == sunken.SUNKEN)
        if sunken.judge(ctx, r, along) or r.block is not None:       # B4.2
            return
        if _stream_rule(ctx, r, off):
            return
        joined = _continuous(ctx, ctx.trace)
        if joined and off is not None:
            r.blocked(ctx.names.hex(off), "B19.2",
                      f"Both are IN Depressions and the LOS leaves the {kind(ctx.s, off)} as the "
                      f"board draws it in {ctx.names.hex(off)}, between them (B19.2).")
        elif not joined:
            why = ("they are adjacent but not connected by a Depression hexside"
                   if ctx.range == 1 else
                   "the LOS leaves the Depression between them")
            r.blocked(ctx.names.hex(t.hex), "B19.2",
                      f"Both are IN Depressions and {why} (A6.3, B19.2).")
        else:
            r.say("B19.2", "The LOS runs along continuous Depression hexsides.")
        return
    low, high = (v, t) if v.in_depression else (t, v)
    items = ctx.trace if low is t else tuple(reversed(ctx.trace))
    entry = low.hex
    for it in reversed(items):   # walk back from the Depression end
        if it.kind == "hex":
            h = it.hexes[0]
            if h == low.hex:
                continue
            if not ctx.s.hex(h).is_depression or h == high.hex:
                break
            entry = h
        elif it.kind == "cross":
            if not ctx.s.depression_connected(g.hexside(*it.hexes)):
                break
        else:
            break   # a vertex or hexside: A6.3 EXC excludes vertices
    need = g.distance(high.hex, entry)
    adv = high.elevation - low.elevation
    if adv < need:
        via = f" (counted to {ctx.names.hex(entry)}, where the LOS enters the Depression)" \
            if entry != low.hex else ""
        r.blocked(ctx.names.hex(entry), "A6.3",
                  f"{low.name} is IN a Depression: a LOS INTO it needs one level of "
                  f"elevation advantage per hex of range{via}; {high.name} has {adv} "
                  f"for {need} hex(es) (A6.3).")
    else:
        r.say("A6.3", f"{high.name} has {adv} level(s) of elevation advantage over "
                      f"{low.name} for {need} hex(es) of range: LOS INTO the "
                      "Depression (A6.3).")


def _continuous(ctx: Ctx, items: Iterable[g.TraceItem],
                keep: Callable[[g.Hex, HexInfo], bool] | None = None) -> bool:
    """The thread stays IN the Depression: only Depression hex interiors and
    connected Depression hexsides, no vertex (A6.3 EXC, B19.2); with ``keep``,
    only the hexes it keeps (stream hexes: B20.2; sunken road hexes: B4.2)."""
    for it in items:
        if it.kind == "hex":
            h = it.hexes[0]
            info = ctx.s.hex(h)
            if not (keep(h, info) if keep is not None else info.is_depression):
                return False
        elif it.kind == "cross":
            if not ctx.s.depression_connected(g.hexside(*it.hexes)):
                return False
        else:
            return False
    return True


def _off_art(ctx: Ctx) -> g.Hex | None:
    """B19.2, B20.2, B4.2 on a board as drawn: the first hex between the two
    ends where the thread leaves the Depression's art (``Terrain.leaves_depression``;
    a whole hex never does). The ends' own hexes are not read: a unit IN a
    Depression hex is IN it wherever its art lies in the hex (B19.1)."""
    p, q = ctx.viewer.point, ctx.target.point
    for it in ctx.trace:
        if it.kind == "hex":
            h = it.hexes[0]
            if not ctx.own(h) and ctx.terrain.leaves_depression(h, p, q):
                return h
    return None


def kind(s: Setup, h: g.Hex) -> str:
    """What a player calls Depression hex h's art."""
    info = s.hex(h)
    return "stream" if info.is_stream else \
        "sunken road" if info.terrain == sunken.SUNKEN else "gully"


def _stream_rule(ctx: Ctx, r: Ruling, off: g.Hex | None) -> bool:
    """B20.2, where an end is IN a stream (the other IN a Depression too): it
    sees another Depression hex only when ADJACENT and joined by a stream
    hexside, or when the thread reaches another stream hex without leaving the
    stream's depiction, i.e. along stream hexes and the Depression hexsides
    joining them. So a stream and a gully (or a sunken road) see each other
    only when adjacent and joined; the rule reads the same from either end
    (A6.5); ``off``: the hex where the thread leaves the art of a board as
    drawn (``_off_art``). Judged here, True; False where neither end is IN a
    stream (B19.2)."""
    v, t = ctx.viewer, ctx.target
    vs, ts = ctx.s.hex(v.hex).is_stream, ctx.s.hex(t.hex).is_stream
    if not (vs or ts):
        return False
    if ctx.range == 1:
        joined = ctx.s.depression_connected(g.hexside(v.hex, t.hex))
        if joined:
            r.say("B20.2", "IN a stream, the other end ADJACENT and joined to it by a stream "
                           "hexside: LOS (B20.2).")
        else:
            r.blocked(ctx.names.hex(t.hex), "B20.2",
                      "Both are IN Depressions, one a stream, and they are adjacent but not "
                      "joined by a stream hexside (B20.2).")
        return True
    if not (vs and ts):
        r.blocked(ctx.names.hex(t.hex), "B20.2",
                  "One end is IN a stream, the other IN another kind of Depression: they see "
                  "each other only when ADJACENT and joined by a stream hexside (B20.2).")
    elif not _continuous(ctx, ctx.trace, lambda h, info: info.is_stream):
        r.blocked(ctx.names.hex(t.hex), "B20.2",
                  "Both are IN a stream and the LOS leaves the stream between them (B20.2).")
    elif off is not None:
        r.blocked(ctx.names.hex(off), "B20.2",
                  f"Both are IN a stream and the LOS leaves the stream as the board draws it "
                  f"in {ctx.names.hex(off)}, between them (B20.2).")
    else:
        r.say("B20.2", "The LOS runs from stream hex to stream hex without leaving the "
                       "stream (B20.2).")
    return True
