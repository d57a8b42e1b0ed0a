"""Sunken roads (B4.1, B4.2): a sunken road is a -1 level Depression; a unit IN
it cannot see any other Depression hex unless it can trace the LOS through
other sunken road hexes, clear of the dark brown contour lines at their sides
(B4.2, read in a public transcription of the rulebook; EX: IN 14T3 sees the six
adjacent hexes and V4, W5 and R4).

The app judges "clear of the contour lines" hex by hex, as it judges B19.2's
gullies and B20.2's streams: the thread between the two ends crosses only
sunken road hexes and the Depression hexsides joining them, never a vertex
(A6.3 EXC). The other end may be IN any Depression the last of those hexes
joins; a gully or stream end beyond a gap in the road is not seen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .context import Ctx

if TYPE_CHECKING:
    from .ruling import Ruling

SUNKEN = "sunken-road"


def judge(ctx: Ctx, r: Ruling, along: bool) -> bool:
    """B4.2, where both ends are IN Depressions and one is IN a sunken road;
    ``along``: the thread between them crosses only sunken road hexes and the
    Depression hexsides joining them (pycore.rules.los.depression). True where
    it decided (blocked, or clear with no stream end left for B20.2 to
    judge); False where neither end is IN a sunken road."""
    v, t = ctx.viewer, ctx.target
    vs, ts = (ctx.s.hex(e.hex).terrain == SUNKEN for e in (v, t))
    if not (vs or ts):
        return False
    if not along:
        r.blocked(ctx.names.hex(t.hex), "B4.2",
                  "One end is IN a sunken road and the other IN a Depression: the LOS leaves "
                  "the sunken road between them, so they do not see each other (B4.2).")
        return True
    r.say("B4.2", "The LOS runs along the sunken road, through its hexes and the hexsides "
                  "joining them (B4.2).")
    return not (ctx.s.hex(v.hex).is_stream or ctx.s.hex(t.hex).is_stream)
