"""Quiet ground: the hexes no LOS rule speaks of but for their top, once per
setup, for the driver (pycore.rules.los.driver) and a visibility sweep
(pycore.rules.quiet).

A hex is quiet where it is open ground, shellholes, woods, a Water Obstacle
or a gully (whole, or drawn with woods, crest lines or banks only, no drawn
Hindrance), holding no unit, no bridge, no second terrain, no other
Depression (a stream, B20; a sunken road, B4; any gully on a map with a
Hill Depression, B19.5) and no bocage hexside. Every rule the
engine asks of such a hex says nothing and blocks nothing as long as its top
(its ground, or the woods' top a level above it) is no higher than the lower
end: an obstacle blocks or makes a Blind Hex only where it rises above the
lower end (A6.2, A6.4), a Crest Line is ground above the lower end (A6.2), a
Hindrance needs hindering terrain or a vehicle (A6.7, D9.4), water is
neither obstacle nor Hindrance to a LOS over it (B21.1), the Depression
rules read only a Depression end (A6.3, B19.2: pycore.rules.quiet.plain
leaves those to the engine), the bocage rules a bocage hexside (B9.52).

A hex drawn in part may still be spoken of: the woods drawn beside the
thread (A6.1) and the crest lines of a lower hex next to the higher end
(B10.2 EXC) are said though they block nothing. So the driver passes the
quiet hexes the board draws nothing in (``WHOLE``), and those it draws only
ground in away from the ends (``CRESTED``); a sweep, which keeps no steps,
settles threads over any quiet hex (``QUIET``).
"""
from __future__ import annotations

from typing import Mapping

from ... import geometry as g
from ...setup import Setup, Slot
from . import hilldepression
from .context import bocage_hexes, terrain
from .drawn import AsDrawn

# no Hindrance (B21.1: water neither; B19: a gully's a Depression, not a Hindrance)
QUIET_TERRAIN = ("open", "shellholes", "woods", "water", "gully")


def _read_quiet(s: Setup) -> dict[g.Hex, int]:
    """Each quiet hex's top in whole levels: its ground's level, or for woods
    the level of the woods' top (A6.2: one level above its ground); on a
    board as drawn, the highest ground or woods any thread through it can
    meet (``Terrain.highest``)."""
    t = terrain(s)
    drawn_hindrance = t.drawn_hindrance if isinstance(t, AsDrawn) else None
    boc = bocage_hexes(s)
    gully_ok = not hilldepression.has_any(s)    # B19.5: a gully run down a hill: the engine's
    got = {}
    for h in s.grid.hexes():
        info = s.hex(h)
        depression = info.is_depression and not (
            gully_ok and info.terrain == "gully" and not info.is_stream)
        if info.terrain not in QUIET_TERRAIN or depression or info.bridge or \
                info.also is not None or h in boc or s.units_in(h) or \
                t.drawn_partly(h) not in (None, "woods") or \
                (drawn_hindrance is not None and drawn_hindrance(h) is not None):
            continue
        top2, ground = t.highest(h)         # as drawn: the highest any thread can meet
        got[h] = max(-(-top2 // 2), ground)
    return got


def _read_whole(s: Setup) -> Mapping[g.Hex, int]:
    """The quiet hexes the board draws nothing in (every hex of a painted map)."""
    t = terrain(s)
    quiet = s.derived(QUIET)
    if not isinstance(t, AsDrawn):
        return quiet
    return {h: top for h, top in quiet.items() if not t.is_drawn(h)}


def _read_crested(s: Setup) -> Mapping[g.Hex, int]:
    """The quiet hexes a board draws ground in (crest lines, a bank) but no
    obstacle: passed like ``WHOLE`` but next to an end, where the crest lines
    of a lower hex beside the higher end are said (B10.2 EXC)."""
    t = terrain(s)
    if not isinstance(t, AsDrawn):
        return {}
    return {h: top for h, top in s.derived(QUIET).items()
            if t.is_drawn(h) and t.drawn_partly(h) is None}


QUIET: Slot[dict[g.Hex, int]] = Slot("quiet_hexes", _read_quiet)
WHOLE: Slot[Mapping[g.Hex, int]] = Slot("quiet_whole_hexes", _read_whole)
CRESTED: Slot[Mapping[g.Hex, int]] = Slot("quiet_crested_hexes", _read_crested)
