"""The context of one LOS check: everything the rule families read, fixed
before the first rule is asked (pycore.rules.los.driver builds it)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping

from ... import geometry as g
from ..location import End
from ...setup import Setup, Slot
from .drawn import AsDrawn
from .source import Terrain, WholeHexes

if TYPE_CHECKING:
    from .ruling import Ruling

# The driver's judge (pycore.rules.los.driver.judge), for checks within a check (D9.4)
Judge = Callable[[Setup, End, End, bool], "Ruling"]


@dataclass(slots=True, eq=False)
class Ctx:
    """One LOS check between two ends in different hexes (never changed once
    built; not frozen, which would cost a few microseconds a check).

    ``lo``/``hi`` are the lower and the higher end (``lo`` is the viewer when
    both are at one elevation).  ``lo_ground`` is the ground level hills are
    judged against: a Depression end counts from the level around it, since
    the Depression itself is A6.3's business, not a Crest Line's.  ``spines`` maps the trace index of a vertex
    to the index of the wall/hedge hexspine touching an end's hex opposite it
    (B9.2's three-hexspine rule).  ``with_afv`` is False inside D9.4's own
    checks, which do not count AFVs again.  ``quiet``, ``crested``: the
    hexes the walk may pass without asking the rules, each with its top in
    levels (empty where ``terrain`` is not the setup's own).  ``terrain``
    answers what the thread meets (pycore.rules.los.source), ``judge`` runs a
    check within this one (D9.4: the LOS to an AFV)."""
    s: Setup
    viewer: End
    target: End
    range: int
    trace: tuple[g.TraceItem, ...]
    lo: End
    hi: End
    lo_ground: int
    spines: Mapping[int, int]
    bocage_hexes: frozenset[g.Hex]
    terrain: Terrain
    judge: Judge
    names: g.Names              # how the map names the parts a step cites (``Setup.names``)
    quiet: Mapping[g.Hex, int]  # hexes no rule speaks of up to their top (pycore.rules.los.quiet_ground)
    crested: Mapping[g.Hex, int]    # the same, drawn with ground: spoken of next to an end
    with_afv: bool = True

    def own(self, h: g.Hex) -> bool:
        """The viewer's or the target's hex."""
        return h == self.viewer.hex or h == self.target.hex

    def own_side(self, sd: g.Hexside) -> bool:
        """A hexside of the viewer's or the target's hex."""
        return self.viewer.hex in sd or self.target.hex in sd

    def intervening(self, h: g.Hex) -> bool:
        """A hex whose terrain can block: not an end's own hex, unless that end's
        LOS is traced from a vertex across its interior (A6.2)."""
        v, t = self.viewer, self.target
        if h == v.hex and v.point == v.hex:
            return False
        if h == t.hex and t.point == t.hex:
            return False
        return True

    def is_bocage(self, sd: g.Hexside) -> bool:
        info = self.s.wall(sd)
        return info is not None and info.type == "bocage" and not info.gap


def item_hexsides(item: g.TraceItem) -> tuple[g.Hexside, ...]:
    """The hexsides a piece of the thread crosses, runs along or touches."""
    if item.kind in ("cross", "along"):
        return (g.hexside(*item.hexes),)
    if item.kind == "vertex":
        return g.vertex_hexsides(item.points[0])
    return ()


_BOCAGE: Slot[frozenset[g.Hex]] = Slot("bocage_hexes", lambda s: frozenset(
    h for sd, info in s.hexsides.items() if info.type == "bocage" for h in sd))


def bocage_hexes(s: Setup) -> frozenset[g.Hex]:
    """The hexes with a bocage hexside (once per setup)."""
    return s.derived(_BOCAGE)


def _terrain(s: Setup) -> Terrain:
    layout = s.layout
    return AsDrawn(s) if layout is not None and layout.sources else WholeHexes(s)


_TERRAIN: Slot[Terrain] = Slot("terrain", _terrain)


def terrain(s: Setup) -> Terrain:
    """The terrain as the LOS rules ask it (pycore.rules.los.source.Terrain), built
    once and kept with the setup: as drawn on a map of imported boards, else whole
    hexes."""
    return s.derived(_TERRAIN)
